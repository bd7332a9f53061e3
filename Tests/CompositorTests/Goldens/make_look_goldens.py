#!/usr/bin/env python3
"""Renders the goldens of LookGoldenTests with cairo (Debian's python3-cairo), the outside oracle.

Writes, next to this script, raw premultiplied BGRA frames (row by row, no header):
  gradient_layer_axial.bgra   a CAGradientLayer's axial gradient: frame 80x60 over opaque #202020, the layer
                              at (10, 5, 60, 40), its gradient in the unit space of its bounds (cairo's
                              pattern matrix maps device pixels there), clipped to the layer
  gradient_layer_radial.bgra  the radial one: layer (8, 6, 64, 48), centre startPoint, radii |dx|, |dy| of
                              endPoint - startPoint in unit space (an ellipse |dx|*64 by |dy|*48 pixels)
  contents_sprite.bgra        frame 2 of a 4-frame horizontal sprite sheet (contentsRect (0.5, 0, 0.25, 1))
                              shown at 3x by the "resize" gravity: cairo paints the sheet through a matrix
                              mapping the layer onto that quarter, bilinear, EXTEND_PAD, clipped to the layer
  contents_nine.bgra          the nine-slice of the 24x24 pattern (contentsCenter (0.25, 0.25, 0.5, 0.5),
                              contentsScale 2) in a 70x50 layer: nine cairo paints of the whole picture, each
                              through the matrix mapping its destination piece onto its source piece,
                              bilinear, EXTEND_PAD, clipped to the piece
  contents_spark_nine.bgra    the same nine draws of the bundled assets/spark.png (32x32, read by cairo) with
                              contentsCenter (0.375, 0.375, 0.25, 0.25) in a 72x48 layer at (4, 6): 12-pixel
                              corners kept, the middle stretched

The pictures are the pattern() of Tests/RasterTests/Goldens/make_goldens.py, built the same way in the Swift
tests. pixman interpolates gradient stops in straight colour, as Core Animation does. Run: python3
make_look_goldens.py. cairo 1.16 made the committed files.
"""
import os

import cairo

HERE = os.path.dirname(os.path.abspath(__file__))


def premultiply(c, a):
    t = c * a + 128
    return ((t >> 8) + t) >> 8


def pattern(x, y):
    """An opaque-and-translucent test picture (premultiplied BGRA bytes); LookGoldenTests builds the same."""
    r, g, b, a = (x * 37) & 255, (y * 23 + x * 5) & 255, (x * y * 3 + 60) & 255, (150 + x * 4 + y * 2) & 255
    return bytes((premultiply(b, a), premultiply(g, a), premultiply(r, a), a))


def picture(width, height):
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, width, height)
    stride = surface.get_stride()
    data = surface.get_data()
    for y in range(height):
        for x in range(width):
            data[y * stride + 4 * x:y * stride + 4 * x + 4] = pattern(x, y)
    surface.mark_dirty()
    return surface


def frame(width, height):
    out = cairo.ImageSurface(cairo.FORMAT_ARGB32, width, height)
    ctx = cairo.Context(out)
    ctx.set_source_rgb(0x20 / 255, 0x20 / 255, 0x20 / 255)
    ctx.paint()
    return out, ctx


def write(name, surface):
    surface.flush()
    w, h, stride, raw = surface.get_width(), surface.get_height(), surface.get_stride(), bytes(surface.get_data())
    with open(os.path.join(HERE, name + ".bgra"), "wb") as f:
        f.write(b"".join(raw[y * stride:y * stride + 4 * w] for y in range(h)))


STOPS = [(0, 1, 0.2, 0.1, 1), (0.35, 0.1, 0.8, 0.3, 0.6), (0.8, 0.2, 0.3, 1, 1)]


