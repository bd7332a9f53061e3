#!/usr/bin/env bash
# End-to-end tests of the curve panel, the timeline bar and live-reloaded scene files in the viewer,
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
shot() { x xwd -id "$wid" -silent -out "$tmp/$1.xwd"; }
# stable_shot NAME: a screenshot once two in a row (100 ms apart) are equal.
stable_shot() {
    shot "$1"
    for _ in $(seq 40); do
        sleep 0.1
        shot "$1.next"
        tool same "$tmp/$1.xwd" "$tmp/$1.next.xwd" 0 0 "$width" "$height" >/dev/null && return 0
        mv "$tmp/$1.next.xwd" "$tmp/$1.xwd"
    done
    return 1
}

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

# Regions: the scene left of the docked panel and above the timeline bar and toolbar; the panel.
scene_box="0 0 470 355"
panel_box="480 0 320 365"

# 1. 'c' shows the panel: the picture changes where the panel is, nowhere else, and matches its golden.
x xdotool key h
e2e_wait_for 5 log_has 'key h: hud -> hud off'
stable_shot before
x xdotool key c
e2e_wait_for 5 log_has 'key c: curve-panel -> curve panel on'; check $? "key c logs the panel"
stable_shot panel
! tool same "$tmp/before.xwd" "$tmp/panel.xwd" $panel_box >/dev/null; check $? "the panel changes its part of the window"
problem=$(tool same "$tmp/before.xwd" "$tmp/panel.xwd" $scene_box); check $? "the scene beside the panel is unchanged" "$problem"
problem=$(tool golden "$tmp/panel.xwd" "$here/Goldens/curves_panel.png" $panel_box); check $? "the panel matches its golden" "$problem"

# 2. A drag on the timeline scrubs media time; the frame is exactly what render draws at that time.
x xdotool mousemove --window "$wid" 180 380 mousedown 1
for column in 220 260 300 333; do
    x xdotool mousemove --window "$wid" "$column" 380
    sleep 0.05
done
x xdotool mouseup 1
e2e_wait_for 5 log_has '^timeline: seek -> media '; check $? "the drag ends with a seek in the log"
scrubs=$(grep -c '^timeline: scrub -> ' "$log")
[ "$scrubs" -ge 2 ]; check $? "the drag scrubs through media time" "$scrubs scrub lines"
seek=$(grep '^timeline: seek -> media ' "$log" | tail -1 | sed -E 's/^timeline: seek -> media ([0-9.e+-]+) t=.*/\1/')
first=$(grep '^timeline: scrub -> media ' "$log" | head -1 | sed -E 's/.* t=([0-9.]+)$/\1/')
python3 -c "import sys; sys.exit(0 if float('$seek') > float('$first') + 0.5 else 1)"
check $? "media time moved forward with the drag" "from $first to $seek"
stable_shot scrubbed
"$bin" render --scene "$tmp/scene.json" --at "$seek" --out "$tmp/render.png" >/dev/null 2>&1
check $? "render --at the seek time"
problem=$(tool equals-png "$tmp/scrubbed.xwd" "$tmp/render.png" $scene_box); check $? "the frame equals render --at $seek" "$problem"

# 3. Saving a changed scene file (by rename, as editors do) changes the picture, at the same time.
write_scene "#22cc66"
e2e_wait_for 5 log_has '^scene file: reloaded'; check $? "a save reloads the scene"
stable_shot reloaded
green=$(tool count "$tmp/reloaded.xwd" 22cc66 $scene_box)
[ "$green" -gt 5000 ]; check $? "the reloaded scene shows the new colour" "$green green pixels"
"$bin" render --scene "$tmp/scene.json" --at "$seek" --out "$tmp/render2.png" >/dev/null 2>&1
problem=$(tool equals-png "$tmp/reloaded.xwd" "$tmp/render2.png" $scene_box); check $? "the reload keeps the media time" "$problem"

# 4. A broken save keeps the last good scene and shows the error in the window.
printf '{ "size": [%s, %s], "layers": [ { "name": 5 ' "$width" "$height" >"$tmp/new.json"
mv "$tmp/new.json" "$tmp/scene.json"
e2e_wait_for 5 log_has '^scene file: error'; check $? "a broken save is reported in the log"
stable_shot broken
problem=$(tool same "$tmp/reloaded.xwd" "$tmp/broken.xwd" 0 80 470 275); check $? "the last good scene stays" "$problem"
banner=$(tool pixel "$tmp/broken.xwd" 3 3)
python3 -c "import sys; v=int('$banner',16); sys.exit(0 if (v>>16) > 120 and ((v>>8)&255) < 60 else 1)"
check $? "the error banner is shown" "pixel $banner"

# 5. In a window wider than the scene, the panel docks beside the picture instead of over it.
x xdotool windowsize "$wid" 1200 "$height"
e2e_wait_for 5 log_has '^resized 1200x'; check $? "the window grows"
stable_shot wide
problem=$(tool equals-png "$tmp/wide.xwd" "$tmp/render2.png" 0 80 800 280); check $? "the whole picture shows beside the panel" "$problem"
panel=$(tool count "$tmp/wide.xwd" 14161c 800 0 400 360)
[ "$panel" -gt 50000 ]; check $? "the panel fills the margin" "$panel panel-coloured pixels"

x xdotool key q
e2e_wait_for 10 bash -c "! kill -0 $viewer_pid 2>/dev/null"; check $? "the viewer quits"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
