import Geometry
import LayerKit
import Raster

/// Draws a value over time with the animation's phases marked behind it: active forward and reverse
/// legs in two tints with a line at every repeat boundary (dotted at an autoreverse turn), fill
/// periods striped blue, the removed state striped red, the model value drawn grey where the
/// animation does not show, and a cursor at "now". `compact` drops axes, ticks and legend (panel rows).
public final class ValuePlot {
    private let text: TextRenderer?
    private let pen = CurvePlotPen()
    private var plot = PixelRect(x: 0, y: 0, width: 1, height: 1)
    private var startTime = 0.0
    private var endTime = 1.0
    private var yMin = 0.0
    private var yMax = 1.0

    /// A plot writing its labels with `text` (no labels when nil).
    public init(text: TextRenderer?) {
        self.text = text
    }

    /// The plot area of the last drawing.
    public var plotArea: PixelRect { plot }

    /// The pixel column of time `t` (nil outside the plotted times).
    public func column(atTime t: Double) -> Int? {
        guard t >= startTime, t <= endTime, endTime > startTime else { return nil }
        return plot.x
            + PixelCoordinate.whole(
                (t - startTime) / (endTime - startTime) * Double(plot.width - 1), .toNearestOrAwayFromZero)
    }

    /// The pixel row of value `v`.
    public func row(atValue v: Double) -> Double {
        let span = yMax - yMin
        return Double(plot.maxY) - 0.5 - (v - yMin) / (span > 0 ? span : 1) * Double(plot.height - 1)
    }

    /// Draws `series` into `rect` of `bitmap`, titled `title` (full plots only).
    public func draw(
        _ series: CurvePlotSeries, in rect: PixelRect, compact: Bool = false, title: String? = nil, into bitmap: Bitmap
    ) {
        Blending.fill(
            bitmap, x: rect.x, y: rect.y, width: rect.width, height: rect.height, color: CurvePlotStyle.background)
        let labelled = !compact && text != nil
        let lineHeight = text.map { $0.ascender + $0.descender } ?? 0
        let components = series.plottedComponents
        layout(series, components: components, in: rect, labelled: labelled, lineHeight: lineHeight)
        drawPhases(series, compact: compact, into: bitmap)
        if labelled { drawAxes(title: title, into: bitmap) }
        drawValues(series, components: components, compact: compact, into: bitmap)
        if labelled { drawLegend(series, components: components, into: bitmap) }
    }

    private func layout(
        _ series: CurvePlotSeries, components: [Int], in rect: PixelRect, labelled: Bool, lineHeight: Int
    ) {
        startTime = series.times.first ?? 0
        endTime = series.times.last ?? 1
        var low = Double.infinity
        var high = -Double.infinity
        for i in series.times.indices {
            for c in components {
                let v = series.value(i, component: c)
                if v.isFinite {
                    low = min(low, v)
                    high = max(high, v)
                }
            }
        }
        if !low.isFinite {
            (low, high) = (0, 1)
        } else if high - low < 1e-9 * max(1, abs(high)) {
            let pad = max(0.5, abs(high) * 1e-3)
            (low, high) = (low - pad, high + pad)
        }
        // Beyond ±1e300 the margin and the span would overflow to infinity.
        (low, high) = (max(low, -1e300), min(high, 1e300))
        let margin = (high - low) * 0.08
        (yMin, yMax) = (low - margin, high + margin)
        let labelWidth = labelled ? (text?.width(of: "-0000.00") ?? 0) : 0
        let legendWidth = labelled && !series.componentNames.isEmpty ? 70 : 0
        let left = rect.x + (labelled ? labelWidth + 12 : 2)
        let top = rect.y + (labelled ? lineHeight + 12 : 2)
        let right = rect.maxX - (labelled ? 12 + legendWidth : 2)
        let bottom = rect.maxY - (labelled ? 2 * lineHeight + 16 : 2)
        plot = PixelRect(x: left, y: top, width: max(2, right - left), height: max(2, bottom - top))
    }

    /// The sample shown at pixel column `x` of the plot.
    private func sampleIndex(column x: Int, count: Int) -> Int {
        let fraction = Double(x - plot.x) / Double(max(1, plot.width - 1))
        return min(count - 1, max(0, PixelGrid.nearest(fraction * Double(count - 1))))
    }

