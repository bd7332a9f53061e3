# Shared start of the end-to-end scripts (sourced, not run): the binary under test, a temporary folder,
# and cleanup of every process the script started, by PID only.
#
#   e2e_require "apt-get packages" TOOL...   exits 2 naming the packages when a tool is missing
#   e2e_binary                               sets $bin: $LAYERSCOPE, or a fresh release build
#   $tmp, pids+=(PID)                        removed / ended on exit (KEEP_TMP=1 keeps $tmp); $tmp/cache
#                                            is the script's cache (XDG_CACHE_HOME: Swift scene compiles)
#   e2e_wait_for SECONDS COMMAND...          polls every 50 ms until COMMAND succeeds
#   e2e_start_xvfb [ARGS]                    an Xvfb of its own on a free display: sets $display, $xvfb_pid
#                                            ($e2e_xvfb_launcher, e.g. "unshare --ipc", runs it)
#   check STATUS NAME [DETAIL]               counts a check in $pass / $fail and prints PASS or FAIL NAME,
#                                            tagged [$e2e_tag] when that is set
#   x COMMAND...                             COMMAND on the script's X display ($display)
#   log_has REGEX                            the viewer's log ($log) has a line matching REGEX
#   has_exited PID                           the process has ended
#   e2e_check_drag_seeks WHAT X0 X1 X2 X3 X4 Y  drags in $wid from X0 through X1..X4 along Y: checks that the
#                                            drag scrubs WHAT (media or scene time) forward and ends in a
#                                            seek; sets $seek to the time it seeks to
#   e2e_wait_exit PID [SECONDS]              waits (10 s unless told) for a child to end; sets $exit_code to
#                                            its status, or "timeout"
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
export XDG_CACHE_HOME=$tmp/cache
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
e2e_check_drag_seeks() {
    local what=$1 y=$7 column scrubs first
    x xdotool mousemove --window "$wid" "$2" "$y" mousedown 1
    for column in "$3" "$4" "$5" "$6"; do
        x xdotool mousemove --window "$wid" "$column" "$y"
        sleep 0.05
    done
    x xdotool mouseup 1
    e2e_wait_for 5 log_has '^timeline: seek -> media '; check $? "the drag ends with a seek in the log"
    scrubs=$(grep -c '^timeline: scrub -> ' "$log")
    [ "$scrubs" -ge 2 ]; check $? "the drag scrubs through $what" "$scrubs scrub lines"
    seek=$(grep '^timeline: seek -> media ' "$log" | tail -1 | sed -E 's/^timeline: seek -> media ([0-9.e+-]+) t=.*/\1/')
    first=$(grep '^timeline: scrub -> media ' "$log" | head -1 | sed -E 's/.* t=([0-9.]+)$/\1/')
    python3 -c "import sys; sys.exit(0 if float('$seek') > float('$first') + 0.5 else 1)"
    check $? "$what moved forward with the drag" "from $first to $seek"
}
e2e_wait_exit() {
    if e2e_wait_for "${2:-10}" has_exited "$1"; then
        wait "$1" 2>/dev/null
        exit_code=$?
    else
        exit_code=timeout
    fi
}
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
