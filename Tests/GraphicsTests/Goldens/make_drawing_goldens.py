#!/usr/bin/python3
"""Goldens of ContextGoldenTests: each case drawn by cairo (python3-cairo), as the Swift test draws it
with Core Graphics' calls on a UIKit-flipped 64 x 64 context (origin top left, y down: cairo's own
space). Every case starts from opaque white. One PNG per case: NAME.png.

Where Core Graphics and cairo name things differently, the cairo side spells out Core Graphics'
meaning: CG's addArc(clockwise: true) turns by decreasing angle (cairo's arc_negative); CG draws an
image with its first row at the rectangle's maximum y (upside down in a flipped context); a CG shadow
is the drawing's alpha blurred by a Gaussian of sigma = blur / 2, offset in base space (down for
positive heights in UIKit's contexts, QA1706), drawn below it. cairo has no blur: the shadow is the
case's alpha drawn by cairo, blurred here with the exact (pixel-integrated) Gaussian.

    /usr/bin/python3 make_drawing_goldens.py
"""
import math
import os

import cairo

HERE = os.path.dirname(os.path.abspath(__file__))
SIZE = 64


def new():
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, SIZE, SIZE)
    ctx = cairo.Context(surface)
    ctx.set_source_rgb(1, 1, 1)
    ctx.paint()
    return surface, ctx


def star(ctx, cx, cy, r):
    for i in range(5):
        a = -math.pi / 2 + i * 4 * math.pi / 5
        (ctx.move_to if i == 0 else ctx.line_to)(cx + r * math.cos(a), cy + r * math.sin(a))
    ctx.close_path()


# Each case draws its own picture, call for call as its test in ContextGoldenTests.swift, so cases alike in shape
# (stroke_caps and stroke_joins, image and mask_clip, path_modes' two stars) are alike on purpose.
def fill_rules(ctx):
    ctx.set_source_rgb(0.9, 0.2, 0.1)
    star(ctx, 18, 20, 16)
    ctx.set_fill_rule(cairo.FILL_RULE_WINDING)
    ctx.fill()
    ctx.set_source_rgb(0.1, 0.3, 0.9)
    star(ctx, 46, 20, 16)
    ctx.set_fill_rule(cairo.FILL_RULE_EVEN_ODD)
    ctx.fill()
    # A ring: two circles, even-odd.
    ctx.set_source_rgba(0.1, 0.6, 0.2, 0.8)
    ctx.arc(32, 48, 14, 0, 2 * math.pi)
    ctx.new_sub_path()
    ctx.arc(32, 48, 7, 0, 2 * math.pi)
    ctx.fill()


def stroke_caps(ctx):
    ctx.set_source_rgb(0, 0, 0)
    ctx.set_line_width(8)
    for i, cap in enumerate([cairo.LINE_CAP_BUTT, cairo.LINE_CAP_ROUND, cairo.LINE_CAP_SQUARE]):
        ctx.set_line_cap(cap)
        ctx.move_to(12, 12 + 20 * i)
        ctx.line_to(52, 12 + 20 * i)
        ctx.stroke()


def stroke_joins(ctx):
    ctx.set_source_rgb(0.2, 0.2, 0.6)
    ctx.set_line_width(6)
    for i, join in enumerate([cairo.LINE_JOIN_MITER, cairo.LINE_JOIN_ROUND, cairo.LINE_JOIN_BEVEL]):
        ctx.set_line_join(join)
        x = 6 + 20 * i
        ctx.move_to(x, 26)
        ctx.line_to(x + 7, 8)
        ctx.line_to(x + 14, 26)
        ctx.stroke()
    # A sharp corner past a miter limit of 2 is bevelled.
    ctx.set_line_join(cairo.LINE_JOIN_MITER)
    ctx.set_miter_limit(2)
    ctx.move_to(8, 56)
    ctx.line_to(32, 36)
    ctx.line_to(56, 56)
    ctx.stroke()


def stroke_dashes(ctx):
    ctx.set_source_rgb(0.7, 0.1, 0.4)
    ctx.set_line_width(3)
    ctx.set_dash([6, 3], 2)
    ctx.rectangle(8, 8, 48, 20)
    ctx.stroke()
    ctx.set_line_cap(cairo.LINE_CAP_ROUND)
    ctx.set_dash([0.5, 5], 0)
    ctx.set_line_width(4)
    ctx.move_to(8, 44)
    ctx.curve_to(20, 30, 44, 60, 56, 44)
    ctx.stroke()


