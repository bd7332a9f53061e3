import Geometry
import LayerscopeTestSupport
import Testing

@testable import Raster

/// Rectangles filled without a mask match the rasterizer's exact-area coverage of the same rectangle.
/// Its seeded random loop is like that of PixelRectTests on purpose: each property test draws its own cases.
@Suite struct RectangleFillTests {
    @Test func matchesTheRasterizedRectangle() {
        var random = SeededGenerator(seed: 15)
        for _ in 0..<300 {
            let rect = CGRect(
                x: random.unit() * 60 - 10, y: random.unit() * 40 - 10, width: random.unit() * 30,
                height: random.unit() * 20)
            let color = PixelMath.premultiplied(red: 200, green: 90, blue: 30, alpha: random.unit() < 0.5 ? 255 : 180)
            let opacity = UInt8(random.next() % 256)
            let direct = Bitmap(width: 48, height: 32)
            direct.fill(0xFF20_4060)
            let rasterized = Bitmap(width: 48, height: 32)
            rasterized.fill(0xFF20_4060)
            direct.fill(color, opacity: opacity, rectangle: rect)
            var polygon = Polygon()
            polygon.beginContour()
            for p in [
                CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY),
            ] { polygon.append(p) }
            let mask = Mask(width: 48, height: 32)
            Rasterizer().fill(polygon, rule: .nonZero, into: mask)
            rasterized.fill(color, opacity: opacity, mask: mask)
            #expect(largestChannelDifference(direct, rasterized) <= 1, "\(rect)")
        }
    }

    @Test func pixelAlignedRectanglesAreExact() {
        let bitmap = Bitmap(width: 10, height: 10)
        bitmap.fill(Pixel(0xFF00_00FF), rectangle: CGRect(x: 2, y: 3, width: 4, height: 5))
        for y in 0..<10 {
            for x in 0..<10 {
                let inside = (2..<6).contains(x) && (3..<8).contains(y)
                #expect(bitmap[x, y] == (inside ? Pixel(0xFF00_00FF) : 0), "\(x) \(y)")
            }
        }
    }

    /// Only pixels inside both the region and the clip change.
    @Test func regionAndClipLimitTheFill() {
        let rect = CGRect(x: 1.5, y: 1.25, width: 20, height: 12)
        let whole = Bitmap(width: 24, height: 16)
        whole.fill(Pixel(0xFFFF_0000), opacity: 200, rectangle: rect)
        let region = Region(height: 16, rect: PixelRect(x: 0, y: 4, width: 24, height: 8))
        let clip = PixelRect(x: 5, y: 0, width: 10, height: 16)
        let limited = Bitmap(width: 24, height: 16)
        limited.fill(Pixel(0xFFFF_0000), opacity: 200, rectangle: rect, in: region, within: clip)
        for y in 0..<16 {
            for x in 0..<24 {
                let inside = (4..<12).contains(y) && (5..<15).contains(x)
                #expect(limited[x, y] == (inside ? whole[x, y] : 0), "\(x) \(y)")
            }
        }
    }

    func largestChannelDifference(_ a: Bitmap, _ b: Bitmap) -> Int {
        var worst = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a[x, y]
                let q = b[x, y]
                for shift in stride(from: 0, to: 32, by: 8) {
                    worst = max(worst, abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF)))
                }
            }
        }
        return worst
    }
}
