#!/usr/bin/env bash
# End-to-end tests of the curve CLI, the inspector beside the picture and live-reloaded scene files in the viewer,
# under an Xvfb started here (-displayfd), with input through xdotool and xwd screenshots read by
# curves_tool.py. The last line is "N passed, N failed"; the exit status is 1 on failure.
#
#   Tests/e2e/curves.sh                          # builds the release binary first
#   LAYERSCOPE=path/to/layerscope Tests/e2e/curves.sh
#   RECORD_GOLDENS=1 Tests/e2e/curves.sh         # re-records Goldens/*.png (look at them, commit them)
#   KEEP_TMP=1 Tests/e2e/curves.sh               # keeps the screenshots and logs, and says where
#
# Needs (Debian): xvfb xdotool x11-apps (xwd) python3.
set -u
source "$(dirname "$0")/harness.bash"
e2e_require "xvfb xdotool x11-apps python3" Xvfb xdotool xwd python3
e2e_binary

tool() { python3 "$here/curves_tool.py" "$@"; }

# The scene: an orange box sliding right and back twice (2 s each way, easeInEaseOut), kept filled.
width=800
height=450
write_scene() { # COLOUR: writes the scene with that box colour to $tmp/new.json, then renames it over scene.json
    cat >"$tmp/new.json" <<JSON
{ "size": [$width, $height],
  "layers": [ { "name": "root", "frame": [0, 0, $width, $height], "backgroundColor": "#1e2a3a",
    "sublayers": [ { "name": "box", "frame": [40, 150, 100, 100], "backgroundColor": "$1" } ] } ],
  "timeline": [ { "at": 0, "add": { "layer": "box", "key": "slide", "animation": {
      "kind": "basic", "keyPath": "position.x", "fromValue": 90, "toValue": 380, "duration": 2,
      "timingFunction": "easeInEaseOut", "autoreverses": true, "repeatCount": 2,
      "fillMode": "forwards", "removedOnCompletion": false } } } ] }
JSON
    mv "$tmp/new.json" "$tmp/scene.json"
}
write_scene "#ff8800"

# 0. The command line: curve and eval --plot (no X needed).
png_size() { python3 -c "import struct,sys; d=open(sys.argv[1],'rb').read(24); print('%dx%d' % struct.unpack('>II', d[16:24]))" "$1"; }
"$bin" curve --timing easeInEaseOut --timing 0.3,1.5,0.8,1.5 --size 640x360 --out "$tmp/curve.png" 2>"$tmp/err"
check $? "curve with two timing functions"
[ "$(png_size "$tmp/curve.png")" = 640x360 ]; check $? "curve --size WxH sets the image size" "$(png_size "$tmp/curve.png")"
problem=$(tool golden-png "$tmp/curve.png" "$here/Goldens/curve_cli.png"); check $? "the curve plot matches its golden" "$problem"
"$bin" curve --timing easeIn --timing 0.2,x,1,1 --out "$tmp/bad.png" 2>"$tmp/err"
[ $? = 64 ] && grep -q "0.2,x,1,1" "$tmp/err"; check $? "a bad --timing is a usage error naming it" "$(head -1 "$tmp/err")"
"$bin" curve --timing linear --out "$tmp/missing/dir/c.png" 2>"$tmp/err"
[ $? = 1 ] && grep -q "missing/dir/c.png" "$tmp/err"; check $? "an unwritable --out fails naming the file" "$(head -1 "$tmp/err")"
"$bin" eval --scene "$tmp/scene.json" --layer box --key position.x --at 1,5,9 --plot "$tmp/eval.png" >"$tmp/eval.txt" 2>"$tmp/err"
[ $? = 0 ] && [ "$(wc -l <"$tmp/eval.txt")" = 3 ] && [ "$(png_size "$tmp/eval.png")" = 900x420 ]
check $? "eval --plot prints the values and writes the plot" "$(head -1 "$tmp/err")"

e2e_start_xvfb

log=$tmp/viewer.log
x "$bin" view --scene "$tmp/scene.json" --paused --seek 1.25 >"$log" 2>&1 &
viewer_pid=$!
pids+=("$viewer_pid")
wid=""
for _ in $(seq 200); do
    wid=$(x xdotool search --name Layerscope 2>/dev/null | head -1)
    [ -n "$wid" ] && log_has '^viewer: window' && break
    sleep 0.05
done
[ -n "$wid" ] || {
    echo "no viewer window; log:"; cat "$log"
    kill -0 "$xvfb_pid" 2>/dev/null || { echo "Xvfb $display exited:"; tail -3 "$tmp/xvfb.log"; }
    echo "$pass passed, $((fail + 1)) failed"; exit 1
}
e2e_wait_for 5 bash -c "DISPLAY=$display xwininfo -id $wid | grep -q IsViewable"
x xdotool mousemove --window "$wid" 400 100
e2e_wait_for 5 log_has '^scene file: watching '; check $? "the scene file is watched"