def clipping(ctx):
    ctx.save()
    ctx.arc(24, 24, 18, 0, 2 * math.pi)
    ctx.clip()
    ctx.rectangle(20, 10, 40, 40)
    ctx.clip()
    ctx.set_source_rgb(0.1, 0.5, 0.8)
    ctx.paint()
    ctx.restore()
    # An even-odd clip (a ring), then a fill through it.
    ctx.save()
    ctx.set_fill_rule(cairo.FILL_RULE_EVEN_ODD)
    ctx.arc(44, 46, 16, 0, 2 * math.pi)
    ctx.new_sub_path()
    ctx.arc(44, 46, 8, 0, 2 * math.pi)
    ctx.clip()
    ctx.set_source_rgb(0.8, 0.3, 0.1)
    ctx.rectangle(24, 26, 40, 40)
    ctx.fill()
    ctx.restore()
    # After the restore nothing clips.
    ctx.set_source_rgb(0, 0, 0)
    ctx.rectangle(2, 54, 12, 8)
    ctx.fill()


def transforms(ctx):
    ctx.save()
    ctx.translate(32, 32)
    ctx.rotate(math.pi / 6)
    ctx.scale(1.5, 0.75)
    ctx.set_source_rgb(0.9, 0.5, 0.1)
    ctx.rectangle(-12, -12, 24, 24)
    ctx.fill()
    ctx.save()
    ctx.translate(10, 0)
    ctx.set_line_width(2)
    ctx.set_source_rgb(0, 0, 0.6)
    ctx.rectangle(-4, -4, 8, 8)
    ctx.stroke()
    ctx.restore()
    ctx.restore()
    # concatenate: a shear.
    ctx.save()
    ctx.transform(cairo.Matrix(1, 0, 0.5, 1, 0, 0))
    ctx.set_source_rgb(0.2, 0.6, 0.2)
    ctx.rectangle(2, 50, 14, 10)
    ctx.fill()
    ctx.restore()
    # The line width is in user space: scaled 3 times in x.
    ctx.save()
    ctx.scale(3, 1)
    ctx.set_line_width(1)
    ctx.set_source_rgb(0.5, 0, 0.5)
    ctx.move_to(2, 4)
    ctx.line_to(20, 4)
    ctx.stroke()
    ctx.restore()


def arcs_curves(ctx):
    ctx.set_source_rgb(0, 0, 0)
    ctx.set_line_width(2)
    # CG addArc(center: (16, 16), radius: 10, startAngle: 0, endAngle: pi/2, clockwise: true) in a flipped
    # context: decreasing angle, so three quarters of a turn on screen.
    ctx.arc_negative(16, 16, 10, 0, math.pi / 2)
    ctx.stroke()
    ctx.arc(48, 16, 10, 0, math.pi / 2)
    ctx.stroke()
    # addArc(tangent1End:tangent2End:radius:) from (6, 58) through corner (6, 34) towards (30, 34), radius 8.
    ctx.move_to(6, 58)
    ctx.line_to(6, 42)
    ctx.arc(14, 42, 8, math.pi, 1.5 * math.pi)
    ctx.line_to(30, 34)
    ctx.stroke()
    # Quadratic and cubic curves, filled.
    ctx.set_source_rgb(0.2, 0.4, 0.9)
    ctx.move_to(34, 60)
    x0, y0 = 34, 60
    cx, cy, x1, y1 = 44, 30, 60, 60
    ctx.curve_to(x0 + 2 / 3 * (cx - x0), y0 + 2 / 3 * (cy - y0), x1 + 2 / 3 * (cx - x1), y1 + 2 / 3 * (cy - y1), x1, y1)
    ctx.close_path()
    ctx.fill()


def image(ctx):
    # An 8 x 8 picture: red left half, blue right half, a white top row.
    picture = cairo.ImageSurface(cairo.FORMAT_ARGB32, 8, 8)
    p = cairo.Context(picture)
    p.set_source_rgb(1, 0, 0)
    p.rectangle(0, 0, 4, 8)
    p.fill()
    p.set_source_rgb(0, 0, 1)
    p.rectangle(4, 0, 4, 8)
    p.fill()
    p.set_source_rgb(1, 1, 1)
    p.rectangle(0, 0, 8, 1)
    p.fill()
    picture.flush()
    # CG draw(image, in: (8, 8, 48, 40)) in a flipped context: the first row lands at the rectangle's
    # maximum y, so the picture is upside down.
    ctx.save()
    ctx.translate(8, 48)
    ctx.scale(48 / 8, -40 / 8)
    # Core Graphics covers the rectangle exactly, sampling the edge texels out to its edges.
    pattern = cairo.SurfacePattern(picture)
    pattern.set_filter(cairo.FILTER_BILINEAR)
    pattern.set_extend(cairo.EXTEND_PAD)
    ctx.set_source(pattern)
    ctx.rectangle(0, 0, 8, 8)
    ctx.fill()
    ctx.restore()


