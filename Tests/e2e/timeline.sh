#!/usr/bin/env bash
# End-to-end tests of the inspector's timeline in the viewer, under an Xvfb started here (-displayfd),
# with input through xdotool and xwd screenshots: the inspector opens beside the picture (the window
# grows for it), a drag on the axis scrubs, frame steps, replay (Home) and the loop (l) play from scene
# time 0, and at every step, with the panels open, at a large and at small window sizes, the picture
# region of the screenshot is `layerscope render` of the same frame scaled as the viewer logs it
# (timeline_tool.py: exact at scale 1, cairo's bilinear scaling as the oracle below 1). The last line
# is "N passed, N failed"; the exit status is 1 on failure.
#
#   Tests/e2e/timeline.sh                          # builds the release binary first
#   LAYERSCOPE=path/to/layerscope Tests/e2e/timeline.sh
#   RECORD_GOLDENS=1 Tests/e2e/timeline.sh         # re-records Goldens/timeline_panel.png (look at it)
#   KEEP_TMP=1 Tests/e2e/timeline.sh               # keeps the screenshots and logs, and says where
#
# Needs (Debian): xvfb xdotool x11-apps (xwd) python3 python3-cairo.
set -u
source "$(dirname "$0")/harness.bash"
e2e_require "xvfb xdotool x11-apps python3" Xvfb xdotool xwd python3
e2e_binary

scene=$root/assets/scenes/timeline.json
tool() { /usr/bin/python3 "$here/timeline_tool.py" "$@"; }
curves() { python3 "$here/curves_tool.py" "$@"; }
# The last "layout:" line: picture X Y W H, its scale, the timeline's frame and the window's size.
read_layout() {
    local line pattern='^layout: picture ([0-9]+),([0-9]+) ([0-9]+)x([0-9]+) scale ([0-9.]+) timeline ([0-9]+),([0-9]+) ([0-9]+)x([0-9]+) window ([0-9]+)x([0-9]+)$'
    line=$(grep '^layout: picture ' "$log" | tail -1)
    [[ $line =~ $pattern ]] || { echo "unreadable layout line: $line"; return 1; }
    read -r px py pw ph scale tx ty tw th ww wh <<<"${BASH_REMATCH[*]:1}"
}
# picture_is NAME TIME [near]: the picture region of a fresh screenshot is `render --at TIME`, scaled
# as laid out (near: within the scaled comparison's tolerance even at scale 1, for times the log
# gives to the millisecond only).
picture_is() {
    local name=$1 time=$2 mode=${3:-} problem layout
    # The layout settles first (new rows make the timeline taller, and the picture moves).
    for _ in $(seq 20); do
        layout=$(grep -c '^layout: ' "$log")
        sleep 0.15
        [ "$(grep -c '^layout: ' "$log")" = "$layout" ] && break
    done
    read_layout
    stable_shot "$name" "$px" "$py" "$pw" "$ph" || { check 1 "$name: the picture settles"; return; }
    "$bin" render --scene "$scene" --at "$time" --out "$tmp/$name.png" >/dev/null 2>&1
    problem=$(tool picture "$tmp/$name.xwd" "$tmp/$name.png" "$px" "$py" "$pw" "$ph" "$scale" $mode)
    check $? "$name: the picture at ${pw}x$ph (scale $scale) in a ${ww}x$wh window is render --at $time" "$problem"
}
media_of_last() { grep "$1" "$log" | tail -1 | sed -E 's/.* t=([0-9.]+)$/\1/'; }

e2e_start_xvfb
log=$tmp/viewer.log
DISPLAY=$display "$bin" view --scene "$scene" --paused --seek 1.25 >"$log" 2>&1 &
viewer_pid=$!
pids+=("$viewer_pid")
e2e_find_window "$viewer_pid" || { echo "no viewer window; log:"; cat "$log"; echo "$pass passed, $((fail + 1)) failed"; exit 1; }
x xdotool mousemove --window "$wid" 5 5
e2e_wait_for 5 log_has '^layout: picture '; check $? "the layout is logged"
read_layout
[ "$pw" = 480 ] && [ "$ph" = 270 ] && [ "$scale" = 1.0000 ]
check $? "at launch the window makes room: the picture at its own size" "${pw}x$ph scale $scale window ${ww}x$wh"
picture_is launch 1.25

