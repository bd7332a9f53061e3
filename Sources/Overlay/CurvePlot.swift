import Geometry
import LayerKit
import Raster

/// One timing function to plot, with its legend label and colour.
public struct CurvePlotEntry: Sendable {
    public var label: String
    public var function: CAMediaTimingFunction
    public var color: Pixel

    /// Spelled out to be public; alike the inits of `CurvePlotMapping` below, `RenderBudget.Excess`, `GradientShading`,
    /// `SceneImages` (BuiltInScenes.swift) and `SceneFileError` on purpose: each only stores its fields.
    public init(label: String, function: CAMediaTimingFunction, color: Pixel) {
        self.label = label
        self.function = function
        self.color = color
    }
}

/// Draws timing functions as curves of progress over the input time fraction: the unit square, a grid,
/// axes with labels, a legend, and the whole curve even where it overshoots 0…1 (the progress range
/// grows to hold it). `compact` drops the labels and legend, for the inspector's small plots (and
/// so do rectangles too small for them); the legend goes beside the plot when there is room, else below.
public final class CurvePlot {
    private let text: TextRenderer?
    private let pen = CurvePlotPen()
    /// Whether the last drawing put the legend to the right of the plot (else below it).
    private var legendBeside = true
    /// Where the last drawing put the unit square, for playhead dots.
    public private(set) var mapping = CurvePlotMapping(
        plot: PixelRect(x: 0, y: 0, width: 1, height: 1), yMin: 0, yMax: 1)

    /// A plot writing its labels with `text` (no labels when nil).
    public init(text: TextRenderer?) {
        self.text = text
    }

    /// The progress range that holds every curve and 0…1, with a small margin when a curve leaves 0…1.
    public static func progressRange(of functions: [CAMediaTimingFunction]) -> (min: Double, max: Double) {
        var low = 0.0
        var high = 1.0
        for function in functions {
            for i in 0...256 {
                let y = CurvePlotMapping.curvePoint(function, t: Double(i) / 256).y
                guard y.isFinite else { continue }
                low = min(low, y)
                high = max(high, y)
            }
        }
        // Beyond ±1e300 the margin and the span would overflow to infinity.
        (low, high) = (max(low, -1e300), min(high, 1e300))
        let margin = (high - low) * 0.04
        return (low < 0 ? low - margin : 0, high > 1 ? high + margin : 1)
    }

    /// Draws `entries` into `rect` of `bitmap` (the whole rectangle is painted).
    public func draw(_ entries: [CurvePlotEntry], in rect: PixelRect, compact: Bool = false, into bitmap: Bitmap) {
        Blending.fill(
            bitmap, x: rect.x, y: rect.y, width: rect.width, height: rect.height, color: CurvePlotStyle.background)
        let range = Self.progressRange(of: entries.map(\.function))
        let lineHeight = text.map { $0.ascender + $0.descender } ?? 0
        let labelled = !compact && text != nil && rect.width >= 200 && rect.height >= 160
        let legendWidth = labelled ? Self.legendWidth(entries, text: text) : 0
        legendBeside = rect.width >= rect.height + legendWidth
        let legendHeight = labelled && !legendBeside ? entries.count * (lineHeight + 4) + 6 : 0
        let left = rect.x + (labelled ? 12 + 2 * lineHeight + (text?.width(of: "-0.25") ?? 0) : 4)
        let top = rect.y + (labelled ? lineHeight + 12 : 4)
        let bottom = rect.maxY - (labelled ? 2 * lineHeight + 16 + legendHeight : 4)
        let right = rect.maxX - (labelled ? 16 + (legendBeside ? legendWidth : 0) : 4)
        let plot = PixelRect(x: left, y: top, width: max(1, right - left), height: max(1, bottom - top))
        mapping = CurvePlotMapping(plot: plot, yMin: range.min, yMax: range.max)
        Blending.fill(
            bitmap, x: plot.x, y: plot.y, width: plot.width, height: plot.height, color: CurvePlotStyle.plotBackground)
        drawGrid(compact: compact, into: bitmap)
        if labelled { drawLabels(into: bitmap) }
        let clip = plot.insetBy(-3)
        for entry in entries {
            let path = CGMutablePath()
            for i in 0...160 {
                let p = CurvePlotMapping.curvePoint(entry.function, t: Double(i) / 160)
                let point = mapping.point(x: p.x, y: p.y)
                if i == 0 { path.move(to: point) } else { path.addLine(to: point) }
            }
            pen.stroke(path, width: compact ? 1.5 : 2.25, color: entry.color, clip: clip, into: bitmap)
        }
        if labelled { drawLegend(entries, into: bitmap) }
    }

    /// A dot on `function`'s curve at input fraction `x` (after `draw`, with the same mapping).
    public func drawPlayhead(_ function: CAMediaTimingFunction, x: Double, into bitmap: Bitmap) {
        let fraction = min(max(x, 0), 1)
        let point = mapping.point(x: fraction, y: function.solve(fraction))
        pen.disc(center: point, radius: 4, color: CurvePlotStyle.playhead, clip: mapping.plot.insetBy(-6), into: bitmap)
    }

