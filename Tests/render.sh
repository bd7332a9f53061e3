#!/usr/bin/env bash
# `layerscope render` through the real binary: frames are bit-for-bit the same on every run and equal
# the committed golden frames, user scene files render, and bad input tried as a new user would try it
# (missing, truncated, mislabelled and oversized images, broken scene files, unwritable --out) gives
# exit 1 (64 for usage) and one line on stderr naming the file and the reason, never a stack trace.
# Usage: Tests/render.sh [PATH_TO_LAYERSCOPE]   (default: $LAYERSCOPE, else the release build's binary)
# The last line is "N passed, N failed"; the exit status is 0 when nothing failed.
set -u
cd "$(dirname "$0")/.."
bin=${1:-${LAYERSCOPE:-$(swift build -c release --show-bin-path 2>/dev/null)/layerscope}}
[ -x "$bin" ] || { echo "no layerscope binary at $bin"; echo "0 passed, 1 failed"; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
goldens=Tests/CompositorTests/Goldens
pass=0; fail=0

ok() { pass=$((pass+1)); }
no() { echo "FAIL $1"; fail=$((fail+1)); }
check() { if eval "$2"; then ok; else no "$1"; fi; }

# run COMMAND... ; keeps the exit status in $got, stdout in $out and stderr in $err.
run() { "$@" >"$tmp/out" 2>"$tmp/err"; got=$?; out=$(cat "$tmp/out"); err=$(cat "$tmp/err"); }

# rejects NAME WANTED_EXIT FILE REASON COMMAND... ; the command must exit with WANTED_EXIT, print
# nothing on stdout and one line on stderr that names FILE and contains REASON, with no trace.
rejects() {
  local name=$1 want=$2 file=$3 reason=$4; shift 4
  run "$@"
  local trace='Fatal error|Stack dump|[Bb]acktrace|Current stack trace|Segmentation|Illegal instruction|0x[0-9a-f]{12}'
  if [ "$got" != "$want" ]; then no "$name: exit $got, wanted $want; stderr: $(head -2 "$tmp/err" | tr '\n' ' ')"
  elif [ -n "$out" ]; then no "$name: printed on stdout: $(head -1 "$tmp/out")"
  elif [ "$(wc -l <"$tmp/err")" != 1 ]; then no "$name: wanted one line on stderr, got: $(tr '\n' '|' <"$tmp/err")"
  elif grep -Eq "$trace" "$tmp/err"; then no "$name: stack trace on stderr: $err"
  elif [[ $err != *"$file"* || $err != *"$reason"* ]]; then no "$name: wanted '$file' and '$reason' in: $err"
  else ok; fi
}

# renders NAME COMMAND... ; the command must succeed quietly.
renders() {
  local name=$1; shift
  run "$@"
  if [ "$got" = 0 ] && [ -z "$err" ]; then ok; else no "$name: exit $got; stderr: $(head -2 "$tmp/err" | tr '\n' ' ')"; fi
}

# size FILE.png ; prints WIDTHxHEIGHT from the PNG header.
size() { od -An -tu1 -j16 -N8 "$1" | awk '{ printf "%dx%d", $1*16777216+$2*65536+$3*256+$4, $5*16777216+$6*65536+$7*256+$8 }'; }

# Determinism: the golden times of each seed, rendered twice, give the same bytes, and those bytes are
# the committed goldens (made by the debug test build: same pixels, same PNG encoder).
declare -A times=([wipe]="0 0.5 1 2 3 4.5" [ship]="0 0.5 1.3 3 4" [reveal]="0 1 2.01 3 4 4.5 5.5")
for scene in wipe ship reveal; do
  list=$(echo ${times[$scene]} | tr ' ' ',')
  renders "render $scene, first run" "$bin" render --scene $scene --size 160x90 --at "$list" --out "$tmp/$scene-1"
  renders "render $scene, second run" "$bin" render --scene $scene --size 160x90 --at "$list" --out "$tmp/$scene-2"
  check "$scene: two runs give the same bytes" 'diff -r "$tmp/$scene-1" "$tmp/$scene-2" >/dev/null'
  i=0
  for t in ${times[$scene]}; do
    golden=$goldens/$scene-$(printf '%.2f' "$t").png
    check "$scene at $t s is the golden $golden" 'cmp -s "$tmp/$scene-1/$(printf %05d $i).png" "$golden"'
    i=$((i+1))
  done
done
renders "render ship out of order" "$bin" render --scene ship --size 160x90 --at 3,0.5 --out "$tmp/unsorted"
check "times out of order: each file holds its own time's frame" \
  'cmp -s "$tmp/unsorted/00000.png" $goldens/ship-3.00.png && cmp -s "$tmp/unsorted/00001.png" $goldens/ship-0.50.png'
renders "render ship at 3 s alone" "$bin" render --scene ship --size 160x90 --at 3 --out "$tmp/ship-3.png"
check "a fresh scene at 3 s equals the 4th frame of a list" 'cmp -s "$tmp/ship-3.png" "$tmp/ship-1/00003.png"'
renders "render wipe 1280x720" "$bin" render --scene wipe --at 1.25 --out "$tmp/big-1.png"
renders "render wipe 1280x720 again" "$bin" render --scene wipe --at 1.25 --out "$tmp/big-2.png"
check "1280x720 frames are bit-for-bit stable" 'cmp -s "$tmp/big-1.png" "$tmp/big-2.png"'
check "the default size is 1280x720" '[ "$(size "$tmp/big-1.png")" = 1280x720 ]'

# A user's scene file: a picture under an oval mask fading in, paused from 0.5 s to 1.5 s.
cp assets/ship.png "$tmp/sprite.png"
cat >"$tmp/mine.json" <<'JSON'
{ "size": [96, 64], "images": { "sprite": "sprite.png" },
  "layers": [ { "name": "root", "frame": [0, 0, 96, 64], "backgroundColor": "#203040",
      "sublayers": [ { "name": "pic", "frame": [16, 0, 64, 64], "contents": "sprite",
          "mask": { "name": "dot", "kind": "shape", "frame": [0, 0, 64, 64], "path": { "oval": [4, 4, 56, 56] },
                    "fillColor": "#000000" } } ] } ],
  "timeline": [ { "at": 0, "add": { "layer": "pic", "key": "fade", "animation": {
      "kind": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 1 } } },
    { "at": 0.5, "pause": "root" }, { "at": 1.5, "resume": "root" } ] }
JSON
renders "render a user scene" "$bin" render --scene "$tmp/mine.json" --at 0.25,0.5,1,2 --out "$tmp/mine-1"
renders "render a user scene again" "$bin" render --scene "$tmp/mine.json" --at 0.25,0.5,1,2 --out "$tmp/mine-2"
check "a user scene renders the same bytes twice" 'diff -r "$tmp/mine-1" "$tmp/mine-2" >/dev/null'
check "a user scene renders at its own size" '[ "$(size "$tmp/mine-1/00000.png")" = 96x64 ]'
check "a user scene moves before the pause" '! cmp -s "$tmp/mine-1/00000.png" "$tmp/mine-1/00001.png"'
check "a user scene holds its frame while paused" 'cmp -s "$tmp/mine-1/00001.png" "$tmp/mine-1/00002.png"'
check "a user scene moves on after resuming" '! cmp -s "$tmp/mine-1/00002.png" "$tmp/mine-1/00003.png"'

# A built-in scene file copied elsewhere, as assets/scenes/README.md invites: its relative image names no
# longer resolve until they are fixed; fixed, it renders the built-in scene.
cp assets/scenes/reveal.json "$tmp/copy.json"
rejects "copied scene file, images left behind" 1 "copy.json" "a.jpg: no such file" \
  "$bin" render --scene "$tmp/copy.json" --at 1 --out "$tmp/x.png"
sed "s|\"\\.\\./|\"$PWD/assets/|g" assets/scenes/reveal.json >"$tmp/copy.json"
renders "copied scene file, images fixed" "$bin" render --scene "$tmp/copy.json" --at 1 --out "$tmp/copy.png"
renders "built-in reveal" "$bin" render --scene reveal --at 1 --out "$tmp/reveal.png"
check "the copied scene file renders the built-in scene" 'cmp -s "$tmp/copy.png" "$tmp/reveal.png"'

# Bad images, given with --image-a and named by a scene file.
printf 'just some notes\n' >"$tmp/notes.png"
head -c 3000 assets/ship.png >"$tmp/cut.png"
: >"$tmp/empty.png"
cp assets/b.jpg "$tmp/photo.png"
# A valid PNG header and IDAT that claim 100000x100000 pixels.
python3 - "$tmp/huge.png" <<'PY'
import struct, sys, zlib
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
header = struct.pack(">IIBBBBB", 100000, 100000, 8, 6, 0, 0, 0)
body = chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(64))) + chunk(b"IEND", b"")
open(sys.argv[1], "wb").write(b"\x89PNG\r\n\x1a\n" + body)
PY
img() { "$bin" render --scene wipe --size 32x18 --at 1 --out "$tmp/x.png" --image-a "$@"; }
rejects "missing image" 1 "$tmp/gone.png" "no such file" img "$tmp/gone.png"
rejects "truncated PNG" 1 "$tmp/cut.png" "truncated PNG file" img "$tmp/cut.png"
rejects "text file as image" 1 "$tmp/notes.png" "not a PNG or JPEG image" img "$tmp/notes.png"
rejects "empty image" 1 "$tmp/empty.png" "empty" img "$tmp/empty.png"
rejects "folder as image" 1 "$tmp" "directory" img "$tmp"
rejects "image over the size limit" 1 "$tmp/huge.png" "100000x100000 pixels, larger than the limit" img "$tmp/huge.png"
rejects "image over the size limit as image B" 1 "$tmp/huge.png" "larger than the limit" \
  "$bin" render --scene reveal --size 32x18 --at 1 --out "$tmp/x.png" --image-b "$tmp/huge.png"
