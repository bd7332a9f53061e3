#!/usr/bin/env bash
# End-to-end tests of Swift scenes in the viewer, under an Xvfb started here, with input through
# xdotool and xwd screenshots: a saved edit recompiles and reloads the scene at the same media time
# and still paused, with the reload's time in the log; a save that does not compile shows the
# compiler's error in the banner and keeps the last good scene; a scene whose action or whose reloaded
# setUp traps is reported and the viewer goes on (also through a step back, which makes the scene
# again); a scene that traps as it is made is refused at start
# (exit 1). The compiles share one cache folder in the temporary directory.
# Usage: Tests/e2e/swift-scenes.sh   (LAYERSCOPE=path/to/layerscope to test a given binary)
# The last line is "N passed, N failed"; the exit status is 0 when nothing failed.
set -u
source "$(dirname "$0")/harness.bash"
e2e_require "xvfb xdotool x11-apps python3" Xvfb xdotool xwd python3
e2e_binary
tool() { python3 "$here/xwdtool.py" "$@"; }
# banner NAME: after a moment, a screenshot NAME; $banner is its top-left pixel, and the status says
# whether that is the error banner's red.
banner() {
  sleep 0.3
  shot "$1"
  banner=$(tool pixel "$tmp/$1.xwd" 3 3)
  python3 -c "import sys; v=int('$banner' or '0',16); sys.exit(0 if (v>>16) > 120 and ((v>>8)&255) < 60 else 1)"
}

# write_scene RED GREEN BLUE [SETUP_EXTRA]: a white scene with a box fading in over 2 s, written to a
# temporary name and renamed into place (as editors save).
write_scene() {
  cat > "$tmp/new.swift" <<SWIFT
import LayerKit
import Scenes

final class Pulse: SceneScript {
    let box = CALayer()
    required init() {}

    func setUp(root: CALayer) {
        root.backgroundColor = UIColor.white.cgColor
        box.name = "box"
        box.frame = CGRect(x: 160, y: 40, width: 150, height: 150)
        box.backgroundColor = UIColor(red: $1, green: $2, blue: $3, alpha: 1).cgColor
        root.addSublayer(box)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 2
        box.add(fade, forKey: "fade")
        ${4:-}
    }

    var actions: [String] { ["start", "stop", "crash"] }

    func perform(_ action: String) {
        if action == "crash" {
            let empty: [Int] = []
            print(empty[3])
        }
    }
}
SWIFT
  mv "$tmp/new.swift" "$tmp/$5"
}
# The picture's place and scale from the viewer's last layout line (it moves down and shrinks for the
# error banner); picture_equals SHOT PNG: that region of SHOT is the PNG scaled as shown (exact at
# scale 1, else against cairo's bilinear scaling; see timeline_tool.py).
picture_place() {
  read -r px py pw ph scale <<<"$(grep '^layout: picture ' "$log" | tail -1 |
    sed -E 's/^layout: picture ([0-9]+),([0-9]+) ([0-9]+)x([0-9]+) scale ([0-9.]+) .*/\1 \2 \3 \4 \5/')"
  box="$px $py $pw $ph"
}
picture_equals() {
  picture_place
  /usr/bin/python3 "$here/timeline_tool.py" picture "$1" "$2" $box "$scale" >/dev/null ||
    /usr/bin/python3 "$here/timeline_tool.py" picture "$1" "$2" $box "$scale"
}

e2e_start_xvfb
write_scene 0.1 0.3 0.9 "" scene.swift
log=$tmp/viewer.log
DISPLAY=$display "$bin" view --scene "$tmp/scene.swift" --size 320x240 --paused --seek 0.5 >"$log" 2>&1 &
viewer_pid=$!
pids+=("$viewer_pid")
e2e_find_window "$viewer_pid" || { echo "no viewer window; log:"; cat "$log"; echo "$pass passed, $((fail + 1)) failed"; exit 1; }
e2e_wait_for 5 log_has '^scene file: watching '; check $? "the Swift scene file is watched"
x xdotool mousemove --window "$wid" 250 100  # keys go to the window under the pointer
"$bin" render --scene "$tmp/scene.swift" --size 320x240 --at 0.5 --out "$tmp/first.png" >/dev/null 2>&1
shot first
problem=$(picture_equals "$tmp/first.xwd" "$tmp/first.png"); check $? "the viewer shows the frame render draws at 0.5 s" "$problem"

# 1. An edit reloads the scene: the new colour, the same media time, still paused.
write_scene 0.9 0.2 0.1 "" scene.swift
# The compile runs off the viewer's thread: a key pressed while it runs is handled before the reload.
e2e_wait_for 10 log_has '^scene file: compiling scene.swift$'; check $? "a save says it compiles"
x xdotool key --window "$wid" h
e2e_wait_for 20 log_has '^scene file: reloaded in [0-9]+ ms t=0\.500$'
hud_line=$(grep -n '^key h: ' "$log" | tail -1 | cut -d: -f1)
reload_line=$(grep -n '^scene file: reloaded' "$log" | tail -1 | cut -d: -f1)
[ -n "$hud_line" ] && [ -n "$reload_line" ] && [ "$hud_line" -lt "$reload_line" ]
check $? "the viewer answers a key while the scene compiles" "key h at line ${hud_line:-none}, reloaded at line ${reload_line:-none}"
x xdotool key --window "$wid" h
check $? "a save recompiles and reloads the scene at t=0.500, with the time it took" "$(grep '^scene file' "$log" | tail -1)"
"$bin" render --scene "$tmp/scene.swift" --size 320x240 --at 0.5 --out "$tmp/edited.png" >/dev/null 2>&1
sleep 0.3
shot edited
problem=$(picture_equals "$tmp/edited.xwd" "$tmp/edited.png"); check $? "the window shows the edited scene at 0.5 s" "$problem"
sleep 0.5
shot still
picture_place; problem=$(tool same "$tmp/edited.xwd" "$tmp/still.xwd" $box); check $? "it stays paused after the reload" "$problem"

