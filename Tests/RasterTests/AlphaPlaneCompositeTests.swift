import LayerscopeTestSupport
import Testing

@testable import Raster

/// A caster of solid fills composited straight into an alpha plane has the alpha that drawing the fills
/// into a bitmap gives; a mask made from a plane has the plane's coverage, its spans those of adding
/// the pixels one at a time.
@Suite struct AlphaPlaneCompositeTests {
    static let size = 48

    @Test func fillsCompositedIntoAPlaneHaveTheAlphaOfTheirBitmap() {
        let circle = TestShapes.mask(TestShapes.circle(cx: 20.3, cy: 22.6, r: 15.2, count: 160), Self.size, Self.size)
        let square = TestShapes.mask(TestShapes.rect(12.5, 6.25, 30, 21.5), Self.size, Self.size)
        let fills: [(Pixel, UInt8, Mask)] = [
            (0xC040_2010, 200, circle), (0xFF10_2030, 255, square), (0x6010_1010, 90, circle),
        ]
        let bitmap = Bitmap(width: Self.size, height: Self.size)
        for (color, opacity, mask) in fills { bitmap.fill(color, opacity: opacity, mask: mask) }
        let origin = (x: -3, y: 5)
        let plane = AlphaPlane(width: Self.size + 6, height: Self.size - 2)
        for (color, opacity, mask) in fills {
            plane.composite(alpha: UInt8(color >> 24), opacity: opacity, through: mask, origin: origin)
        }
        for y in 0..<plane.height {
            for x in 0..<plane.width {
                let (dx, dy) = (x + origin.x, y + origin.y)
                let inside = (0..<Self.size).contains(dx) && (0..<Self.size).contains(dy)
                let expected = inside ? UInt8(bitmap[dx, dy] >> 24) : 0
                #expect(plane[x, y] == expected, "\(x), \(y)")
            }
        }
    }

    @Test func aMaskFromAPlaneHoldsItsCoverageInTheSameSpans() {
        var random = SeededGenerator(seed: 12)
        let plane = AlphaPlane(width: 40, height: 30)
        for y in 0..<plane.height {
            for x in 0..<plane.width {
                let pick = random.below(6)
                plane[x, y] = pick < 2 ? 0 : pick < 4 ? 255 : UInt8(1 + random.below(254))
            }
        }
        let origin = (x: 7, y: -4)
        let bounds = PixelRect(x: 0, y: 0, width: 50, height: 30)
        let made = Mask(bounds: bounds)
        made.setCoverage(from: plane, at: origin)
        let reference = Mask(bounds: bounds)
        var builder = reference.beginRows()
        for r in 0..<bounds.height {
            let y = r - origin.y
            if y >= 0, y < plane.height {
                for x in max(0, origin.x)..<min(bounds.maxX, origin.x + plane.width) {
                    builder.addPixel(x: x, coverage: Int32(plane[x - origin.x, y]))
                }
            }
            builder.endRow()
        }
        for y in bounds.rows {
            #expect(Array(made.spans(inRow: y)) == Array(reference.spans(inRow: y)), "row \(y)")
            for x in bounds.columns { #expect(made.coverage(x: x, y: y) == reference.coverage(x: x, y: y)) }
        }
    }
}
