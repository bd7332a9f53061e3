#!/usr/bin/env bash
# Soak test of the live viewer under an Xvfb started here: for SOAK_SECONDS (default 40) it switches
# scenes (1 2 3), starts and stops (s x), pauses (space), opens and closes the inspector (c) and
# resizes the window (xdotool windowsize, down to 1x1 and to 40 px tall with the panel open), sampling
# the viewer's RSS (VmRSS in /proc/PID/status) every second and at the end of every round of actions,
# when the window is back in the same state. After the warm-up (a quarter of the run, 10 to 60 s),
# memory must stay flat: the highest end-of-round RSS of the last three rounds may exceed the highest
# of the three rounds before the warm-up ended by at most SOAK_GROWTH_KB (default 8192, 8 MB). The
# viewer runs with glibc's mmap threshold fixed (MALLOC_MMAP_THRESHOLD_), so that freed pictures go
# back to the system at once instead of the heap's high-water mark moving by several MB at a time.
# It must still be alive at the end, quit with exit 0 on `q`, and leave no shared-memory segment of its
# own. Prints the figures; the last line is "N passed, N failed" and the exit status is 1 on failure.
#
#   LAYERSCOPE=path/to/layerscope Tests/e2e/soak.sh
#   SOAK_SECONDS=900 Tests/e2e/soak.sh     # the 15-minute run of BENCHMARKS.md
#
# Needs (Debian): xvfb xdotool x11-utils (xprop) util-linux (ipcs).
set -u
source "$(dirname "$0")/harness.bash"
e2e_require "xvfb xdotool x11-utils util-linux" Xvfb xdotool xprop ipcs
e2e_binary

seconds=${SOAK_SECONDS:-40}
growth_limit_kb=${SOAK_GROWTH_KB:-8192}
warmup=$((seconds / 4))
[ "$warmup" -lt 10 ] && warmup=10
[ "$warmup" -gt 60 ] && warmup=60
[ "$seconds" -ge $((warmup + 10)) ] || { echo "SOAK_SECONDS must be at least $((warmup + 10))"; exit 2; }


e2e_tag=soak
e2e_start_xvfb
log=$tmp/soak.log
DISPLAY=$display MALLOC_MMAP_THRESHOLD_=131072 "$bin" view --scene wipe >"$log" 2>&1 &
viewer_pid=$!
pids+=("$viewer_pid")
e2e_find_window "$viewer_pid" || e2e_wait_for 5 log_has '^toolbar: ' ||
    { echo "no viewer window; log:"; cat "$log"; exit 2; }

hints=$(x xprop -id "$wid" WM_NORMAL_HINTS)
grep -qE 'program specified minimum size: [0-9]+ by [0-9]+' <<<"$hints"
check $? "the window asks for a minimum size (WM_NORMAL_HINTS)" "$hints"

# Memory in kB once a second, "SECONDS_SINCE_START VmRSS RssAnon RssShmem" per line, until the viewer
# is gone (RssShmem is mostly the window's shared-memory buffers, reallocated on every resize).
samples=$tmp/rss
start=$SECONDS
(
    while [ -r "/proc/$viewer_pid/status" ]; do
        line=$(awk '/^(VmRSS|RssAnon|RssShmem):/ { printf " %s", $2 }' "/proc/$viewer_pid/status" 2>/dev/null)
        [ -n "$line" ] && echo "$((SECONDS - start))$line" >>"$samples"
        sleep 1
    done
) &
pids+=($!)

# Keyboard focus to the window (there is no window manager), also while it is smaller than the pointer.
x xdotool windowfocus "$wid" 2>/dev/null
actions=0
act() { # WHAT...: one user action, then a short pause
    case "$1" in
        key) x xdotool key "$2" ;;
        size) x xdotool windowsize "$wid" "$2" "$3" ;;
    esac
    actions=$((actions + 1))
    sleep 0.15
}
rounds=$tmp/rounds
vm_rss() { awk '/^VmRSS:/ { print $2 }' "/proc/$viewer_pid/status" 2>/dev/null; }
# One round of what a restless user does; the last steps put the window back as it started, and its
# RSS then is noted ("SECONDS_SINCE_START KB").
round() {
    act key 2; act key s; act key space; act key space
    act key c; act size 300 40; act size 1 1; act key 3; act size 40 300; act key x; act key s
    act size 1000 1; act key 1; act size 640 360; act key space; act key c; act key space
    act size 1280 720; act key 3; act key 1
    sleep 0.3
    echo "$((SECONDS - start)) $(vm_rss)" >>"$rounds"
}
while [ $((SECONDS - start)) -lt "$seconds" ] && kill -0 "$viewer_pid" 2>/dev/null; do round; done

kill -0 "$viewer_pid" 2>/dev/null
check $? "the viewer is still running after ${seconds} s and $actions actions" "$(tail -5 "$log")"
switches=$(grep -c -- '-> showing ' "$log")
tiny=$(grep -cE '^resized (1x1|300x40|1000x1|40x300)$' "$log")
[ "$switches" -gt 0 ] && [ "$tiny" -gt 0 ] && log_has '-> inspector on '
check $? "it switched scenes ($switches times) and drew tiny windows ($tiny resizes) with the inspector"

x xdotool windowfocus "$wid" 2>/dev/null
x xdotool key q
e2e_wait_exit "$viewer_pid"
[ "$exit_code" = 0 ] && log_has '^key q: quit -> closing ' && log_has '^viewer: closed$'
check $? "'q' quits with exit 0" "exit $exit_code, $(tail -3 "$log" | tr '\n' '|')"
e2e_wait_for 10 no_segments_of "$viewer_pid"
check $? "no shared-memory segment of the viewer is left" "$(segments_of "$viewer_pid")"
grep -qE 'Fatal error|crashed' "$log"
[ $? = 1 ]
check $? "no crash in the log"

# Highest of the three end-of-round samples ending with the first round over the warm-up, and of the
# last three.
baseline=$(awk -v w="$warmup" '{ t[NR] = $1; r[NR] = $2 } END {
    for (i = 1; i <= NR && t[i] < w; i++) {}
    for (j = i - 2; j <= i && j <= NR; j++) if (j >= 1 && r[j] > m) m = r[j]
    print m + 0 }' "$rounds")
final=$(tail -3 "$rounds" | awk '$2 > m { m = $2 } END { print m + 0 }')
highest=$(awk '$2 > m { m = $2 } END { print m + 0 }' "$samples")
growth=$((final - baseline))
echo "soak: ${seconds} s, $actions actions ($switches scene switches), warm-up ${warmup} s;" \
    "RSS at warm-up $((baseline / 1024)) MB, max $((highest / 1024)) MB, end $((final / 1024)) MB," \
    "growth $((growth / 1024)) MB ($growth kB, limit $growth_limit_kb kB; $(wc -l <"$rounds") rounds)"
[ "$baseline" -gt 0 ] && [ "$growth" -le "$growth_limit_kb" ]
check $? "memory is flat after the warm-up (growth ≤ $growth_limit_kb kB)" "grew $growth kB"

kill -TERM "$xvfb_pid"; wait "$xvfb_pid" 2>/dev/null
echo "$pass passed, $fail failed"
[ $fail = 0 ]
