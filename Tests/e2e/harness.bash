# Shared start of the end-to-end scripts (sourced, not run): the binary under test, a temporary folder,
# and cleanup of every process the script started, by PID only.
#
#   e2e_require "apt-get packages" TOOL...   exits 2 naming the packages when a tool is missing
#   e2e_binary                               sets $bin: $LAYERSCOPE, or a fresh release build
#   $tmp, pids+=(PID)                        removed / ended on exit (KEEP_TMP=1 keeps $tmp)
#   e2e_wait_for SECONDS COMMAND...          polls every 50 ms until COMMAND succeeds
#   e2e_start_xvfb [ARGS]                    an Xvfb of its own on a free display: sets $display, $xvfb_pid
#                                            ($e2e_xvfb_launcher, e.g. "unshare --ipc", runs it)
#   check STATUS NAME [DETAIL]               counts a check in $pass / $fail and prints PASS or FAIL NAME,
#                                            tagged [$e2e_tag] when that is set
#   x COMMAND...                             COMMAND on the script's X display ($display)
#   log_has REGEX                            the viewer's log ($log) has a line matching REGEX
#   has_exited PID                           the process has ended
#   segments_of PID, no_segments_of PID      SysV shared-memory segments the process created
#   e2e_find_window PID                      sets $wid to the viewer's window once it is mapped and its
#                                            log ($log) says so; fails after 10 s
here=$(cd "$(dirname "${BASH_SOURCE[1]}")" && pwd)
root=$(cd "$here/../.." && pwd)
export SWIFT_BACKTRACE=enable=no

e2e_require() {
    local packages=$1 tool
    shift
    for tool in "$@"; do
        command -v "$tool" >/dev/null || { echo "missing $tool (apt-get install $packages)"; exit 2; }
    done
}

e2e_binary() {
    bin=${LAYERSCOPE:-}
    if [ -z "$bin" ]; then
        (cd "$root" && swift build -c release --product layerscope >&2) || { echo "release build failed"; exit 2; }
        bin=$(cd "$root" && swift build -c release --show-bin-path)/layerscope
    fi
    [ -x "$bin" ] || { echo "no layerscope binary at $bin"; exit 2; }
}

tmp=$(mktemp -d)
pids=()
e2e_cleanup() {
    local pid alive
    for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null; done
    for _ in $(seq 50); do
        alive=0
        for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && alive=1; done
        [ $alive = 0 ] && break
        sleep 0.05
    done
    for pid in "${pids[@]}"; do kill -KILL "$pid" 2>/dev/null; done
    if [ -n "${KEEP_TMP:-}" ]; then echo "kept $tmp"; else rm -rf "$tmp"; fi
}
trap e2e_cleanup EXIT

pass=0
fail=0
e2e_tag=
check() {
    local tag=${e2e_tag:+[$e2e_tag] }
    if [ "$1" = 0 ]; then
        pass=$((pass + 1)); echo "PASS $tag$2"
    else
        fail=$((fail + 1)); echo "FAIL $tag$2${3:+: $3}"
    fi
}
x() { DISPLAY=$display "$@"; }
# shot NAME: a screenshot of the window $wid, as $tmp/NAME.xwd.
shot() { x xwd -id "$wid" -silent -out "$tmp/$1.xwd"; }
# stable_shot NAME [X Y W H]: a screenshot once two in a row (100 ms apart) are equal (over that
# rectangle when given).
stable_shot() {
    shot "$1"
    for _ in $(seq 40); do
        sleep 0.1
        shot "$1.next"
        python3 "$here/xwdtool.py" same "$tmp/$1.xwd" "$tmp/$1.next.xwd" "${@:2}" >/dev/null && return 0
        mv "$tmp/$1.next.xwd" "$tmp/$1.xwd"
    done
    return 1
}
log_has() { grep -qE -- "$1" "$log"; }
has_exited() { ! kill -0 "$1" 2>/dev/null; }
segments_of() { ipcs -m -p | awk -v pid="$1" '$3 == pid' | wc -l; }
no_segments_of() { [ "$(segments_of "$1")" = 0 ]; }

e2e_find_window() {
    wid=""
    for _ in $(seq 200); do
        wid=$(x xdotool search --pid "$1" 2>/dev/null | head -1)
        [ -n "$wid" ] && log_has '^viewer: window' && break
        sleep 0.05
    done
    [ -n "$wid" ] && e2e_wait_for 5 bash -c "DISPLAY=$display xwininfo -id $wid 2>/dev/null | grep -q IsViewable"
}

e2e_wait_for() {
    local limit=$(($1 * 20))
    shift
    for _ in $(seq "$limit"); do "$@" && return 0; sleep 0.05; done
    return 1
}

# -displayfd picks a free display; -noreset: without it the server resets whenever its last client
# leaves, and a viewer connecting during that reset is refused. No command substitution, so that pids
# stays in the calling shell.
e2e_start_xvfb() {
    local file=$tmp/display.$RANDOM
    : >"$file"
    # shellcheck disable=SC2086
    ${e2e_xvfb_launcher:-} Xvfb -displayfd 3 -screen 0 1280x1024x24 -nolisten tcp -noreset "$@" 3>"$file" \
        2>>"$tmp/xvfb.log" &
    xvfb_pid=$!
    pids+=("$xvfb_pid")
    e2e_wait_for 10 test -s "$file" || { echo "Xvfb did not start"; exit 2; }
    display=:$(head -1 "$file")
    e2e_wait_for 10 env DISPLAY="$display" xdotool getdisplaygeometry >/dev/null 2>&1 ||
        { echo "Xvfb does not answer"; exit 2; }
}