    private func drawGrid(compact: Bool, into bitmap: Bitmap) {
        let plot = mapping.plot
        let steps = compact ? 4 : 10
        for i in 0...steps {
            let x = PixelCoordinate.whole(mapping.point(x: Double(i) / Double(steps), y: 0).x, .down)
            Blending.fill(bitmap, x: x, y: plot.y, width: 1, height: plot.height, color: CurvePlotStyle.grid)
        }
        for y in ticks(step: compact ? 0.25 : 0.1, grid: 0.1) {
            let row = PixelCoordinate.whole(mapping.point(x: 0, y: y).y, .down)
            Blending.fill(bitmap, x: plot.x, y: row, width: plot.width, height: 1, color: CurvePlotStyle.grid)
        }
        for value in [0.0, 1.0] {
            let row = PixelCoordinate.whole(mapping.point(x: 0, y: value).y, .down)
            Blending.fill(bitmap, x: plot.x, y: row, width: plot.width, height: 1, color: CurvePlotStyle.unitBox)
            let column = PixelCoordinate.whole(mapping.point(x: value, y: 0).x, .down)
            Blending.fill(bitmap, x: column, y: plot.y, width: 1, height: plot.height, color: CurvePlotStyle.unitBox)
        }
        pen.dashedLine(
            from: mapping.point(x: 0, y: 0), to: mapping.point(x: 1, y: 1), dash: 4, color: CurvePlotStyle.unitBox,
            clip: plot, into: bitmap)
    }

    private func drawLabels(into bitmap: Bitmap) {
        guard let text else { return }
        let plot = mapping.plot
        for i in 0...4 {
            let value = Double(i) / 4
            let label = CurvePlotNumbers.text(value, decimals: 2)
            let x = PixelCoordinate.whole(mapping.point(x: value, y: 0).x) - text.width(of: label) / 2
            text.draw(label, x: x, baseline: plot.maxY + 6 + text.ascender, color: CurvePlotStyle.dimText, into: bitmap)
        }
        let xTitle = "time fraction (input)"
        text.draw(
            xTitle, x: plot.x + (plot.width - text.width(of: xTitle)) / 2,
            baseline: plot.maxY + 12 + 2 * text.ascender + text.descender, color: CurvePlotStyle.text, into: bitmap)
        for y in ticks(step: 0.25, grid: 0.25) {
            let label = CurvePlotNumbers.text(y, decimals: 2)
            let baseline = PixelCoordinate.whole(mapping.point(x: 0, y: y).y) + (text.ascender - text.descender) / 2
            text.draw(
                label, x: plot.x - 6 - text.width(of: label), baseline: baseline, color: CurvePlotStyle.dimText,
                into: bitmap)
        }
        text.draw(
            "progress", x: plot.x, baseline: plot.y - 6 - text.descender, color: CurvePlotStyle.text, into: bitmap)
    }

    /// Progress values for grid lines or labels `step` apart over the mapping's range, starting at a
    /// multiple of `grid`; a coarser round step when a curve stretches the range so far that `step` would
    /// give more than 100 of them.
    private func ticks(step: Double, grid: Double) -> [Double] {
        let span = mapping.yMax - mapping.yMin
        guard span / step > 100 else {
            return PixelCoordinate.ticks(from: mapping.yMin, through: mapping.yMax, step: step, grid: grid)
        }
        let coarse = ValuePlot.niceStep(span: span, ticks: 10)
        return PixelCoordinate.ticks(from: mapping.yMin, through: mapping.yMax, step: coarse)
    }

    private static func legendWidth(_ entries: [CurvePlotEntry], text: TextRenderer?) -> Int {
        guard let text, !entries.isEmpty else { return 0 }
        return entries.map { text.width(of: $0.label) }.max()! + 28
    }

    private func drawLegend(_ entries: [CurvePlotEntry], into bitmap: Bitmap) {
        guard let text, !entries.isEmpty else { return }
        let lineHeight = text.ascender + text.descender + 4
        let x = legendBeside ? mapping.plot.maxX + 14 : mapping.plot.x
        var y = legendBeside ? mapping.plot.y : mapping.plot.maxY + 2 * lineHeight + 14
        for entry in entries {
            Blending.fill(bitmap, x: x, y: y + lineHeight / 2 - 2, width: 18, height: 3, color: entry.color)
            text.draw(entry.label, x: x + 24, baseline: y + text.ascender, color: CurvePlotStyle.text, into: bitmap)
            y += lineHeight
        }
    }
}

/// Maps (time fraction, progress) to pixels inside a plot rectangle.
public struct CurvePlotMapping: Equatable, Sendable {
    /// The plot area; x 0…1 spans its width, progress `yMin…yMax` its height (upwards).
    public var plot: PixelRect
    public var yMin: Double
    public var yMax: Double

    public init(plot: PixelRect, yMin: Double, yMax: Double) {
        self.plot = plot
        self.yMin = yMin
        self.yMax = yMax
    }

    /// The pixel position of (`x`, `y`) (pixel centres of the edges at 0 and 1).
    public func point(x: Double, y: Double) -> CGPoint {
        let px = Double(plot.x) + 0.5 + x * Double(plot.width - 1)
        let span = yMax - yMin
        let py = Double(plot.maxY) - 0.5 - (y - yMin) / (span > 0 ? span : 1) * Double(plot.height - 1)
        return CGPoint(x: px, y: py)
    }

    /// The curve's point at Bézier parameter `t` (exact, including vertical stretches).
    static func curvePoint(_ f: CAMediaTimingFunction, t: Double) -> (x: Double, y: Double) {
        let u = 1 - t
        let a = 3 * u * u * t
        let b = 3 * u * t * t
        let c = t * t * t
        return (a * f.c1.x + b * f.c2.x + c, a * f.c1.y + b * f.c2.y + c)
    }
}
