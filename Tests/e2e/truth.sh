#!/usr/bin/env bash
# End-to-end checks that the window tells the truth, under an Xvfb started here (-displayfd), driven
# with xdotool:
#   1. every bundled scene file, and a Swift scene moved by a display link, moves in the viewer while
#      it plays (two screenshots half a second apart differ wherever `render` says the scene moves);
#   2. a paused scrub shows the frame `render` draws: the ship paused at about 1 s and clicked later on
#      the timeline's axis; `p` saves the frame, which is byte for byte `render --actions LOG --at T`
#      for the media time T the log gives and the action log the viewer kept (--actions-out), and the
#      frame of `render --at T` without a log too (a pause moves with a paused scrub);
#   3. a paused viewer handles every click at once: thirty clicks on Pause/Resume with the pointer still,
#      each logged within 2 s (events Xlib had already read were once left waiting for the next one).
# The last line is "N passed, N failed"; the exit status is 1 on failure.
#
#   Tests/e2e/truth.sh                          # builds the release binary first
#   LAYERSCOPE=path/to/layerscope Tests/e2e/truth.sh
#   KEEP_TMP=1 Tests/e2e/truth.sh               # keeps the screenshots and logs, and says where
#
# Needs (Debian): xvfb xdotool x11-apps (xwd) python3.
set -u
source "$(dirname "$0")/harness.bash"
e2e_require "xvfb xdotool x11-apps python3" Xvfb xdotool xwd python3
e2e_binary
tool() { python3 "$here/xwdtool.py" "$@"; }

e2e_start_xvfb

# start_viewer LOG ARGS...: a viewer on the script's display; sets $viewer_pid and $wid.
start_viewer() {
    log=$1
    shift
    DISPLAY=$display LAYERSCOPE_RECORDINGS=$tmp "$bin" view "$@" >"$log" 2>&1 &
    viewer_pid=$!
    pids+=("$viewer_pid")
    e2e_find_window "$viewer_pid"
}
quit_viewer() {
    x xdotool key --window "$wid" q 2>/dev/null
    e2e_wait_for 10 has_exited "$viewer_pid" || kill "$viewer_pid" 2>/dev/null
}

# 1. Scenes that move keep moving.
cat >"$tmp/crawl.swift" <<'SWIFT'
import LayerKit
import Scenes

/// A square crawling a point a frame, moved by a display link only (no animation at all).
final class Crawl: SceneScript {
    let square = CALayer()
    required init() {}
    func setUp(root: CALayer) {
        root.backgroundColor = UIColor.black.cgColor
        square.frame = CGRect(x: 0, y: 100, width: 40, height: 40)
        square.backgroundColor = UIColor.white.cgColor
        root.addSublayer(square)
        let link = CADisplayLink { [square] _ in
            CATransaction.setDisableActions(true)
            square.position.x = (square.position.x + 2).truncatingRemainder(dividingBy: 300)
        }
        link.add(to: .main, forMode: .common)
    }
}
SWIFT
"$bin" render --scene "$tmp/crawl.swift" --size 320x240 --at 0 --out "$tmp/crawl.png" >/dev/null 2>&1
check $? "the display-link Swift scene compiles"
scenes=("$tmp/crawl.swift")
for file in "$root"/assets/scenes/*.json; do scenes+=("$file"); done
for scene in "${scenes[@]}"; do
    name=$(basename "$scene")
    e2e_tag=$name
    size=()
    [[ $scene == *.swift ]] && size=(--size 320x240)
    # Does the scene move between 1.2 s and 2.4 s? (`render` says; a scene that is still by then has
    # nothing to show here.)
    "$bin" render --scene "$scene" "${size[@]}" --at 1.2,1.8,2.4 --out "$tmp/$name-frames" >/dev/null 2>&1
    if cmp -s "$tmp/$name-frames/00000.png" "$tmp/$name-frames/00001.png" &&
        cmp -s "$tmp/$name-frames/00001.png" "$tmp/$name-frames/00002.png"; then
        echo "SKIP [$name] still between 1.2 and 2.4 s"
        continue
    fi
    start_viewer "$tmp/$name.log" --scene "$scene" "${size[@]}" --no-hud ||
        { check 1 "the viewer opens"; continue; }
    # Up to four screenshots 0.5 s apart: a scene that rests between its animations (transition.json
    # moves one second in two) moves between one pair of them, whatever the start-up took.
    sleep 1.3
    shot "$name-0"
    moved=1
    for n in 1 2 3; do
        sleep 0.5
        shot "$name-$n"
        if ! tool same "$tmp/$name-$((n - 1)).xwd" "$tmp/$name-$n.xwd" >/dev/null; then moved=0; break; fi
    done
    check $moved "moves while it plays (two screenshots 0.5 s apart differ)"
    quit_viewer
done
e2e_tag=

# 2. A paused scrub is the rendered frame.
start_viewer "$tmp/ship.log" --scene ship --actions-out "$tmp/actions.json" || { check 1 "the ship opens"; }
e2e_wait_for 5 log_has '^layout: picture '
sleep 1
x xdotool key --window "$wid" space
e2e_wait_for 5 log_has '^key space: pause-resume -> paused'; check $? "space pauses"
layout=$(grep '^layout: picture ' "$log" | tail -1)
pattern='timeline ([0-9]+),([0-9]+) ([0-9]+)x([0-9]+)'
[[ $layout =~ $pattern ]]
read -r tx ty tw th <<<"${BASH_REMATCH[*]:1}"
# Clicks on the axis (the strip below the transport), halving the interval, until one lands between 1.6
# and 2.4 s, where the restarted ship turns (the 1.5 s restart must have run at 1.5 s, not at the time
# clicked). The axis keeps its scale after the start, whatever rows appear.
seek=
low=$((tx + tw / 5))
high=$((tx + tw - 4))
for _ in $(seq 10); do
    seeks=$(grep -c '^timeline: seek -> media ' "$log")
    layout=$(grep '^layout: picture ' "$log" | tail -1)
    [[ $layout =~ $pattern ]]
    read -r tx ty tw th <<<"${BASH_REMATCH[*]:1}"
    x xdotool mousemove --window "$wid" $(((low + high) / 2)) $((ty + 28 + 9)) click 1
    e2e_wait_for 5 bash -c "[ \$(grep -c '^timeline: seek -> media ' '$log') -gt $seeks ]" || break
    seek=$(grep '^timeline: seek -> media ' "$log" | tail -1 | sed -E 's/^timeline: seek -> media ([0-9.e+-]+) .*/\1/')
    if python3 -c "import sys; sys.exit(0 if $seek < 1.6 else 1)"; then
        low=$(((low + high) / 2))
    elif python3 -c "import sys; sys.exit(0 if $seek > 2.4 else 1)"; then
        high=$(((low + high) / 2))
    else
        break
    fi
