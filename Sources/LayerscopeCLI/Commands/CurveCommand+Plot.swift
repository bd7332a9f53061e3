import Foundation
import ImageFiles
import LayerKit
import Overlay
import Raster

extension CurveCommand {
    /// `--size`: `WxH`, or one number for a square; from 64 to 4096 pixels a side (default 400×400).
    static func plotSize(_ text: String?) throws(CommandError) -> (width: Int, height: Int) {
        guard let text else { return (400, 400) }
        let square = Int(text).map { ($0, $0) }
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        let pair = parts.count == 2 ? Int(parts[0]).flatMap { w in Int(parts[1]).map { (w, $0) } } : nil
        guard let (width, height) = square ?? pair, (64...4096).contains(width), (64...4096).contains(height) else {
            throw .usage(
                "--size expects WxH or N with whole numbers from 64 to 4096, got '\(text)'", command: spec.name)
        }
        return (width, height)
    }

    /// The legend label of a `--timing` value: the name, or `cubic(x1, y1, x2, y2)`.
    static func label(for text: String, function: CAMediaTimingFunction) -> String {
        if names.contains(text) { return text }
        let points = [function.c1.x, function.c1.y, function.c2.x, function.c2.y].map { Double($0) }
        return "cubic(" + points.map { String(format: "%g", Double(Float($0))) }.joined(separator: ", ") + ")"
    }

    /// Draws the timing functions (with the `--timing` texts they came from) to a PNG at `out`.
    static func writePlot(
        _ timings: [(text: String, function: CAMediaTimingFunction)], width: Int, height: Int, out: String
    )
        throws(CommandError)
    {
        let entries = timings.enumerated().map { index, timing in
            CurvePlotEntry(
                label: label(for: timing.text, function: timing.function), function: timing.function,
                color: CurvePlotStyle.palette[index % CurvePlotStyle.palette.count])
        }
        let text = try? TextRenderer(dejaVuSansPixelSize: max(10, min(14, min(width, height) / 30)))
        let bitmap = Bitmap(width: width, height: height)
        Overlay.CurvePlot(text: text).draw(
            entries, in: PixelRect(x: 0, y: 0, width: width, height: height), into: bitmap)
        do {
            try ImageFile.writePNG(bitmap, to: URL(fileURLWithPath: out))
        } catch {
            throw .failure("\(error)")
        }
    }
}
