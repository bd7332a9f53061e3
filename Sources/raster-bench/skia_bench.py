#!/usr/bin/env python3
"""Skia doing raster-bench's shadow and gradient jobs, for comparison in the same run (skia-python from PyPI).

usage: python3 skia_bench.py [--size WxH] [--frames N]

Prints `skia-NAME WxH frames=N median_ms=X p95_ms=Y max_ms=Z` for blur2, blur8, blur30: the A8 plane of
raster-bench's card (alpha 255 over the middle half of the frame on each axis) drawn into a cleared A8
raster surface through a normal blur mask filter of that sigma (Skia's CPU shadow blur, SkBlurMask: its
own box passes for large sigma). The paint and the source image are built once; only the clear and the
draw are timed. One thread. gradient-conic: raster-bench's conic gradient (three opaque stops about the
centre from 3 o'clock, clockwise on screen) as a sweep gradient painted over an N32 frame (cairo has none).
perspective: raster-bench's pictures A and B (same formulas), A drawn, then B through the card-flip
perspective matrix with bilinear sampling (cairo has no perspective). (Skia's blur image filter on an A8 surface took about 200 ms per frame here,
its N32 one about 30 ms; the mask filter is its fastest way.)
"""
import math

import numpy
import skia

from bench_timing import measure, options


def card(width, height):
    plane = numpy.zeros((height, width), dtype=numpy.uint8)
    plane[height // 4:3 * height // 4, width // 4:3 * width // 4] = 255
    return skia.Image.fromarray(plane, colorType=skia.ColorType.kAlpha_8_ColorType)


def picture(kind, width, height):
    """raster-bench's opaque pictures A (kind 0) and B (kind 1)."""
    y, x = numpy.mgrid[0:height, 0:width]
    if kind == 0:
        r, g, b = x * 255 // max(1, width - 1), y * 255 // max(1, height - 1), (x ^ y) & 255
    else:
        r, g, b = (x + y) & 255, 255 - y * 255 // max(1, height - 1), (x * 3) & 255
    rgba = numpy.dstack([r, g, b, numpy.full_like(r, 255)]).astype(numpy.uint8)
    return skia.Image.fromarray(rgba, colorType=skia.ColorType.kRGBA_8888_ColorType)


def main():
    width, height, frames = options("skia_bench.py")
    source = card(width, height)
    surface = skia.Surface.MakeRaster(skia.ImageInfo.MakeA8(width, height))
    canvas = surface.getCanvas()
    for sigma in (2, 8, 30):
        paint = skia.Paint(MaskFilter=skia.MaskFilter.MakeBlur(skia.kNormal_BlurStyle, sigma))

        def blur(i, paint=paint):
            canvas.clear(0)
            canvas.drawImage(source, 0, 0, skia.SamplingOptions(), paint)
            surface.flushAndSubmit()

        measure(f"skia-blur{sigma}", width, height, frames, blur)
    frame = skia.Surface(width, height)
    colors = [skia.ColorRED, skia.ColorGREEN, skia.ColorBLUE]
    sweep = skia.Paint(Shader=skia.GradientShader.MakeSweep(width / 2, height / 2, colors, [0, 0.5, 1]))

    def conic(i):
        frame.getCanvas().drawPaint(sweep)
        frame.flushAndSubmit()

    measure("skia-gradient-conic", width, height, frames, conic)

    picture_a, picture_b = picture(0, width, height), picture(1, width, height)
    # translate(-w/2, -h/2) . turn 0.5 rad about y . perspective m34 = -1/2000 . translate(w/2, h/2), row
    # vectors as CATransform3D; the plane z = 0 keeps rows and columns 1, 2 and 4. Skia's Matrix takes
    # column vectors, so it gets the transpose.
    def translate(tx, ty):
        m = numpy.identity(4)
        m[3, 0], m[3, 1] = tx, ty
        return m
    turn_y = numpy.identity(4)
    turn_y[0, 0], turn_y[0, 2], turn_y[2, 0], turn_y[2, 2] = math.cos(0.5), -math.sin(0.5), math.sin(0.5), math.cos(0.5)
    perspective_m34 = numpy.identity(4)
    perspective_m34[2, 3] = -1 / 2000
    full = translate(-width / 2, -height / 2) @ turn_y @ perspective_m34 @ translate(width / 2, height / 2)
    plane = full[numpy.ix_([0, 1, 3], [0, 1, 3])].T
    turn = skia.Matrix.MakeAll(*[float(v) for v in plane.flatten()])
    bilinear = skia.SamplingOptions(skia.FilterMode.kLinear)

    def perspective(i):
        canvas = frame.getCanvas()
        canvas.drawImage(picture_a, 0, 0)
        canvas.save()
        canvas.concat(turn)
        canvas.drawImage(picture_b, 0, 0, bilinear)
        canvas.restore()
        frame.flushAndSubmit()

    measure("skia-perspective", width, height, frames, perspective)


if __name__ == "__main__":
    main()