# 1. The inspector opens beside the picture: the window grows, the picture keeps its size and pixels.
x xdotool key c
e2e_wait_for 5 log_has 'key c: inspector -> inspector on'; check $? "key c opens the inspector"
e2e_wait_for 5 bash -c "grep -q '^resized ' '$log'"; check $? "the window grows for the inspector" "$(grep '^resized' "$log" | tail -1)"
e2e_wait_for 5 bash -c "[ \$(grep -c '^layout: picture ' '$log') -ge 2 ]"
read_layout
[ "$scale" = 1.0000 ] && [ "$tw" = "$ww" ] && [ "$th" -gt 80 ]
check $? "the timeline spans the window below the picture, with rows" "timeline ${tw}x$th window ${ww}x$wh"
picture_is inspector 1.25
shot panel
problem=$(curves golden "$tmp/panel.xwd" "$here/Goldens/timeline_panel.png" "$tx" "$ty" "$tw" "$th")
check $? "the timeline matches its golden" "$problem"

# 2. A drag along the axis scrubs; the release seeks, and the picture is that frame.
label=$((tw * 22 / 100)); [ $label -lt 90 ] && label=90; [ $label -gt 240 ] && label=240
track=$((tw - label - 10))
axis_y=$((ty + 28 + 6))
at() { echo $((label + track * $1 / 100)); }
e2e_check_drag_seeks "scene time" $((label + 10)) "$(at 20)" "$(at 35)" "$(at 50)" "$(at 60)" $axis_y
read_layout
picture_is scrubbed "$seek"

# 3. Frame steps: three forward, one back, each 1/60 s.
for _ in 1 2 3; do x xdotool key period; done
x xdotool key comma
e2e_wait_for 5 bash -c "[ \$(grep -c 'step-backward -> stepped' '$log') -ge 1 ]"; check $? "steps are logged"
stepped=$(python3 -c "print(repr(float('$seek') + 1/60 + 1/60 + 1/60 - 1/60))")
picture_is stepped "$stepped"

# 4. Home replays from scene time 0 (playing), space pauses again: an earlier frame, and rows stay.
x xdotool key Home
e2e_wait_for 5 log_has 'key Home: replay -> playing from scene time 0'; check $? "Home replays from scene time 0"
sleep 0.4
x xdotool key space
e2e_wait_for 5 log_has 'pause-resume -> paused t=0\.[0-9]+$'; check $? "paused again early in the scene" "$(grep 'pause-resume' "$log" | tail -1)"
picture_is replayed "$(media_of_last 'pause-resume -> paused')" near

# 5. The loop: l, play on past the end (4 s), back to scene time 0.
x xdotool key l
e2e_wait_for 5 log_has 'key l: loop -> loop on'; check $? "l turns the loop on"
x xdotool key space
e2e_wait_for 12 log_has '^loop: back to scene time 0'; check $? "playback loops at the end"
x xdotool key space
e2e_wait_for 5 bash -c "[ \$(grep -c 'pause-resume -> paused' '$log') -ge 2 ]"
picture_is looped "$(media_of_last 'pause-resume -> paused')" near

# 6. Small and large windows, the inspector open: the picture scaled to fit and centred, or at its size.
for size in 480x320 320x240 1280x900; do
    x xdotool windowsize "$wid" "${size%x*}" "${size#*x}"
    e2e_wait_for 5 log_has "^resized $size\$"; check $? "resized to $size"
    e2e_wait_for 5 bash -c "grep '^layout: picture ' '$log' | tail -1 | grep -q 'window $size\$'"
    read_layout
    case $size in
        1280x900)
            column=$((ww * 3 / 10)); [ $column -lt 320 ] && column=320; [ $column -gt 440 ] && column=440
            [ "$scale" = 1.0000 ] && [ "$px" = $(((ww - column - pw) / 2)) ]
            check $? "$size: the picture at its own size, centred beside the inspector" "$px,$py ${pw}x$ph";;
        *) python3 -c "import sys; sys.exit(0 if float('$scale') < 1 else 1)"; check $? "$size: the picture scaled down to fit" "scale $scale";;
    esac
    picture_is "window-$size" "$(media_of_last 'pause-resume -> paused')" near
done

# 7. Playing while scaled: only what changes is scaled again, and the paused frame is still render's.
x xdotool windowsize "$wid" 560 360
e2e_wait_for 5 log_has '^resized 560x360$'; check $? "resized to 560x360"
x xdotool key Home
sleep 0.7
x xdotool key space
e2e_wait_for 5 bash -c "[ \$(grep -c 'pause-resume -> paused' '$log') -ge 3 ]"
picture_is played-scaled "$(media_of_last 'pause-resume -> paused')" near

x xdotool key q
e2e_wait_for 10 bash -c "! kill -0 $viewer_pid 2>/dev/null"; check $? "the viewer quits"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
