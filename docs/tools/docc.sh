#!/usr/bin/env bash
# Builds the DocC site of the library modules: symbol graphs from a build's compiled modules, one DocC
# archive per module (its catalog in docs/docc/, warnings as errors), transformed for static hosting under
# SITE/MODULE/, and SITE/index.html linking them. `./run.sh docs` runs it into .build/docs/.
#   docs/tools/docc.sh BUILD_DIR SITE_DIR
set -euo pipefail
build=$1 site=$2
cd "$(dirname "$0")/../.."
command -v docc >/dev/null || { echo "docc is not on PATH (it ships with the Swift toolchain: usr/bin/docc)" >&2; exit 1; }
modules=(LayerKit Compositor ImageFiles Scenes Viewer)
symbols=$(mktemp -d)
trap 'rm -rf "$symbols"' EXIT
rm -rf "$site"
mkdir -p "$site"
for module in "${modules[@]}"; do
    docs/tools/symbolgraphs.sh "$build" "$symbols/$module" "$module"
    docc convert "docs/docc/$module.docc" --additional-symbol-graph-dir "$symbols/$module" \
        --fallback-display-name "$module" --fallback-bundle-identifier "org.layerscope.$module" \
        --output-path "$site/$module" --transform-for-static-hosting --hosting-base-path "$module" \
        --warnings-as-errors
done
{
    echo '<!doctype html><meta charset="utf-8"><title>Layerscope API reference</title>'
    echo '<h1>Layerscope API reference</h1><ul>'
    for module in "${modules[@]}"; do
        printf '<li><a href="%s/documentation/%s/">%s</a></li>\n' "$module" "$(echo "$module" | tr 'A-Z' 'a-z')" "$module"
    done
    echo '</ul><p>Guides: the <code>docs/</code> folder of the repository (start with its README.md).</p>'
} >"$site/index.html"
