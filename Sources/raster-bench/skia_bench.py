#!/usr/bin/env python3
"""Skia doing raster-bench's shadow and gradient jobs, for comparison in the same run (skia-python from PyPI).

usage: python3 skia_bench.py [--size WxH] [--frames N]

Prints `skia-NAME WxH frames=N median_ms=X p95_ms=Y max_ms=Z` for blur2, blur8, blur30: the A8 plane of
raster-bench's card (alpha 255 over the middle half of the frame on each axis) drawn into a cleared A8
raster surface through a normal blur mask filter of that sigma (Skia's CPU shadow blur, SkBlurMask: its
own box passes for large sigma). The paint and the source image are built once; only the clear and the
draw are timed. One thread. gradient-conic: raster-bench's conic gradient (three opaque stops about the
centre from 3 o'clock, clockwise on screen) as a sweep gradient painted over an N32 frame (cairo has none). (Skia's blur image filter on an A8 surface took about 200 ms per frame here,
its N32 one about 30 ms; the mask filter is its fastest way.)
"""
import math
import sys
import time

import numpy
import skia


def options():
    width, height, frames = 1920, 1080, 200
    args = sys.argv[1:]
    while args:
        word = args.pop(0)
        if word == "--size":
            width, height = (int(v) for v in args.pop(0).split("x"))
        elif word == "--frames":
            frames = int(args.pop(0))
        else:
            sys.exit(f"skia_bench.py: unknown argument {word}")
    return width, height, frames


def card(width, height):
    plane = numpy.zeros((height, width), dtype=numpy.uint8)
    plane[height // 4:3 * height // 4, width // 4:3 * width // 4] = 255
    return skia.Image.fromarray(plane, colorType=skia.ColorType.kAlpha_8_ColorType)


def measure(name, width, height, frames, render):
    for i in range(max(1, frames // 10)):
        render(i)
    times = []
    for i in range(frames):
        start = time.perf_counter()
        render(i)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    p95 = times[min(len(times) - 1, math.ceil(len(times) * 0.95) - 1)]
    print(f"skia-{name} {width}x{height} frames={frames} median_ms={times[len(times) // 2]:.3f} p95_ms={p95:.3f}"
          f" max_ms={times[-1]:.3f}", flush=True)


def main():
    width, height, frames = options()
    source = card(width, height)
    surface = skia.Surface.MakeRaster(skia.ImageInfo.MakeA8(width, height))
    canvas = surface.getCanvas()
    for sigma in (2, 8, 30):
        paint = skia.Paint(MaskFilter=skia.MaskFilter.MakeBlur(skia.kNormal_BlurStyle, sigma))

        def blur(i, paint=paint):
            canvas.clear(0)
            canvas.drawImage(source, 0, 0, skia.SamplingOptions(), paint)
            surface.flushAndSubmit()

        measure(f"blur{sigma}", width, height, frames, blur)
    frame = skia.Surface(width, height)
    colors = [skia.ColorRED, skia.ColorGREEN, skia.ColorBLUE]
    sweep = skia.Paint(Shader=skia.GradientShader.MakeSweep(width / 2, height / 2, colors, [0, 0.5, 1]))

    def conic(i):
        frame.getCanvas().drawPaint(sweep)
        frame.flushAndSubmit()

    measure("gradient-conic", width, height, frames, conic)


if __name__ == "__main__":
    main()
