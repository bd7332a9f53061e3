import LayerscopeTestSupport
import Testing

@testable import Raster

/// `intersects` agrees with `intersection` being non-empty: touching edges share no pixel, empty
/// rectangles meet nothing.
@Suite struct PixelRectTests {
    @Test func intersectsAgreesWithIntersection() {
        var random = SeededGenerator(seed: 77)
        for _ in 0..<2000 {
            let a = PixelRect(
                x: random.below(40) - 20, y: random.below(40) - 20, width: random.below(12), height: random.below(12))
            let b = PixelRect(
                x: random.below(40) - 20, y: random.below(40) - 20, width: random.below(12), height: random.below(12))
            #expect(a.intersects(b) == !a.intersection(b).isEmpty, "\(a) \(b)")
            #expect(a.intersects(b) == b.intersects(a))
        }
        let square = PixelRect(x: 0, y: 0, width: 10, height: 10)
        #expect(!square.intersects(PixelRect(x: 10, y: 0, width: 5, height: 5)))
        #expect(square.intersects(PixelRect(x: 9, y: 9, width: 5, height: 5)))
        #expect(!square.intersects(PixelRect(x: 3, y: 3, width: 0, height: 5)))
    }
}
