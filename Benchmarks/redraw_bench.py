#!/usr/bin/env python3
"""The cost of custom drawing per frame: a layer redrawn by draw(in:) every frame against cairo drawing the
same thing, in one run.

Writes a Swift scene of one 600 x 600 layer whose `draw(in:)` draws a progress ring (a 22-point track and a
round-capped arc, stroked) and a four-slice pie inside it, over an opaque background, and runs
`layerscope bench` on it twice: with the layer's custom `progress` animated over the whole bench (so the
presentation is drawn again every frame: `needsDisplay(forKey:)`), and drawn once with the layer turning
instead (the same compositing, no redraw). cairo (python3-cairo) draws the same ring and pie into a
600 x 600 surface at each frame's progress and paints it onto the frame. Prints the three medians, the
redraw's share (animated − turning) and the ratio of the animated frame to cairo's. Runs alternate R
times; the figures are the medians of the per-run medians.

    python3 Benchmarks/redraw_bench.py [--binary PATH] [--size 1280x720] [--frames 120] [--runs 3]
"""
import argparse
import math
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
LINE = re.compile(r"^(\S+) (\d+x\d+) frames=(\d+) median_ms=([\d.]+) p95_ms=([\d.]+)")
SIDE = 600
SHARES = [0.4, 0.25, 0.2, 0.15]
COLORS = [(1, 0.42, 0.35), (1, 0.78, 0.3), (0.35, 0.8, 0.55), (0.3, 0.6, 1)]

SCENE = """
import LayerKit
import Scenes

final class Dial: CALayer {
    dynamic var progress: CGFloat = 0.75
    override init() { super.init() }
    required init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? Dial { progress = other.progress }
    }
    override class func needsDisplay(forKey key: String) -> Bool { key == "progress" || super.needsDisplay(forKey: key) }
    override func draw(in ctx: CGContext) {
        let c = CGPoint(x: bounds.midX, y: bounds.midY)
        let start = -CGFloat.pi / 2
        ctx.setLineWidth(22)
        ctx.setStrokeColor(CGColor(gray: 1, alpha: 0.15))
        ctx.addArc(center: c, radius: 280, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
        ctx.strokePath()
        ctx.setLineCap(.round)
        ctx.setStrokeColor(CGColor(red: 0.25, green: 0.85, blue: 0.95, alpha: 1))
        ctx.addArc(center: c, radius: 280, startAngle: start, endAngle: start + 2 * .pi * progress, clockwise: false)
        ctx.strokePath()
        var angle = start
        for (share, rgb) in zip(SHARES_, COLORS_) {
            let sweep = 2 * .pi * share * progress
            ctx.move(to: c)
            ctx.addArc(center: c, radius: 240, startAngle: angle, endAngle: angle + sweep, clockwise: false)
            ctx.closePath()
            ctx.setFillColor(CGColor(red: rgb.0, green: rgb.1, blue: rgb.2, alpha: 1))
            ctx.fillPath()
            angle += sweep
        }
    }
}

final class Bench: SceneScript {
    required init() {}
    func setUp(root: CALayer) {
        root.backgroundColor = CGColor(red: 0.09, green: 0.1, blue: 0.14, alpha: 1)
        let dial = Dial()
        dial.frame = CGRect(x: root.bounds.midX - 300, y: root.bounds.midY - 300, width: 600, height: 600)
        dial.setNeedsDisplay()
        root.addSublayer(dial)
        let animation = CABasicAnimation(keyPath: KEY_)
        animation.fromValue = FROM_
        animation.toValue = TO_
        animation.duration = 2
        dial.add(animation, forKey: "bench")
    }
}
"""


def write_scene(folder, redraw):
    text = SCENE.replace("SHARES_", "[CGFloat](" + repr(SHARES) + ")")
    text = text.replace("COLORS_", "[" + ", ".join(f"(CGFloat({r}), CGFloat({g}), CGFloat({b}))" for r, g, b in COLORS) + "]")
    if redraw:
        text = text.replace("KEY_", '"progress"').replace("FROM_", "0.05").replace("TO_", "1")
    else:
        text = text.replace("KEY_", '"transform.rotation"').replace("FROM_", "0").replace("TO_", "CGFloat.pi")
    path = os.path.join(folder, f"dial_{'redraw' if redraw else 'turn'}.swift")
    with open(path, "w") as f:
        f.write(text)
    return path