def mask_clip(ctx):
    # An 8 x 8 mask: opaque left half, half-transparent right half, a transparent top row.
    mask = cairo.ImageSurface(cairo.FORMAT_ARGB32, 8, 8)
    m = cairo.Context(mask)
    m.set_source_rgba(0, 0, 0, 1)
    m.rectangle(0, 1, 4, 7)
    m.fill()
    m.set_source_rgba(0, 0, 0, 0.5)
    m.rectangle(4, 1, 4, 7)
    m.fill()
    mask.flush()
    # CG clip(to: (8, 8, 48, 40), mask:) in a flipped context places the mask as an image: upside down.
    ctx.save()
    ctx.rectangle(8, 8, 48, 40)
    ctx.clip()
    pattern = cairo.SurfacePattern(mask)
    pattern.set_filter(cairo.FILTER_BILINEAR)
    pattern.set_extend(cairo.EXTEND_PAD)
    pattern.set_matrix(cairo.Matrix(8 / 48, 0, 0, -8 / 40, -8 * 8 / 48, 48 * 8 / 40))
    ctx.set_source_rgb(0.8, 0.1, 0.3)
    ctx.mask(pattern)
    ctx.restore()


def paint_gradient(ctx, gradient, clip, extend):
    """The three-stop gradient of the tests, painted inside the rectangle `clip`."""
    gradient.add_color_stop_rgb(0, 1, 0.2, 0.1)
    gradient.add_color_stop_rgb(0.4, 0.1, 0.8, 0.3)
    gradient.add_color_stop_rgb(1, 0.2, 0.3, 1)
    gradient.set_extend(extend)
    ctx.save()
    ctx.rectangle(*clip)
    ctx.clip()
    ctx.set_source(gradient)
    ctx.paint()
    ctx.restore()


def linear_gradient(ctx):
    paint_gradient(ctx, cairo.LinearGradient(8, 4, 56, 24), (0, 0, 64, 30), cairo.EXTEND_PAD)
    # Without the extension options: only between the start and end lines (x 16 ... 48 here).
    paint_gradient(ctx, cairo.LinearGradient(16, 0, 48, 0), (0, 34, 64, 30), cairo.EXTEND_NONE)


def radial_gradient(ctx):
    paint_gradient(ctx, cairo.RadialGradient(20, 16, 2, 32, 16, 24), (0, 0, 64, 32), cairo.EXTEND_PAD)
    paint_gradient(ctx, cairo.RadialGradient(32, 48, 4, 32, 48, 14), (0, 32, 64, 32), cairo.EXTEND_NONE)


def blend_modes(ctx):
    ctx.set_source_rgb(0.2, 0.6, 0.9)
    ctx.rectangle(4, 4, 56, 56)
    ctx.fill()
    ctx.set_operator(cairo.OPERATOR_MULTIPLY)
    ctx.set_source_rgb(1, 0.5, 0.2)
    ctx.arc(22, 22, 14, 0, 2 * math.pi)
    ctx.fill()
    ctx.set_operator(cairo.OPERATOR_SOURCE)
    ctx.set_source_rgba(0.9, 0.9, 0.1, 0.5)
    ctx.arc(42, 22, 12, 0, 2 * math.pi)
    ctx.fill()
    ctx.set_operator(cairo.OPERATOR_CLEAR)
    ctx.arc(32, 46, 10, 0, 2 * math.pi)
    ctx.fill()
    # Alpha 0.5 (setAlpha) on a normal fill.
    ctx.set_operator(cairo.OPERATOR_OVER)
    ctx.set_source_rgb(0, 0, 0)
    ctx.rectangle(46, 40, 14, 20)
    ctx.clip()
    ctx.paint_with_alpha(0.5)
    ctx.reset_clip()


def path_modes(ctx):
    ctx.set_line_width(3)
    ctx.set_fill_rule(cairo.FILL_RULE_WINDING)
    star(ctx, 18, 32, 14)
    ctx.set_source_rgb(0.9, 0.8, 0.1)
    ctx.fill_preserve()
    ctx.set_source_rgb(0.3, 0.1, 0.1)
    ctx.stroke()
    ctx.set_fill_rule(cairo.FILL_RULE_EVEN_ODD)
    star(ctx, 46, 32, 14)
    ctx.set_source_rgb(0.9, 0.8, 0.1)
    ctx.fill_preserve()
    ctx.set_source_rgb(0.3, 0.1, 0.1)
    ctx.stroke()


