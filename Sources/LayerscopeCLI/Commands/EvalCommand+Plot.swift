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
        scene sceneName: String, size: CGSize?, actions: String?, layer layerName: String, key: String,
        times: [Double], out: String, console: Console
    ) throws(CommandError) {
        let player = try CommonOptions.player(
            sceneName, size: size, actions: actions, drawn: false, console: console)
        let scene = player.scene
        let sorted = times.sorted()
        let end = max(sorted.last ?? 0, sorted.count > 1 ? 0 : scene.naturalDuration)
        let start = sorted.count > 1 ? sorted[0] : 0
        let samples = PlotSamples.sample(
            player: player, layer: layerName, key: key, from: start, to: end, count: 600, times: sorted)
        let components = samples.values.map(\.count).max() ?? 0
        var series = CurvePlotSeries(
            times: samples.times, componentCount: components, values: [], phases: samples.phases)
        series.componentNames = CurvePlotSeries.componentNames(count: components)
        for row in samples.values {
            for c in 0..<components { series.values.append(c < row.count ? row[c] : .nan) }
        }
        let text = try? TextRenderer(dejaVuSansPixelSize: 12)
        let bitmap = Bitmap(width: plotWidth, height: plotHeight)
        let plot = ValuePlot(text: text)
        plot.draw(
            series, in: PixelRect(x: 0, y: 0, width: plotWidth, height: plotHeight), title: "\(layerName) · \(key)",
            into: bitmap)
        drawCursors(plot, series: series, times: sorted, indices: samples.cursorIndices, into: bitmap)
        do {
            try ImageFile.writePNG(bitmap, to: URL(fileURLWithPath: out))
        } catch {
            throw .failure("\(error)")
        }
    }

    /// A cursor at each `--at` time, with dots on the plotted values of the sample taken at that time.
    private static func drawCursors(
        _ plot: ValuePlot, series: CurvePlotSeries, times: [Double], indices: [Int], into bitmap: Bitmap
    ) {
        let plotted = series.plottedComponents
        for (t, index) in zip(times, indices) {
            let values = plotted.map { series.value(index, component: $0) }
            values.withUnsafeBufferPointer { plot.drawCursor(atTime: t, values: $0, into: bitmap) }
        }
    }
}
