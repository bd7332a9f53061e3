#!/usr/bin/env python3
"""Renders the Raster golden images with cairo (Debian's python3-cairo), the outside oracle.

Writes, next to this script:
  shapes.txt        the geometry of every golden: explicit lines and cubic Béziers in device pixels,
                    arcs and ovals built as Core Graphics builds them (one cubic per <= 90 degrees,
                    handles 4/3 tan(theta/4) r, ovals from 3 o'clock by increasing angle)
  NAME.a8rle        cairo's A8 coverage for shape NAME (its default anti-aliasing), run-length encoded
                    (see write_rle)
  NAME_exact.a8rle  the exact-area coverage of NAME as cairo's geometry decides it: cairo renders
                    32 x 32 samples per pixel without anti-aliasing and each pixel is their mean. cairo's
                    own anti-aliasing differs from it by a mean of up to 0.1/255 on these small images
                    (its rasterizer samples 15 sub-rows), so this is the reference for mean differences
  composite.bgra    cairo's `mask_surface` of pattern B through composite_mask over pattern A (raw)
  sprite.bgra       cairo's bilinear rotated sprite over pattern A (raw)
  gradient_*.bgra   cairo's linear and radial gradients (see GRADIENTS) painted over a background (raw);
                    pixman interpolates the stops in straight (not premultiplied) colour, as Core
                    Animation does, so its pixels are a fair oracle

  layer_*.a8rle     cairo's coverage of layer outlines (see LAYER_SHAPES): rounded rectangles with
                    circular and continuous corners, masked corners, and a border ring, built here on
                    their own from PaintCode's published continuous-corner constants; `_exact` as above

Run it from any directory: python3 make_goldens.py [gradients|layers] (needs the `cairo` module of
python3-cairo); with `gradients` or `layers` only those goldens are rendered.
The goldens are deterministic for a given cairo version (1.16 made the committed ones).
"""
import math
import os
import sys

import cairo

HERE = os.path.dirname(os.path.abspath(__file__))
TOLERANCE = 0.01  # cairo's flattening tolerance for the goldens, px


def arc(cx, cy, r, start, sweep, move=True):
    """Core Graphics' arc: equal pieces of at most 90 degrees, each one cubic."""
    n = max(1, math.ceil(abs(sweep) / (math.pi / 2) - 1e-9))
    step = sweep / n
    h = 4.0 / 3.0 * math.tan(step / 4)
    out = []
    a = start
    if move:
        out.append(("M", cx + r * math.cos(a), cy + r * math.sin(a)))
    else:
        out.append(("L", cx + r * math.cos(a), cy + r * math.sin(a)))
    for _ in range(n):
        b = a + step
        p0 = (math.cos(a), math.sin(a))
        p3 = (math.cos(b), math.sin(b))
        c1 = (p0[0] - h * p0[1], p0[1] + h * p0[0])
        c2 = (p3[0] + h * p3[1], p3[1] - h * p3[0])
        out.append(("C", cx + r * c1[0], cy + r * c1[1], cx + r * c2[0], cy + r * c2[1],
                    cx + r * p3[0], cy + r * p3[1]))
        a = b
    return out


def oval(x, y, w, h):
    """CGPathAddEllipseInRect: start at 3 o'clock, four cubics by increasing angle, close."""
    cx, cy, rx, ry = x + w / 2, y + h / 2, w / 2, h / 2
    k = 4.0 / 3.0 * math.tan(math.pi / 8)
    pts = [(1, 0), (1, k), (k, 1), (0, 1), (-k, 1), (-1, k), (-1, 0), (-1, -k), (-k, -1), (0, -1),
           (k, -1), (1, -k), (1, 0)]
    m = [(cx + rx * px, cy + ry * py) for px, py in pts]
    out = [("M",) + m[0]]
    for i in range(4):
        out.append(("C",) + m[3 * i + 1] + m[3 * i + 2] + m[3 * i + 3])
    out.append(("Z",))
    return out


def star(cx, cy, r, rotation):
    """A pentagram {5/2}: five lines joining every second vertex; its centre has winding 2."""
    pts = [(cx + r * math.cos(rotation + 4 * math.pi * i / 5), cy + r * math.sin(rotation + 4 * math.pi * i / 5))
           for i in range(5)]
    return [("M",) + pts[0]] + [("L",) + p for p in pts[1:]] + [("Z",)]


def cubic_point(c, t):
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = c
    u = 1 - t
    return (u * u * u * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t * t * t * x3,
            u * u * u * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t * t * t * y3)


