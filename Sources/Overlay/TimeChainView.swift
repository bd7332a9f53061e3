import LayerKit
import Raster

/// The time chain of one animation (the inspector's newest) as five lines of text in a strip under
/// the inspector: media time → each layer's beginTime, speed and timeOffset → the layer's time →
/// the animation's active time → repeat and leg (a `timeOffset` wrap and a paused ancestor named as
/// such) → input fraction → eased fraction → value. Numbers are drawn piece by piece, so a frame
/// allocates nothing once warm.
public final class TimeChainView {
    /// The strip's height in pixels.
    public static let height = 8 + 6 * lineHeight
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

    /// Draws `chain`, the time chain of the animation `facts` describe, into `bitmap` at `frame`.
    public func draw(_ chain: AnimationTimeChain, facts: AnimationTimingFacts, into bitmap: Bitmap) {
        guard frame.width > 0, frame.height >= Self.height else { return }
        Blending.fill(
            bitmap, x: frame.x, y: frame.y, width: frame.width, height: frame.height, color: CurvePlotStyle.background)
        Blending.fill(bitmap, x: frame.x, y: frame.y, width: frame.width, height: 1, color: CurvePlotStyle.grid)
        guard let text else { return }
        var line = Line(
            text: text, bitmap: bitmap, left: frame.x + 8, x: frame.x + 8, baseline: frame.y + 6 + text.ascender)
        line.dim("Time chain  ")
        line.bright(facts.layerName ?? "layer")
        line.dim(" · ")
        line.bright(facts.keyPath ?? facts.key ?? facts.kind)
        line.next(Self.lineHeight)
        line.dim("media ")
        line.number(chain.mediaTime, " s")
        for link in chain.links {
            line.dim("  → ")
            line.bright(link.name ?? "layer")
            drawTiming(begin: link.beginTime, speed: link.speed, offset: link.timeOffset, into: &line)
            if link.isPaused { line.accent(" paused (speed 0)") }
        }
        line.next(Self.lineHeight)
        line.dim("→ layer time ")
        line.number(chain.links.last?.localTime ?? chain.mediaTime, " s")
        line.dim("  → animation")
        drawTiming(begin: chain.beginTime, speed: chain.speed, offset: chain.timeOffset, into: &line)
        line.dim("  → active ")
        if let active = chain.activeTime { line.number(active, " s") } else { line.bright("—") }
        if chain.timeOffset != 0, let offset = chain.offsetTime {
            line.dim(" (+offset ")
            line.number(offset, " s)")
        }
        line.next(Self.lineHeight)
        line.dim("→ ")
        drawPhase(chain, into: &line)
        line.next(Self.lineHeight)
        line.dim("→ fraction ")
        if let input = chain.inputFraction { line.number(input, "") } else { line.bright("—") }
        line.dim("  → eased ")
        if let eased = chain.easedFraction { line.number(eased, "") } else { line.bright("—") }
        line.dim("  → value ")
        if let points = chain.pathPointCount {
            // A path is not a list of numbers: how far the morph is, and how many points it draws.
            line.dim("morph ")
            if let eased = chain.easedFraction { line.number(eased, "") } else { line.bright("—") }
            line.dim(" · ")
            line.number(Double(points), " points")
            return
        }
        if chain.value.isEmpty { line.bright("—") }
        for (index, v) in chain.value.prefix(4).enumerated() {
            if index > 0 { line.dim(" ") }
            line.number(v, "")
        }
        if chain.value.count > 4 { line.dim(" …") }
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

    /// A line being written left to right.
    private struct Line {
        let text: TextRenderer, bitmap: Bitmap
        /// Where each line starts, the pen's column and the current line's baseline.
        let left: Int
        var x: Int, baseline: Int

        mutating func write(_ s: String, _ color: Pixel) {
            x = text.draw(s, x: x, baseline: baseline, color: color, into: bitmap)
        }
        mutating func dim(_ s: String) { write(s, CurvePlotStyle.dimText) }
        mutating func bright(_ s: String) { write(s, CurvePlotStyle.text) }
        mutating func accent(_ s: String) { write(s, CurvePlotStyle.playhead) }
        mutating func number(_ v: Double, _ unit: String) {
            bright(CurvePlotNumbers.text(v, decimals: 3))
            if !unit.isEmpty { dim(unit) }
        }
        mutating func next(_ height: Int) {
            x = left
            baseline += height
        }
    }
}
