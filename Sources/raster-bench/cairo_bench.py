#!/usr/bin/env python3
"""cairo doing raster-bench's jobs, for comparison in the same run (needs Debian's python3-cairo).

usage: python3 cairo_bench.py [--size WxH] [--frames N]

Prints `cairo-NAME WxH frames=N median_ms=X p95_ms=Y max_ms=Z` for: copy (paint A with OPERATOR_SOURCE),
wipe (paint A, then stroke the seed-000 arc, trimmed at strokeEnd, with B as the source), reveal
(paint A, then fill the growing seed-003 oval with B), ship (paint A, then the 128 x 128 sprite
rotated about (150, 150) with a bilinear filter), gradient-axial and gradient-radial (raster-bench's
full-frame gradients: three opaque stops, corner to corner or on the inscribed ellipse). As in the rasterizer notes, the path geometry
(arc trimming, done in Python) is prepared before timing; cairo's own stroking, flattening,
rasterizing and compositing are timed. Default tolerance (0.1), antialias and one thread.
"""
import array
import math

import cairo

from bench_timing import measure, options

def picture(kind, width, height):
    """The same opaque images as raster-bench's BenchImages.picture (built in a few seconds)."""
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, width, height)
    stride = surface.get_stride()
    data = surface.get_data()
    wx, hy = max(1, width - 1), max(1, height - 1)
    for y in range(height):
        if kind == 0:
            g = y * 255 // hy
            row = array.array("I", ((255 << 24) | (x * 255 // wx) << 16 | g << 8 | ((x ^ y) & 255)
                                    for x in range(width)))
        else:
            g = 255 - y * 255 // hy
            row = array.array("I", ((255 << 24) | ((x + y) & 255) << 16 | g << 8 | ((x * 3) & 255)
                                    for x in range(width)))
        data[y * stride:y * stride + 4 * width] = row.tobytes()
    surface.mark_dirty()
    return surface


def sprite():
    """The 128 x 128 ship: a translucent disc inside a 6-pixel transparent margin (as in Swift)."""
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, 128, 128)
    stride, data = surface.get_stride(), surface.get_data()
    for y in range(6, 122):
        for x in range(6, 122):
            if (x - 63.5) ** 2 + (y - 63.5) ** 2 > 57 * 57:
                continue
            a = 255 - (x + y) // 4
            pixel = bytes((y * a // 255, x * a // 255, a, a))
            data[y * stride + 4 * x:y * stride + 4 * x + 4] = pixel
    surface.mark_dirty()
    return surface


def arc_cubics(cx, cy, r, start, sweep):
    """Core Graphics' arc: equal pieces of at most 90 degrees, one cubic each."""
    n = max(1, math.ceil(abs(sweep) / (math.pi / 2) - 1e-9))
    step = sweep / n
    h = 4.0 / 3.0 * math.tan(step / 4)
    out, a = [], start
    for _ in range(n):
        b = a + step
        p0 = (math.cos(a), math.sin(a))
        p3 = (math.cos(b), math.sin(b))
        out.append(((cx + r * p0[0], cy + r * p0[1]), (cx + r * (p0[0] - h * p0[1]), cy + r * (p0[1] + h * p0[0])),
                    (cx + r * (p3[0] + h * p3[1]), cy + r * (p3[1] - h * p3[0])), (cx + r * p3[0], cy + r * p3[1])))
        a = b
    return out


def point(c, t):
    u = 1 - t
    return tuple(u * u * u * c[0][i] + 3 * u * u * t * c[1][i] + 3 * u * t * t * c[2][i] + t * t * t * c[3][i]
                 for i in range(2))


# length and split are alike cubic_length and split_cubic of RasterTests' make_goldens.py on purpose: the bench and
# the goldens' oracle share no module (one in Sources, one in Tests), and the bench measures in 64 steps, not 2000.
def length(c, t=1.0, n=64):
    total, prev = 0.0, c[0]
    for i in range(1, n + 1):
        p = point(c, t * i / n)
        total += math.hypot(p[0] - prev[0], p[1] - prev[1])
        prev = p
    return total


def split(c, t):
    lerp = lambda a, b: (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
    p01, p12, p23 = lerp(c[0], c[1]), lerp(c[1], c[2]), lerp(c[2], c[3])
    p012, p123 = lerp(p01, p12), lerp(p12, p23)
    return (c[0], p01, p012, lerp(p012, p123))


def trimmed(cubics, end):
    """The cubics cut at fraction `end` of their total arc length (strokeEnd)."""
    lengths = [length(c) for c in cubics]
    target, out = end * sum(lengths), []
    for c, l in zip(cubics, lengths):
        if target >= l:
            out.append(c)
            target -= l
            continue
        lo, hi = 0.0, 1.0
        for _ in range(40):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if length(c, mid, 32) < target else (lo, mid)
        if target > 0:
            out.append(split(c, lo))
        break
    return out


def cairo_path(cubics):
    surface = cairo.ImageSurface(cairo.FORMAT_A8, 1, 1)
    ctx = cairo.Context(surface)
    if cubics:
        ctx.move_to(*cubics[0][0])
        for c in cubics:
            ctx.curve_to(*c[1], *c[2], *c[3])
    return ctx.copy_path()


def oval_path(x, y, w, h):
    surface = cairo.ImageSurface(cairo.FORMAT_A8, 1, 1)
    ctx = cairo.Context(surface)
    cx, cy, rx, ry = x + w / 2, y + h / 2, w / 2, h / 2
    k = 4.0 / 3.0 * math.tan(math.pi / 8)
    pts = [(1, 0), (1, k), (k, 1), (0, 1), (-k, 1), (-1, k), (-1, 0), (-1, -k), (-k, -1), (0, -1), (k, -1),
           (1, -k), (1, 0)]
    m = [(cx + rx * px, cy + ry * py) for px, py in pts]
    ctx.move_to(*m[0])
    for i in range(4):
        ctx.curve_to(*m[3 * i + 1], *m[3 * i + 2], *m[3 * i + 3])
    ctx.close_path()
    return ctx.copy_path()


def main():
    width, height, frames = options("cairo_bench.py")
    a, b = picture(0, width, height), picture(1, width, height)
    out = cairo.ImageSurface(cairo.FORMAT_ARGB32, width, height)
    ctx = cairo.Context(out)
    progress = [i / (frames - 1) if frames > 1 else 0 for i in range(frames)]

    def paint_a():
        ctx.set_operator(cairo.OPERATOR_SOURCE)
        ctx.set_source_surface(a)
        ctx.paint()
        ctx.set_operator(cairo.OPERATOR_OVER)

    def copy(i):
        paint_a()
        out.flush()

    radius = math.hypot(width, height) / 2
    circle = arc_cubics(width / 2, height / 2, radius / 2, 3 * math.pi / 2, 2 * math.pi)
    wipes = [cairo_path(trimmed(circle, f)) for f in progress]

    def wipe(i):
        paint_a()
        ctx.new_path()
        ctx.append_path(wipes[i])
        ctx.set_source_surface(b)
        ctx.set_line_width(radius)
        ctx.set_line_cap(cairo.LINE_CAP_BUTT)
        ctx.stroke()
        out.flush()

    diagonal = math.hypot(width, height)
    reveals = [oval_path(width - f * diagonal, height - f * diagonal, 1 + 2 * f * diagonal, 1 + 2 * f * diagonal)
               for f in progress]

    def reveal(i):
        paint_a()
        ctx.new_path()
        ctx.append_path(reveals[i])
        ctx.set_source_surface(b)
        ctx.fill()
        out.flush()

    ship_image = sprite()

    def ship(i):
        paint_a()
        ctx.save()
        ctx.translate(150, 150)
        ctx.rotate(2 * math.pi * progress[i])
        ctx.translate(-64, -64)
        ctx.set_source_surface(ship_image)
        ctx.get_source().set_filter(cairo.FILTER_BILINEAR)
        ctx.paint()
        ctx.restore()
        out.flush()

    def gradient(kind):
        """A full-frame gradient with raster-bench's stops, painted over the frame (OVER)."""
        if kind == "axial":
            pattern = cairo.LinearGradient(0, 0, width, height)
        else:
            pattern = cairo.RadialGradient(0, 0, 0, 0, 0, 1)
            pattern.set_matrix(cairo.Matrix(2 / width, 0, 0, 2 / height, -1, -1))
        pattern.set_extend(cairo.EXTEND_PAD)
        for location, r, g, b in ((0, 1, 0, 0), (0.5, 0, 1, 0), (1, 0, 0, 1)):
            pattern.add_color_stop_rgb(location, r, g, b)

        def draw(i):
            ctx.set_source(pattern)
            ctx.paint()
            out.flush()

        return draw

    for name, job in (("copy", copy), ("wipe", wipe), ("reveal", reveal), ("ship", ship),
                      ("gradient-axial", gradient("axial")), ("gradient-radial", gradient("radial"))):
        measure("cairo-" + name, width, height, frames, job)


if __name__ == "__main__":
    main()