def cubic_length(c, t1=1.0, n=2000):
    length, prev = 0.0, c[0]
    for i in range(1, n + 1):
        p = cubic_point(c, t1 * i / n)
        length += math.hypot(p[0] - prev[0], p[1] - prev[1])
        prev = p
    return length


def split_cubic(c, t):
    """The part of cubic c for parameters 0 ... t (de Casteljau)."""
    lerp = lambda a, b: (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
    p01, p12, p23 = lerp(c[0], c[1]), lerp(c[1], c[2]), lerp(c[2], c[3])
    p012, p123 = lerp(p01, p12), lerp(p12, p23)
    return (c[0], p01, p012, lerp(p012, p123))


def trimmed(path, end):
    """`path` (a move and cubics) cut at fraction `end` of its arc length (strokeEnd)."""
    cubics, cur = [], None
    for e in path:
        if e[0] == "M":
            cur = (e[1], e[2])
        elif e[0] == "C":
            c = (cur, (e[1], e[2]), (e[3], e[4]), (e[5], e[6]))
            cubics.append(c)
            cur = c[3]
    lengths = [cubic_length(c) for c in cubics]
    target = end * sum(lengths)
    out = [path[0]]
    for c, length in zip(cubics, lengths):
        if target >= length - 1e-12:
            out.append(("C",) + c[1] + c[2] + c[3])
            target -= length
            continue
        lo, hi = 0.0, 1.0
        for _ in range(60):
            mid = (lo + hi) / 2
            if cubic_length(c, mid, 400) < target:
                lo = mid
            else:
                hi = mid
        part = split_cubic(c, (lo + hi) / 2)
        out.append(("C",) + part[1] + part[2] + part[3])
        break
    return out


def trace(ctx, path):
    for e in path:
        if e[0] == "M":
            ctx.move_to(e[1], e[2])
        elif e[0] == "L":
            ctx.line_to(e[1], e[2])
        elif e[0] == "C":
            ctx.curve_to(*e[1:])
        else:
            ctx.close_path()


def shapes():
    """(name, width, height, style, path); style is "fill RULE" or "stroke WIDTH CAP JOIN"."""
    out = [
        ("circle", 128, 128, "fill nonzero", oval(64.3 - 50.2, 63.7 - 50.2, 100.4, 100.4)),
        ("star_nonzero", 200, 200, "fill nonzero", star(100.3, 101.1, 92, -math.pi / 2 + 0.1)),
        ("star_evenodd", 200, 200, "fill evenodd", star(100.3, 101.1, 92, -math.pi / 2 + 0.1)),
        ("ellipse_thin", 160, 64, "fill nonzero", oval(3.5, 20.25, 150, 9.5)),
    ]
    # Seed 000 at 160 x 120: the clock wipe is an arc of radius R/2 stroked R wide, R half the
    # diagonal, from 12 o'clock clockwise on screen; its trimmed stroke is the pie wedge of radius R.
    w, h = 160, 120
    cx, cy, big = w / 2, h / 2, math.hypot(w, h) / 2
    circle = arc(cx, cy, big / 2, 3 * math.pi / 2, 2 * math.pi)
    for end in (0.1, 0.35, 0.6, 0.9):
        tag = f"{round(end * 100):02d}"
        sweep = 2 * math.pi * end
        pie = [("M", cx, cy)] + arc(cx, cy, big, 3 * math.pi / 2, sweep, move=False) + [("Z",)]
        out.append((f"wedge_fill_{tag}", w, h, "fill nonzero", pie))
        out.append((f"wedge_stroke_{tag}", w, h, f"stroke {big} butt miter", trimmed(circle, end)))
    # Seed 003 at 160 x 120: an oval growing from a 1 x 1 rectangle at the bottom-right corner.
    diagonal = math.hypot(w, h)
    for f in (0.1, 0.5, 0.9):
        grow = f * diagonal
        out.append((f"reveal_{round(f * 100):02d}", w, h, "fill nonzero",
                    oval(w - grow, h - grow, 1 + 2 * grow, 1 + 2 * grow)))
    # Wide strokes of an open arc with each cap, and a zig-zag with each join.
    open_arc = arc(100, 110, 60, math.pi * 1.1, math.pi * 0.8)
    for cap in ("butt", "round", "square"):
        out.append((f"arc_cap_{cap}", 200, 160, f"stroke 24 {cap} miter", open_arc))
    zigzag = [("M", 20.5, 140.25), ("L", 70.25, 30.5), ("L", 110.75, 130.5), ("L", 180.5, 60.25)]
    for join in ("miter", "round", "bevel"):
        out.append((f"zigzag_join_{join}", 200, 170, f"stroke 18 butt {join}", zigzag))
    return out


def write_rle(path, width, height, data):
    """Header "A8RLE width height\\n", then (run length - 1, value) byte pairs in row order."""
    out = bytearray(f"A8RLE {width} {height}\n".encode())
    i, n = 0, len(data)
    while i < n:
        v, j = data[i], i + 1
        while j < n and data[j] == v and j - i < 256:
            j += 1
        out += bytes((j - i - 1, v))
        i = j
    with open(path, "wb") as f:
        f.write(out)


SUPERSAMPLING = 32  # samples per pixel side for the _exact goldens


def render_a8(width, height, style, path, supersampling=1):
    """cairo's coverage of the shape; with supersampling > 1, the mean of s x s aliased samples."""
    s = supersampling
    surface = cairo.ImageSurface(cairo.FORMAT_A8, width * s, height * s)
    ctx = cairo.Context(surface)
    ctx.set_tolerance(TOLERANCE)
    if s > 1:
        ctx.set_antialias(cairo.ANTIALIAS_NONE)
        ctx.scale(s, s)
    trace(ctx, path)
    words = style.split()
    if words[0] == "fill":
        ctx.set_fill_rule(cairo.FILL_RULE_EVEN_ODD if words[1] == "evenodd" else cairo.FILL_RULE_WINDING)
        ctx.fill()
    else:
        ctx.set_line_width(float(words[1]))
        ctx.set_line_cap({"butt": cairo.LINE_CAP_BUTT, "round": cairo.LINE_CAP_ROUND,
                          "square": cairo.LINE_CAP_SQUARE}[words[2]])
        ctx.set_line_join({"miter": cairo.LINE_JOIN_MITER, "round": cairo.LINE_JOIN_ROUND,
                           "bevel": cairo.LINE_JOIN_BEVEL}[words[3]])
        ctx.set_miter_limit(10)
        ctx.stroke()
    surface.flush()
    stride, raw = surface.get_stride(), bytes(surface.get_data())
    if s == 1:
        return b"".join(raw[y * stride:y * stride + width] for y in range(height))
    out = bytearray(width * height)
    for y in range(height):
        for x in range(width):
            total = sum(sum(raw[(y * s + k) * stride + x * s:(y * s + k) * stride + x * s + s]) for k in range(s))
            out[y * width + x] = (total // 255 * 255 + s * s // 2) // (s * s)
    return bytes(out)


def premultiply(c, a):
    """cairo's premultiplication: t = c * a + 128, ((t >> 8) + t) >> 8."""
    t = c * a + 128
    return ((t >> 8) + t) >> 8


def pattern(kind, x, y):
    """The test patterns, premultiplied BGRA bytes; the Swift tests build the same."""
    if kind == "a":
        r, g, b, a = (x * 3 + y) & 255, (y * 5) & 255, (x * 7 + y * 2) & 255, 255
    elif kind == "b":
        r, g, b, a = (x * 11) & 255, (x + y * 9) & 255, (y * 13 + 40) & 255, (x * 4 + y * 3 + 30) & 255
    else:  # sprite: 24 x 24 with a 3-pixel transparent margin
        inside = 3 <= x < 21 and 3 <= y < 21
        r, g, b, a = (x * 10) & 255, (y * 10) & 255, 200, (160 + x * 3) & 255 if inside else 0
    return bytes((premultiply(b, a), premultiply(g, a), premultiply(r, a), a))


def pattern_surface(kind, width, height):
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, width, height)
    stride = surface.get_stride()
    data = surface.get_data()
    for y in range(height):
        for x in range(width):
            data[y * stride + 4 * x:y * stride + 4 * x + 4] = pattern(kind, x, y)
    surface.mark_dirty()
    return surface


def raw_bgra(surface):
    surface.flush()
    w, h, stride, raw = surface.get_width(), surface.get_height(), surface.get_stride(), bytes(surface.get_data())
    return b"".join(raw[y * stride:y * stride + 4 * w] for y in range(h))


def render_composite():
    """B through an anti-aliased circle mask over A, the seeds' frame, as cairo's mask_surface."""
    size = 64
    mask = cairo.ImageSurface(cairo.FORMAT_A8, size, size)
    m = cairo.Context(mask)
    m.set_tolerance(TOLERANCE)
    trace(m, oval(7.3, 9.6, 47.5, 44.2))
    m.fill()
    out = cairo.ImageSurface(cairo.FORMAT_ARGB32, size, size)
    ctx = cairo.Context(out)
    ctx.set_operator(cairo.OPERATOR_SOURCE)
    ctx.set_source_surface(pattern_surface("a", size, size))
    ctx.paint()
    ctx.set_operator(cairo.OPERATOR_OVER)
    ctx.set_source_surface(pattern_surface("b", size, size))
    ctx.mask_surface(mask)
    mask.flush()
    stride, raw = mask.get_stride(), bytes(mask.get_data())
    write_rle(os.path.join(HERE, "composite_mask.a8rle"), size, size,
              b"".join(raw[y * stride:y * stride + size] for y in range(size)))
    with open(os.path.join(HERE, "composite.bgra"), "wb") as f:
        f.write(raw_bgra(out))


def render_sprite():
    """The 24 x 24 sprite rotated by 0.7 rad about its centre, placed at (32.4, 31.8), bilinear."""
    size = 64
    out = cairo.ImageSurface(cairo.FORMAT_ARGB32, size, size)
    ctx = cairo.Context(out)
    ctx.set_source_surface(pattern_surface("a", size, size))
    ctx.paint()
    ctx.translate(32.4, 31.8)
    ctx.rotate(0.7)
    ctx.translate(-12, -12)
    ctx.set_source_surface(pattern_surface("sprite", 24, 24))
    ctx.get_source().set_filter(cairo.FILTER_BILINEAR)
    ctx.get_source().set_extend(cairo.EXTEND_NONE)
    ctx.paint()
    with open(os.path.join(HERE, "sprite.bgra"), "wb") as f:
        f.write(raw_bgra(out))


# (name, width, height, background, kind, geometry, stops): axial geometry (x0, y0, x1, y1), radial
# (cx, cy, rx, ry) for an ellipse of those radii about the centre; stops (location, r, g, b, a), straight
# colour. The Swift tests (GradientTests) build the same.
GRADIENTS = [
    ("gradient_axial", 64, 48, "a", "axial", (6.5, 10, 58, 40),
     [(0, 1, 0.2, 0.1, 1), (0.35, 0.1, 0.8, 0.3, 0.6), (0.8, 0.2, 0.3, 1, 1)]),
    ("gradient_white_clear", 64, 8, "white", "axial", (0, 0, 64, 0), [(0, 1, 1, 1, 1), (1, 0, 0, 0, 0)]),
    ("gradient_radial", 64, 48, "a", "radial", (30, 22, 26, 14),
     [(0.1, 0.9, 0.9, 0.2, 1), (0.5, 0.1, 0.4, 0.9, 0.5), (1, 0.8, 0.1, 0.3, 0.9)]),
]


def render_gradients():
    for name, width, height, background, kind, geometry, stops in GRADIENTS:
        out = cairo.ImageSurface(cairo.FORMAT_ARGB32, width, height)
        ctx = cairo.Context(out)
        if background == "white":
            ctx.set_source_rgb(1, 1, 1)
        else:
            ctx.set_source_surface(pattern_surface(background, width, height))
        ctx.paint()
        if kind == "axial":
            gradient = cairo.LinearGradient(*geometry)
        else:
            cx, cy, rx, ry = geometry
            gradient = cairo.RadialGradient(0, 0, 0, 0, 0, 1)
            gradient.set_matrix(cairo.Matrix(1 / rx, 0, 0, 1 / ry, -cx / rx, -cy / ry))
        gradient.set_extend(cairo.EXTEND_PAD)
        for location, r, g, b, a in stops:
            gradient.add_color_stop_rgba(location, r, g, b, a)
        ctx.set_source(gradient)
        ctx.paint()
        with open(os.path.join(HERE, name + ".bgra"), "wb") as f:
            f.write(raw_bgra(out))


# The continuous corner (PaintCode's reconstruction of iOS 7's rounded rectangle), in radii: the start on
# the entering edge, then cubic, line, cubic, line, cubic, as (back along the entering edge, along the
# leaving edge) from the corner point.
CONTINUOUS = [(1.52866483, 0), (1.08849323, 0), (0.86840689, 0), (0.66993427, 0.065496), (0.63149399, 0.074911),
              (0.37282392, 0.16905899), (0.16905899, 0.37282392), (0.074911, 0.63149399), (0.065496, 0.66993427),
              (0, 0.86840689), (0, 1.08849323), (0, 1.52866483)]
KAPPA = 4.0 / 3.0 * math.tan(math.pi / 8)
CIRCULAR = [(1, 0), (1 - KAPPA, 0), (0, 1 - KAPPA), (0, 1)]


def corner_profile(curve, radius, half):
    """The corner's points: circular, continuous, or the continuous one blended toward the circle so
    that it reaches exactly `half` (half the shorter side) when it would reach farther."""
    if curve == "circular":
        return CIRCULAR
    fit = half / radius
    reach = CONTINUOUS[0][0]
    if fit >= reach:
        return CONTINUOUS
    s = min(1.0, (reach - fit) / (reach - 1))
    if s >= 1:
        return CIRCULAR
    circle = [CIRCULAR[0]] * 5 + [CIRCULAR[1], CIRCULAR[2]] + [CIRCULAR[3]] * 5
    return [(c[0] + (o[0] - c[0]) * s, c[1] + (o[1] - c[1]) * s) for c, o in zip(CONTINUOUS, circle)]


def layer_outline(x, y, w, h, radius, curve="circular", corners=15):
    """A layer's rounded outline (corner bits as CACornerMask: 1 min-x min-y, 2 max-x min-y, 4 min-x max-y,
    8 max-x max-y), from the top of the max-x edge by increasing angle."""
    half = min(w, h) / 2
    r = max(0.0, min(radius, half))
    profile = corner_profile(curve, r, half)
    reach = profile[0][0] * r
    # corner point, unit vector back along the entering edge, unit vector along the leaving edge, bit
    order = [((x + w, y + h), (0, -1), (-1, 0), 8), ((x, y + h), (1, 0), (0, -1), 4),
             ((x, y), (0, 1), (1, 0), 1), ((x + w, y), (-1, 0), (0, 1), 2)]
    out = [("M", x + w, y + (reach if corners & 2 else 0))]
    for index, (c, back, ahead, bit) in enumerate(order):
        if not corners & bit:
            if index < 3:
                out.append(("L",) + c)
            continue
        p = [(c[0] + r * (a * back[0] + b * ahead[0]), c[1] + r * (a * back[1] + b * ahead[1])) for a, b in profile]
        out.append(("L",) + p[0])
        out.append(("C",) + p[1] + p[2] + p[3])
        if len(p) > 4:
            out += [("L",) + p[4], ("C",) + p[5] + p[6] + p[7], ("L",) + p[8], ("C",) + p[9] + p[10] + p[11]]
    return out + [("Z",)]


# (name, width, height, fill rule, path); the Swift tests (LayerShapeGoldenTests) build the same with
# CGPath(roundedRect:cornerRadius:maskedCorners:cornerCurve:).
LAYER_SHAPES = [
    ("layer_circular", 100, 80, "nonzero", layer_outline(10.5, 8.25, 80, 60, 14)),
    ("layer_continuous", 100, 80, "nonzero", layer_outline(10.5, 8.25, 80, 60, 14, "continuous")),
    ("layer_blended", 100, 80, "nonzero", layer_outline(6.5, 20.5, 88, 36, 16, "continuous")),
    ("layer_masked", 100, 80, "nonzero", layer_outline(10.5, 8.25, 80, 60, 20, "continuous", 1 | 8)),
    # A border 6 wide inside the outline: the inner edge is the rect inset by 6 with radius 14 - 6.
    ("layer_border", 100, 80, "evenodd",
     layer_outline(10.5, 8.25, 80, 60, 14, "continuous") + layer_outline(16.5, 14.25, 68, 48, 8, "continuous")),
]


def render_layer_shapes():
    for name, width, height, rule, path in LAYER_SHAPES:
        style = f"fill {rule}"
        write_rle(os.path.join(HERE, name + ".a8rle"), width, height, render_a8(width, height, style, path))
        write_rle(os.path.join(HERE, name + "_exact.a8rle"), width, height,
                  render_a8(width, height, style, path, SUPERSAMPLING))


def main():
    if sys.argv[1:] == ["gradients"]:
        return render_gradients()
    if sys.argv[1:] == ["layers"]:
        return render_layer_shapes()
    lines = []
    for name, width, height, style, path in shapes():
        lines.append(f"shape {name} {width} {height} {style}")
        for e in path:
            lines.append(" ".join([e[0]] + [repr(float(v)) for v in e[1:]]))
        lines.append("end")
        write_rle(os.path.join(HERE, name + ".a8rle"), width, height, render_a8(width, height, style, path))
        write_rle(os.path.join(HERE, name + "_exact.a8rle"), width, height,
                  render_a8(width, height, style, path, SUPERSAMPLING))
    with open(os.path.join(HERE, "shapes.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    render_composite()
    render_sprite()
    render_gradients()
    render_layer_shapes()


if __name__ == "__main__":
    main()
