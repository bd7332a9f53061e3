#!/usr/bin/env python3
"""Many-layer benchmark: Layerscope's Compositor against cairo on the same frames, in one run.

Generates scene files of COUNT animated 40x40 layers (squares: `backgroundColor`; discs: oval shape
layers; pictures: an opaque 40x40 `contents` image), each at opacity 0.8 (pictures opaque) and moving
by `position.x` from x to x + 100 over 2 s, plus a repeating variant (`autoreverses`, `repeatCount`
inf). Runs `layerscope bench --scene FILE --size WxH --frames N` (and with `--damage`) on each, and the
C program layers_cairo.c (compiled here against libcairo) on the same frames, then prints each median
beside cairo's and their ratio. The layers' places and colours come from one seeded formula that
both sides compute (`placement`).

    python3 Benchmarks/layers_bench.py [--binary PATH] [--size 1920x1080] [--frames 60]
        [--counts 100,1000,10000] [--kinds squares,discs,pictures]

Needs libcairo2-dev and a C compiler (for the oracle, which also writes the picture).
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

SIZE = 40
TRAVEL = 100
MASK = (1 << 64) - 1
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def placement(k, width, height):
    """Layer k's centre and colour (the same 64-bit LCG, Knuth's MMIX constants, as layers_cairo.c)."""
    a, c = 6364136223846793005, 1442695040888963407
    s = (k * a + c) & MASK
    u = []
    for _ in range(5):
        s = (s * a + c) & MASK
        u.append((s >> 11) / 9007199254740992.0)
    x = 20 + u[0] * (width - 2 * SIZE - TRAVEL) + 0.25
    y = 20 + u[1] * (height - 2 * SIZE) + 0.5
    rgb = tuple(int(v * 255) for v in u[2:5])
    return x, y, rgb


def scene(kind, count, width, height, repeating):
    """The scene file for `count` layers of `kind`."""
    layers, timeline = [], []
    for k in range(count):
        x, y, rgb = placement(k, width, height)
        name = f"l{k}"
        layer = {"name": name, "frame": [x - SIZE / 2, y - SIZE / 2, SIZE, SIZE]}
        color = "#%02x%02x%02x" % rgb
        if kind == "squares":
            layer.update(backgroundColor=color, opacity=0.8)
        elif kind == "discs":
            layer.update(kind="shape", path={"oval": [0, 0, SIZE, SIZE]}, fillColor=color, opacity=0.8)
        else:
            layer.update(contents="picture")
        layers.append(layer)
        animation = {"kind": "basic", "keyPath": "position.x", "fromValue": x, "toValue": x + TRAVEL,
                     "duration": 2, "timingFunction": "linear"}
        if repeating:
            animation.update(autoreverses=True, repeatCount="inf")
        else:
            animation.update(fillMode="forwards", removedOnCompletion=False)
        timeline.append({"at": 0, "add": {"layer": name, "key": "move", "animation": animation}})
    root = {"name": "root", "frame": [0, 0, width, height], "sublayers": layers}
    document = {"size": [width, height], "layers": [root], "timeline": timeline}
    if kind == "pictures":
        document["images"] = {"picture": "picture.png"}
    return document


def median(line):
    match = re.search(r"median_ms=([0-9.]+)", line)
    return float(match.group(1)) if match else float("nan")


def run(command):
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"{' '.join(command)} failed:\n{result.stderr}")
    return result.stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", help="layerscope binary (default: build the release one)")
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--frames", type=int, default=60)
    parser.add_argument("--counts", default="100,1000,10000")
    parser.add_argument("--kinds", default="squares,discs,pictures")
    parser.add_argument("--no-repeating", action="store_true", help="skip the repeating scenes")
    args = parser.parse_args()
    width, height = (int(v) for v in args.size.split("x"))
    binary = args.binary
    if not binary:
        subprocess.run(["swift", "build", "-c", "release", "--product", "layerscope"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
        binary = os.path.join(run(["swift", "build", "-c", "release", "--show-bin-path"]).strip(), "layerscope")
    with tempfile.TemporaryDirectory() as work:
        oracle = os.path.join(work, "layers_cairo")
        cflags = run(["pkg-config", "--cflags", "--libs", "cairo"]).split()
        subprocess.run(["cc", "-O2", "-o", oracle, os.path.join(HERE, "layers_cairo.c"), *cflags, "-lm"], check=True)
        picture = os.path.join(work, "picture.png")
        run([oracle, "picture", picture])
        print(f"machine: {os.cpu_count()} cores, load average {' '.join(open('/proc/loadavg').read().split()[:3])}")
        print(f"{'scene':<24} {'ours':>9} {'damage':>9} {'cairo':>9} {'ours/cairo':>10} {'damage/ours':>11}")
        for repeating in ([False] if args.no_repeating else [False, True]):
            for kind in args.kinds.split(","):
                for count in (int(c) for c in args.counts.split(",")):
                    name = f"{kind}-{count}{'-repeating' if repeating else ''}"
                    path = os.path.join(work, f"{name}.json")
                    with open(path, "w") as f:
                        json.dump(scene(kind, count, width, height, repeating), f)
                    bench = [binary, "bench", "--scene", path, "--size", args.size, "--frames", str(args.frames)]
                    ours = median(run(bench).splitlines()[0])
                    damage = median(run(bench + ["--damage"]).splitlines()[0])
                    cairo_line = run([oracle, kind, str(count), str(width), str(height), str(args.frames),
                                      "1" if repeating else "0", picture])
                    theirs = median(cairo_line)
                    print(f"{name:<24} {ours:9.3f} {damage:9.3f} {theirs:9.3f} {ours / theirs:10.2f} "
                          f"{damage / ours:11.2f}", flush=True)
        print(f"load average after: {' '.join(open('/proc/loadavg').read().split()[:3])}")


if __name__ == "__main__":
    main()
