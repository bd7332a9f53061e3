#!/usr/bin/env bash
# The text benchmark: a screenful of wrapped 18 pt text (one CATextLayer over 1920x1080, about 9,000
# glyphs in DejaVu Sans) drawn by `layerscope bench`, beside cairo drawing the same lines with
# show_text (its glyph cache; gray anti-aliasing, unhinted) in the same run. Three variants: the text
# still, its foregroundColor animated (the coverage is kept, only the fill changes), and the layer
# scrolled by position.y (the outlines are rasterized again every frame; cairo's side moves too).
#   LAYERSCOPE=BIN bash Tests/text-bench.sh [FRAMES]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${LAYERSCOPE:-}
[ -x "$bin" ] || { echo "set LAYERSCOPE to a release layerscope binary (swift build -c release)" >&2; exit 64; }
# Debian's python3-cairo belongs to the system interpreter.
python=python3
[ -x /usr/bin/python3 ] && python=/usr/bin/python3
frames=${1:-60}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$python" - "$tmp" "$frames" <<'PY'
import json, sys, time
import cairo
folder, frames = sys.argv[1], int(sys.argv[2])
words = ("Layers are drawn from the presentation tree at each frame, text included: the layout is kept while "
         "the string, font, size and bounds stay the same. ").split()
text = " ".join(words[i % len(words)] for i in range(1400))
width, height, size = 1880, 1040, 18
animations = {
    "still": [],
    "color": [{"at": 0, "add": {"layer": "text", "animation": {"kind": "basic", "keyPath": "foregroundColor",
              "fromValue": "#ffffff", "toValue": "#ffd60a", "duration": 1}}}],
    "scroll": [{"at": 0, "add": {"layer": "text", "animation": {"kind": "basic", "keyPath": "position.y",
               "fromValue": 540, "toValue": 500, "duration": 1}}}],
}
for name, timeline in animations.items():
    with open(f"{folder}/text-{name}.json", "w") as f:
        json.dump({"size": [1920, 1080], "layers": [{"name": "root", "frame": [0, 0, 1920, 1080],
                   "backgroundColor": "#101418", "sublayers": [{"name": "text", "kind": "text",
                   "frame": [20, 20, width, height], "string": text, "fontSize": size, "isWrapped": True}]}],
                   "timeline": timeline}, f)
# The same lines for cairo, broken by the same greedy rule (spaces hang at the line's end). Its font options are
# those of make_text_goldens.py on purpose: cairo is timed drawing as the engine does, and the bench is one file.
surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, 1920, 1080)
cr = cairo.Context(surface)
options = cairo.FontOptions()
options.set_hint_style(cairo.HINT_STYLE_NONE)
options.set_hint_metrics(cairo.HINT_METRICS_OFF)
options.set_antialias(cairo.ANTIALIAS_GRAY)
cr.set_font_options(options)
cr.select_font_face("DejaVu Sans")
cr.set_font_size(size)
ascent, descent, line_height = cr.font_extents()[:3]
lines, line, x = [], "", 0.0
for word in text.split(" "):
    w = cr.text_extents(word).x_advance
    if line and x + w > width:
        lines.append(line)
        line, x = "", 0.0
    line += word + " "
    x += w + cr.text_extents(" ").x_advance
lines.append(line)
glyphs = sum(len(l) for l in lines)
lines = [l for k, l in enumerate(lines) if k * line_height < height]
for name in animations:
    times = []
    for frame in range(frames):
        t = frame / max(1, frames - 1)
        start = time.perf_counter()
        ctx = cairo.Context(surface)
        ctx.set_font_options(options)
        ctx.select_font_face("DejaVu Sans")
        ctx.set_font_size(size)
        ctx.set_source_rgb(0x10 / 255, 0x14 / 255, 0x18 / 255)
        ctx.paint()
        ctx.rectangle(20, 20, width, height)
        ctx.clip()
        ctx.set_source_rgb(1, 1 - 0.16 * t, 1 - 0.96 * t) if name == "color" else ctx.set_source_rgb(1, 1, 1)
        dy = -40 * t if name == "scroll" else 0
        for k, l in enumerate(lines):
            ctx.move_to(20, 20 + dy + ascent + k * line_height)
            ctx.show_text(l)
        surface.flush()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    print("cairo text-%s 1920x1080 frames=%d median_ms=%.3f p95_ms=%.3f lines=%d" % (
        name, frames, times[len(times) // 2], times[int(len(times) * 0.95)], len(lines)))
PY
for name in still color scroll; do
    "$bin" bench --scene "$tmp/text-$name.json" --frames "$frames"
done
