"""What cairo_bench.py, skia_bench.py and the Benchmarks scripts share: their arguments and how a job is timed and printed."""
import math
import sys
import time


def options(program):
    """--size WxH (default 1920x1080) and --frames N (default 200)."""
    width, height, frames = 1920, 1080, 200
    args = sys.argv[1:]
    while args:
        word = args.pop(0)
        if word == "--size":
            width, height = (int(v) for v in args.pop(0).split("x"))
        elif word == "--frames":
            frames = int(args.pop(0))
        else:
            sys.exit(f"{program}: unknown argument {word}")
    return width, height, frames


def frame_times(frames, render):
    """The times in ms of `frames` calls of render(i), after a warm-up of a tenth as many."""
    for i in range(max(1, frames // 10)):
        render(i)
    times = []
    for i in range(frames):
        start = time.perf_counter()
        render(i)
        times.append((time.perf_counter() - start) * 1000)
    return times


def measure(label, width, height, frames, render):
    """Times `frames` calls of render(i) after a warm-up tenth; prints raster-bench's line format."""
    times = sorted(frame_times(frames, render))
    p95 = times[min(len(times) - 1, math.ceil(len(times) * 0.95) - 1)]
    print(f"{label} {width}x{height} frames={frames} median_ms={times[len(times) // 2]:.3f} p95_ms={p95:.3f}"
          f" max_ms={times[-1]:.3f}", flush=True)
