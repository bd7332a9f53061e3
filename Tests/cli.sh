#!/usr/bin/env bash
# End-to-end checks of the layerscope command line: exit codes, help, eval output, render and errors.
# Usage: Tests/cli.sh [PATH_TO_LAYERSCOPE]   (default: $LAYERSCOPE, else the release build's binary)
# The last line is "N passed, N failed"; the exit status is 0 when nothing failed.
set -u
cd "$(dirname "$0")/.."
bin=${1:-${LAYERSCOPE:-$(swift build -c release --show-bin-path 2>/dev/null)/layerscope}}
[ -x "$bin" ] || { echo "no layerscope binary at $bin"; echo "0 passed, 1 failed"; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0

# expect NAME WANTED_EXIT COMMAND... ; runs COMMAND, keeps stdout in $out and stderr in $err.
expect() {
  local name=$1 want=$2; shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"; local got=$?
  out=$(cat "$tmp/out"); err=$(cat "$tmp/err")
  if [ "$got" = "$want" ]; then return 0; fi
  echo "FAIL $name: exit $got, wanted $want; stderr: $(head -2 "$tmp/err" | tr '\n' ' ')"; fail=$((fail+1)); return 1
}
ok() { pass=$((pass+1)); }
no() { echo "FAIL $1"; fail=$((fail+1)); }
check() { if eval "$2"; then ok; else no "$1"; fi; }

cat > "$tmp/fade.json" <<'JSON'
{ "size": [64, 48],
  "layers": [ { "name": "root", "frame": [0, 0, 64, 48], "backgroundColor": "#ff0000",
                "sublayers": [ { "name": "box", "frame": [8, 8, 32, 24], "backgroundColor": "#0000ff", "opacity": 0 } ] } ],
  "timeline": [ { "at": 0, "add": { "layer": "box", "key": "fade",
      "animation": { "kind": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 1 } } },
    { "at": 0.5, "pause": "root" }, { "at": 1.5, "resume": "root" } ] }
JSON

# Help and version.
expect "global --help" 0 "$bin" --help && check "global help lists subcommands" '[[ $out == *OVERVIEW* && $out == *render* && $out == *scenes* ]]'
expect "--version" 0 "$bin" --version && check "--version prints a version" '[[ $out == layerscope\ * ]]'
for sub in view render record eval curve bench scenes properties; do
  expect "$sub --help" 0 "$bin" $sub --help && check "$sub --help shows usage" '[[ $out == *"USAGE: layerscope"* && -z $err ]]'
  expect "$sub -h" 0 "$bin" $sub -h && ok
done

# Usage errors: exit 64, message on stderr, nothing on stdout.
for args in "frobnicate" "render --no-such-option" "render --at" "eval --scene x.json" "render --scene wipe --at 1,x --out a.png" \
            "render --scene wipe --at -1 --out a.png" "render --scene wipe --at 1 --out a.png --size 0x5" \
            "bench --size 12" "bench --frames 0" "view --speed 100" "curve --timing bouncy --out c.png" \
            "render --scene wipe --at 1,2 --out one.png" "eval --scene wipe --layer nobody --key opacity --at 1" "eval --scene wipe --layer view --key opacty --at 1" \
            "scenes extra" "render --scene=wipe --scene=ship --at 1 --out a.png" "properties extra" "properties --yaml"; do
  expect "usage: $args" 64 "$bin" $args && check "usage: $args reports on stderr only" '[[ -n $err && -z $out ]]'
done

# properties: the registry as a table and as JSON (what the scene fuzzer reads).
expect "properties" 0 "$bin" properties && check "properties lists opacity with its range and default" \
  '[[ $(grep "^opacity " <<<"$out") =~ ^opacity\ +number\ +layer\ +implicitly\ +0\.\.\.1\ +no\ +no\ +1$ ]]'
expect "properties --json" 0 "$bin" properties --json && check "properties --json is JSON with every key" \
  '/usr/bin/python3 -c "import json,sys; d=json.load(sys.stdin); p={e[\"keyPath\"]: e for e in d[\"properties\"]}; assert p[\"strokeEnd\"][\"layerClass\"] == \"shape\" and p[\"duration\"][\"allowsInfinity\"] and p[\"shadowOffset\"][\"defaultValue\"] == [0, -3]" <<<"$out"'

# eval: exact values, events merged in time order, pause held.
expect "eval fade" 0 "$bin" eval --scene "$tmp/fade.json" --layer box --key opacity --at 0.25,0.5,1,1.75,2.25
check "eval fade values (paused 0.5..1.5)" '[ "$out" = "$(printf "0.25 0.25\n0.5 0.5\n1 0.5\n1.75 0.75\n2.25 0")" ]'
expect "eval fade events" 0 "$bin" eval --scene "$tmp/fade.json" --layer box --key opacity --at 0.25,3 --events
check "eval --events merges callbacks at their media times" \
  '[ "$out" = "$(printf "0 didStart box fade\n0.25 0.25\n2 didStop box fade finished=true\n3 0")" ]'
expect "eval ship" 0 "$bin" eval --scene ship --layer ship --key transform.rotation --at 0.5,1,2.5,3.5 --events
check "eval ship: finished=false at 1 s, finished=true at 3.5 s" '[ "$out" = "$(printf "0 didStart ship rotateAnimation\n0.5 1.5707963267948966\n1 didStop ship rotateAnimation finished=false\n1 0\n1.5 didStart ship rotateAnimation\n2.5 3.141592653589793\n3.5 didStop ship rotateAnimation finished=true\n3.5 0")" ]'
expect "eval wipe" 0 "$bin" eval --scene assets/scenes/wipe.json --layer mask --key strokeEnd --at 0.5,1,2,3,3.5,4
check "eval wipe strokeEnd timeline" '[ "$out" = "$(printf "0.5 0.25\n1 0.5\n2 1\n3 0.5\n3.5 0.25\n4 0")" ]'
expect "eval position" 0 "$bin" eval --scene assets/scenes/ship.json --layer ship --key position --at 0
check "eval prints components separated by spaces" '[ "$out" = "0 150 150" ]'
expect "eval title fontSize" 0 "$bin" eval --scene assets/scenes/title.json --layer title --key fontSize --at 0,1.5
check "eval reads a text layer's animated fontSize" '[ "$out" = "$(printf "0 56\n1.5 96")" ]'
expect "eval caption string" 0 "$bin" eval --scene assets/scenes/title.json --layer caption --key truncationMode --at 0
check "eval reads a text layer's truncationMode" '[ "$out" = "0 end" ]'
printf '{ "size": [64, 48], "layers": [ { "kind": "text", "string": "Hi", "font": "Wingdings" } ] }' > "$tmp/font.json"
expect "unknown font" 1 "$bin" render --scene "$tmp/font.json" --at 0 --out "$tmp/x.png"
check "an unknown font names its JSON path on one line" '[[ $err == *"font.json: layers[0].font: unknown font \"Wingdings\""* && $(wc -l <"$tmp/err") -eq 1 ]]'

# Files that cannot be read or parsed: exit 1, the file named.
expect "missing scene file" 1 "$bin" render --scene "$tmp/missing.json" --at 0 --out "$tmp/x.png"
check "missing scene file named" '[[ $err == *missing.json* ]]'
printf '{ "size": [64, 48], "layers": [ { "name": "root", "sublayers": [ {}, { "mask": { "kind": "shape", "lineWidth": "wide" } } ] } ] }' > "$tmp/bad.json"
expect "bad value" 1 "$bin" eval --scene "$tmp/bad.json" --layer root --key opacity --at 0
check "bad value names its JSON path" '[[ $err == *"bad.json: layers[0].sublayers[1].mask.lineWidth: expected a number, got \"wide\""* ]]'
printf '{ "size": [64, 48],\n  "layers": [ }' > "$tmp/syntax.json"
expect "syntax error" 1 "$bin" render --scene "$tmp/syntax.json" --at 0 --out "$tmp/x.png"
check "syntax error names line and column" '[[ $err == *"syntax.json: line 2, column 15:"* ]]'
printf '{ "size": [8, 8], "images": { "a": "nowhere.png" }, "layers": [ { "contents": "a" } ] }' > "$tmp/img.json"
expect "missing image" 1 "$bin" render --scene "$tmp/img.json" --at 0 --out "$tmp/x.png"
check "missing image named" '[[ $err == *nowhere.png* ]]'
expect "missing --image-a" 1 "$bin" render --scene wipe --image-a "$tmp/none.jpg" --at 0 --out "$tmp/x.png"
check "missing --image-a named" '[[ $err == *none.jpg* ]]'
expect "unknown scene name" 1 "$bin" render --scene spin --at 0 --out "$tmp/x.png"
check "unknown scene lists the built-in ones" '[[ $err == *spin* && $err == *wipe* ]]'

# render: PNG of the asked size, numbered files, stable bytes, file scene = built-in scene.
expect "render file" 0 "$bin" render --scene "$tmp/fade.json" --at 0.5 --out "$tmp/f.png"
check "render writes a 64x48 PNG" '[ "$(head -c 24 "$tmp/f.png" | tail -c 8 | od -An -tx1 | tr -d " \n")" = "0000004000000030" ]'
expect "render dir" 0 "$bin" render --scene "$tmp/fade.json" --at 0,0.5,1 --out "$tmp/dir"
check "render --out DIR numbers its files" '[ -f "$tmp/dir/00000.png" ] && [ -f "$tmp/dir/00002.png" ] && [ ! -f "$tmp/dir/00003.png" ]'
expect "render wipe" 0 "$bin" render --scene wipe --at 1.25 --out "$tmp/w1.png" --size 160x90
expect "render wipe again" 0 "$bin" render --scene wipe --at 1.25 --out "$tmp/w2.png" --size 160x90
check "render is bit-for-bit stable" 'cmp -s "$tmp/w1.png" "$tmp/w2.png"'
for scene in wipe ship reveal; do
  expect "render $scene" 0 "$bin" render --scene $scene --at 1.25 --out "$tmp/s.png"
  expect "render $scene.json" 0 "$bin" render --scene assets/scenes/$scene.json --at 1.25 --out "$tmp/j.png"
  check "assets/scenes/$scene.json renders the same frame as $scene" 'cmp -s "$tmp/s.png" "$tmp/j.png"'
done

# curve.
expect "curve" 0 "$bin" curve --timing easeInEaseOut --out "$tmp/c.png"
check "curve writes a 400x400 PNG" '[ "$(head -c 24 "$tmp/c.png" | tail -c 8 | od -An -tx1 | tr -d " \n")" = "0000019000000190" ]'
expect "curve points" 0 "$bin" curve --timing 0.5,-0.6,0.4,1.6 --out "$tmp/c2.png" --size 64
check "curve --size sets the PNG size" '[ "$(head -c 24 "$tmp/c2.png" | tail -c 8 | od -An -tx1 | tr -d " \n")" = "0000004000000040" ]'

# view without an X display: a clear message, exit 1.
expect "view without a display" 1 env -u DISPLAY "$bin" --scene wipe
check "view without a display says why" '[[ -n $err ]]'

# record: frame k at from + k/fps, so a PNG recording from T equals render at those times.
expect "record --from" 0 "$bin" record --scene "$tmp/fade.json" --out "$tmp/rec/" --fps 4 --from 0.25 --duration 0.5
check "record --from writes duration × fps frames" '[ "$(ls "$tmp/rec" | tr "\n" " ")" = "00000.png 00001.png " ]'
expect "render at the recorded times" 0 "$bin" render --scene "$tmp/fade.json" --at 0.25,0.5 --out "$tmp/ren"
check "recorded frames equal render --at from + k/fps" 'cmp -s "$tmp/rec/00000.png" "$tmp/ren/00000.png" && cmp -s "$tmp/rec/00001.png" "$tmp/ren/00001.png"'
expect "record --from negative" 64 "$bin" record --scene "$tmp/fade.json" --out "$tmp/x/" --from -1 && ok
# record: lengths beyond the limit (100000 frames) and numbers no Int holds are usage errors, refused
# before anything is written (timeout: a recording without bound must fail here, not fill the disk).
expect "record --duration 1e9 to a folder" 64 timeout 10 "$bin" record --scene "$tmp/fade.json" --out "$tmp/long/" --duration 1e9
check "a recording over 100000 frames is refused naming the output and the frames; nothing is created" \
  '[[ $err == "Error: cannot record $tmp/long: 60000000000 frames is longer than a recording may be, at most 100000 frames"* ]] && [ ! -e "$tmp/long" ] && ! ls -A "$tmp" | grep -q partial'
for args in "--duration 1e300" "--fps 1e300" "--fps 1000 --duration 1e16"; do
  expect "record $args" 64 timeout 10 "$bin" record --scene "$tmp/fade.json" --out "$tmp/huge.mp4" $args &&
    check "record $args is refused with a message, not a trap" '[[ $err == "Error: cannot record"* ]] && [ ! -e "$tmp/huge.mp4" ]'
done
sed 's/"duration": 1 }/"duration": "inf" }/' "$tmp/fade.json" > "$tmp/forever.json"
expect "record a scene that never ends" 64 "$bin" record --scene "$tmp/forever.json" --out "$tmp/forever/"
check "a scene that never ends needs --duration" '[[ $err == *"never end; give --duration"* ]] && [ ! -e "$tmp/forever" ]'
expect "render --out with another image type" 64 "$bin" render --scene "$tmp/fade.json" --at 0 --out "$tmp/f.jpg"
check "it says frames are PNG" '[[ $err == *"frames are written as PNG"* ]]'
expect "view --frames 0" 64 "$bin" view --frames 0 && ok

# bench and scenes.
expect "bench" 0 "$bin" bench --scene "$tmp/fade.json" --size 64x48 --frames 5
check "bench prints the scene and frame-copy lines" \
  '[[ $(echo "$out" | grep -cE "^(fade|frame-copy) 64x48 frames=5 median_ms=[0-9.]+ p95_ms=[0-9.]+$") = 2 ]]'
expect "scenes" 0 "$bin" scenes
check "scenes lists the three built-ins" '[ "$(echo "$out" | cut -d" " -f1 | tr "\n" " ")" = "wipe ship reveal " ]'

# Usage errors are one line on stderr; quoted control characters come out escaped.
expect "usage error, one line" 64 "$bin" render --scene wipe --at 1 --out a.png --size "$(printf '\033[31mbig\r\nFAKE')"
check "a usage error is one line naming the option, its control characters escaped" \
  '[ "$(wc -l <"$tmp/err")" = 1 ] && [[ $err == *"--size"*"\u001b[31mbig\u000d\u000aFAKE"* ]] && ! grep -q $'"'"'\033'"'"' "$tmp/err"'

# A binary away from the bundled assets draws generated stand-ins and says so, after the pictures it was
# given are read: a bad one is then the only line printed.
mkdir -p "$tmp/away"
cp "$bin" "$tmp/away/layerscope"
: >"$tmp/away/empty.png"
expect "stand-ins away from the assets" 0 env -C "$tmp/away" ./layerscope render --scene wipe --at 1 --out x.png --size 32x18
check "it notes each stand-in on stderr" '[[ $err == *"note: bundled image a.jpg not found; using a generated stand-in"* ]]'
expect "a bad picture away from the assets" 1 env -C "$tmp/away" ./layerscope render --scene wipe --image-b empty.png --at 1 --out x.png --size 32x18
check "the failure is the only line" '[ "$(wc -l <"$tmp/err")" = 1 ] && [[ $err == *"empty.png: the file is empty"* ]]'

# A fatal signal ends the process at once with one line naming it (no seconds in a backtracer).
for sig in SEGV ILL ABRT QUIT; do
  "$bin" bench --scene wipe --size 64x36 --frames 1000000 >/dev/null 2>"$tmp/sig" &
  pid=$!
  sleep 0.3
  start=$(date +%s%N); kill -$sig $pid; { wait $pid; } 2>/dev/null; status=$?; end=$(date +%s%N)
  check "SIG$sig: dies of it within 1 s ($(( (end - start) / 1000000 )) ms), one line" \
    '[ $status -gt 128 ] && [ $((end - start)) -lt 1000000000 ] && [ "$(cat "$tmp/sig")" = "layerscope: killed by SIG$sig" ]'
done

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
