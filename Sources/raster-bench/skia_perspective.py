#!/usr/bin/env python3
"""Skia drawing the frames of Benchmarks/perspective.json at 1920×1080, beside `layerscope bench`.

usage: python3 skia_perspective.py [--size WxH] [--frames N]

Each frame: picture A (assets/a.jpg) scaled to the frame (once, before timing: the Compositor too scales a
full-frame picture once and copies it every frame), drawn; then picture B (assets/b.jpg) scaled to the frame
and turned about the frame's vertical centre line by θ under the perspective m34 = −1/2000 applied after the
turn, as `transform.rotation.y` animates a transform holding m34: θ runs 0.45 → 0.55 over the frames as
`layerscope bench` spaces them over the scene's 1 s, bilinear sampling, anti-aliased edges. Every frame is
drawn whole. One thread. Prints `skia-perspective WxH frames=N median_ms=X p95_ms=Y max_ms=Z`.
"""
import math
import os

import numpy
import skia

from bench_timing import measure, options

ASSETS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "assets")


def plane_matrix(theta, width, height, picture_width, picture_height):
    """The 3×3 map of B's pixels to the device: scale to the frame, to the centre, turn θ about y, m34 =
    −1/2000, back; row vectors as CATransform3D, rows and columns x, y, w kept; transposed for Skia."""
    def translate(tx, ty):
        m = numpy.identity(4)
        m[3, 0], m[3, 1] = tx, ty
        return m
    scale = numpy.identity(4)
    scale[0, 0], scale[1, 1] = width / picture_width, height / picture_height
    turn = numpy.identity(4)
    turn[0, 0], turn[0, 2], turn[2, 0], turn[2, 2] = math.cos(theta), -math.sin(theta), math.sin(theta), math.cos(theta)
    perspective = numpy.identity(4)
    perspective[2, 3] = -1 / 2000
    full = scale @ translate(-width / 2, -height / 2) @ turn @ perspective @ translate(width / 2, height / 2)
    plane = full[numpy.ix_([0, 1, 3], [0, 1, 3])].T
    return skia.Matrix.MakeAll(*[float(v) for v in plane.flatten()])


def main():
    width, height, frames = options("skia_perspective.py")
    a = skia.Image.open(os.path.join(ASSETS, "a.jpg"))
    b = skia.Image.open(os.path.join(ASSETS, "b.jpg"))
    bilinear = skia.SamplingOptions(skia.FilterMode.kLinear)
    scaled = skia.Surface(width, height)
    scaled.getCanvas().drawImageRect(a, skia.Rect.MakeWH(width, height), bilinear)
    a_frame = scaled.makeImageSnapshot()
    surface = skia.Surface(width, height)
    canvas = surface.getCanvas()
    paint = skia.Paint(AntiAlias=True)

    def render(i):
        theta = 0.45 + 0.1 * (i % frames) / max(1, frames - 1)
        canvas.drawImage(a_frame, 0, 0)
        canvas.save()
        canvas.concat(plane_matrix(theta, width, height, b.width(), b.height()))
        canvas.drawImage(b, 0, 0, bilinear, paint)
        canvas.restore()
        surface.flushAndSubmit()

    measure("skia-perspective", width, height, frames, render)


if __name__ == "__main__":
    main()
