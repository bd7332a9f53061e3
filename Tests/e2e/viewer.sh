#!/usr/bin/env bash
# End-to-end tests of the live viewer (`layerscope view`) under a real Xvfb started here: real input
# through xdotool (XTEST), real screenshots through xwd, read by xwdtool.py. Runs the suite on an Xvfb
# with MIT-SHM and again on one without it (the XPutImage fallback); with XVFB_ARGS set, runs one pass
# with those Xvfb arguments. The last line is "N passed, N failed"; the exit status is 1 on failure.
#
#   Tests/e2e/viewer.sh                 # builds the release binary first
#   LAYERSCOPE=path/to/layerscope Tests/e2e/viewer.sh
#   XVFB_ARGS="-extension MIT-SHM" Tests/e2e/viewer.sh
#
# Needs (Debian): xvfb xdotool x11-apps (xwd, xlogo) x11-utils (xwininfo) util-linux (ipcs, unshare)
# python3 libx11-dev and a C compiler (for wm-close.c and wm-ping.c, which stand in for the window
# manager Xvfb lacks).
set -u
source "$(dirname "$0")/harness.bash"
e2e_require "xvfb xdotool x11-apps x11-utils util-linux python3" Xvfb xdotool xwd xlogo xwininfo ipcs python3
e2e_binary

cc_bin=${CC:-$(command -v cc || command -v clang)}
for helper in wm-close wm-ping; do
    "$cc_bin" -O1 -o "$tmp/$helper" "$here/$helper.c" -lX11 || { echo "cannot compile $helper.c"; exit 2; }
done

xwdtool() { python3 "$here/xwdtool.py" "$@"; }


# start_viewer NAME ARGS...: sets log, viewer_pid and wid (the window found by _NET_WM_PID).
start_viewer() {
    local name=$1; shift
    log=$tmp/$pass_name-$name.log
    DISPLAY=$display "$bin" view "$@" >"$log" 2>&1 &
    viewer_pid=$!
    pids+=("$viewer_pid")
    e2e_find_window "$viewer_pid" || { echo "no window for $name; log:"; cat "$log"; return 1; }
}
same() { xwdtool same "$tmp/$1.xwd" "$tmp/$2.xwd" "${@:3}" >/dev/null; }
differs() { ! same "$@"; }
key() { x xdotool key "$1"; }
# point_into_window: the pointer inside the window (top right, away from HUD and toolbar), so
# keyboard focus (PointerRoot, there is no window manager) goes to it.
point_into_window() { x xdotool mousemove --window "$wid" "$(($1 - 12))" 12; }
# quit_with KEY WHAT: presses KEY with the pointer in the window ($W wide) and checks a clean exit 0.
quit_with() {
    point_into_window "$W"
    key "$1"
    e2e_wait_exit "$viewer_pid"
    [ "$exit_code" = 0 ]
    check $? "$2" "exit $exit_code"
}
media_time_of() { grep -E -- "$1" "$log" | tail -1 | sed -E 's/.* t=([0-9.]+)$/\1/'; }
# button_box TITLE: "x y" of the button's centre, from the last toolbar layout the viewer logged.
button_centre() {
    grep '^toolbar: ' "$log" | tail -1 | sed 's/^toolbar: //' | tr ';' '\n' |
        awk -v t="$1" '{ sub(/^ /, ""); split($2, b, ","); if ($1 == t) print b[1] + int(b[3] / 2), b[2] + int(b[4] / 2) }'
}
click_button() {
    local centre
    centre=$(button_centre "$1")
    [ -n "$centre" ] || return 1
    # shellcheck disable=SC2086
    x xdotool mousemove --window "$wid" $centre click 1
}