# The picture's place, from the viewer's last layout line: "X Y W H".
picture_box() {
    grep '^layout: picture ' "$log" | tail -1 | sed -E 's/^layout: picture ([0-9]+),([0-9]+) ([0-9]+)x([0-9]+) .*/\1 \2 \3 \4/'
}
# equals_render SHOT PNG: the picture region of SHOT (at its logged place) is the PNG, pixel for pixel.
equals_render() {
    local box
    read -r px py pw ph <<<"$(picture_box)"
    python3 -c "
import sys
sys.path.insert(0, '$here')
from xwdtool import read_png, read_xwd
_, _, shot = read_xwd('$1')
_, _, png = read_png('$2')
bad = sum(1 for y in range($ph) for x in range($pw) if shot[$py + y][$px + x] != png[y][x])
print(f'{bad} pixels differ') if bad else None
sys.exit(1 if bad else 0)"
}

# 1. 'c' opens the inspector beside the picture: the window grows and the picture keeps its pixels.
x xdotool key h
e2e_wait_for 5 log_has 'key h: hud -> hud off'
x xdotool key c
e2e_wait_for 5 log_has 'key c: inspector -> inspector on'; check $? "key c logs the inspector"
e2e_wait_for 5 log_has '^resized '; check $? "the window grows for the inspector" "$(grep '^resized' "$log" | tail -1)"
sleep 0.5
read -r px py pw ph <<<"$(picture_box)"
[ "$pw" = $width ] && [ "$ph" = $height ]; check $? "the picture keeps its size" "$pw x $ph"
shot panel
"$bin" render --scene "$tmp/scene.json" --at 1.25 --out "$tmp/render0.png" >/dev/null 2>&1
problem=$(equals_render "$tmp/panel.xwd" "$tmp/render0.png"); check $? "the picture beside the inspector equals render --at 1.25" "$problem"

# 2. A drag on the timeline's axis scrubs media time; the frame is exactly what render draws at that time.
timeline_y=$(grep '^layout: picture ' "$log" | tail -1 | sed -E 's/.* timeline [0-9]+,([0-9]+) .*/\1/')
axis=$((timeline_y + 28 + 6))
e2e_check_drag_seeks "media time" 300 400 500 600 700 $axis
sleep 0.5
shot scrubbed
"$bin" render --scene "$tmp/scene.json" --at "$seek" --out "$tmp/render.png" >/dev/null 2>&1
check $? "render --at the seek time"
problem=$(equals_render "$tmp/scrubbed.xwd" "$tmp/render.png"); check $? "the frame equals render --at $seek" "$problem"

# 3. Saving a changed scene file (by rename, as editors do) changes the picture, at the same time.
write_scene "#22cc66"
e2e_wait_for 5 log_has '^scene file: reloaded'; check $? "a save reloads the scene"
sleep 0.5
shot reloaded
green=$(tool count "$tmp/reloaded.xwd" 22cc66 $px $py $pw $ph)
[ "$green" -gt 5000 ]; check $? "the reloaded scene shows the new colour" "$green green pixels"
"$bin" render --scene "$tmp/scene.json" --at "$seek" --out "$tmp/render2.png" >/dev/null 2>&1
problem=$(equals_render "$tmp/reloaded.xwd" "$tmp/render2.png"); check $? "the reload keeps the media time" "$problem"

# 4. A broken save keeps the last good scene and shows the error in a banner above it (the picture
# moves down or shrinks to make room; it is never covered).
printf '{ "size": [%s, %s], "layers": [ { "name": 5 ' "$width" "$height" >"$tmp/new.json"
mv "$tmp/new.json" "$tmp/scene.json"
e2e_wait_for 5 log_has '^scene file: error'; check $? "a broken save is reported in the log"
e2e_wait_for 5 bash -c "[ \$(grep -c '^layout: picture ' '$log') -ge 3 ]"
sleep 0.5
shot broken
read -r px py pw ph <<<"$(picture_box)"
[ "$py" -gt 0 ]; check $? "the picture sits below the banner" "at $px,$py ${pw}x$ph"
banner=$(tool pixel "$tmp/broken.xwd" 3 3)
python3 -c "import sys; v=int('$banner',16); sys.exit(0 if (v>>16) > 120 and ((v>>8)&255) < 60 else 1)"
check $? "the error banner is shown" "pixel $banner"
green=$(tool count "$tmp/broken.xwd" 22cc66 $px $py $pw $ph)
[ "$green" -gt 1000 ]; check $? "the last good scene stays, uncovered" "$green green pixels"

x xdotool key q
e2e_wait_for 10 bash -c "! kill -0 $viewer_pid 2>/dev/null"; check $? "the viewer quits"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
