#!/usr/bin/env python3
"""Runs raster-bench and cairo_bench.py in the same run and prints how they compare.

usage: python3 Sources/raster-bench/compare.py [--runs R] [--binary PATH] [--size WxH] [--frames N]
                                               [--bands N]

Builds raster-bench in release mode (swift build -c release; or uses --binary), then runs it and cairo_bench.py
alternately R times (default 3). For each job it prints the median of the per-run medians, the
spread (min-max of the per-run medians), our slowest frame over all runs, and the ratio to cairo's median for the same seed (the
damage-tracked jobs are compared with cairo redrawing the full frame, which is what cairo does).
Targets: full frames <= 0.75x cairo, with damage <= 0.1x. cairo_bench.py needs python3-cairo; if
the `python3` on PATH lacks it, Debian's system interpreter is tried.
"""
import os
import re
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
LINE = re.compile(r"^(\S+) (\d+x\d+) frames=(\d+) median_ms=([\d.]+) p95_ms=([\d.]+) max_ms=([\d.]+)$")


def cairo_python():
    for python in ("python3", "/usr/bin/python3"):
        if subprocess.run([python, "-c", "import cairo"], capture_output=True).returncode == 0:
            return python
    sys.exit("compare.py: no python3 with the cairo module (apt-get install python3-cairo)")


def skia_python():
    """A python3 with skia-python (pip install skia-python), or None: the blur jobs are then shown alone."""
    for python in ("python3", "/usr/bin/python3"):
        if subprocess.run([python, "-c", "import skia, numpy"], capture_output=True).returncode == 0:
            return python
    return None


def run(command):
    out = subprocess.run(command, check=True, capture_output=True, text=True, cwd=ROOT).stdout
    return {m.group(1): (float(m.group(4)), float(m.group(6))) for m in map(LINE.match, out.splitlines()) if m}


def main():
    args = sys.argv[1:]
    runs = 3
    if "--runs" in args:
        i = args.index("--runs")
        runs = int(args[i + 1])
        del args[i:i + 2]
    binary = None
    if "--binary" in args:
        i = args.index("--binary")
        binary = args[i + 1]
        del args[i:i + 2]
    bench_args = list(args)
    cairo_args = [a for i, a in enumerate(args)
                  if a != "--bands" and (i == 0 or args[i - 1] != "--bands")]
    if binary is None:
        subprocess.run(["swift", "build", "-c", "release", "--product", "raster-bench"], check=True, cwd=ROOT,
                       stdout=subprocess.DEVNULL)
        binary = os.path.join(subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], check=True,
                                             capture_output=True, text=True, cwd=ROOT).stdout.strip(),
                              "raster-bench")
    python = cairo_python()
    skia = skia_python()
    ours, theirs, worst = {}, {}, {}
    for _ in range(runs):
        for name, (median, slowest) in run([binary] + bench_args).items():
            ours.setdefault(name, []).append(median)
            worst[name] = max(worst.get(name, 0), slowest)
        for name, (median, _) in run([python, os.path.join(HERE, "cairo_bench.py")] + cairo_args).items():
            theirs.setdefault(name.removeprefix("cairo-"), []).append(median)
        if skia:
            for name, (median, _) in run([skia, os.path.join(HERE, "skia_bench.py")] + cairo_args).items():
                theirs.setdefault(name.removeprefix("skia-"), []).append(median)
    print(f"{'job':<16}{'ours ms':>10}{'spread':>16}{'worst':>8}{'cairo ms':>10}{'spread':>16}{'ratio':>8}  target")
    for name, medians in ours.items():
        seed = name.split("+")[0]
        cairo = theirs.get(seed)
        ours_median = statistics.median(medians)
        spread = f"{min(medians):.3f}-{max(medians):.3f}"
        if cairo:
            cairo_median = statistics.median(cairo)
            ratio = ours_median / cairo_median
            target = "<= 0.10" if "+damage" in name else ("floor" if name == "copy" else "<= 0.75")
            if name.startswith(("blur", "gradient", "perspective")):
                skia_job = name.startswith(("blur", "perspective")) or name == "gradient-conic"
                target = "<= 1 (Skia)" if skia_job else "<= 1"
            cairo_spread = f"{min(cairo):.3f}-{max(cairo):.3f}"
            print(f"{name:<16}{ours_median:>10.3f}{spread:>16}{worst[name]:>8.3f}{cairo_median:>10.3f}"
                  f"{cairo_spread:>16}{ratio:>8.2f}  {target}")
        else:
            print(f"{name:<16}{ours_median:>10.3f}{spread:>16}{worst[name]:>8.3f}")


if __name__ == "__main__":
    main()