# A PNG at the size limit (16384x16384) whose data runs out after a row: rejected, and at the cost of
# the rows decoded (pages of the bitmap never written cost nothing), not 1 GiB. Peak RSS at most 200 MB.
python3 - "$tmp/limit.png" <<'PY'
import struct, sys, zlib
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
header = struct.pack(">IIBBBBB", 16384, 16384, 8, 6, 0, 0, 0)
body = chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(16384 * 4 + 1))) + chunk(b"IEND", b"")
open(sys.argv[1], "wb").write(b"\x89PNG\r\n\x1a\n" + body)
PY
rejects "16384x16384 PNG with one row of data" 1 "$tmp/limit.png" "Not enough image data" img "$tmp/limit.png"
peak=$(python3 - "$bin" "$tmp" <<'PY'
import resource, subprocess, sys
bin, tmp = sys.argv[1], sys.argv[2]
subprocess.run([bin, "render", "--scene", "wipe", "--size", "32x18", "--at", "1", "--out", tmp + "/x.png",
                "--image-a", tmp + "/limit.png"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024)
PY
)
check "a rejected 16384x16384 PNG peaks at ${peak} MB (at most 200)" '[ "$peak" -le 200 ]'
# The format comes from the bytes, not the name: a JPEG named .png is read as the JPEG it is.
renders "JPEG named .png" img "$tmp/photo.png"
cp "$tmp/x.png" "$tmp/renamed.png"
renders "the same JPEG named .jpg" img assets/b.jpg
check "a JPEG named .png renders as the JPEG" 'cmp -s "$tmp/x.png" "$tmp/renamed.png"'
declare -A why=([cut]="truncated PNG file" [notes]="not a PNG or JPEG image" [huge]="larger than the limit")
for bad in cut notes huge; do
  printf '{ "size": [8, 8], "images": { "a": "%s.png" }, "layers": [ { "contents": "a" } ] }' $bad >"$tmp/uses-$bad.json"
  rejects "scene file naming $bad.png" 1 "uses-$bad.json: images.a: $tmp/$bad.png" "${why[$bad]}" \
    "$bin" render --scene "$tmp/uses-$bad.json" --at 0 --out "$tmp/x.png"
done

# Bad scene files: each names the file and the JSON path (or line and column) and the reason.
scene() { printf '%s' "$2" >"$tmp/$1.json"; }
scene syntax '{ "size": [64, 48], "layers": [ { "name": "root", } ] }'
scene type '{ "size": [64, 48], "layers": [ { "name": "root", "opacity": "half" } ] }'
scene unknown '{ "size": [64, 48], "layers": [ { "name": "root", "opactiy": 0.5 } ] }'
scene negative '{ "size": [64, 48], "layers": [ { "name": "root" } ], "timeline": [ { "at": 0, "add": {
  "layer": "root", "key": "f", "animation": { "kind": "basic", "keyPath": "opacity", "toValue": 1, "duration": -2 } } } ] }'
