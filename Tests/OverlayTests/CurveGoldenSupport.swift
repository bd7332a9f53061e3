import Foundation
import ImageFiles
import LayerscopeTestSupport
import Overlay
import Raster
import Testing

/// Golden images of the curve plots, panel and timeline bar, in `Tests/OverlayTests/Goldens`
/// (re-record with `RECORD_GOLDENS=1 swift test --filter Curve`; see `FrameComparison`). A pixel
/// matches when every channel is within 3 of the golden's, because FreeType's anti-aliasing of the
/// labels can differ by a level or two between FreeType versions. Up to 0.05 % of the pixels may
/// differ by up to 32: the edge pixels of curves, whose coverage moves a little when the rasterizer's
/// rounding is tuned. Anything more (a missing line, a moved label, a wrong colour) fails.
enum CurveGoldens {
    static let tolerance = GoldenTolerance(perChannel: 3, edge: 32, edgeFraction: 0.0005)

    /// Compares `bitmap` with the golden `name`.png (or records it, failing).
    static func check(_ bitmap: Bitmap, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try FrameComparison.checkGolden(
            bitmap, named: name, in: FrameComparison.goldens(besides: #filePath), tolerance: tolerance,
            sourceLocation: sourceLocation)
    }

    /// DejaVu Sans at `size` pixels, or nil when the font is not installed.
    static func font(_ size: Int) -> TextRenderer? { try? TextRenderer(dejaVuSansPixelSize: size) }
}
