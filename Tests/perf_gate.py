#!/usr/bin/env python3
"""The performance gate: instructions per frame of a fixed set of frames, against recorded figures.

usage: perf_gate.py --binary LAYERSCOPE [--figures FILE] [--update] [--only NAME,...] [--jobs N]

Each job is `layerscope bench --scene FILE --size 1920x1080 --frames N` (N = 5, 3 for the costliest) under callgrind, which counts the
instructions of every thread of the process (the same count on every run, however busy the machine);
`--dump-after` on `Compositor.render` cuts the count at the end of every frame, so the first frame
(start-up, picture decoding and resampling, layouts, first rasterization) and what follows the last one
are left out: a job's figure is the instructions of frames 2…N (each the engine step, the display list
and the drawing, on whichever threads) divided by N − 1.

The gate fails when a job's figure exceeds the recorded one (Tests/perf-gate.json) by more than
`tolerance` (10 %). A job that got more than 10 % cheaper is reported, so its figure can be lowered
with --update, which writes the measured figures (round to the thousand) instead of comparing; the
commit that changes a figure says why.
"""
import argparse
import concurrent.futures
import glob
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "Benchmarks"))

import layers_bench  # noqa: E402

FIGURES = os.path.join(HERE, "perf-gate.json")
RENDER = "$s10CompositorAAC6render_4into10damageOnly*"
SIZE = "1920x1080"
FRAMES = 5


def text_scene(folder):
    """A screenful of wrapped 18 pt text scrolled by `position.y` (Tests/text-bench.sh's scroll job)."""
    words = ("Layers are drawn from the presentation tree at each frame, text included: the layout is kept "
             "while the string, font, size and bounds stay the same. ").split()
    text = " ".join(words[i % len(words)] for i in range(1400))
    document = {"size": [1920, 1080], "layers": [{"name": "root", "frame": [0, 0, 1920, 1080],
                "backgroundColor": "#101418", "sublayers": [{"name": "text", "kind": "text",
                "frame": [20, 20, 1880, 1040], "string": text, "fontSize": 18, "isWrapped": True}]}],
                "timeline": [{"at": 0, "add": {"layer": "text", "animation": {"kind": "basic",
                             "keyPath": "position.y", "fromValue": 540, "toValue": 500, "duration": 1}}}]}
    return write(folder, "text-scroll.json", document)


def card_scene(folder):
    """assets/scenes/card.json with the card's shadowRadius animated, so its shadow is blurred every frame."""
    with open(os.path.join(ROOT, "assets", "scenes", "card.json")) as f:
        document = json.load(f)
    document["timeline"].append({"at": 0, "add": {"layer": "cardShadow", "key": "soften", "animation": {
        "kind": "basic", "keyPath": "shadowRadius", "fromValue": 16, "toValue": 24, "duration": 1.5,
        "autoreverses": True, "repeatCount": "inf"}}})
    return write(folder, "card-shadow-radius.json", document)


def emitter_scene(folder):
    """assets/scenes/emitter.json laid out for 1920x1080 (as Tests/emitter-bench.sh makes it)."""
    with open(os.path.join(ROOT, "assets", "scenes", "emitter.json")) as f:
        document = json.load(f)
    document["size"] = [1920, 1080]
    document["images"] = {k: os.path.join(ROOT, "assets", os.path.basename(v)) for k, v in document["images"].items()}
    background = document["layers"][0]
    background["frame"] = [0, 0, 1920, 1080]
    fountain = background["sublayers"][0]
    fountain["frame"] = [0, 0, 1920, 1080]
    fountain["emitterPosition"] = [960, 980]
    return write(folder, "emitter-1080.json", document)


def layers_scene(folder, kind):
    width, height = (int(v) for v in SIZE.split("x"))
    return write(folder, f"{kind}-1000.json", layers_bench.scene(kind, 1000, width, height, False))


