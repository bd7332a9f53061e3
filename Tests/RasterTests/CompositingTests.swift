import Foundation
import Geometry
import Testing

@testable import Raster

/// Compositing against a per-pixel reference written out channel by channel.
@Suite struct CompositingTests {
    /// `x · m / 255` rounded to nearest (ties up), the rounding cairo and pixman use.
    static func mul(_ x: UInt32, _ m: UInt32) -> UInt32 { (x * m * 2 + 255) / 510 }

    /// Reference source-over of `s · m` onto `d`, channel by channel.
    static func over(_ s: Pixel, _ m: UInt32, _ d: Pixel) -> Pixel {
        var out: UInt32 = 0
        let sa = mul(s >> 24, m)
        for shift: UInt32 in [0, 8, 16, 24] {
            let sc = mul((s >> shift) & 255, m)
            let dc = (d >> shift) & 255
            out |= (sc + mul(dc, 255 - sa)) << shift
        }
        return out
    }

    static let size = 48
    static func testMask(_ rule: FillRule = .nonZero) -> Mask {
        var polygon = TestShapes.circle(cx: 21.3, cy: 25.8, r: 17.4, count: 200)
        polygon.beginContour()
        for p in TestShapes.rect(30.25, 3.5, 14, 9.75).points { polygon.append(p) }
        return TestShapes.mask(polygon, size, size, rule: rule)
    }

    @Test func roundingMatchesTheReference() {
        for x: UInt32 in [0, 1, 127, 128, 200, 254, 255] {
            for m: UInt32 in [0, 1, 64, 128, 254, 255] {
                #expect(PixelMath.mul255(x, m) == Self.mul(x, m))
                #expect(PixelMath.scale(x * 0x0101_0101, by: m) == Self.mul(x, m) * 0x0101_0101)
            }
        }
    }

