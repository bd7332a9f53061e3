import Geometry
import Raster

/// Anti-aliased lines and discs for the plots: paths are stroked by `Stroker`, filled by `Rasterizer`
/// into a coverage `Mask` over the clip rectangle and composited with `Bitmap.fill(_:mask:in:)`. The
/// pen keeps every buffer between calls, so drawing with the same clip allocates nothing once warm.
final class CurvePlotPen {
    private let stroker = Stroker()
    private let rasterizer = Rasterizer()
    private var polygon = Polygon()
    private var mask: Mask?
    private var region: Region?

    /// Strokes `path` with round caps and joins, `width` pixels wide, clipped to `clip`.
    func stroke(
        _ path: CGPath, width: CGFloat, color: Pixel, dash: [CGFloat] = [], clip: PixelRect, into bitmap: Bitmap
    ) {
        polygon.removeAll()
        let style = StrokeStyle(lineWidth: width, lineCap: .round, lineJoin: .round, dashPattern: dash)
        stroker.stroke(path, style: style, into: &polygon)
        fill(color, clip: clip, into: bitmap)
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
        if mask?.bounds != area || region?.height != bitmap.height {
            mask = Mask(bounds: area)
            region = Region(height: bitmap.height, rect: area)
        }
        guard let mask, let region else { return }
        rasterizer.fill(polygon, rule: .nonZero, into: mask)
        bitmap.fill(color, mask: mask, in: region)
    }
}
