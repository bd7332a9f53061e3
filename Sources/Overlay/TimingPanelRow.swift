import LayerKit
import Raster

/// One animation in the curve panel: its sampler, its plots (drawn once into the panel's cached
/// image) and the buffers its per-frame readouts reuse.
final class TimingPanelRow {
    let sampler: AnimationSampler
    let function: CAMediaTimingFunction
    let curvePlot: CurvePlot
    let valuePlot: ValuePlot
    let title: String
    let details: String
    /// Whether the animation was still attached to its layer at the last update.
    var isAttached = true
    /// True for a `transform.…` key path, whose value the readout takes from the animation itself.
    private(set) lazy var isTransformComponent = sampler.facts.keyPath?.hasPrefix("transform.") == true
    private(set) var plotted: [Int] = []
    /// Reused per frame: the animation's value, the plotted components of it, the presentation value.
    var values: [Double] = []
    var cursorValues: [Double] = []
    var presentation: [Double] = []

    init(sampler: AnimationSampler, text: TextRenderer?) {
        self.sampler = sampler
        let facts = sampler.facts
        let points = facts.controlPoints
        function = CAMediaTimingFunction(
            controlPoints: CGPoint(x: points[0], y: points[1]), CGPoint(x: points[2], y: points[3]))
        curvePlot = CurvePlot(text: nil)
        valuePlot = ValuePlot(text: text)
        title = Self.title(facts)
        details = Self.details(facts)
        values.reserveCapacity(16)
        cursorValues.reserveCapacity(16)
        presentation.reserveCapacity(16)
    }

    /// Draws the timing curve into `curveBox` and the value plot into `valueBox` of `cache` (its coordinates).
    func drawStatic(curveBox: PixelRect, valueBox: PixelRect, into cache: Bitmap) {
        curvePlot.draw(
            [CurvePlotEntry(label: "", function: function, color: CurvePlotStyle.palette[0])], in: curveBox,
            compact: true, into: cache)
        let window = CurvePlotSeries.window(of: sampler.facts)
        let series = CurvePlotSeries.sampling(
            sampler, from: window.start, to: window.end, count: max(2, valueBox.width))
        plotted = series.plottedComponents
        valuePlot.draw(series, in: valueBox, compact: true, into: cache)
    }

    static func title(_ facts: AnimationTimingFacts) -> String {
        let layer = facts.layerName ?? "layer"
        let key = facts.key.map { "  [\($0)]" } ?? ""
        return layer + " · " + (facts.keyPath ?? facts.kind) + key
    }

    static func details(_ facts: AnimationTimingFacts) -> String {
        var parts = [
            "dur " + CurvePlotNumbers.text(facts.duration) + " s", facts.repeatDescription,
            facts.timingFunctionDescription, "fill " + facts.fillMode.rawValue,
        ]
        if facts.autoreverses { parts.insert("autoreverses", at: 2) }
        parts.append("begin " + CurvePlotNumbers.text(facts.beginTime) + " s")
        if facts.speed != 1 { parts.append("speed " + CurvePlotNumbers.text(facts.speed)) }
        if facts.timeOffset != 0 { parts.append("offset " + CurvePlotNumbers.text(facts.timeOffset) + " s") }
        if !facts.isRemovedOnCompletion { parts.append("kept") }
        return parts.joined(separator: " · ")
    }

    /// Copies the plotted components of `values` into `cursorValues` (no allocation once warm).
    func selectCursorValues() {
        cursorValues.removeAll(keepingCapacity: true)
        for c in plotted where c < values.count { cursorValues.append(values[c]) }
    }
}
