import Foundation
import ImageFiles
import Overlay
import Raster
import Testing

/// Golden-image comparison for the curve plots, panel and timeline bar.
///
/// Goldens are small PNGs in `Tests/OverlayTests/Goldens`. To re-record them after an intended change,
/// run the tests with `RECORD_GOLDENS=1` in the environment (e.g. `RECORD_GOLDENS=1 swift test --filter
/// Curve`), look at the new images, and commit them. A pixel matches when every channel is within
/// `tolerance` (3) of the golden's, because FreeType's anti-aliasing of the labels can differ by a level
/// or two between FreeType versions. Up to `edgeAllowance` (0.05 %) of the pixels may differ by up to
/// `edgeTolerance` (32): the edge pixels of curves, whose coverage moves a little when the rasterizer's
/// rounding is tuned. Anything more (a missing line, a moved label, a wrong colour) fails.
enum CurveGoldens {
    /// Largest allowed difference per channel (0…255).
    static let tolerance = 3
    /// Largest difference allowed for the few edge pixels, and the fraction of pixels that may use it.
    static let edgeTolerance = 32
    static let edgeAllowance = 0.0005

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    /// Compares `bitmap` with the golden `name`.png (or writes it when recording).
    static func check(_ bitmap: Bitmap, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = folder.appendingPathComponent(name + ".png")
        if ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" {
            try ImageFile.writePNG(bitmap, to: url)
            return
        }
        let golden = try ImageFile.read(url)
        try #require(golden.width == bitmap.width && golden.height == bitmap.height, sourceLocation: sourceLocation)
        var worst = 0
        var different = 0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                let d = difference(bitmap[x, y], golden[x, y])
                if d > tolerance { different += 1 }
                worst = max(worst, d)
            }
        }
        let allowed = Int(Double(bitmap.width * bitmap.height) * edgeAllowance)
        #expect(
            worst <= edgeTolerance && different <= allowed,
            "\(different) pixels (\(allowed) allowed) differ by more than \(tolerance), worst \(worst), from \(name).png",
            sourceLocation: sourceLocation)
    }

    static func difference(_ a: Pixel, _ b: Pixel) -> Int {
        var worst = 0
        for shift in stride(from: 0, to: 32, by: 8) {
            worst = max(worst, abs(Int((a >> UInt32(shift)) & 0xFF) - Int((b >> UInt32(shift)) & 0xFF)))
        }
        return worst
    }

    /// DejaVu Sans at `size` pixels, or nil when the font is not installed.
    static func font(_ size: Int) -> TextRenderer? { try? TextRenderer(dejaVuSansPixelSize: size) }
}