# 2. A save that does not compile: the compiler's error in the log and the banner; the scene stays.
sed 's/root.addSublayer(box)/root.addSublayer(bx)/' "$tmp/scene.swift" > "$tmp/new.swift" && mv "$tmp/new.swift" "$tmp/scene.swift"
e2e_wait_for 20 log_has '^scene file: error \(keeping the last good scene\): .*scene\.swift:13:26: error: cannot find .bx. in scope$'
check $? "a broken save logs the compiler's FILE.swift:LINE:COL: error" "$(grep '^scene file' "$log" | tail -1)"
banner broken; check $? "the error banner is shown" "pixel $banner"
problem=$(picture_equals "$tmp/broken.xwd" "$tmp/edited.png"); check $? "the last good scene stays" "$problem"

# 3. A save whose setUp traps is tried in a copy of the viewer first: reported, the scene stays.
write_scene 0.2 0.9 0.2 'let none: Int? = nil; print(none!)' scene.swift
e2e_wait_for 20 log_has '^scene file: error \(keeping the last good scene\): .*scene.swift:[0-9]+: the reloaded scene trapped: Fatal error: Unexpectedly found nil'
check $? "a save whose setUp traps is reported" "$(grep '^scene file' "$log" | tail -1)"
log_has 'Fatal error: Unexpectedly found nil while unwrapping an Optional value'; check $? "the report quotes the runtime's message"
sleep 0.3
shot trapped
problem=$(picture_equals "$tmp/trapped.xwd" "$tmp/edited.png"); check $? "after the trap the last good scene stays" "$problem"
has_exited "$viewer_pid"; [ $? != 0 ]; check $? "the viewer is still running"
# A step back makes the scene again from the file as it is now (which traps): tried first, not run.
x xdotool key comma
e2e_wait_for 5 log_has '^key comma: step-backward -> stepped'; check $? "a step back is taken"
sleep 0.5
has_exited "$viewer_pid"; [ $? != 0 ]; check $? "a step back with the trapping file leaves the viewer running"

# 4. A good save again; then the scene's own action that traps is refused, and the viewer goes on.
write_scene 0.9 0.2 0.1 "" scene.swift
e2e_wait_for 20 bash -c "[ \$(grep -c '^scene file: reloaded' '$log') -ge 2 ]"; check $? "a good save after the errors reloads"
layout=$(grep '^toolbar: ' "$log" | tail -1)
read -r bx by bw bh <<<"$(echo "$layout" | sed -E 's/.*crash ([0-9]+),([0-9]+),([0-9]+),([0-9]+).*/\1 \2 \3 \4/')"
[ -n "$bx" ] && [ "$bx" != "$layout" ]; check $? "the scene's own action 'crash' is a toolbar button" "$layout"
x xdotool mousemove --window "$wid" $((bx + bw / 2)) $((by + bh / 2)) click 1
e2e_wait_for 10 log_has "^button crash: action-crash -> refused: .*scene.swift:[0-9]+: the action crash trapped: Fatal error: Index out of range"
check $? "a trapping action is refused with the runtime's message" "$(grep '^button' "$log" | tail -1)"
banner refused; check $? "the refusal is shown in the banner" "pixel $banner"
x xdotool key s
e2e_wait_for 5 log_has '^key s: start -> done'; check $? "the viewer still answers keys after the trap"
banner answered; red=$?
[ -n "$banner" ] && [ $red != 0 ]; check $? "an action that succeeds takes the refusal's banner away" "pixel $banner"
x xdotool key q
e2e_wait_for 10 has_exited "$viewer_pid"; check $? "the viewer quits"
wait "$viewer_pid"; r=$?
[ $r = 0 ]; check $? "with exit status 0" "exit $r"

# 5. A scene that traps as it is made is refused at start, with the runtime's message.
write_scene 0.5 0.5 0.5 'fatalError("no tree today")' doomed.swift
DISPLAY=$display "$bin" view --scene "$tmp/doomed.swift" --size 320x240 >"$tmp/doomed.log" 2>&1 &
doomed_pid=$!
pids+=("$doomed_pid")
e2e_wait_for 30 has_exited "$doomed_pid"
wait "$doomed_pid"; r=$?
[ $r = 1 ] && grep -qE '^layerscope: .*doomed.swift:[0-9]+: setUp and the first seconds of playing trapped: Fatal error: no tree today' "$tmp/doomed.log"
check $? "a scene that traps in setUp exits 1 with the message" "exit $r: $(tr '\n' '|' <"$tmp/doomed.log")"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