    private func drawPhases(_ series: CurvePlotSeries, compact: Bool, into bitmap: Bitmap) {
        let count = series.times.count
        guard count > 0 else { return }
        var previous: AnimationPhase?? = nil
        var runStart = plot.x
        for x in plot.x..<plot.maxX {
            let phase = series.phases[sampleIndex(column: x, count: count)]
            drawColumn(phase, x: x, into: bitmap)
            if let before = previous, before != phase {
                drawBoundary(from: before, to: phase, x: x, into: bitmap)
                labelRun(before, from: runStart, to: x, compact: compact, into: bitmap)
                runStart = x
            }
            previous = phase
        }
        if let last = previous { labelRun(last, from: runStart, to: plot.maxX, compact: compact, into: bitmap) }
    }

    private func drawColumn(_ phase: AnimationPhase?, x: Int, into bitmap: Bitmap) {
        let stripe: Pixel?
        let base: Pixel
        switch phase {
        case .active(_, .forward): (base, stripe) = (CurvePlotStyle.activeForward, nil)
        case .active(_, .reverse): (base, stripe) = (CurvePlotStyle.activeReverse, nil)
        case .filledBefore, .filledAfter: (base, stripe) = (CurvePlotStyle.plotBackground, CurvePlotStyle.fillStripe)
        case .removed: (base, stripe) = (CurvePlotStyle.plotBackground, CurvePlotStyle.removedStripe)
        default: (base, stripe) = (CurvePlotStyle.plotBackground, nil)
        }
        let (y0, y1) = (max(0, plot.y), min(bitmap.height, plot.maxY))
        guard x >= 0, x < bitmap.width, y0 < y1 else { return }
        for y in y0..<y1 {
            bitmap.row(y)[x] = stripe != nil && (x + y) % 8 < 3 ? stripe! : base
        }
    }

    /// A solid line at a new repeat or where the animation starts or stops, dotted at a turn-around.
    private func drawBoundary(from a: AnimationPhase?, to b: AnimationPhase?, x: Int, into bitmap: Bitmap) {
        var dotted = false
        if case .active(let k1, _) = a, case .active(let k2, _) = b, k1 == k2 { dotted = true }
        let (y0, y1) = (max(0, plot.y), min(bitmap.height, plot.maxY))
        guard x >= 0, x < bitmap.width, y0 < y1 else { return }
        for y in y0..<y1 where !dotted || y % 4 < 2 {
            bitmap.row(y)[x] = CurvePlotStyle.boundary
        }
    }

    private func labelRun(_ phase: AnimationPhase?, from x0: Int, to x1: Int, compact: Bool, into bitmap: Bitmap) {
        guard let text, let phase else { return }
        let label: String
        switch phase {
        case .active(let k, let leg): label = CurvePlotNumbers.text(Double(k + 1)) + (leg == .reverse ? " rev" : "")
        default: label = phase.label
        }
        let width = text.width(of: label)
        guard x1 - x0 >= width + 6 else { return }
        text.draw(
            label, x: x0 + (x1 - x0 - width) / 2, baseline: plot.y + 2 + text.ascender, color: CurvePlotStyle.dimText,
            into: bitmap)
    }

    private func drawValues(_ series: CurvePlotSeries, components: [Int], compact: Bool, into bitmap: Bitmap) {
        let count = series.times.count
        guard count > 1 else { return }
        let clip = plot.insetBy(-1)
        for (index, c) in components.enumerated() {
            let animated = CGMutablePath()
            let model = CGMutablePath()
            var wasAnimated: Bool?
            for i in 0..<count {
                let v = series.value(i, component: c)
                guard v.isFinite else {
                    wasAnimated = nil
                    continue
                }
                let x = Double(plot.x) + 0.5 + Double(i) / Double(count - 1) * Double(plot.width - 1)
                let point = CGPoint(x: x, y: row(atValue: v))
                let isAnimated = series.isAnimated(i)
                let path = isAnimated ? animated : model
                if wasAnimated != isAnimated { path.move(to: point) } else { path.addLine(to: point) }
                wasAnimated = isAnimated
            }
            let color = CurvePlotStyle.palette[index % CurvePlotStyle.palette.count]
            pen.stroke(model, width: compact ? 1.25 : 1.5, color: CurvePlotStyle.modelValue, clip: clip, into: bitmap)
            pen.stroke(animated, width: compact ? 1.5 : 2, color: color, clip: clip, into: bitmap)
        }
    }

