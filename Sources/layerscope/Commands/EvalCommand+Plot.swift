import Foundation
import ImageFiles
import LayerKit
import Overlay
import Raster
import Scenes

extension EvalCommand {
    /// Size of the `--plot` image.
    static let plotWidth = 900
    static let plotHeight = 420

    /// Draws the presentation value of `key` on `layerName` over the `--at` span (from 0 to the last
    /// time when only one is given) to a PNG at `out`: the value, the phases of the last animation of
    /// that key path on the layer (repeats, autoreverse legs, fills, removal), and a cursor at each time.
    static func writePlot(
        scene sceneName: String, size: CGSize?, layer layerName: String, key: String, times: [Double], out: String
    ) throws(CommandError) {
        CAEngine.reset()
        let clock = ManualClock(now: 0)
        CAEngine.clock = clock
        defer { CAEngine.reset() }
        let scene = try CommonOptions.loadScene(sceneName, size: size, drawn: false)
        let sorted = times.sorted()
        let end = max(sorted.last ?? 0, sorted.count > 1 ? 0 : scene.naturalDuration)
        let start = sorted.count > 1 ? sorted[0] : 0
        let count = 600
        var samplers: [AnimationSampler] = []
        var series = CurvePlotSeries(times: [], componentCount: 0, values: [], phases: [])
        var rows: [[Double]] = []
        for i in 0..<count {
            let t = start + (end - start) * Double(i) / Double(count - 1)
            scene.advance(to: t)
            guard let layer = LayerSearch.layer(named: layerName, in: scene.rootLayer) else {
                rows.append([])
                series.phases.append(nil)
                series.times.append(t)
                continue
            }
            for sampler in AnimationSampler.samplers(in: layer)
            where sampler.layer === layer && sampler.facts.keyPath == key
                && !samplers.contains(where: { $0.animation === sampler.animation })
            {
                samplers.append(sampler)
            }
            let value = (layer.presentation() ?? layer).numericComponents(forKeyPath: key) ?? []
            rows.append(value)
            series.times.append(t)
            series.phases.append(samplers.last.map { phase(of: $0, on: layer, at: t) })
        }
        let components = rows.map(\.count).max() ?? 0
        series.componentCount = components
        series.componentNames = CurvePlotSeries.componentNames(count: components)
        for row in rows {
            for c in 0..<components { series.values.append(c < row.count ? row[c] : .nan) }
        }
        let text = try? TextRenderer(dejaVuSansPixelSize: 12)
        let bitmap = Bitmap(width: plotWidth, height: plotHeight)
        let plot = ValuePlot(text: text)
        plot.draw(
            series, in: PixelRect(x: 0, y: 0, width: plotWidth, height: plotHeight), title: "\(layerName) · \(key)",
            into: bitmap)
        drawCursors(plot, series: series, times: sorted, into: bitmap)
        do {
            try ImageFile.writePNG(bitmap, to: URL(fileURLWithPath: out))
        } catch {
            throw .failure("\(error)")
        }
    }

    /// The sampler's phase at media time `t`, or `removed` once its animation has left the layer.
    private static func phase(of sampler: AnimationSampler, on layer: CALayer, at t: Double) -> AnimationPhase {
        var attached = false
        AnimationSampler.forEachAttachedAnimation(in: layer) { owner, animation in
            if owner === layer && animation === sampler.animation { attached = true }
        }
        return attached ? sampler.sample(atMediaTime: t).phase : .removed
    }

    /// A cursor at each `--at` time, with dots on the plotted values of the nearest sample.
    private static func drawCursors(_ plot: ValuePlot, series: CurvePlotSeries, times: [Double], into bitmap: Bitmap) {
        let plotted = series.plottedComponents
        for t in times {
            guard let nearest = series.times.indices.min(by: { abs(series.times[$0] - t) < abs(series.times[$1] - t) })
            else { continue }
            let values = plotted.map { series.value(nearest, component: $0) }
            values.withUnsafeBufferPointer { plot.drawCursor(atTime: t, values: $0, into: bitmap) }
        }
    }
}