def ours(binary, path, size, frames):
    out = subprocess.run([binary, "bench", "--scene", path, "--size", size, "--frames", str(frames)],
                         check=True, capture_output=True, text=True, cwd=ROOT).stdout
    medians = {}
    for line in out.splitlines():
        match = LINE.match(line)
        if match:
            medians["copy" if match.group(1) == "frame-copy" else "scene"] = float(match.group(4))
    if "scene" not in medians:
        sys.exit(f"redraw_bench.py: no bench line in {out!r}")
    return medians


def cairo_frames(width, height, frames):
    """The median ms of drawing the dial at each frame's progress and painting it onto the frame."""
    import cairo

    frame = cairo.ImageSurface(cairo.FORMAT_ARGB32, width, height)
    times = []
    for k in range(frames):
        progress = 0.05 + 0.95 * (k / max(1, frames - 1))
        start = time.perf_counter()
        dial = cairo.ImageSurface(cairo.FORMAT_ARGB32, SIDE, SIDE)
        ctx = cairo.Context(dial)
        c = SIDE / 2
        ctx.set_line_width(22)
        ctx.set_source_rgba(1, 1, 1, 0.15)
        ctx.arc(c, c, 280, 0, 2 * math.pi)
        ctx.stroke()
        ctx.set_line_cap(cairo.LINE_CAP_ROUND)
        ctx.set_source_rgb(0.25, 0.85, 0.95)
        ctx.arc(c, c, 280, -math.pi / 2, -math.pi / 2 + 2 * math.pi * progress)
        ctx.stroke()
        angle = -math.pi / 2
        for share, rgb in zip(SHARES, COLORS):
            sweep = 2 * math.pi * share * progress
            ctx.move_to(c, c)
            ctx.arc(c, c, 240, angle, angle + sweep)
            ctx.close_path()
            ctx.set_source_rgb(*rgb)
            ctx.fill()
            angle += sweep
        out = cairo.Context(frame)
        out.set_source_rgb(0.09, 0.1, 0.14)
        out.paint()
        out.set_source_surface(dial, width / 2 - c, height / 2 - c)
        out.paint()
        frame.flush()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=None)
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--frames", type=int, default=120)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    binary = args.binary or os.path.join(
        subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, capture_output=True,
                       text=True, check=True).stdout.strip(), "layerscope")
    width, height = map(int, args.size.split("x"))
    with tempfile.TemporaryDirectory() as folder:
        redraw = write_scene(folder, True)
        turn = write_scene(folder, False)
        ours(binary, redraw, args.size, 2)  # compile both once, outside the timing
        ours(binary, turn, args.size, 2)
        results = {"redraw": [], "turn": [], "copy": [], "cairo": []}
        for _ in range(args.runs):
            a = ours(binary, redraw, args.size, args.frames)
            b = ours(binary, turn, args.size, args.frames)
            results["redraw"].append(a["scene"])
            results["turn"].append(b["scene"])
            results["copy"].append(a.get("copy", 0))
            results["cairo"].append(cairo_frames(width, height, args.frames))
    m = {key: statistics.median(values) for key, values in results.items()}
    print(f"size {args.size}, dial {SIDE}x{SIDE}, frames {args.frames}, runs {args.runs} (medians of medians, ms)")
    print(f"redrawn every frame   {m['redraw']:.3f}")
    print(f"drawn once, turning   {m['turn']:.3f}")
    print(f"frame copy            {m['copy']:.3f}")
    print(f"cairo, redrawn        {m['cairo']:.3f}")
    print(f"redraw share          {m['redraw'] - m['turn']:.3f}")
    print(f"redrawn / cairo       {m['redraw'] / m['cairo']:.2f}")


if __name__ == "__main__":
    main()
