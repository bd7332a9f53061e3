#!/usr/bin/env bash
# Viewer benchmark under its own Xvfb (1920x1080x24): `view --frames 600 --stats` for each built-in
# scene in five configurations (below), then the CPU used while paused (10 s, from /proc).
#
#   Tests/e2e/viewer-bench.sh                 # builds the release binary first
#   LAYERSCOPE=path/to/layerscope FRAMES=600 PAUSED_SECONDS=10 Tests/e2e/viewer-bench.sh
#
# Needs (Debian): xvfb xdotool.
set -u
source "$(dirname "$0")/harness.bash"
e2e_require "xvfb xdotool" Xvfb xdotool
e2e_binary
frames=${FRAMES:-600}
paused_seconds=${PAUSED_SECONDS:-10}

Xvfb -displayfd 3 -screen 0 1920x1080x24 -nolisten tcp -noreset 3>"$tmp/display" 2>/dev/null &
xvfb=$!
pids+=("$xvfb")
for _ in $(seq 200); do [ -s "$tmp/display" ] && break; sleep 0.05; done
export DISPLAY=:$(head -1 "$tmp/display")
for _ in $(seq 200); do xdotool getdisplaygeometry >/dev/null 2>&1 && break; sleep 0.05; done

# cpu_ticks PID: user + system clock ticks used so far.
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
hz=$(getconf CLK_TCK)

echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) before the run"
# Configurations: MIT-SHM with the HUD (every frame fully redrawn: scene, toolbar, HUD), MIT-SHM with
# --no-hud (the Compositor redraws only damaged pixels), XPutImage with the HUD, and MIT-SHM with the
# HUD and the inspector (the timeline's rows, the time chain) opened by its key `c` as soon as the window
# shows: shm-inspector with the 1920x1080 scene in the screen-sized window (the picture scaled down to
# leave room for the HUD strip, timeline, toolbar and side column), shm-inspector-720 with a 1280x720
# scene, which the window grows to show at its own size beside the inspector; shm-all-panels the same
# 1280x720 scene with every panel open (`c`, then the easing editor `e`). CONFIGS picks some of them.
configs=${CONFIGS:-shm-hud shm-damage xputimage-hud shm-inspector shm-inspector-720 shm-all-panels}
for scene in wipe ship reveal; do
    for config in $configs; do
        size=1920x1080
        case $config in
            shm-hud | shm-inspector) flags="" ;;
            shm-inspector-720 | shm-all-panels) flags="" size=1280x720 ;;
            shm-damage) flags="--no-hud" ;;
            xputimage-hud) flags="--no-shm" ;;
        esac
        xvfb_before=$(cpu_ticks "$xvfb")
        # shellcheck disable=SC2086
        "$bin" view --scene $scene --size $size $flags --frames "$frames" --stats >"$tmp/run.log" 2>&1 &
        viewer=$!
        pids+=("$viewer")
        if [ "${config#shm-inspector}" != "$config" ] || [ "$config" = shm-all-panels ]; then
            for _ in $(seq 200); do grep -q '^viewer: window' "$tmp/run.log" && break; sleep 0.05; done
            wid=$(xdotool search --pid "$viewer" 2>/dev/null | head -1)
            keys=c
            [ "$config" = shm-all-panels ] && keys="c e"
            # shellcheck disable=SC2086
            [ -n "$wid" ] && xdotool mousemove --window "$wid" 20 10 key $keys
        fi
        wait "$viewer"
        line=$(grep '^stats ' "$tmp/run.log")
        if [ "${config#shm-inspector}" != "$config" ] && ! grep -q 'inspector on' "$tmp/run.log"; then
            line="$line (the panel did not open)"
        fi
        if [ "$config" = shm-all-panels ] && ! grep -q '^layout: easing editor [0-9,]* shown' "$tmp/run.log"; then
            line="$line (the easing editor was not shown)"
        fi
        xvfb_after=$(cpu_ticks "$xvfb")
        seconds=$(echo "$line" | sed -E 's/.* fps=([0-9.]+).*/\1/' | awk -v n="$frames" '{ print ($1 > 0 ? n / $1 : 1) }')
        xvfb_cpu=$(awk -v t=$((xvfb_after - xvfb_before)) -v hz="$hz" -v s="$seconds" 'BEGIN { printf "%.1f", 100 * t / hz / s }')
        picture=$(grep '^layout: picture ' "$tmp/run.log" | tail -1 | sed -E 's/^layout: picture [0-9]+,[0-9]+ ([0-9]+x[0-9]+) scale ([0-9.]+) .*/picture=\1 scale=\2/')
        echo "$scene $config ${line#stats } xvfb_cpu_percent=$xvfb_cpu $picture"
    done
done

"$bin" view --scene wipe --size 1920x1080 --paused --seek 1 >"$tmp/paused.log" 2>&1 &
viewer=$!
pids+=("$viewer")
for _ in $(seq 200); do grep -q '^viewer: window' "$tmp/paused.log" && break; sleep 0.05; done
sleep 1
before=$(cpu_ticks "$viewer")
sleep "$paused_seconds"
after=$(cpu_ticks "$viewer")
awk -v t=$((after - before)) -v hz="$hz" -v s="$paused_seconds" \
    'BEGIN { printf "paused wipe 1920x1080 with HUD: cpu_percent=%.2f over %d s (%d ticks)\n", 100 * t / hz / s, s, t }'
kill -TERM "$viewer"
wait "$viewer" 2>/dev/null
