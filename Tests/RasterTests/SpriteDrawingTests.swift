import Geometry
import LayerscopeTestSupport
import Testing

@testable import Raster

/// A sprite drawn straight into a bitmap (a particle: sampled, tinted, added or drawn over) gives the
/// pixels of sampling it into a cleared scratch bitmap, tinting that and adding or drawing it; the
/// four-pixel tint and saturating add equal their one-pixel formulas.
@Suite struct SpriteDrawingTests {
    static let size = 48

    /// The scratch-bitmap way: sample into a cleared bitmap, multiply by the tint, add or draw over.
    static func throughScratch(
        _ sprite: Bitmap, _ transform: CGAffineTransform, opacity: UInt8, tint: Pixel?, additive: Bool,
        onto target: Bitmap
    ) {
        let scratch = Bitmap(width: target.width, height: target.height)
        scratch.draw(sprite, transform: transform, opacity: opacity)
        if let tint {
            scratch.multiply(
                byRed: UInt8(truncatingIfNeeded: tint >> 16), green: UInt8(truncatingIfNeeded: tint >> 8),
                blue: UInt8(truncatingIfNeeded: tint), alpha: UInt8(truncatingIfNeeded: tint >> 24), in: nil)
        }
        if additive {
            target.add(scratch, in: nil)
        } else {
            target.draw(scratch)
        }
    }

    @Test(arguments: [(true, true), (true, false), (false, true), (false, false)])
    func aSpriteDrawnStraightEqualsOneDrawnThroughAScratchBitmap(additive: Bool, tinted: Bool) {
        var random = SeededGenerator(seed: additive ? 3 : 4)
        let sprite = TestPatterns.bitmap("b", 21, 17)
        for round in 0..<40 {
            let scale = 0.2 + Double(random.below(1000)) / 700
            let transform = CGAffineTransform(translationX: -10.5, y: -8.5)
                .concatenating(CGAffineTransform(scaleX: scale, y: scale))
                .concatenating(CGAffineTransform(rotationAngle: Double(random.below(628)) / 100))
                .concatenating(
                    CGAffineTransform(
                        translationX: Double(random.below(5600)) / 100 - 4, y: Double(random.below(5600)) / 100 - 4))
            let tint: Pixel? = tinted ? Pixel(random.below(1 << 24)) | Pixel(40 + random.below(216)) << 24 : nil
            let opacity = UInt8(round % 3 == 0 ? 255 : 30 + random.below(225))
            let expected = TestPatterns.bitmap("a", Self.size, Self.size)
            Self.throughScratch(sprite, transform, opacity: opacity, tint: tint, additive: additive, onto: expected)
            let straight = TestPatterns.bitmap("a", Self.size, Self.size)
            straight.drawSprite(
                sprite, transform: transform, opacity: opacity, tint: tint.map(Tint.init), additive: additive,
                visibleTexels: sprite.nonTransparentBounds())
            var differing = 0
            for y in 0..<Self.size {
                for x in 0..<Self.size where straight[x, y] != expected[x, y] { differing += 1 }
            }
            #expect(differing == 0, "round \(round)")
        }
    }

    @Test func fourPixelKernelsEqualTheirOnePixelFormulas() {
        var random = SeededGenerator(seed: 9)
        let count = 37
        let source = (0..<count).map { _ in Pixel(random.below(1 << 16)) << 16 | Pixel(random.below(1 << 16)) }
        let below = (0..<count).map { _ in Pixel(random.below(1 << 16)) << 16 | Pixel(random.below(1 << 16)) }
        var sum = below
        source.withUnsafeBufferPointer { s in
            sum.withUnsafeMutableBufferPointer { RowKernels.add($0.baseAddress!, s.baseAddress!, count) }
        }
        for i in 0..<count {
            var expected: Pixel = 0
            for shift: Pixel in [0, 8, 16, 24] {
                expected |= min(255, (source[i] >> shift) & 0xFF + (below[i] >> shift) & 0xFF) << shift
            }
            #expect(sum[i] == expected, "add \(i)")
        }
        let multipliers = Pixel(random.below(1 << 16)) << 16 | Pixel(random.below(1 << 16))
        let tint = Tint(multipliers)
        var tinted = source
        tinted.withUnsafeMutableBufferPointer { tint.apply(to: $0.baseAddress!, count) }
        let a = multipliers >> 24
        let factors = [
            PixelMath.mul255(multipliers & 0xFF, a), PixelMath.mul255((multipliers >> 8) & 0xFF, a),
            PixelMath.mul255((multipliers >> 16) & 0xFF, a), a,
        ]
        for i in 0..<count {
            var expected: Pixel = 0
            for (k, shift) in [Pixel(0), 8, 16, 24].enumerated() {
                expected |= PixelMath.mul255((source[i] >> shift) & 0xFF, factors[k]) << shift
            }
            #expect(tinted[i] == expected, "tint \(i)")
        }
    }
}
