import LayerKit
import Raster

/// The time chain of one animation (the inspector's selected) as lines of text in a strip under
/// the inspector: media time → each layer's beginTime, speed and timeOffset → the layer's time →
/// the animation's active time → repeat and leg (a `timeOffset` wrap and a paused ancestor named as
/// such) → input fraction → eased fraction → value. Numbers are drawn piece by piece, so a frame
/// allocates nothing once warm.
public final class TimeChainView {
    /// The strip's height in pixels.
    public static let height = 8 + 12 * lineHeight
    private static let lineHeight = 14
    private let text: TextRenderer?
    /// Where the strip is drawn in the target bitmap.
    public private(set) var frame = PixelRect(x: 0, y: 0, width: 0, height: 0)

    /// A view writing with `text` (nothing is drawn without it).
    public init(text: TextRenderer?) {
        self.text = text
    }

    /// Places the strip.
    public func layout(frame newFrame: PixelRect) {
        frame = newFrame
    }

    /// Draws `chain`, the time chain of the animation `facts` describe, into `bitmap` at `frame`. Each
    /// step (`→ …`) is kept whole and goes on to the next line, indented, when the column has no room
    /// for it, so every ancestor's timing shows however many there are (as many lines as the strip holds).
    public func draw(_ chain: AnimationTimeChain, facts: AnimationTimingFacts, into bitmap: Bitmap) {
        guard frame.width > 0, frame.height >= Self.height else { return }
        Blending.fill(
            bitmap, x: frame.x, y: frame.y, width: frame.width, height: frame.height, color: CurvePlotStyle.background)
        Blending.fill(bitmap, x: frame.x, y: frame.y, width: frame.width, height: 1, color: CurvePlotStyle.grid)
        guard let text else { return }
        var line = Line(
            text: text, bitmap: bitmap, left: frame.x + 8, right: frame.maxX - 6, bottom: frame.maxY,
            lineHeight: Self.lineHeight, x: frame.x + 8, baseline: frame.y + 6 + text.ascender)
        line.dim("Time chain  ")
        line.step {
            $0.bright(facts.layerName ?? "layer")
            $0.dim(" · ")
            $0.bright(facts.keyPath ?? facts.key ?? facts.kind)
        }
        line.next()
        line.step {
            $0.dim("media ")
            $0.number(chain.mediaTime, " s")
        }
        for link in chain.links {
            line.step {
                $0.dim("  → ")
                $0.bright(link.name ?? "layer")
                drawTiming(begin: link.beginTime, speed: link.speed, offset: link.timeOffset, into: &$0)
                if link.isPaused { $0.accent(" paused (speed 0)") }
            }
        }
        line.next()
        line.step {
            $0.dim("→ layer time ")
            $0.number(chain.links.last?.localTime ?? chain.mediaTime, " s")
        }
        line.step {
            $0.dim("  → animation")
            drawTiming(begin: chain.beginTime, speed: chain.speed, offset: chain.timeOffset, into: &$0)
        }
        line.step {
            $0.dim("  → active ")
            if let active = chain.activeTime { $0.number(active, " s") } else { $0.bright("—") }
            if chain.timeOffset != 0, let offset = chain.offsetTime {
                $0.dim(" (+offset ")
                $0.number(offset, " s)")
            }
        }
        line.next()
        line.step {
            $0.dim("→ ")
            drawPhase(chain, into: &$0)
        }
        line.next()
        line.step {
            $0.dim("→ fraction ")
            if let input = chain.inputFraction { $0.number(input, "") } else { $0.bright("—") }
        }
        line.step {
            $0.dim("  → eased ")
            if let eased = chain.easedFraction { $0.number(eased, "") } else { $0.bright("—") }
        }
        line.step {
            $0.dim("  → value ")
            if let points = chain.pathPointCount {
                // A path is not a list of numbers: how far the morph is, and how many points it draws.
                $0.dim("morph ")
                if let eased = chain.easedFraction { $0.number(eased, "") } else { $0.bright("—") }
                $0.dim(" · ")
                $0.number(Double(points), " points")
                return
            }
            if chain.value.isEmpty { $0.bright("—") }
            for (index, v) in chain.value.prefix(4).enumerated() {
                if index > 0 { $0.dim(" ") }
                $0.number(v, "")
            }
            if chain.value.count > 4 { $0.dim(" …") }
        }
    }