    @Test(arguments: [true, false])
    func bThroughMaskOverAMatchesTheReference(opaqueB: Bool) {
        let a = TestPatterns.bitmap("a", Self.size, Self.size)
        let b = TestPatterns.bitmap(opaqueB ? "a" : "b", Self.size, Self.size)
        if opaqueB {  // a different opaque picture: A mirrored
            for y in 0..<Self.size {
                for x in 0..<Self.size { b[x, y] = a[Self.size - 1 - x, y] }
            }
            b.updateIsOpaque()
            #expect(b.isOpaque)
        }
        let mask = Self.testMask()
        let out = Bitmap(width: Self.size, height: Self.size)
        out.composite(b, through: mask, over: a)
        var mismatches = 0
        for y in 0..<Self.size {
            for x in 0..<Self.size {
                let m = UInt32(mask.coverage(x: x, y: y))
                if out[x, y] != Self.over(b[x, y], m, a[x, y]) { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
        // In place (the frame is A itself) and in two bands give the same pixels.
        let inPlace = TestPatterns.bitmap("a", Self.size, Self.size)
        inPlace.composite(b, through: mask, over: inPlace)
        let banded = Bitmap(width: Self.size, height: Self.size)
        let tall = Bitmap(width: Self.size, height: Self.size)
        tall.copy(from: out)
        banded.composite(b, through: mask, over: a, bands: 2)
        for y in 0..<Self.size {
            for x in 0..<Self.size {
                #expect(inPlace[x, y] == out[x, y])
                #expect(banded[x, y] == tall[x, y])
            }
        }
    }

    /// Within a clip, the one-pass composite writes only the clip's pixels, each as outside it.
    @Test func compositeWithinAClipTouchesOnlyTheClip() {
        let a = TestPatterns.bitmap("a", Self.size, Self.size)
        let b = TestPatterns.bitmap("b", Self.size, Self.size)
        let mask = Self.testMask()
        let whole = Bitmap(width: Self.size, height: Self.size)
        whole.composite(b, through: mask, over: a)
        let clip = PixelRect(x: 5, y: 9, width: 30, height: 21)
        let clipped = Bitmap(width: Self.size, height: Self.size)
        clipped.fill(0x1234_5678)
        clipped.composite(b, through: mask, over: a, within: clip, bands: 2)
        for y in 0..<Self.size {
            for x in 0..<Self.size {
                let inside = clip.contains(PixelRect(x: x, y: y, width: 1, height: 1))
                #expect(clipped[x, y] == (inside ? whole[x, y] : 0x1234_5678), "\(x), \(y)")
            }
        }
    }

    /// A source that promises only part of itself opaque is copied there and blended elsewhere: the
    /// same pixels as blending it everywhere.
    @Test func drawingAPartlyOpaqueSourceEqualsBlendingIt() {
        let source = TestPatterns.bitmap("b", Self.size, Self.size)
        let inner = PixelRect(x: 6, y: 4, width: 30, height: 33)
        for y in inner.rows { for x in inner.columns { source[x, y] |= 0xFF00_0000 } }
        let mask = Self.testMask()
        for (opacity, mask) in [(255, nil), (255, mask), (200, mask)] as [(UInt8, Mask?)] {
            source.opaqueBounds = .empty
            let blended = TestPatterns.bitmap("a", Self.size, Self.size)
            blended.draw(source, opacity: opacity, mask: mask)
            source.updateOpaqueBounds(candidate: inner)
            #expect(source.opaqueBounds == inner)
            let copied = TestPatterns.bitmap("a", Self.size, Self.size)
            copied.draw(source, opacity: opacity, mask: mask)
            for y in 0..<Self.size {
                for x in 0..<Self.size { #expect(copied[x, y] == blended[x, y], "\(x), \(y)") }
            }
        }
        // A promise that does not hold is not made.
        source.updateOpaqueBounds(candidate: inner.insetBy(-1))
        #expect(source.opaqueBounds.isEmpty)
    }

    @Test func solidFillThroughMaskWithOpacity() {
        let dst = TestPatterns.bitmap("b", Self.size, Self.size)
        let before = TestPatterns.bitmap("b", Self.size, Self.size)
        let mask = Self.testMask()
        let color = Pixel.premultiplied(red: 200, green: 40, blue: 90, alpha: 220)
        dst.fill(color, opacity: 180, mask: mask)
        for y in 0..<Self.size {
            for x in 0..<Self.size {
                let m = Self.mul(UInt32(mask.coverage(x: x, y: y)), 180)
                #expect(dst[x, y] == Self.over(color, m, before[x, y]), "pixel \(x), \(y)")
            }
        }
    }

    @Test func bitmapDrawnThroughMaskWithOpacity() {
        let dst = TestPatterns.bitmap("a", Self.size, Self.size)
        let source = TestPatterns.bitmap("b", Self.size, Self.size)
        let mask = Self.testMask(.evenOdd)
        dst.draw(source, opacity: 77, mask: mask)
        let before = TestPatterns.bitmap("a", Self.size, Self.size)
        for y in 0..<Self.size {
            for x in 0..<Self.size {
                let m = Self.mul(UInt32(mask.coverage(x: x, y: y)), 77)
                #expect(dst[x, y] == Self.over(source[x, y], m, before[x, y]), "pixel \(x), \(y)")
            }
        }
    }

    @Test func maskMultipliesEveryChannel() {
        let bitmap = TestPatterns.bitmap("b", Self.size, Self.size)
        let before = TestPatterns.bitmap("b", Self.size, Self.size)
        let mask = Self.testMask()
        bitmap.multiply(by: mask)
        for y in 0..<Self.size {
            for x in 0..<Self.size {
                let m = UInt32(mask.coverage(x: x, y: y))
                let p = before[x, y]
                var expected: UInt32 = 0
                for shift: UInt32 in [0, 8, 16, 24] {
                    let channel: UInt32 = (p >> shift) & 255
                    expected |= Self.mul(channel, m) << shift
                }
                #expect(bitmap[x, y] == expected)
            }
        }
    }

    @Test func regionLimitsWhatChanges() {
        let dst = TestPatterns.bitmap("a", Self.size, Self.size)
        let before = TestPatterns.bitmap("a", Self.size, Self.size)
        let region = Region(height: Self.size, rect: PixelRect(x: 5, y: 6, width: 10, height: 7))
        dst.fill(Pixel.premultiplied(red: 255, green: 255, blue: 255, alpha: 255), in: region)
        for y in 0..<Self.size {
            for x in 0..<Self.size {
                let inside = (5..<15).contains(x) && (6..<13).contains(y)
                #expect(dst[x, y] == (inside ? 0xFFFF_FFFF : before[x, y]))
            }
        }
    }
}

/// The pixel arithmetic everything shares, pinned: products divided by 255 round to nearest for every
/// pair of 8-bit values (there are no ties), and straight alpha survives premultiplying and back.
@Test func pixelMathRoundsToNearest() {
    var wrong: [(UInt32, UInt32)] = []
    for x in UInt32(0)...255 {
        for m in UInt32(0)...255 where PixelMath.mul255(x, m) != (x * m * 2 + 255) / 510 { wrong.append((x, m)) }
    }
    #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    #expect(PixelMath.premultiplied(red: 255, green: 128, blue: 1, alpha: 128) == 0x8080_4001)
    var lost: [(UInt32, UInt32)] = []
    for a in UInt32(1)...255 {
        for c in UInt32(0)...255 {
            let premultiplied = PixelMath.mul255(c, a)
            if PixelMath.mul255(PixelMath.unpremultiplied(premultiplied, alpha: a), a) != premultiplied {
                lost.append((c, a))
            }
        }
    }
    #expect(lost.isEmpty, "\(lost.prefix(5))")
}