def gradient_layer(name, kind, layer, start, end):
    out, ctx = frame(80, 60)
    x, y, w, h = layer
    if kind == "axial":
        gradient = cairo.LinearGradient(start[0], start[1], end[0], end[1])
        to_unit = cairo.Matrix(1 / w, 0, 0, 1 / h, -x / w, -y / h)
    else:
        rx, ry = abs(end[0] - start[0]), abs(end[1] - start[1])
        gradient = cairo.RadialGradient(0, 0, 0, 0, 0, 1)
        # device -> unit -> ellipse space
        to_unit = cairo.Matrix(1 / (w * rx), 0, 0, 1 / (h * ry), -(x + start[0] * w) / (w * rx),
                               -(y + start[1] * h) / (h * ry))
    gradient.set_matrix(to_unit)
    gradient.set_extend(cairo.EXTEND_PAD)
    for location, r, g, b, a in STOPS:
        gradient.add_color_stop_rgba(location, r, g, b, a)
    ctx.rectangle(x, y, w, h)
    ctx.clip()
    ctx.set_source(gradient)
    ctx.paint()
    write(name, out)


def paint_piece(ctx, source, dest, src):
    """Paints `source` with the rectangle src (image pixels) mapped onto dest (device pixels)."""
    dx, dy, dw, dh = dest
    sx, sy, sw, sh = src
    if dw <= 0 or dh <= 0 or sw <= 0 or sh <= 0:
        return
    ctx.save()
    ctx.rectangle(dx, dy, dw, dh)
    ctx.clip()
    pattern_ = cairo.SurfacePattern(source)
    pattern_.set_filter(cairo.FILTER_BILINEAR)
    pattern_.set_extend(cairo.EXTEND_PAD)
    pattern_.set_matrix(cairo.Matrix(sw / dw, 0, 0, sh / dh, sx - dx * sw / dw, sy - dy * sh / dh))
    ctx.set_source(pattern_)
    ctx.paint()
    ctx.restore()


def paint_nine(ctx, image, xs, ys, xd, yd):
    """The nine parts of image between the source edges xs, ys, each drawn between the edges xd, yd."""
    for j in range(3):
        for i in range(3):
            paint_piece(ctx, image, (xd[i], yd[j], xd[i + 1] - xd[i], yd[j + 1] - yd[j]),
                        (xs[i], ys[j], xs[i + 1] - xs[i], ys[j + 1] - ys[j]))


def contents_sprite():
    out, ctx = frame(80, 60)
    sheet = picture(32, 12)
    # layer (4, 6, 24, 36) shows (16, 0, 8, 12) of the sheet, three times its size.
    paint_piece(ctx, sheet, (4, 6, 24, 36), (16, 0, 8, 12))
    write("contents_sprite", out)


def contents_nine():
    out, ctx = frame(80, 60)
    image = picture(24, 24)
    lx, ly, lw, lh = 5, 4, 70, 50
    # source edges 6 px each at contentsScale 2 = 3 points; the centre (6..18) stretches.
    xs, ys = [0, 6, 18, 24], [0, 6, 18, 24]
    xd, yd = [lx, lx + 3, lx + lw - 3, lx + lw], [ly, ly + 3, ly + lh - 3, ly + lh]
    paint_nine(ctx, image, xs, ys, xd, yd)
    write("contents_nine", out)


def contents_spark_nine():
    out, ctx = frame(80, 60)
    spark = cairo.ImageSurface.create_from_png(os.path.join(HERE, "..", "..", "..", "assets", "spark.png"))
    xs = ys = [0, 12, 20, 32]
    xd, yd = [4, 16, 64, 76], [6, 18, 42, 54]
    paint_nine(ctx, spark, xs, ys, xd, yd)
    write("contents_spark_nine", out)


def main():
    gradient_layer("gradient_layer_axial", "axial", (10, 5, 60, 40), (0.1, 0.2), (0.9, 0.7))
    gradient_layer("gradient_layer_radial", "radial", (8, 6, 64, 48), (0.5, 0.45), (0.95, 0.8))
    contents_sprite()
    contents_nine()
    contents_spark_nine()


if __name__ == "__main__":
    main()
