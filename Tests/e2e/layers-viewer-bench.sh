#!/usr/bin/env bash
# Many-layer viewer benchmark under its own Xvfb (1920x1080x24): `view --frames N --stats` on the
# repeating scenes of Benchmarks/layers_bench.py (COUNT animated 40x40 layers, each moving by
# `position.x` for as long as it runs), with the HUD (every frame redrawn whole) and with --no-hud
# (the Compositor redraws only the damage), and the load average before and after each run.
#
#   Tests/e2e/layers-viewer-bench.sh                 # builds the release binary first
#   LAYERSCOPE=path/to/layerscope FRAMES=600 COUNTS=1000 KINDS=squares,discs Tests/e2e/layers-viewer-bench.sh
#
# Needs (Debian): xvfb xdotool.
# The preamble is alike viewer-bench.sh's on purpose: harness.bash holds what they share; these lines are the
# needs and knobs of each bench.
set -u
source "$(dirname "$0")/harness.bash"
e2e_require "xvfb xdotool" Xvfb xdotool
e2e_binary
frames=${FRAMES:-600}
counts=${COUNTS:-1000}
kinds=${KINDS:-squares,discs}

e2e_start_xvfb -screen 0 1920x1080x24
export DISPLAY=$display

load() { cut -d' ' -f1-3 /proc/loadavg; }
echo "machine: $(nproc) cores"
for kind in ${kinds//,/ }; do
    for count in ${counts//,/ }; do
        scene="$tmp/$kind-$count-repeating.json"
        python3 -c "import json, sys; sys.path.insert(0, '$root/Benchmarks'); import layers_bench as b; \
json.dump(b.scene('$kind', $count, 1920, 1080, True), open('$scene', 'w'))"
        for config in hud damage; do
            flags=""
            [ $config = damage ] && flags="--no-hud"
            before=$(load)
            # shellcheck disable=SC2086
            "$bin" view --scene "$scene" --size 1920x1080 $flags --frames "$frames" --stats >"$tmp/run.log" 2>&1 &
            viewer=$!
            pids+=("$viewer")
            wait "$viewer"
            line=$(grep '^stats ' "$tmp/run.log" || echo "stats (none: $(tail -1 "$tmp/run.log"))")
            echo "$kind-$count-repeating $config ${line#stats } load_before=\"$before\" load_after=\"$(load)\""
        done
    done
done