    private func drawAxes(title: String?, into bitmap: Bitmap) {
        guard let text else { return }
        Blending.fill(bitmap, x: plot.x - 1, y: plot.y, width: 1, height: plot.height, color: CurvePlotStyle.axis)
        Blending.fill(bitmap, x: plot.x - 1, y: plot.maxY, width: plot.width + 1, height: 1, color: CurvePlotStyle.axis)
        let timeStep = Self.niceStep(span: endTime - startTime, ticks: max(2, plot.width / 60))
        for t in PixelCoordinate.ticks(from: startTime, through: endTime, step: timeStep) {
            if let x = column(atTime: t) {
                Blending.fill(bitmap, x: x, y: plot.maxY, width: 1, height: 5, color: CurvePlotStyle.axis)
                let label = CurvePlotNumbers.text(t, decimals: 3)
                text.draw(
                    label, x: x - text.width(of: label) / 2, baseline: plot.maxY + 6 + text.ascender,
                    color: CurvePlotStyle.dimText, into: bitmap)
            }
        }
        let axisTitle = "time (s)"
        text.draw(
            axisTitle, x: plot.x + (plot.width - text.width(of: axisTitle)) / 2,
            baseline: plot.maxY + 12 + 2 * text.ascender + text.descender, color: CurvePlotStyle.text, into: bitmap)
        let valueStep = Self.niceStep(span: yMax - yMin, ticks: max(2, plot.height / 40))
        for v in PixelCoordinate.ticks(from: yMin, through: yMax, step: valueStep, tolerance: 1e-12) {
            let y = PixelCoordinate.whole(row(atValue: v))
            Blending.fill(bitmap, x: plot.x - 5, y: y, width: 4, height: 1, color: CurvePlotStyle.axis)
            let label = CurvePlotNumbers.text(v, decimals: 3)
            text.draw(
                label, x: plot.x - 8 - text.width(of: label), baseline: y + (text.ascender - text.descender) / 2,
                color: CurvePlotStyle.dimText, into: bitmap)
        }
        if let title {
            text.draw(title, x: plot.x, baseline: plot.y - 6 - text.descender, color: CurvePlotStyle.text, into: bitmap)
        }
    }

    private func drawLegend(_ series: CurvePlotSeries, components: [Int], into bitmap: Bitmap) {
        guard let text, !series.componentNames.isEmpty else { return }
        var y = plot.y
        for (index, c) in components.enumerated() where c < series.componentNames.count {
            let color = CurvePlotStyle.palette[index % CurvePlotStyle.palette.count]
            Blending.fill(bitmap, x: plot.maxX + 12, y: y + text.ascender / 2, width: 14, height: 3, color: color)
            text.draw(
                series.componentNames[c], x: plot.maxX + 30, baseline: y + text.ascender, color: CurvePlotStyle.text,
                into: bitmap)
            y += text.ascender + text.descender + 4
        }
    }

    /// The cursor at time `t`: a vertical line and a dot on each plotted value in `values`.
    public func drawCursor(atTime t: Double, values: UnsafeBufferPointer<Double>, into bitmap: Bitmap) {
        guard let x = column(atTime: t) else { return }
        Blending.fill(bitmap, x: x, y: plot.y, width: 1, height: plot.height, color: CurvePlotStyle.cursor)
        for v in values where v.isFinite {
            pen.disc(
                center: CGPoint(x: Double(x) + 0.5, y: row(atValue: v)), radius: 3.5, color: CurvePlotStyle.playhead,
                clip: plot.insetBy(-5), into: bitmap)
        }
    }

    /// A round step (1, 2, 2.5 or 5 × 10ⁿ) giving about `ticks` ticks over `span`.
    static func niceStep(span: Double, ticks: Int) -> Double {
        guard span > 0, span.isFinite else { return 1 }
        let raw = span / Double(max(1, ticks))
        var magnitude = 1.0
        while magnitude * 10 <= raw { magnitude *= 10 }
        while magnitude > raw { magnitude /= 10 }
        for factor in [1.0, 2, 2.5, 5, 10] where magnitude * factor >= raw { return magnitude * factor }
        return magnitude * 10
    }
}