scene masksub '{ "size": [64, 48], "layers": [ { "name": "root", "frame": [0, 0, 64, 48],
  "mask": { "name": "m", "kind": "shape", "path": { "rect": [0, 0, 9, 9] } }, "sublayers": [ { "name": "m" } ] } ] }'
scene empty ''
scene array '[1, 2, 3]'
scene nolayer '{ "size": [64, 48], "layers": [ { "name": "root" } ], "timeline": [ { "at": 1, "pause": "nobody" } ] }'
scene badpath '{ "size": [64, 48], "layers": [ { "name": "root", "kind": "shape", "path": "M 0 0 L x 3" } ] }'
bad_scene() { "$bin" render --scene "$tmp/$1.json" --at 0.5 --out "$tmp/x.png"; }
rejects "scene syntax error" 1 "syntax.json: line 1, column 51" "expected a key" bad_scene syntax
rejects "scene wrong type" 1 "type.json: layers[0].opacity" 'expected a number, got "half"' bad_scene type
rejects "scene unknown key" 1 "unknown.json: layers[0].opactiy" 'unknown key "opactiy"' bad_scene unknown
rejects "scene negative duration" 1 "negative.json: timeline[0].add.animation.duration" "-2" bad_scene negative
rejects "scene mask also a sublayer" 1 "masksub.json: layers[0].sublayers[0]" "a mask cannot also be a sublayer" \
  bad_scene masksub
