#!/usr/bin/python3
"""Text-layer goldens for TextGoldenTests, drawn by cairo from text-cases.json.

Each case is laid out here, independently of Layerscope, by the rules CATextLayer follows
(core-animation-breadth.md section 5): first baseline one ascent below the top, lines one ascent +
descent + line gap apart, greedy word wrapping with hanging spaces, "..." truncation (U+2026),
alignment, clipping to the bounds. Glyphs are cairo's own outlines of the DejaVu face (through
FreeType, unhinted, metrics unhinted) placed at their advances, filled with gray anti-aliasing.
The output is white text on transparent black, one PNG per case: text-NAME.png.

    /usr/bin/python3 make_text_goldens.py
"""
import json
import os

import cairo

HERE = os.path.dirname(os.path.abspath(__file__))
# The DejaVu family and weight cairo's toy API picks each iOS font name's stand-in by.
FACES = {
    "Helvetica": ("DejaVu Sans", cairo.FONT_WEIGHT_NORMAL),
    "Helvetica-Bold": ("DejaVu Sans", cairo.FONT_WEIGHT_BOLD),
    "Times": ("DejaVu Serif", cairo.FONT_WEIGHT_NORMAL),
}
ELLIPSIS = "\u2026"


def context_for(surface, font, size):
    ctx = cairo.Context(surface)
    options = cairo.FontOptions()
    options.set_hint_style(cairo.HINT_STYLE_NONE)
    options.set_hint_metrics(cairo.HINT_METRICS_OFF)
    options.set_antialias(cairo.ANTIALIAS_GRAY)
    ctx.set_font_options(options)
    family, weight = FACES[font]
    ctx.select_font_face(family, cairo.FONT_SLANT_NORMAL, weight)
    ctx.set_font_size(size)
    ctx.set_antialias(cairo.ANTIALIAS_GRAY)
    return ctx


def lay_out(case, advance, width, height, ascent, descent, gap):
    """Lines as (characters, x positions relative to the line, line x, baseline)."""
    text = case["string"]
    paragraphs = text.split("\n")
    if text.endswith("\n") and len(paragraphs) > 1:
        paragraphs.pop()
    wrapped = case.get("isWrapped", False)
    truncation = case.get("truncationMode", "none")
    lines = []  # (characters, ended by a wrap)
    for paragraph in paragraphs:
        if not wrapped:
            chars = list(paragraph)
            if truncation != "none" and sum(map(advance, chars)) > width:
                chars = truncate(chars, truncation, width, advance)
            lines.append((chars, False))
            continue
        start = 0
        if not paragraph:
            lines.append(([], False))
        while start < len(paragraph):
            x, i, last_break, end = 0.0, start, None, len(paragraph)
            while i < len(paragraph):
                c = paragraph[i]
                if c == " ":
                    x += advance(c)
                    i += 1
                    last_break = i
                    continue
                if i > start and x + advance(c) > width:
                    end = last_break if last_break is not None else i
                    break
                x += advance(c)
                i += 1
            lines.append((list(paragraph[start:end]), end < len(paragraph)))
            start = end
    placed = []
    top = 0.0
    for chars, by_wrap in lines:
        if top >= height and placed:
            break
        baseline = top + ascent
        top = baseline + descent + gap
        trailing = len(chars)
        while trailing > 0 and chars[trailing - 1] == " ":
            trailing -= 1
        visible = sum(map(advance, chars[:trailing]))
        extra = width - visible
        align = case.get("alignmentMode", "natural")
        line_x = {"right": extra, "center": extra / 2}.get(align, 0.0)
        stretch = 0.0
        spaces = chars[:trailing].count(" ")
        if align == "justified" and by_wrap and spaces and extra > 0:
            stretch = extra / spaces
        xs, pen = [], 0.0
        for k, c in enumerate(chars):
            xs.append(pen)
            pen += advance(c)
            if stretch and k < trailing and c == " ":
                pen += stretch
        placed.append((chars, xs, line_x, baseline))
    return placed


def truncate(chars, mode, width, advance):
    available = width - advance(ELLIPSIS)
    if mode == "end":
        x, k = 0.0, 0
        while k < len(chars) and x + advance(chars[k]) <= available:
            x += advance(chars[k])
            k += 1
        return chars[:k] + [ELLIPSIS]
    if mode == "start":
        x, k = 0.0, len(chars)
        while k > 0 and x + advance(chars[k - 1]) <= available:
            x += advance(chars[k - 1])
            k -= 1
        return [ELLIPSIS] + chars[k:]
    x, a, b, progressed = 0.0, 0, len(chars), True
    while progressed:
        progressed = False
        if a < b and x + advance(chars[a]) <= available:
            x += advance(chars[a])
            a += 1
            progressed = True
        if a < b and x + advance(chars[b - 1]) <= available:
            x += advance(chars[b - 1])
            b -= 1
            progressed = True
    return chars[:a] + [ELLIPSIS] + chars[b:]


def render(case):
    cw, ch = case["canvas"]
    fx, fy, fw, fh = case["frame"]
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, cw, ch)
    ctx = context_for(surface, case.get("font", "Helvetica"), case["fontSize"])
    ascent, descent, _, _, _ = ctx.font_extents()
    # The line gap: cairo's height is ascent + descent + gap.
    gap = ctx.font_extents()[2] - ascent - descent
    ctx.translate(fx + fw / 2, fy + fh / 2)
    ctx.rotate(case.get("rotation", 0.0))
    ctx.scale(case.get("scale", 1.0), case.get("scale", 1.0))
    ctx.translate(-fw / 2, -fh / 2)
    ctx.rectangle(0, 0, fw, fh)
    ctx.clip()
    cache = {}

    def advance(c):
        if c not in cache:
            cache[c] = ctx.text_extents(c).x_advance
        return cache[c]

    for chars, xs, line_x, baseline in lay_out(case, advance, fw, fh, ascent, descent, gap):
        for c, x in zip(chars, xs):
            if c == " ":
                continue
            ctx.move_to(line_x + x, baseline)
            ctx.text_path(c)
    ctx.set_source_rgb(1, 1, 1)
    ctx.fill()
    surface.write_to_png(os.path.join(HERE, "text-%s.png" % case["name"]))


def main():
    with open(os.path.join(HERE, "text-cases.json")) as f:
        cases = json.load(f)["cases"]
    for case in cases:
        render(case)


if __name__ == "__main__":
    main()
