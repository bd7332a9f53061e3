import Geometry
import Raster

/// Anti-aliased lines and discs for the plots: paths are stroked by `Stroker`, filled by `Rasterizer`
/// into a coverage `Mask` over the clip rectangle and composited with `Bitmap.fill(_:mask:in:)`. The
/// pen keeps every buffer between calls, and one mask and region per clip rectangle it has seen (up to
/// `maskLimit`), so drawing again with the same clips allocates nothing once warm.
final class CurvePlotPen {
    private let stroker = Stroker()
    private let rasterizer = Rasterizer()
    private var polygon = Polygon()
    /// Masks and regions by clip rectangle (and target height).
    private var masks: [MaskKey: (mask: Mask, region: Region)] = [:]
    private static let maskLimit = 64
    /// The longest dashed line drawn, in pixels.
    private static let dashedLineLimit = 1 << 16

    /// Strokes `path` with round caps and joins, `width` pixels wide, clipped to `clip`.
    func stroke(
        _ path: CGPath, width: CGFloat, color: Pixel, clip: PixelRect, into bitmap: Bitmap
    ) {
        polygon.removeAll()
        let style = StrokeStyle(lineWidth: width, lineCap: .round, lineJoin: .round)
        stroker.stroke(path, style: style, into: &polygon)
        fill(color, clip: clip, into: bitmap)
    }

    /// A one-pixel dashed straight line from `a` to `b` (`dash` pixels on, `dash` off), clipped to `clip`:
    /// plotted pixel by pixel, for faint guides where anti-aliasing is not worth a rasterizer pass.
    func dashedLine(from a: CGPoint, to b: CGPoint, dash: Int, color: Pixel, clip: PixelRect, into bitmap: Bitmap) {
        let area = clip.intersection(PixelRect(x: 0, y: 0, width: bitmap.width, height: bitmap.height))
        let steps = PixelCoordinate.whole(max(abs(b.x - a.x), abs(b.y - a.y)), .up)
        // A line longer than `dashedLineLimit` pixels (or not finite) runs far outside any plot.
        guard steps > 0, steps <= Self.dashedLineLimit, dash > 0, !area.isEmpty else { return }
        for step in 0...steps where step % (2 * dash) < dash {
            let t = Double(step) / Double(steps)
            let x = PixelCoordinate.whole(a.x + (b.x - a.x) * t, .down)
            let y = PixelCoordinate.whole(a.y + (b.y - a.y) * t, .down)
            guard x >= area.minX, x < area.maxX, y >= area.minY, y < area.maxY else { continue }
            bitmap.row(y)[x] = Blending.over(color, coverage: 255, onto: bitmap.row(y)[x])
        }
    }

    /// Fills a disc of `radius` pixels around `center`, clipped to `clip`.
    func disc(center: CGPoint, radius: CGFloat, color: Pixel, clip: PixelRect, into bitmap: Bitmap) {
        polygon.removeAll()
        polygon.beginContour()
        let segments = 32
        for i in 0..<segments {
            let angle = Double(i) * 2 * Double.pi / Double(segments)
            polygon.append(CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle)))
        }
        fill(color, clip: clip, into: bitmap)
    }

    /// Fills the triangle `a b c`, clipped to `clip`.
    func triangle(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint, color: Pixel, clip: PixelRect, into bitmap: Bitmap) {
        polygon.removeAll()
        polygon.beginContour()
        polygon.append(a)
        polygon.append(b)
        polygon.append(c)
        fill(color, clip: clip, into: bitmap)
    }

    private func fill(_ color: Pixel, clip: PixelRect, into bitmap: Bitmap) {
        let area = clip.intersection(PixelRect(x: 0, y: 0, width: bitmap.width, height: bitmap.height))
        guard !area.isEmpty else { return }
        let key = MaskKey(clip: area, targetHeight: bitmap.height)
        let target: (mask: Mask, region: Region)
        if let cached = masks[key] {
            target = cached
        } else {
            if masks.count >= Self.maskLimit { masks.removeAll() }
            target = (Mask(bounds: area), Region(height: bitmap.height, rect: area))
            masks[key] = target
        }
        rasterizer.fill(polygon, rule: .nonZero, into: target.mask)
        bitmap.fill(color, mask: target.mask, in: target.region)
    }
}

/// A clip rectangle in a target of a given height (regions are sized by the target's height).
private struct MaskKey: Hashable {
    var clip: PixelRect
    var targetHeight: Int
}
