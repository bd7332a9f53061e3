#!/usr/bin/env python3
"""Full-screen gradient layers: Layerscope's Compositor against cairo drawing the same gradients, in one run.

Writes scene files of one CAGradientLayer filling the frame (three opaque stops, axial corner to corner or
radial on the inscribed ellipse, in the unit space of the bounds), each static and with its `locations`
animated from [0, 0.5, 1] to [0.3, 0.7, 1] over 2 s (a new colour table every frame, as a shimmer makes),
runs `layerscope bench --scene FILE --size WxH --frames N` on each, and cairo (python3-cairo) painting the
same gradient over the whole frame N times (the animated variant with the locations of each frame), then
prints each median beside cairo's and their ratio. Runs alternate R times; the figures are the medians of
the per-run medians.

    python3 Benchmarks/gradient_bench.py [--binary PATH] [--size 1920x1080] [--frames 100] [--runs 3]

Needs python3-cairo (Debian's /usr/bin/python3 has it).
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "Sources", "raster-bench"))
from bench_timing import frame_times  # noqa: E402

COLORS = ["#1e3a8a", "#9333ea", "#f97316"]
FROM, TO = [0, 0.5, 1], [0.3, 0.7, 1]
KINDS = {"axial": ([0, 0], [1, 1]), "radial": ([0.5, 0.5], [1, 1])}
LINE = re.compile(r"^(\S+) (\d+x\d+) frames=(\d+) median_ms=([\d.]+) p95_ms=([\d.]+)")


def scene(kind, animated, width, height):
    start, end = KINDS[kind]
    layer = {"name": "gradient", "kind": "gradient", "frame": [0, 0, width, height], "colors": COLORS,
             "locations": FROM, "startPoint": start, "endPoint": end, "type": kind}
    timeline = []
    if animated:
        timeline.append({"at": 0, "add": {"layer": "gradient", "key": "sweep", "animation": {
            "kind": "basic", "keyPath": "locations", "fromValue": FROM, "toValue": TO, "duration": 2,
            "fillMode": "forwards", "removedOnCompletion": False}}})
    return {"size": [width, height], "layers": [layer], "timeline": timeline}


def ours(binary, path, width, height, frames):
    out = subprocess.run([binary, "bench", "--scene", path, "--size", f"{width}x{height}", "--frames", str(frames)],
                         check=True, capture_output=True, text=True, cwd=ROOT).stdout
    for line in out.splitlines():
        match = LINE.match(line)
        if match and match.group(1) != "frame-copy":
            return float(match.group(4))
    sys.exit(f"gradient_bench.py: no bench line in {out!r}")


def cairo_frames(kind, animated, width, height, frames):
    """The median ms of painting the gradient over the whole frame (SOURCE: every pixel written once)."""
    import cairo

    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, width, height)
    ctx = cairo.Context(surface)
    ctx.set_operator(cairo.OPERATOR_SOURCE)
    start, end = KINDS[kind]
    rgb = [tuple(int(c[i:i + 2], 16) / 255 for i in (1, 3, 5)) for c in COLORS]

    def render(i):
        f = i / max(1, frames - 1) if animated else 0
        if kind == "axial":
            gradient = cairo.LinearGradient(start[0], start[1], end[0], end[1])
            gradient.set_matrix(cairo.Matrix(1 / width, 0, 0, 1 / height, 0, 0))
        else:
            rx, ry = abs(end[0] - start[0]) * width, abs(end[1] - start[1]) * height
            gradient = cairo.RadialGradient(0, 0, 0, 0, 0, 1)
            gradient.set_matrix(cairo.Matrix(1 / rx, 0, 0, 1 / ry, -start[0] * width / rx, -start[1] * height / ry))
        gradient.set_extend(cairo.EXTEND_PAD)
        for start_location, end_location, color in zip(FROM, TO, rgb):
            gradient.add_color_stop_rgb(start_location + (end_location - start_location) * f, *color)
        ctx.set_source(gradient)
        ctx.paint()
        surface.flush()

    return statistics.median(frame_times(frames, render))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary")
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--frames", type=int, default=100)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    width, height = (int(v) for v in args.size.split("x"))
    binary = args.binary
    if binary is None:
        subprocess.run(["swift", "build", "-c", "release", "--product", "layerscope"], check=True, cwd=ROOT,
                       capture_output=True)
        bin_path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], check=True, cwd=ROOT,
                                  capture_output=True, text=True).stdout.strip()
        binary = os.path.join(bin_path, "layerscope")
    jobs = [(kind, animated) for kind in KINDS for animated in (False, True)]
    results = {job: ([], []) for job in jobs}
    with tempfile.TemporaryDirectory() as folder:
        paths = {}
        for kind, animated in jobs:
            path = os.path.join(folder, f"{kind}{'-animated' if animated else ''}.json")
            with open(path, "w") as f:
                json.dump(scene(kind, animated, width, height), f)
            paths[(kind, animated)] = path
        for _ in range(args.runs):
            for job in jobs:
                results[job][0].append(ours(binary, paths[job], width, height, args.frames))
                results[job][1].append(cairo_frames(*job, width, height, args.frames))
    print(f"gradient layer {width}x{height}, {args.frames} frames, {args.runs} runs: median ms (spread)")
    for (kind, animated), (mine, theirs) in results.items():
        label = f"{kind}{' animated locations' if animated else ''}"
        a, b = statistics.median(mine), statistics.median(theirs)
        print(f"{label:28} ours {a:7.2f} ({min(mine):.2f}-{max(mine):.2f})  "
              f"cairo {b:7.2f} ({min(theirs):.2f}-{max(theirs):.2f})  ratio {a / b:.2f}")


if __name__ == "__main__":
    main()