def gaussian_blur(values, width, height, sigma):
    """The exact Gaussian of the shadow: each tap the integral of the density over its pixel."""
    reach = int(math.ceil(3 * sigma)) + 1
    phi = lambda x: 0.5 * math.erfc(-x / (sigma * math.sqrt(2)))
    taps = [phi(i + 0.5) - phi(i - 0.5) for i in range(-reach, reach + 1)]
    def one_pass(data, w, h, horizontal):
        out = [0.0] * (w * h)
        for y in range(h):
            for x in range(w):
                total = 0.0
                for k, weight in enumerate(taps):
                    d = k - reach
                    sx, sy = (x + d, y) if horizontal else (x, y + d)
                    if 0 <= sx < w and 0 <= sy < h:
                        total += weight * data[sy * w + sx]
                out[y * w + x] = total
        return out
    return one_pass(one_pass(values, width, height, True), width, height, False)


def shadow(surface, ctx):
    def shape(c):
        c.rectangle(10, 10, 26, 20)
        c.arc(44, 40, 12, 0, 2 * math.pi)
    # The caster's alpha, blurred (sigma = blur / 2 = 3) and offset by (4, 6) (down: a UIKit context).
    caster = cairo.ImageSurface(cairo.FORMAT_A8, SIZE, SIZE)
    c = cairo.Context(caster)
    shape(c)
    c.fill()
    caster.flush()
    stride = caster.get_stride()
    data = caster.get_data()
    alpha = [data[y * stride + x] / 255.0 for y in range(SIZE) for x in range(SIZE)]
    blurred = gaussian_blur(alpha, SIZE, SIZE, 3.0)
    shadow_mask = cairo.ImageSurface(cairo.FORMAT_A8, SIZE, SIZE)
    out = shadow_mask.get_data()
    mstride = shadow_mask.get_stride()
    for y in range(SIZE):
        for x in range(SIZE):
            sx, sy = x - 4, y - 6
            v = blurred[sy * SIZE + sx] if 0 <= sx < SIZE and 0 <= sy < SIZE else 0
            out[y * mstride + x] = max(0, min(255, int(round(v * 255))))
    shadow_mask.mark_dirty()
    ctx.set_source_rgba(0, 0, 0.3, 0.6)
    ctx.mask_surface(shadow_mask, 0, 0)
    ctx.set_source_rgb(0.95, 0.55, 0.1)
    shape(ctx)
    ctx.fill()


def text(ctx):
    options = cairo.FontOptions()
    options.set_hint_style(cairo.HINT_STYLE_NONE)
    options.set_hint_metrics(cairo.HINT_METRICS_OFF)
    options.set_antialias(cairo.ANTIALIAS_GRAY)
    ctx.set_font_options(options)
    ctx.select_font_face("DejaVu Sans", cairo.FONT_SLANT_NORMAL, cairo.FONT_WEIGHT_NORMAL)
    ctx.set_font_size(14)
    ascent = ctx.font_extents()[0]
    ctx.set_source_rgb(0.1, 0.1, 0.5)
    ctx.move_to(3, 6 + ascent)
    ctx.text_path("Hi, CG")
    ctx.fill()
    ctx.set_font_size(22)
    ascent = ctx.font_extents()[0]
    ctx.set_source_rgb(0.7, 0.1, 0.1)
    ctx.move_to(4, 30 + ascent)
    ctx.text_path("Ag&")
    ctx.fill()


CASES = {
    "fill_rules": fill_rules,
    "stroke_caps": stroke_caps,
    "stroke_joins": stroke_joins,
    "stroke_dashes": stroke_dashes,
    "clipping": clipping,
    "transforms": transforms,
    "arcs_curves": arcs_curves,
    "image": image,
    "mask_clip": mask_clip,
    "linear_gradient": linear_gradient,
    "radial_gradient": radial_gradient,
    "blend_modes": blend_modes,
    "path_modes": path_modes,
    "text": text,
}

if __name__ == "__main__":
    for name, draw in CASES.items():
        surface, ctx = new()
        draw(ctx)
        surface.write_to_png(os.path.join(HERE, name + ".png"))
    surface, ctx = new()
    shadow(surface, ctx)
    surface.write_to_png(os.path.join(HERE, "shadow.png"))
