#!/usr/bin/env bash
# The emitter benchmark: a fountain of 2,000 live particles (assets/scenes/emitter.json at 1920x1080)
# drawn by `layerscope bench`, beside cairo drawing 2,000 of the same sprite, scaled, turned and added
# (OPERATOR_ADD) over the same background, in the same run. The cairo side places its particles at
# seeded random points over the fountain's area (the cost is per sprite; the pictures differ).
#   LAYERSCOPE=BIN bash Tests/emitter-bench.sh [FRAMES]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${LAYERSCOPE:-}
[ -x "$bin" ] || { echo "set LAYERSCOPE to a release layerscope binary (swift build -c release)" >&2; exit 64; }
# Debian's python3-cairo belongs to the system interpreter.
python=python3
[ -x /usr/bin/python3 ] && python=/usr/bin/python3
frames=${1:-120}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp assets/spark.png "$tmp/"
sed -e 's/"size": \[1280, 720\]/"size": [1920, 1080]/' -e 's/"frame": \[0, 0, 1280, 720\]/"frame": [0, 0, 1920, 1080]/g' \
    -e 's/"emitterPosition": \[640, 620\]/"emitterPosition": [960, 980]/' -e 's|"\.\./spark\.png"|"spark.png"|' \
    assets/scenes/emitter.json > "$tmp/emitter.json"
"$bin" bench --scene "$tmp/emitter.json" --frames "$frames"
"$python" - "$tmp/spark.png" "$frames" <<'PY'
import math, random, sys, time
import cairo
spark = cairo.ImageSurface.create_from_png(sys.argv[1])
frames = int(sys.argv[2])
target = cairo.ImageSurface(cairo.FORMAT_ARGB32, 1920, 1080)
rng = random.Random(7)
particles = [(rng.uniform(560, 1360), rng.uniform(250, 980), rng.uniform(0.2, 0.7), rng.uniform(0.3, 1.0))
             for _ in range(2000)]
times = []
for _ in range(frames):
    start = time.perf_counter()
    cr = cairo.Context(target)
    cr.set_source_rgb(0x10 / 255, 0x10 / 255, 0x18 / 255)
    cr.paint()
    cr.set_operator(cairo.OPERATOR_ADD)
    for x, y, scale, alpha in particles:
        cr.save()
        cr.translate(x, y)
        cr.scale(scale, scale)
        cr.set_source_surface(spark, -16, -16)
        cr.paint_with_alpha(alpha)
        cr.restore()
    target.flush()
    times.append((time.perf_counter() - start) * 1000)
times.sort()
print(f"cairo-emitter 1920x1080 particles=2000 frames={frames} median_ms={times[len(times) // 2]:.3f} "
      f"p95_ms={times[int(len(times) * 0.95)]:.3f}")
PY
