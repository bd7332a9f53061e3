#!/usr/bin/env python3
"""Skia's picture of ThreeDTests' perspective card, the outside oracle of `perspectiveCardMatchesSkia`.

usage: python3 make_perspective_golden.py   (writes perspective-skia.png beside this script; skia-python)

A 160×120 white frame; a 64×48 picture (texel (x, y): red 4x, green 5y, blue 255 on the squares of an
8-texel checkerboard where (x/8 + y/8) is odd, opaque) scaled to a 100×80 layer at (30, 20), turned 0.7 rad
about its vertical centre line with the perspective m34 = −1/200 applied after the turn (the layer's
transform = CATransform3DRotate(perspective, 0.7, 0, 1, 0)); bilinear sampling, anti-aliased edges.
"""
import math
import os

import numpy
import skia


def picture():
    y, x = numpy.mgrid[0:48, 0:64]
    blue = numpy.where((x // 8 + y // 8) % 2 == 1, 255, 0)
    rgba = numpy.dstack([x * 4, y * 5, blue, numpy.full_like(x, 255)]).astype(numpy.uint8)
    return skia.Image.fromarray(rgba, colorType=skia.ColorType.kRGBA_8888_ColorType)


def matrix():
    """Picture pixels → device, row vectors as CATransform3D; the plane keeps x, y, w; transposed for Skia."""
    def translate(tx, ty):
        m = numpy.identity(4)
        m[3, 0], m[3, 1] = tx, ty
        return m
    scale = numpy.identity(4)
    scale[0, 0], scale[1, 1] = 100 / 64, 80 / 48
    turn = numpy.identity(4)
    turn[0, 0], turn[0, 2], turn[2, 0], turn[2, 2] = math.cos(0.7), -math.sin(0.7), math.sin(0.7), math.cos(0.7)
    perspective = numpy.identity(4)
    perspective[2, 3] = -1 / 200
    full = scale @ translate(-50, -40) @ turn @ perspective @ translate(80, 60)
    plane = full[numpy.ix_([0, 1, 3], [0, 1, 3])].T
    return skia.Matrix.MakeAll(*[float(v) for v in plane.flatten()])


def main():
    surface = skia.Surface(160, 120)
    canvas = surface.getCanvas()
    canvas.clear(skia.ColorWHITE)
    canvas.concat(matrix())
    canvas.drawImage(picture(), 0, 0, skia.SamplingOptions(skia.FilterMode.kLinear), skia.Paint(AntiAlias=True))
    surface.flushAndSubmit()
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "perspective-skia.png")
    surface.makeImageSnapshot().save(out, skia.kPNG)


if __name__ == "__main__":
    main()
