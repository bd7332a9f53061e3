#!/usr/bin/env bash
# Extracts the symbol graphs (public symbols, with their doc comments) of MODULES from a build's
# compiled modules, for the API coverage table, the undocumented-symbol check and the DocC site.
#   docs/tools/symbolgraphs.sh BUILD_DIR OUT_DIR MODULE...
# BUILD_DIR is the folder of a built layerscope (e.g. `swift build -c release --show-bin-path`).
set -euo pipefail
build=$1 out=$2
shift 2
cd "$(dirname "$0")/../.."
includes=()
for module in Sources/C*/; do includes+=(-I "$module"); done
for flag in $(pkg-config --cflags-only-I freetype2 2>/dev/null); do includes+=("$flag"); done
triple=$(swiftc -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')
mkdir -p "$out"
for module in "$@"; do
    swift symbolgraph-extract -module-name "$module" -I "$build/Modules" "${includes[@]}" -target "$triple" \
        -minimum-access-level public -output-dir "$out"
done