def write(folder, name, document):
    path = os.path.join(folder, name)
    with open(path, "w") as f:
        json.dump(document, f)
    return path


def jobs(folder):
    """name → (scene file, frames), drawn at SIZE."""
    scenes = os.path.join(ROOT, "assets", "scenes")
    return {
        "wipe.json": (os.path.join(scenes, "wipe.json"), FRAMES),
        "reveal.json": (os.path.join(scenes, "reveal.json"), FRAMES),
        "ship.json": (os.path.join(scenes, "ship.json"), FRAMES),
        "squares-1000": (layers_scene(folder, "squares"), FRAMES),
        "discs-1000": (layers_scene(folder, "discs"), FRAMES),
        "emitter": (emitter_scene(folder), FRAMES),
        "text-scroll": (text_scene(folder), FRAMES),
        "card-shadow-radius": (card_scene(folder), FRAMES),
        # Its frames cost the most instructions: two are counted.
        "perspective": (os.path.join(ROOT, "Benchmarks", "perspective.json"), 3),
    }


def count(binary, scene, frames, folder, name, extra=()):
    """Instructions per frame of frames 2…`frames` of `scene` (`extra`: more `bench` arguments)."""
    out = os.path.join(folder, f"cg-{name}")
    command = ["valgrind", "--tool=callgrind", f"--dump-after={RENDER}", f"--callgrind-out-file={out}",
               binary, "bench", "--scene", scene, "--size", SIZE, "--frames", str(frames), *extra]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"perf-gate: {name}: {' '.join(command)} failed:\n{result.stderr[-2000:]}")
    parts = sorted(glob.glob(out + ".*"), key=lambda p: int(p.rsplit(".", 1)[1]))
    if len(parts) != frames:
        sys.exit(f"perf-gate: {name}: expected {frames} frames in the count, found {len(parts)}")
    total = 0
    for part in parts[1:]:
        with open(part) as f:
            for line in f:
                if line.startswith("summary:"):
                    total += int(line.split()[1])
                    break
    return total // (frames - 1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--figures", default=FIGURES)
    parser.add_argument("--update", action="store_true", help="write the measured figures instead of comparing")
    parser.add_argument("--only", help="comma-separated job names")
    parser.add_argument("--jobs", type=int, default=2, help="callgrind runs at once")
    args = parser.parse_args()
    with open(args.figures) as f:
        recorded = json.load(f)
    tolerance = recorded["tolerance"]
    with tempfile.TemporaryDirectory() as folder:
        selected = jobs(folder)
        if args.only:
            selected = {k: v for k, v in selected.items() if k in args.only.split(",")}
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            futures = {
                name: pool.submit(count, args.binary, scene, frames, folder, name)
                for name, (scene, frames) in selected.items()
            }
            measured = {name: future.result() for name, future in futures.items()}
    failures = 0
    for name, value in measured.items():
        figure = recorded["instructions_per_frame"].get(name)
        if args.update or figure is None:
            print(f"{name:<20} {value:>14,} instructions a frame" + ("" if args.update else " (no figure)"))
            failures += 0 if args.update else 1
            continue
        ratio = value / figure
        verdict = "ok"
        if ratio > 1 + tolerance:
            verdict = f"FAIL: more than {tolerance:.0%} over the recorded figure"
            failures += 1
        elif ratio < 1 - tolerance:
            verdict = "ok, and much cheaper: lower the figure (--update) in the commit that explains it"
        print(f"{name:<20} {value:>14,} instructions a frame, recorded {figure:>14,} ({ratio:6.3f}×) {verdict}")
    if args.update:
        figures = recorded["instructions_per_frame"]
        figures.update({name: round(value, -3) for name, value in measured.items()})
        with open(args.figures, "w") as f:
            json.dump(recorded, f, indent=2)
            f.write("\n")
        print(f"wrote {args.figures}")
        return 0
    print(f"perf-gate: {len(measured) - failures} of {len(measured)} jobs within their figures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
