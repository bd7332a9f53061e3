#!/usr/bin/env python3
"""Compares the picture region of a viewer screenshot with `layerscope render`, scaled as the viewer
shows it, for the timeline's end-to-end tests (Tests/e2e/timeline.sh).

  timeline_tool.py picture SHOT.xwd RENDER.png X Y W H SCALE [near]
      -> exit 0 when the region X Y W H of the screenshot is the render scaled by SCALE: at scale 1
         every pixel equal (with `near`, within the tolerance below: for a render at a time the
         viewer logged to the millisecond only); below 1 the oracle is cairo (python3-cairo) drawing the render with
         FILTER_BILINEAR and EXTEND_NONE over the viewer's margin colour, and every channel of every
         pixel must be within 6 of it, except at most 0.5 % of the pixels within 40 (cairo weights
         the two nearest texels in 1/256 steps after its own rounding, the viewer in 16.16 fixed point
         with 8-bit fractions; edges of the picture blend with the margin in both).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xwdtool import read_png, read_xwd  # noqa: E402

MARGIN = 0x181818


def scaled_render(path, width, height, scale):
    import cairo

    source = cairo.ImageSurface.create_from_png(path)
    target = cairo.ImageSurface(cairo.FORMAT_RGB24, width, height)
    context = cairo.Context(target)
    context.set_source_rgb(0x18 / 255, 0x18 / 255, 0x18 / 255)
    context.paint()
    context.scale(scale, scale)
    context.set_source_surface(source, 0, 0)
    pattern = context.get_source()
    pattern.set_filter(cairo.FILTER_BILINEAR)
    pattern.set_extend(cairo.EXTEND_NONE)
    context.paint()
    target.flush()
    data = target.get_data()
    stride = target.get_stride()
    rows = []
    for y in range(height):
        row = []
        for x in range(width):
            b, g, r = data[y * stride + 4 * x], data[y * stride + 4 * x + 1], data[y * stride + 4 * x + 2]
            row.append((r << 16) | (g << 8) | b)
        rows.append(row)
    return rows


def channel_difference(a, b):
    return max(abs(((a >> s) & 255) - ((b >> s) & 255)) for s in (0, 8, 16))


def main(argv):
    if argv[1] != "picture":
        raise SystemExit(f"unknown command {argv[1]}")
    shot_width, shot_height, shot = read_xwd(argv[2])
    x0, y0, w, h = (int(v) for v in argv[4:8])
    scale = float(argv[8])
    near = len(argv) > 9 and argv[9] == "near"
    if x0 + w > shot_width or y0 + h > shot_height:
        print(f"region {x0},{y0} {w}x{h} is outside the {shot_width}x{shot_height} screenshot")
        return 1
    if scale == 1:
        _, _, expected = read_png(argv[3])
        exact = not near
    else:
        expected = scaled_render(argv[3], w, h, scale)
        exact = False
    small, large, worst, first = 0, 0, 0, None
    for y in range(h):
        for x in range(w):
            d = channel_difference(shot[y0 + y][x0 + x], expected[y][x])
            worst = max(worst, d)
            if d > (0 if exact else 6):
                small += 1
                first = first or (x, y, shot[y0 + y][x0 + x], expected[y][x])
            if d > 40:
                large += 1
    allowed = 0 if exact else int(0.005 * w * h)
    summary = f"{small} of {w * h} pixels differ (worst by {worst})"
    if large or small > allowed:
        x, y, a, b = first
        print(f"{summary}, first at {x},{y}: {a:06x} vs {b:06x}")
        return 1
    print(summary)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