done
python3 -c "import sys; sys.exit(0 if 1.6 <= ${seek:-0} <= 2.4 else 1)"
check $? "a click on the axis seeks (to $seek s)"
x xdotool key --window "$wid" p
e2e_wait_for 5 log_has '^key p: save-frame -> saved '; check $? "p saves the frame"
saved=$(grep '^key p: save-frame -> saved ' "$log" | tail -1 | sed -E 's/^key p: save-frame -> saved (.*) t=[0-9.]+$/\1/')
e2e_wait_for 5 test -s "$tmp/actions.json"
"$bin" render --scene ship --actions "$tmp/actions.json" --at "$seek" --out "$tmp/replayed.png" >/dev/null 2>&1
cmp -s "$saved" "$tmp/replayed.png"
check $? "the frame shown at $seek s after the paused scrub is render --actions LOG --at $seek" "$(cat "$tmp/actions.json" | tr '\n' ' ')"
"$bin" render --scene ship --at "$seek" --out "$tmp/plain.png" >/dev/null 2>&1
cmp -s "$saved" "$tmp/plain.png"
check $? "and render --at $seek without a log (the pause moved with the scrub)"
"$bin" render --scene ship --at 1.2 --out "$tmp/upright.png" >/dev/null 2>&1
! cmp -s "$saved" "$tmp/upright.png"
check $? "the ship is turned there (not upright, as between the stop at 1 s and the restart at 1.5 s)"

# 3. Every click on a paused viewer is handled at once.
toolbar=$(grep '^toolbar: ' "$log" | tail -1)
button=$(echo "$toolbar" | grep -oE '(Pause|Resume) [0-9]+,[0-9]+,[0-9]+,[0-9]+' | head -1)
read -r bx by bw bh <<<"$(echo "${button#* }" | tr ',' ' ')"
x xdotool mousemove --window "$wid" $((bx + bw / 2)) $((by + bh / 2))
late=0
for i in $(seq 30); do
    before=$(grep -c 'pause-resume ->' "$log")
    x xdotool click 1
    e2e_wait_for 2 bash -c "[ \$(grep -c 'pause-resume ->' '$log') -gt $before ]" || late=$((late + 1))
done
[ $late = 0 ]
check $? "thirty clicks with the pointer still, each handled within 2 s" "$late late"
quit_viewer

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
