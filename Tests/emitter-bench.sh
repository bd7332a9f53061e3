#!/usr/bin/env bash
# The emitter benchmark: a fountain of 2,000 live particles (assets/scenes/emitter.json at 1920x1080)
# drawn by `layerscope bench`, beside cairo in C (Benchmarks/particles_cairo.c, compiled here against
# libcairo) adding 2,000 of the same sprite, scaled, turned and tinted, over the same background, in
# the same run. The cairo side spreads its particles by a seeded formula over the fountain's area with
# the fountain's ranges (the cost is per sprite; the pictures differ). Needs libcairo2-dev and cc.
#   LAYERSCOPE=BIN bash Tests/emitter-bench.sh [FRAMES] [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${LAYERSCOPE:-}
[ -x "$bin" ] || { echo "set LAYERSCOPE to a release layerscope binary (swift build -c release)" >&2; exit 64; }
frames=${1:-120}
rounds=${2:-1}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc -O2 -o "$tmp/particles_cairo" Benchmarks/particles_cairo.c $(pkg-config --cflags --libs cairo) -lm
cp assets/spark.png "$tmp/"
sed -e 's/"size": \[1280, 720\]/"size": [1920, 1080]/' -e 's/"frame": \[0, 0, 1280, 720\]/"frame": [0, 0, 1920, 1080]/g' \
    -e 's/"emitterPosition": \[640, 620\]/"emitterPosition": [960, 980]/' -e 's|"\.\./spark\.png"|"spark.png"|' \
    assets/scenes/emitter.json > "$tmp/emitter.json"
echo "load average $(cut -d' ' -f1-3 /proc/loadavg)"
for _ in $(seq "$rounds"); do
    "$bin" bench --scene "$tmp/emitter.json" --frames "$frames" | sed -n 1p
    "$tmp/particles_cairo" "$tmp/spark.png" 2000 1920 1080 "$frames"
done