run_pass() {
    pass_name=$1
    e2e_tag=$1
    xvfb_args=$2
    local expect_path=$3 expect_segments=2 W=480 H=270
    [ "$expect_path" = xputimage ] && expect_segments=0
    # shellcheck disable=SC2086
    e2e_start_xvfb $xvfb_args

    # 1. The test pattern, paused: exact pixels, the presentation path, the shared segments.
    start_viewer pattern --scene test-pattern --size 256x128 --paused --seek 1.5 --no-hud
    if [ "$expect_path" = shm ]; then
        log_has '^viewer: using MIT-SHM double buffering$'
    else
        log_has '^viewer: MIT-SHM is not available on this display; using XPutImage$'
    fi
    check $? "the viewer says once which presentation path it uses ($expect_path)" "$(head -2 "$log" | tr '\n' '|')"
    [ "$(segments_of "$viewer_pid")" = $expect_segments ]
    check $? "ipcs shows $expect_segments shared segments while it runs" "$(segments_of "$viewer_pid")"
    x xdotool getwindowname "$wid" | grep -q '^Layerscope — test-pattern$'
    check $? "window found by _NET_WM_PID is titled 'Layerscope — test-pattern'"
    e2e_wait_for 5 bash -c "DISPLAY=$display xwd -id $wid -silent -out $tmp/pattern.xwd && python3 $here/xwdtool.py test-pattern $tmp/pattern.xwd 1.5 >/dev/null"
    check $? "--paused --seek 1.5 --no-hud shows the test pattern at t=1.5 exactly" "$(xwdtool test-pattern "$tmp/pattern.xwd" 1.5)"
    kill -TERM "$viewer_pid"; e2e_wait_exit "$viewer_pid"
    [ $exit_code = 0 ] && log_has '^closing: SIGTERM$'
    check $? "SIGTERM closes cleanly with exit 0" "exit $exit_code"
    e2e_wait_for 10 no_segments_of "$viewer_pid"
    check $? "no shared segment left after SIGTERM"

    # 2. The paused scene equals `render --at` pixel for pixel.
    if "$bin" render --scene wipe --size ${W}x$H --at 1.25 --out "$tmp/render.png" >"$tmp/render.log" 2>&1; then
        start_viewer render-match --scene wipe --size ${W}x$H --paused --seek 1.25 --no-hud
        e2e_wait_for 5 bash -c "DISPLAY=$display xwd -id $wid -silent -out $tmp/paused.xwd && python3 $here/xwdtool.py equals-png $tmp/paused.xwd $tmp/render.png >/dev/null"
        check $? "view --paused --seek 1.25 --no-hud equals render --at 1.25 pixel for pixel" \
            "$(xwdtool equals-png "$tmp/paused.xwd" "$tmp/render.png")"
        kill -INT "$viewer_pid"; e2e_wait_exit "$viewer_pid"
        [ $exit_code = 0 ] && log_has '^closing: SIGINT$'
        check $? "SIGINT closes cleanly with exit 0" "exit $exit_code"
        e2e_wait_for 10 no_segments_of "$viewer_pid"
        check $? "no shared segment left after SIGINT"
    else
        echo "SKIP [$pass_name] render comparison: render failed ($(head -1 "$tmp/render.log"))"
    fi

    # 3. Every key, in the log and on screen.
    start_viewer keys --scene wipe --size ${W}x$H --paused --seek 1
    point_into_window $W
    stable_shot k-start
    sleep 0.3; shot k-still
    same k-start k-still
    check $? "paused: the picture holds still"
    key period
    e2e_wait_for 10 log_has '^key period: step-forward -> stepped t=1.017$'
    check $? "'.' steps one frame forward (log)"
    stable_shot k-forward
    differs k-start k-forward 140 60 340 230
    check $? "'.' changes the picture"
    key Right
    e2e_wait_for 10 log_has '^key Right: step-forward -> stepped t=1.033$'
    check $? "Right steps one frame forward (log)"
    key comma
    e2e_wait_for 10 log_has '^key comma: step-backward -> stepped t=1.017$'
    check $? "',' steps one frame back (log)"
    stable_shot k-back
    same k-forward k-back 140 60 340 230
    check $? "',' after Right shows exactly the earlier frame again"
    key Left
    e2e_wait_for 10 log_has '^key Left: step-backward -> stepped t=1.000$'
    check $? "Left steps one frame back (log)"
    stable_shot k-back2
    same k-start k-back2 140 60 340 230
    check $? "back at t=1 the picture is the starting frame again"
    key bracketright
    e2e_wait_for 10 log_has '^key bracketright: faster -> speed 2 '
    check $? "']' doubles the speed"
    key Up
    e2e_wait_for 10 log_has '^key Up: faster -> speed 4 '
    check $? "Up doubles the speed"
    key bracketleft
    e2e_wait_for 10 log_has '^key bracketleft: slower -> speed 2 '
    check $? "'[' halves the speed"
    for _ in 1 2 3 4 5 6; do key Down; done
    e2e_wait_for 10 bash -c "[ \$(grep -c '^key Down: slower' '$log') = 6 ]"
    [ "$(grep '^key Down: slower' "$log" | tail -1 | sed -E 's/.*speed ([0-9/]+) .*/\1/')" = 1/16 ]
    check $? "Down halves the speed, down to 1/16" "$(grep '^key Down' "$log" | tail -1)"
    stable_shot k-hud-on
    key h
    e2e_wait_for 10 log_has '^key h: hud -> hud off '
    check $? "'h' hides the HUD (log)"
    stable_shot k-hud-off
    differs k-hud-on k-hud-off 0 0 140 160
    check $? "'h' removes the HUD from the picture"
    key h
    e2e_wait_for 10 log_has '^key h: hud -> hud on '
    check $? "'h' shows the HUD again"
    key c
    e2e_wait_for 10 log_has '^key c: inspector -> inspector on '
    check $? "'c' toggles the inspector (log)"
    key c
    stable_shot k-before-stop
    key x
    e2e_wait_for 10 log_has '^key x: stop -> done '
    check $? "'x' stops (log)"
    stable_shot k-stopped
    differs k-before-stop k-stopped 140 60 340 230
    check $? "'x' removes the running animation from the picture"
    key BackSpace
    e2e_wait_for 10 log_has '^key BackSpace: stop -> done '
    check $? "BackSpace stops (log)"
    key s
    e2e_wait_for 10 log_has '^key s: start -> done '
    check $? "'s' starts (log)"
    key Return
    e2e_wait_for 10 log_has '^key Return: start -> done '
    check $? "Return starts (log)"
    for _ in 1 2 3 4; do key Up; done
    e2e_wait_for 10 bash -c "[ \$(grep -c '^key Up: faster' '$log') = 5 ]"
    stable_shot k-before-play
    key space
    e2e_wait_for 10 log_has '^key space: pause-resume -> playing '
    check $? "space resumes (log)"
    local resumed_at; resumed_at=$(media_time_of '^key space: pause-resume -> playing')
    sleep 0.3; shot k-playing
    differs k-before-play k-playing 140 60 340 230
    check $? "after resume the picture moves"
    key space
    e2e_wait_for 10 log_has '^key space: pause-resume -> paused '
    check $? "space pauses again (log)"
    local paused_at; paused_at=$(media_time_of '^key space: pause-resume -> paused')
    python3 -c "import sys; a, b = float(sys.argv[1]), float(sys.argv[2]); sys.exit(0 if b > a and b - a < 5 else 1)" "$resumed_at" "$paused_at"
    check $? "media time continues from where it was paused (resumed at $resumed_at, paused at $paused_at)"
    key 2
    e2e_wait_for 10 log_has '^key 2: scene-2 -> showing ship '
    e2e_wait_for 10 bash -c "DISPLAY=$display xdotool getwindowname $wid | grep -q '^Layerscope — ship$'"
    check $? "'2' shows ship (log and title)"
    key 3
    e2e_wait_for 10 bash -c "DISPLAY=$display xdotool getwindowname $wid | grep -q '^Layerscope — reveal$'"
    check $? "'3' shows reveal"
    key 1
    e2e_wait_for 10 bash -c "DISPLAY=$display xdotool getwindowname $wid | grep -q '^Layerscope — wipe$'"
    check $? "'1' shows wipe"
    key q
    e2e_wait_exit "$viewer_pid"
    [ $exit_code = 0 ] && log_has '^key q: quit -> closing '
    check $? "'q' quits with exit 0" "exit $exit_code"
    e2e_wait_for 10 no_segments_of "$viewer_pid"
    check $? "no shared segment left after q"

    # 3b. The transport with the panel closed, the demo loop, replay and the key map.
    start_viewer transport --scene wipe --size ${W}x$H --speed 4
    point_into_window $W
    key l
    e2e_wait_for 10 log_has '^key l: loop -> loop on '
    check $? "'l' turns the loop on (log)"
    e2e_wait_for 20 log_has '^loop: back to scene time 0 '
    check $? "the loop goes back to scene time 0 once the last animation ends" "$(tail -2 "$log" | tr '\n' '|')"
    key l
    e2e_wait_for 10 log_has '^key l: loop -> loop off '
    check $? "'l' turns the loop off"
    key Home
    e2e_wait_for 10 log_has '^key Home: replay -> playing from scene time 0 t=0.000$'
    check $? "Home replays from scene time 0" "$(grep '^key Home' "$log")"
    key space
    e2e_wait_for 10 log_has '^key space: pause-resume -> paused '
    stable_shot t-paused
    key question
    e2e_wait_for 10 log_has '^key slash: key-map -> key map on '
    check $? "'?' shows the key map (log)"
    stable_shot t-keymap
    # Right of the HUD (whose frame-time line changes with every drawing), inside the centred sheet.
    differs t-paused t-keymap 150 40 180 140
    check $? "the key map sheet is drawn"
    key F1
    e2e_wait_for 10 log_has '^key F1: key-map -> key map off '
    stable_shot t-no-keymap
    # The picture, below the HUD strip (whose frame-time readout changes with every drawing).
    same t-paused t-no-keymap 150 60 $((W - 150)) $((H - 20))
    check $? "F1 hides it again"
    # The timeline's axis: 6 px into its row below the 28-px transport, the track right of the labels.
    local timeline_y
    timeline_y=$(grep '^layout: picture ' "$log" | tail -1 | sed -E 's/.* timeline [0-9]+,([0-9]+) .*/\1/')
    x xdotool mousemove --window "$wid" 180 $((timeline_y + 28 + 6)) click 1
    e2e_wait_for 10 log_has '^timeline: seek -> media '
    check $? "a click on the transport seeks with the panel closed" "$(tail -2 "$log" | tr '\n' '|')"
    quit_with q "and quits with exit 0"

    # 4. Every toolbar button, with hover and pressed states.
    start_viewer buttons --scene wipe --size ${W}x$H --paused --seek 1
    point_into_window $W
    stable_shot b-plain
    local centre; centre=$(button_centre Start)
    # shellcheck disable=SC2086
    x xdotool mousemove --window "$wid" $centre
    stable_shot b-hover
    local start_y=${centre#* }
    differs b-plain b-hover 0 $((start_y - 10)) 140 20
    check $? "hovering Start highlights it"
    click_button Resume
    e2e_wait_for 10 log_has '^button Resume: pause-resume -> playing '
    check $? "the Resume button resumes"
    click_button Pause
    e2e_wait_for 10 log_has '^button Pause: pause-resume -> paused '
    check $? "the Pause button pauses"
    stable_shot b-before-stop
    click_button Stop
    e2e_wait_for 10 log_has '^button Stop: stop -> done '
    check $? "the Stop button stops (log)"
    stable_shot b-stopped
    differs b-before-stop b-stopped 140 60 340 220
    check $? "the Stop button changes the picture"
    click_button Start
    e2e_wait_for 10 log_has '^button Start: start -> done '
    check $? "the Start button starts"
    point_into_window $W
    key 3
    e2e_wait_for 10 log_has '^toolbar: .*Push .*Pop '
    check $? "reveal's toolbar has Push and Pop"
    click_button Push
    e2e_wait_for 10 log_has '^button Push: push -> done '
    check $? "the Push button pushes" "$(tail -3 "$log" | tr '\n' '|')"
    click_button Pop
    e2e_wait_for 10 log_has '^button Pop: pop -> done '
    check $? "the Pop button pops" "$(tail -3 "$log" | tr '\n' '|')"
    quit_with Escape "Escape quits with exit 0"

    # 5. Resize, expose, close.
    start_viewer window --scene wipe --size ${W}x$H --paused --seek 2 --no-hud
    stable_shot w-before
    x xdotool windowsize "$wid" 640 400
    e2e_wait_for 10 log_has '^resized 640x400$'
    check $? "a resize is seen once at its final size" "$(grep '^resized' "$log" | tr '\n' '|')"
    e2e_wait_for 10 bash -c "DISPLAY=$display xwd -id $wid -silent -out $tmp/w-resized.xwd && [ \"\$(python3 $here/xwdtool.py pixel $tmp/w-resized.xwd 630 390)\" = 181818 ]"
    check $? "the new area is drawn" "$(xwdtool pixel "$tmp/w-resized.xwd" 630 390)"
    stable_shot w-resized
    # The picture alone, centred in the larger window.
    python3 -c "
import sys
sys.path.insert(0, '$here')
from xwdtool import read_xwd
_, _, a = read_xwd('$tmp/w-before.xwd')
_, _, b = read_xwd('$tmp/w-resized.xwd')
dx, dy = (640 - $W) // 2, (400 - $H) // 2
sys.exit(0 if all(a[y][:$W] == b[y + dy][dx:dx + $W] for y in range($H)) else 1)"
    check $? "the scene is unchanged after the resize"
    DISPLAY=$display xlogo -geometry 300x200+20+20 &
    local logo=$!; pids+=("$logo")
    e2e_wait_for 5 bash -c "DISPLAY=$display xdotool search --name '^xlogo$' >/dev/null"
    sleep 0.2
    kill "$logo"; wait "$logo" 2>/dev/null
    sleep 0.2
    stable_shot w-exposed
    same w-resized w-exposed
    check $? "expose redraws the same paused frame"
    x "$tmp/wm-ping" "$wid"
    check $? "_NET_WM_PING is answered"
    x "$tmp/wm-close" "$wid"
    e2e_wait_exit "$viewer_pid"
    [ $exit_code = 0 ] && log_has '^closing: window closed$'
    check $? "WM_DELETE_WINDOW closes with exit 0" "exit $exit_code"
    e2e_wait_for 10 no_segments_of "$viewer_pid"
    check $? "no shared segment left after closing the window"

    # 6. SIGKILL, a destroyed window, a killed X server: nothing leaks.
    start_viewer sigkill --scene wipe --size ${W}x$H
    [ "$(segments_of "$viewer_pid")" = $expect_segments ]
    check $? "segments exist while it runs ($expect_segments)"
    kill -KILL "$viewer_pid"; wait "$viewer_pid" 2>/dev/null
    e2e_wait_for 10 no_segments_of "$viewer_pid"
    check $? "no shared segment left after SIGKILL" "$(segments_of "$viewer_pid")"
    start_viewer destroyed --scene wipe --size ${W}x$H
    x xdotool windowclose "$wid"
    e2e_wait_exit "$viewer_pid"
    [ $exit_code = 1 ] && grep -q 'window was destroyed' "$log"
    check $? "a destroyed window ends the viewer with a message (exit 1)" "exit $exit_code: $(tail -1 "$log")"
    e2e_wait_for 10 no_segments_of "$viewer_pid"
    check $? "no shared segment left after the window was destroyed"
    local main_display=$display main_xvfb=$xvfb_pid
    # shellcheck disable=SC2086
    e2e_start_xvfb $xvfb_args
    start_viewer xkilled --scene wipe --size ${W}x$H
    kill -KILL "$xvfb_pid"; wait "$xvfb_pid" 2>/dev/null
    e2e_wait_exit "$viewer_pid"
    [ $exit_code = 1 ] && grep -q 'lost the connection to the X server' "$log"
    check $? "a killed X server ends the viewer with a message (exit 1)" "exit $exit_code: $(tail -1 "$log")"
    e2e_wait_for 10 no_segments_of "$viewer_pid"
    check $? "no shared segment left after the X server was killed"
    display=$main_display
    xvfb_pid=$main_xvfb

    # 7. --no-shm and --frames N --stats.
    if [ "$expect_path" = shm ]; then
        start_viewer no-shm --scene wipe --size ${W}x$H --no-shm --paused
        log_has '^viewer: using XPutImage \(MIT-SHM disabled by --no-shm\)$' && [ "$(segments_of "$viewer_pid")" = 0 ]
        check $? "--no-shm forces XPutImage and creates no segment"
        kill -TERM "$viewer_pid"; e2e_wait_exit "$viewer_pid"
    fi
    if "$bin" view --help 2>&1 | grep -q -- '--frames'; then
        log=$tmp/$pass_name-stats.log
        DISPLAY=$display "$bin" view --scene wipe --size ${W}x$H --frames 30 --stats >"$log" 2>&1
        exit_code=$?
        [ $exit_code = 0 ] && log_has '^stats frames=30 size=480x[0-9]+ path=[a-z]+ fps=[0-9.]+ frame_ms_median=[0-9.]+ frame_ms_p99=[0-9.]+ dropped=[0-9]+ long_intervals=[0-9]+ cpu_percent=[0-9.]+$'
        check $? "--frames 30 --stats runs 30 frames and prints the statistics" "exit $exit_code: $(grep stats "$log")"
    else
        echo "SKIP [$pass_name] --frames/--stats: 'view --help' does not offer them"
    fi

    # 8. A server in another IPC namespace refuses the attach: the trapped attach falls back.
    if [ "$expect_path" = shm ] && command -v unshare >/dev/null && unshare --ipc true 2>/dev/null; then
        local main_display=$display main_xvfb=$xvfb_pid
        e2e_xvfb_launcher="unshare --ipc" e2e_start_xvfb
        start_viewer refused --scene test-pattern --size 256x128 --paused --seek 1.5 --no-hud
        log_has '^viewer: MIT-SHM refused by the X server \(X error 10 on request [0-9]+\.1\); using XPutImage$' &&
            [ "$(segments_of "$viewer_pid")" = 0 ]
        check $? "an attach refused by the server (other IPC namespace) falls back to XPutImage, said once" "$(head -1 "$log")"
        e2e_wait_for 5 bash -c "DISPLAY=$display xwd -id $wid -silent -out $tmp/refused.xwd && python3 $here/xwdtool.py test-pattern $tmp/refused.xwd 1.5 >/dev/null"
        check $? "after the refused attach the picture is still exact"
        kill -TERM "$viewer_pid"; e2e_wait_exit "$viewer_pid"
        [ $exit_code = 0 ]
        check $? "and it closes cleanly" "exit $exit_code"
        kill -TERM "$xvfb_pid"; wait "$xvfb_pid" 2>/dev/null
        display=$main_display
        xvfb_pid=$main_xvfb
    fi

    kill -TERM "$xvfb_pid"; wait "$xvfb_pid" 2>/dev/null
}

if [ -n "${XVFB_ARGS+set}" ]; then
    case "$XVFB_ARGS" in *"-extension MIT-SHM"*) run_pass custom "$XVFB_ARGS" xputimage ;; *) run_pass custom "$XVFB_ARGS" shm ;; esac
else
    run_pass mit-shm "" shm
    run_pass no-mit-shm "-extension MIT-SHM" xputimage
fi
echo "$pass passed, $fail failed"
[ $fail = 0 ]
