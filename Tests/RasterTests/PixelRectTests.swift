import Geometry
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

    @Test func insideRoundsInAndEnclosingRoundsOut() {
        let rect = CGRect(x: 2.5, y: -3.25, width: 10, height: 4.5)
        #expect(PixelRect(inside: rect) == PixelRect(x: 3, y: -3, width: 9, height: 4))
        #expect(PixelRect(enclosing: rect) == PixelRect(x: 2, y: -4, width: 11, height: 6))
        #expect(
            PixelRect(inside: CGRect(x: 1, y: 1, width: 4, height: 3)) == PixelRect(x: 1, y: 1, width: 4, height: 3))
        #expect(PixelRect(inside: CGRect(x: 1.2, y: 0, width: 0.6, height: 5)).isEmpty)
        #expect(PixelRect(inside: CGRect(x: CGFloat.nan, y: 0, width: 5, height: 5)).isEmpty)
        #expect(
            PixelRect(inside: CGRect(x: 12, y: 5, width: -10, height: 2)) == PixelRect(x: 2, y: 5, width: 10, height: 2)
        )
    }

    /// The parts outside a rectangle are disjoint and, with its intersection, hold every pixel once.
    /// Its random rectangles are drawn like those of `intersectsAgreesWithIntersection` on purpose: each test
    /// states the ranges its cases come from.
    @Test func partsOutsideCoverTheRestOnce() {
        var random = SeededGenerator(seed: 5)
        for _ in 0..<500 {
            let outer = PixelRect(
                x: random.below(20) - 10, y: random.below(20) - 10, width: random.below(16), height: random.below(16))
            let inner = PixelRect(
                x: random.below(30) - 15, y: random.below(30) - 15, width: random.below(16), height: random.below(16))
            var counts: [Int: Int] = [:]
            outer.forEachPart(outside: inner) { part in
                #expect(!part.isEmpty)
                #expect(outer.contains(part))
                #expect(!part.intersects(inner))
                for y in part.rows { for x in part.columns { counts[y * 1000 + x, default: 0] += 1 } }
            }
            let overlap = outer.intersection(inner)
            for y in overlap.rows { for x in overlap.columns { counts[y * 1000 + x, default: 0] += 1 } }
            #expect(counts.count == outer.area && counts.values.allSatisfy { $0 == 1 }, "\(outer) \(inner)")
        }
        #expect(PixelRect(x: 0, y: 0, width: 4, height: 4).contains(.empty))
        #expect(!PixelRect(x: 0, y: 0, width: 4, height: 4).contains(PixelRect(x: 1, y: 1, width: 4, height: 1)))
    }
}
