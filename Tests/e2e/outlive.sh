#!/usr/bin/env bash
# End-to-end: the viewer outlives the user's code, under an Xvfb started here. A Swift scene whose
# display-link callback traps three seconds into playback (later than the trial copies look): the viewer
# comes back at once, paused just before the trap, with the runtime's message and the user's file and
# line in its banner, its picture the scene's frame there; `q` then quits it cleanly (exit 0), and no
# process of it is left.
# The last line is "N passed, N failed"; the exit status is 1 on failure.
#
#   Tests/e2e/outlive.sh                          # builds the release binary first
#   LAYERSCOPE=path/to/layerscope Tests/e2e/outlive.sh
set -u
source "$(dirname "$0")/harness.bash"
e2e_require "xvfb xdotool x11-apps python3" Xvfb xdotool xwd python3
e2e_binary
tool() { python3 "$here/xwdtool.py" "$@"; }

# The scene is shaped like truth.sh's Crawl on purpose: each suite's scene is a whole file as a user writes one.
cat >"$tmp/late.swift" <<'SWIFT'
import LayerKit
import Scenes

/// A square moved by a display link, whose code reads past an array's end three seconds in.
final class Late: SceneScript {
    let square = CALayer()
    var ticks = 0
    required init() {}
    func setUp(root: CALayer) {
        root.backgroundColor = UIColor.black.cgColor
        square.frame = CGRect(x: 0, y: 40, width: 20, height: 20)
        square.backgroundColor = UIColor.white.cgColor
        root.addSublayer(square)
        let link = CADisplayLink { [self] _ in
            ticks += 1
            let steps: [CGFloat] = [1, 2]
            CATransaction.setDisableActions(true)
            square.position.x = CGFloat(ticks % 200) + steps[ticks >= 180 ? 5 : 0]
        }
        link.add(to: .main, forMode: .common)
    }
}
SWIFT
"$bin" render --scene "$tmp/late.swift" --size 320x240 --at 0 --out "$tmp/compile.png" >/dev/null 2>&1
check $? "the scene compiles"

e2e_start_xvfb
log=$tmp/viewer.log
DISPLAY=$display "$bin" view --scene "$tmp/late.swift" --size 320x240 >"$log" 2>&1 &
viewer_pid=$!
pids+=("$viewer_pid")
e2e_find_window "$viewer_pid"; check $? "the viewer opens"
e2e_wait_for 15 log_has '^viewer: .*late.swift:18: the scene.s code trapped while playing late at [0-9.]+ s: Fatal error: Index out of range; the viewer comes back paused at t=[0-9.]+$'
check $? "the trap 3 s in is reported with the user's line, and the viewer comes back" "$(grep '^viewer: ' "$log" | tail -1)"
time=$(grep 'comes back paused at t=' "$log" | tail -1 | sed -E 's/.*at t=([0-9.]+)$/\1/')
python3 -c "import sys; sys.exit(0 if 2.9 <= ${time:-0} <= 3.0 else 1)"
check $? "at the last frame it showed, just before the trap (t=$time)"
e2e_wait_for 10 bash -c "[ \$(grep -c '^viewer: window ' '$log') -ge 2 ]"
check $? "a window is shown again"
e2e_find_window "$viewer_pid"
e2e_wait_for 5 log_has '^layout: picture '
sleep 0.5
shot back
banner=$(tool pixel "$tmp/back.xwd" 3 3)
python3 -c "import sys; v=int('$banner' or '0',16); sys.exit(0 if (v>>16) > 120 and ((v>>8)&255) < 60 else 1)"
check $? "its banner shows the message" "pixel $banner"
x xdotool key --window "$wid" q
e2e_wait_for 10 has_exited "$viewer_pid"; check $? "q quits"
wait "$viewer_pid"; status=$?
[ $status = 0 ]; check $? "with exit status 0" "$status"
! pgrep -f "layerscope view --scene $tmp/late.swift" >/dev/null; check $? "and no process of it is left"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