rejects "empty scene file" 1 "empty.json: line 1, column 1" "end of file" bad_scene empty
rejects "scene file not an object" 1 "array.json" "expected an object" bad_scene array
rejects "scene timeline names no layer" 1 "nolayer.json: timeline[0].pause" 'no layer named "nobody"' bad_scene nolayer
rejects "scene bad path data" 1 "badpath.json: layers[0].path" "bad path data" bad_scene badpath
rejects "scene file missing" 1 "$tmp/gone.json" "no such file" bad_scene gone
rejects "folder as scene file" 1 "$tmp" "directory" "$bin" render --scene "$tmp" --at 0.5 --out "$tmp/x.png"

# Unwritable --out.
printf 'notes\n' >"$tmp/plain.txt"
mkdir -p "$tmp/folder.png"
out() { "$bin" render --scene wipe --size 32x18 --at "$1" --out "$2"; }
rejects "--out in a missing folder" 1 "$tmp/nowhere/x.png" "does not exist" out 1 "$tmp/nowhere/x.png"
rejects "--out inside a file" 1 "$tmp/plain.txt/x.png" "not a directory" out 1 "$tmp/plain.txt/x.png"
rejects "--out names a folder" 1 "$tmp/folder.png" "is a directory" out 1 "$tmp/folder.png"
rejects "--out where no file can be made" 1 "/proc/x.png" "no such file or directory in /proc/" out 1 /proc/x.png
if [ "$(id -u)" != 0 ]; then
  mkdir -p "$tmp/locked" && chmod 555 "$tmp/locked"
  rejects "--out in a read-only folder" 1 "$tmp/locked/x.png" "permission denied" out 1 "$tmp/locked/x.png"
fi
rejects "--out DIR is a file" 1 "$tmp/plain.txt" "already exists" out 1,2 "$tmp/plain.txt"
rejects "--out DIR inside a file" 1 "$tmp/plain.txt/frames" "not a directory" out 1,2 "$tmp/plain.txt/frames"
check "no partial files are left behind" '[ -z "$(find "$tmp" -name "*.partial-*")" ]'
run env -C "$tmp" "$bin" render --scene wipe --size 32x18 --at 1 --out ""
check "an empty --out is a usage error (64)" '[ "$got" = 64 ] && [ ! -e "$tmp/00000.png" ]'

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
