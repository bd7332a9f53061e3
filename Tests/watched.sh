#!/usr/bin/env bash
# The user's code is watched, not trusted: Swift scenes that trap, call exit, never return, overflow the
# stack, touch layers from another thread or take a compiler down with them, through the real binary.
# Each ends with one line naming the user's file (and line, for a trap), exit status 1, and nothing left
# running or on disk; a deep tree renders; a long wait says what it waits for.
# Usage: Tests/watched.sh [PATH_TO_LAYERSCOPE]   (default: $LAYERSCOPE, else the release build's binary)
# The last line is "N passed, N failed"; the exit status is 0 when nothing failed.
set -u
cd "$(dirname "$0")/.."
. Tests/checks.bash
find_binary "${1:-}"
scratch_folder

# scene NAME BODY: a Swift scene whose setUp runs BODY (with `root`, and a layer `box` already in it).
scene() {
    cat >"$tmp/$1.swift" <<SWIFT
import Foundation
import LayerKit
import Scenes

final class Scene$1: SceneScript {
    required init() {}
    func setUp(root: CALayer) {
        let box = CALayer()
        box.frame = CGRect(x: 4, y: 4, width: 16, height: 16)
        root.addSublayer(box)
        $2
    }
}
SWIFT
}
# run NAME ARGS...: render the scene NAME at 0.5 s; sets $out (stderr, notes dropped) and $status.
run() {
    local name=$1
    shift
    out=$("$bin" render --scene "$tmp/$name.swift" --size 64x48 --at 0.5 --out "$tmp/$name.png" "$@" 2>&1 >/dev/null)
    status=$?
    out=$(printf '%s\n' "$out" | grep -v '^note: ')
}
# One line of outcome (progress lines, "layerscope: still …", come on a loaded machine and are not counted).
one_line() { [ "$(printf '%s\n' "$out" | grep -v '^layerscope: still ' | grep -c .)" = 1 ]; }

scene Trap 'let values = [1, 2]; box.opacity = Float(values[values.count + 3])'
run Trap
[ $status = 1 ] && one_line && [[ $out == "Error: $tmp/Trap.swift:11: the scene's code trapped while in setUp of Trap.swift: Fatal error: Index out of range" ]]
check $? "a trap in setUp: exit 1, one line with the user's file and line and the runtime's message" "$status: $out"

scene Leave 'exit(0)'
run Leave
[ $status = 1 ] && one_line && [[ $out == *"Leave.swift: the scene's code called exit(0) while in setUp of Leave.swift"* ]]
check $? "exit(0) in setUp is reported, not taken for success" "$status: $out"
[ ! -e "$tmp/Leave.png" ]; check $? "and no frame is written"

scene Spin 'while box.opacity > 0 { box.opacity += 1 }'
# The limit counts the compile too: 12 s leave setUp its 5 s even when compiling is slow.
run Spin --timeout 12
[ $status = 1 ] && [[ $out == *"layerscope: still in setUp of Spin.swift (5 s)"* ]] &&
    [[ $out == *"Spin.swift: stopped after 12 s (--timeout) while in setUp of Spin.swift"* ]]
check $? "a setUp that never returns: what it waits for after 5 s, and --timeout ends it" "$status: $out"

scene Threads 'let done = DispatchSemaphore(value: 0); nonisolated(unsafe) let target = box; Thread { target.opacity = 0.5; done.signal() }.start(); done.wait()'
run Threads
[ $status = 1 ] && one_line && [[ $out == *"Threads.swift:11: the scene's code trapped while in setUp of Threads.swift: Fatal error: a layer of one LayerEngine was changed or stepped from another thread"* ]]
check $? "a layer touched from another thread is named with the file and line" "$status: $out"

scene Deep 'var parent = box; for _ in 0..<5000 { let child = CALayer(); child.frame = CGRect(x: 0, y: 0, width: 8, height: 8); child.backgroundColor = UIColor.red.cgColor; parent.addSublayer(child); parent = child }'
run Deep
[ $status = 0 ] && [ -s "$tmp/Deep.png" ]
check $? "a tree of layers 5,000 deep renders" "$status: $out"

scene Deeper 'var parent = box; for _ in 0..<300000 { let child = CALayer(); parent.addSublayer(child); parent = child }'
run Deeper --timeout 60
[ $status = 1 ] && one_line && [[ $out == *"the stack overflowed while"*"(layers nested too deeply, or endless recursion)"* ]]
check $? "300,000 deep overflows the stack with one line saying so" "$status: $out"

# A compile stopped by Ctrl-C leaves no compiler running and no build folder behind.
{
    echo 'import LayerKit'
    echo 'import Scenes'
    echo 'final class Bomb: SceneScript {'
    echo '    required init() {}'
    echo '    func setUp(root: CALayer) {'
    printf '        let x = 1'
    for i in $(seq 40); do printf ' + 1.0 * %d - [1, 2.0][0]' "$i"; done
    echo
    echo '        root.opacity = Float(x)'
    echo '    }'
    echo '}'
} >"$tmp/Bomb.swift"
# In a process group of its own with SIGINT not ignored (job control on), as a terminal's foreground job
# that Ctrl-C interrupts (a script's background jobs ignore SIGINT).
set -m
"$bin" render --scene "$tmp/Bomb.swift" --size 64x48 --at 0 --out "$tmp/bomb.png" >"$tmp/bomb.log" 2>&1 &
bomb=$!
set +m
for _ in $(seq 200); do pgrep -f "swift-frontend.*$tmp/cache" >/dev/null && break; sleep 0.05; done
pgrep -f "swift-frontend.*$tmp/cache" >/dev/null; check $? "the compile of a type-checking bomb runs"
kill -INT -- -"$bomb" 2>/dev/null
for _ in $(seq 100); do pgrep -f "swift-frontend.*$tmp/cache|swiftc.*$tmp/cache" >/dev/null || break; sleep 0.1; done
! pgrep -f "swift-frontend.*$tmp/cache|swiftc.*$tmp/cache" >/dev/null; check $? "Ctrl-C ends the compiler with it"
wait "$bomb" 2>/dev/null
[ -z "$(find "$tmp/cache" -maxdepth 3 -name 'build-*' 2>/dev/null)" ] ||
    { "$bin" render --scene "$tmp/Trap.swift" --size 64x48 --at 0 --out "$tmp/t2.png" >/dev/null 2>&1
      [ -z "$(find "$tmp/cache" -maxdepth 3 -name 'build-*')" ]; }
check $? "and its build folder is gone (by the next compile at the latest)" "$(find "$tmp/cache" -maxdepth 3 -name 'build-*')"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
