#!/usr/bin/env python3
"""The seeds' masks as scene files, Layerscope against cairo drawing the same frames in the same run.

For wipe and reveal (B through a full-scene CAShapeLayer mask over A: the clock-wipe stroke trimmed by
strokeEnd, the oval path growing from the bottom-right corner), two layouts in a 1920x1080 frame:

* `NAME.json`: the bundled scene file (1280x720) drawn into the 1920x1080 frame (`bench --scene FILE
  --size 1920x1080`): its pictures and mask fill the top-left 1280x720, the rest of the frame is
  transparent black;
* `NAME-1080.json`: the same file laid out for 1920x1080 (every length times 1.5), mask and pictures
  over the whole frame;
* the built-in seed `NAME` at 1920x1080 (laid out for the frame), the seeds' own path, for reference.

Each runs `layerscope bench --scene FILE --size 1920x1080 --frames N`, then cairo (python3-cairo,
pixman) draws the same N frames at the same media times: the frame cleared, A painted, then B through
the trimmed arc stroked (wipe) or the interpolated oval filled (reveal) as the scene's timeline has them
at that time (A alone, or B alone, where the timeline hides the other). cairo's pictures are opaque
RGB24 surfaces (so pixman copies them where nothing covers them) and its paths are prepared before
timing, as in Sources/raster-bench/cairo_bench.py, whose geometry this reuses. Prints each median, the
ratio, and the median of the ratios over --runs alternations.

    python3 Benchmarks/scene_masks_bench.py --binary PATH [--frames 200] [--runs 3]
"""
import argparse
import json
import math
import os
import re
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "Sources", "raster-bench"))

import cairo  # noqa: E402
from bench_timing import frame_times  # noqa: E402
from cairo_bench import arc_cubics, cairo_path, oval_path, trimmed  # noqa: E402

FRAME = (1920, 1080)
SCENE = (1280, 720)


def scaled_scene(name, factor, folder):
    """assets/scenes/NAME.json with every length times `factor` (angles kept), images made absolute."""
    with open(os.path.join(ROOT, "assets", "scenes", f"{name}.json")) as f:
        document = json.load(f)

    def scale(value, key=None):
        if key in ("startAngle", "endAngle", "clockwise", "duration", "at", "strokeEnd", "toValue", "hidden"):
            return value
        if isinstance(value, bool):
            return value
        if isinstance(value, (int, float)):
            return value * factor
        if isinstance(value, list):
            return [scale(v) for v in value]
        if isinstance(value, dict):
            return {k: scale(v, k) for k, v in value.items()}
        if isinstance(value, str) and value.startswith("M"):
            return re.sub(r"-?\d+(\.\d+)?", lambda m: repr(float(m.group(0)) * factor), value)
        return value

    def layer(spec):
        out = dict(spec)
        for key in ("frame", "path", "lineWidth"):
            if key in out:
                out[key] = scale(out[key])
        if "mask" in out:
            out["mask"] = layer(out["mask"])
        if "sublayers" in out:
            out["sublayers"] = [layer(s) for s in out["sublayers"]]
        return out

    document["size"] = [round(v * factor) for v in document["size"]]
    document["images"] = {k: os.path.normpath(os.path.join(ROOT, "assets", "scenes", v))
                          for k, v in document["images"].items()}
    document["layers"] = [layer(spec) for spec in document["layers"]]
    for entry in document["timeline"]:
        for action in ("add", "set"):
            body = entry.get(action)
            if not body:
                continue
            if "path" in body:
                body["path"] = scale(body["path"])
            animation = body.get("animation")
            if animation and animation["keyPath"] == "path":
                for key in ("fromValue", "toValue"):
                    animation[key] = scale(animation[key])
    path = os.path.join(folder, f"{name}-{document['size'][0]}.json")
    with open(path, "w") as f:
        json.dump(document, f)
    return path


def picture(seed, width, height):
    """An opaque RGB24 picture with a pattern (its content does not change cairo's cost)."""
    surface = cairo.ImageSurface(cairo.FORMAT_RGB24, width, height)
    ctx = cairo.Context(surface)
    pattern = cairo.LinearGradient(0, 0, width, height)
    pattern.add_color_stop_rgb(0, 0.2 * seed, 0.4, 0.8)
    pattern.add_color_stop_rgb(1, 0.9, 0.3 * seed, 0.1)
    ctx.set_source(pattern)
    ctx.paint()
    return surface


