#!/usr/bin/env bash
# Regenerates the generated pages of docs/ from the code:
#   docs/scene-file-properties.md   from `layerscope properties --json` (the property registry)
#   docs/api-coverage.md            from the symbol graphs of LayerKit and what it re-exports
#   docs/images/modules.svg         from Package.swift (swift package dump-package)
# With --check, writes nothing and exits 1 naming each page that differs from what the code gives
# (Tests/docs.sh runs it so).
#   docs/tools/generate.sh [--check]     LAYERSCOPE=path/to/layerscope (default: the release build's)
set -euo pipefail
cd "$(dirname "$0")/../.."
check=0
[ "${1:-}" = --check ] && check=1
bin=${LAYERSCOPE:-$(swift build -c release --show-bin-path)/layerscope}
[ -x "$bin" ] || { echo "no layerscope binary at $bin (swift build -c release --product layerscope)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$bin" properties --json | python3 docs/tools/properties.py >"$tmp/scene-file-properties.md"
docs/tools/symbolgraphs.sh "$(dirname "$bin")" "$tmp/sg" LayerKit Geometry Graphics Pictures
python3 docs/tools/coverage.py "$tmp/sg" docs/tools/apple-api.txt >"$tmp/api-coverage.md"
swift package dump-package | python3 docs/tools/modules.py >"$tmp/modules.svg"

status=0
for pair in "scene-file-properties.md docs/scene-file-properties.md" "api-coverage.md docs/api-coverage.md" \
    "modules.svg docs/images/modules.svg"; do
    set -- $pair
    if [ $check = 1 ]; then
        if ! cmp -s "$tmp/$1" "$2"; then
            echo "$2 is stale: run docs/tools/generate.sh and commit it" >&2
            diff -u "$2" "$tmp/$1" | head -20 >&2 || true
            status=1
        fi
    else
        cp "$tmp/$1" "$2"
    fi
done
exit $status
