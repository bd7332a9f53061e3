import Geometry
import LayerscopeTestSupport
import Testing

@testable import Raster

/// A mask moved to other bounds (larger, smaller, elsewhere) and refilled holds exactly what a fresh
/// mask over those bounds holds.
@Suite struct MaskResetTests {
    @Test func resetMaskEqualsAFreshOne() {
        var random = SeededGenerator(seed: 3)
        let reused = Mask(bounds: PixelRect(x: 0, y: 0, width: 4, height: 4))
        let rasterizer = Rasterizer()
        for _ in 0..<40 {
            let bounds = PixelRect(
                x: Int(random.next() % 50), y: Int(random.next() % 50), width: Int(random.next() % 40),
                height: Int(random.next() % 40))
            var polygon = Polygon()
            polygon.beginContour()
            for _ in 0..<5 {
                polygon.append(
                    CGPoint(
                        x: Double(bounds.minX) + random.unit() * Double(bounds.width),
                        y: Double(bounds.minY) + random.unit() * Double(bounds.height)))
            }
            reused.reset(bounds: bounds)
            rasterizer.fill(polygon, rule: .nonZero, into: reused)
            let fresh = Mask(bounds: bounds)
            rasterizer.fill(polygon, rule: .nonZero, into: fresh)
            #expect(reused.bounds == bounds)
            #expect(reused.denseCoverage() == fresh.denseCoverage(), "\(bounds)")
            #expect(reused.capacity >= bounds.area)
        }
    }
}