def cairo_frames(name, scene, frames):
    """cairo drawing `frames` frames of NAME laid out for `scene` (w, h) in the 1920x1080 frame,
    at the media times `layerscope bench` draws them; returns the median ms."""
    width, height = scene
    a, b = picture(1, width, height), picture(2, width, height)
    out = cairo.ImageSurface(cairo.FORMAT_ARGB32, *FRAME)
    ctx = cairo.Context(out)
    diagonal = math.hypot(width, height)
    duration = 4.0 if name == "wipe" else 5.0
    plans = []  # (draw A, path or None for B alone / no B, stroke width)
    for i in range(frames):
        t = duration * i / (frames - 1) if frames > 1 else 0.0
        if name == "wipe":
            circle = arc_cubics(width / 2, height / 2, diagonal / 4, 3 * math.pi / 2, 2 * math.pi)
            if t >= 4:
                plans.append((True, None, 0))
            else:
                end = t / 2 if t <= 2 else (4 - t) / 2
                plans.append((True, cairo_path(trimmed(circle, end)), diagonal / 2))
        else:
            def oval(f):
                return oval_path(width - f * diagonal, height - f * diagonal, 1 + 2 * f * diagonal,
                                 1 + 2 * f * diagonal)
            if t < 2:
                plans.append((True, oval(t / 2), 0))
            elif t < 3:
                plans.append((False, oval(1), 0))
            elif t < 5:
                plans.append((True, oval(1 - (t - 3) / 2), 0))
            else:
                plans.append((True, None, 0))

    def draw(i):
        draw_a, path, line_width = plans[i]
        ctx.set_operator(cairo.OPERATOR_CLEAR)
        ctx.paint()
        ctx.set_operator(cairo.OPERATOR_OVER)
        if draw_a:
            ctx.set_source_surface(a)
            ctx.paint()
        if path is not None:
            ctx.new_path()
            ctx.append_path(path)
            ctx.set_source_surface(b)
            if line_width:
                ctx.set_line_width(line_width)
                ctx.set_line_cap(cairo.LINE_CAP_BUTT)
                ctx.stroke()
            else:
                ctx.fill()
        out.flush()

    return statistics.median(frame_times(frames, draw))


def ours(binary, path, frames):
    out = subprocess.run([binary, "bench", "--scene", path, "--size", "%dx%d" % FRAME, "--frames", str(frames)],
                         check=True, capture_output=True, text=True).stdout
    return float(re.search(r"median_ms=([0-9.]+)", out.splitlines()[0]).group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", required=True, help="a release layerscope binary")
    parser.add_argument("--frames", type=int, default=200)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} cores, load average {' '.join(open('/proc/loadavg').read().split()[:3])}")
    with tempfile.TemporaryDirectory() as folder:
        jobs = []
        for name in ("wipe", "reveal"):
            jobs.append((f"{name}.json", os.path.join(ROOT, "assets", "scenes", f"{name}.json"), name, SCENE))
            jobs.append((f"{name}-1080.json", scaled_scene(name, FRAME[0] / SCENE[0], folder), name, FRAME))
            jobs.append((f"{name} (built-in)", name, name, FRAME))
        results = {label: [] for label, *_ in jobs}
        for run in range(args.runs):
            for label, path, name, scene in jobs:
                mine = ours(args.binary, path, args.frames)
                theirs = cairo_frames(name, scene, args.frames)
                results[label].append((mine, theirs))
                print(f"run {run + 1} {label:<18} ours {mine:7.3f} ms  cairo {theirs:7.3f} ms  "
                      f"ratio {mine / theirs:5.2f}", flush=True)
        for label, pairs in results.items():
            ratio = statistics.median(m / t for m, t in pairs)
            print(f"{label:<18} ours median {statistics.median(m for m, _ in pairs):7.3f} ms  cairo median "
                  f"{statistics.median(t for _, t in pairs):7.3f} ms  ratio (median of runs) {ratio:5.2f}")
    print(f"load average after: {' '.join(open('/proc/loadavg').read().split()[:3])}")


if __name__ == "__main__":
    main()
