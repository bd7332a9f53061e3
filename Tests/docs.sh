#!/usr/bin/env bash
# The documentation tells the truth: the generated pages are what the code gives today, the runnable
# examples run, the Swift examples compile, and the public API of the embeddable modules is documented.
#   1. docs/tools/generate.sh --check: docs/scene-file-properties.md (the property registry),
#      docs/api-coverage.md (the symbol graphs) and docs/images/modules.svg (Package.swift) are current;
#   2. every ```sh block of README.md, docs/*.md and the DocC articles (docs/docc/) preceded by <!-- runnable --> exits 0, run with bash
#      -e in a fresh folder holding assets/ and docs/ of the repository, `layerscope` on PATH;
#   3. every ```swift block compiles: a SceneScript is rendered as a Swift scene at time 0 (64x48), any
#      other block is type-checked as a main.swift against the build's modules (<!-- fragment --> skips);
#   4. no public symbol of LayerKit, Compositor, ImageFiles, Scenes or Viewer lacks a doc comment (from
#      their symbol graphs: docs/tools/undocumented.py);
#   5. the DocC reference (docs/tools/docc.sh, what ./run.sh docs runs) builds with no warnings.
# Usage: LAYERSCOPE=path/to/layerscope Tests/docs.sh   (default: the release build's binary)
# The last line is "N passed, N failed"; the exit status is 0 when nothing failed.
set -u
cd "$(dirname "$0")/.."
. Tests/checks.bash
repo=$(pwd)
find_binary "${1:-}"
build=$(dirname "$bin")
scratch_folder
export SWIFT_BACKTRACE=enable=no

# 1. Generated pages.
out=$(LAYERSCOPE=$bin docs/tools/generate.sh --check 2>&1)
check $? "the generated pages are current (docs/tools/generate.sh --check)" "$out"

# 2, 3. Examples (README.md, the guides, the DocC articles).
mkdir -p "$tmp/bin" "$tmp/examples"
ln -s "$bin" "$tmp/bin/layerscope"
pages=(README.md docs/*.md docs/docc/*.docc/*.md)
python3 docs/tools/doctest.py "$tmp/examples" "${pages[@]}" >"$tmp/list" || check 1 "examples extracted"
includes=()
for module in Sources/C*/; do includes+=(-I "$repo/$module"); done
for flag in $(pkg-config --cflags-only-I freetype2 2>/dev/null); do includes+=("$flag"); done
while IFS=$'\t' read -r name where; do
    example=$tmp/examples/$name
    work=$tmp/run/$name
    mkdir -p "$work"
    case "$name" in
        *.sh)
            ln -s "$repo/assets" "$work/assets"
            ln -s "$repo/docs" "$work/docs"
            out=$(cd "$work" && PATH=$tmp/bin:$PATH timeout 60 bash -e "$example" 2>&1)
            check $? "$where: the shell example runs" "$(printf '%s\n' "$out" | tail -3)"
            ;;
        *.scene.swift)
            cp "$example" "$work/example.swift"
            out=$("$bin" render --scene "$work/example.swift" --at 0 --size 64x48 --out "$work/frame.png" --timeout 60 2>&1)
            check $? "$where: the Swift scene compiles and renders" "$(printf '%s\n' "$out" | grep -v '^note:' | head -5)"
            ;;
        *.main.swift)
            cp "$example" "$work/main.swift"
            out=$(cd "$work" && timeout 120 swiftc -typecheck -I "$build/Modules" "${includes[@]}" main.swift 2>&1)
            check $? "$where: the Swift example compiles" "$(printf '%s\n' "$out" | head -5)"
            ;;
    esac
done <"$tmp/list"
[ -s "$tmp/list" ]; check $? "the pages have examples to check ($(wc -l <"$tmp/list") found)"

# 4. Doc comments.
modules=(LayerKit Compositor ImageFiles Scenes Viewer)
docs/tools/symbolgraphs.sh "$build" "$tmp/sg" "${modules[@]}" 2>"$tmp/sg.err"
check $? "symbol graphs of ${modules[*]}" "$(head -3 "$tmp/sg.err")"
out=$(python3 docs/tools/undocumented.py "$tmp/sg" "${modules[@]}")
check $? "every public symbol has a doc comment" "$(printf '%s\n' "$out" | wc -l) without one: $(printf '%s\n' "$out" | head -10)"

# 5. The API reference builds with no warning (what ./run.sh docs does, into a temporary folder).
out=$(docs/tools/docc.sh "$build" "$tmp/site" 2>&1)
status=$?
[ $status = 0 ] && ! printf '%s\n' "$out" | grep -qi 'warning:' && [ -f "$tmp/site/LayerKit/documentation/layerkit/index.html" ]
check $? "the DocC reference builds with no warnings (docs/tools/docc.sh)" "$(printf '%s\n' "$out" | grep -i -m5 'warning\|error')"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