    /// A layer's or animation's timing: only what differs from the defaults (begin 0, ×1, offset 0).
    private func drawTiming(begin: Double, speed: Double, offset: Double, into line: inout Line) {
        if begin != 0 {
            line.dim(" begin ")
            line.number(begin, "")
        }
        if speed != 1 {
            line.dim(" ×")
            line.number(speed, "")
        }
        if offset != 0 {
            line.dim(" offset ")
            line.number(offset, "")
        }
    }

    private func drawPhase(_ chain: AnimationTimeChain, into line: inout Line) {
        switch chain.phase {
        case .active(_, let leg):
            line.bright("active, repeat ")
            line.number(Double((chain.repeatIndex ?? 0) + 1), "")
            line.bright(leg == .forward ? " forward" : " reverse")
        case .filledBefore: line.bright("filled before the start")
        case .filledAfter: line.bright("filled after the end")
        case .before: line.bright("not started")
        case .after: line.bright("finished")
        case .removed: line.bright("finished, removed")
        }
        if chain.wrapsByTimeOffset { line.accent("  timeOffset wrap (not a repeat)") }
        if let paused = chain.pausedLink {
            line.accent("  held by paused ")
            line.accent(paused.name ?? "layer")
        }
    }

    /// A line being written left to right, wrapping between steps.
    private struct Line {
        let text: TextRenderer, bitmap: Bitmap
        /// Where each line starts and must end, the strip's bottom, and the line height.
        let left: Int, right: Int, bottom: Int, lineHeight: Int
        /// The pen's column and the current line's baseline.
        var x: Int, baseline: Int
        /// While true, writing only moves the pen (a step measuring itself).
        private var measuring = false

        init(
            text: TextRenderer, bitmap: Bitmap, left: Int, right: Int, bottom: Int, lineHeight: Int, x: Int,
            baseline: Int
        ) {
            self.text = text
            self.bitmap = bitmap
            self.left = left
            self.right = right
            self.bottom = bottom
            self.lineHeight = lineHeight
            self.x = x
            self.baseline = baseline
        }

        /// Where a wrapped step goes on.
        static let indent = 14

        mutating func write(_ s: String, _ color: Pixel) {
            let width = text.width(of: s)
            if measuring {
                x += width
                return
            }
            // A step wider than a whole line breaks between its pieces.
            if x + width > right, x > left + 2 * Self.indent {
                x = left + 2 * Self.indent
                baseline += lineHeight
            }
            if baseline + text.descender > bottom {
                x += width
            } else {
                x = text.draw(s, x: x, baseline: baseline, color: color, into: bitmap)
            }
        }
        mutating func dim(_ s: String) { write(s, CurvePlotStyle.dimText) }
        mutating func bright(_ s: String) { write(s, CurvePlotStyle.text) }
        mutating func accent(_ s: String) { write(s, CurvePlotStyle.playhead) }
        mutating func number(_ v: Double, _ unit: String) {
            bright(CurvePlotNumbers.text(v, decimals: 3))
            if !unit.isEmpty { dim(unit) }
        }

        /// Writes `body` whole: measured first, and begun on the next line (indented) when it does not
        /// fit in what is left of this one.
        mutating func step(_ body: (inout Line) -> Void) {
            let start = x
            measuring = true
            body(&self)
            let width = x - start
            x = start
            measuring = false
            if x + width > right, x > left + Self.indent {
                x = left + Self.indent
                baseline += lineHeight
            }
            body(&self)
        }

        mutating func next() {
            x = left
            baseline += lineHeight
        }
    }
}
