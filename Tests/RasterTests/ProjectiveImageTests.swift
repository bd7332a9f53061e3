import Foundation
import Geometry
import Testing

@testable import Raster

/// Perspective image drawing: exact positions under a card-flip transform, the affine case equal to
/// the affine sampler, and what is behind the eye left out.
@Suite struct ProjectiveImageTests {
    /// [x y 0 1] · t, divided by w, computed here on its own.
    static func project(_ p: CGPoint, _ t: CATransform3D) -> CGPoint {
        let m = t.rowMajor
        let v = (0..<4).map { c in p.x * m[c] + p.y * m[4 + c] + m[12 + c] }
        return CGPoint(x: v[0] / v[3], y: v[1] / v[3])
    }

    /// 40 × 40 texels in 4 × 4 blocks of 10 × 10, each block its own opaque colour.
    static func blocks() -> Bitmap {
        let image = Bitmap(width: 40, height: 40)
        for y in 0..<40 {
            for x in 0..<40 { image[x, y] = color(block: x / 10, y / 10) }
        }
        return image
    }

    static func color(block i: Int, _ j: Int) -> Pixel {
        0xFF00_0000 | UInt32(60 * i + 20) << 16 | UInt32(60 * j + 20) << 8
    }

    static let card: CATransform3D = {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 200
        return CATransform3DConcat(
            CATransform3DConcat(CATransform3DMakeTranslation(-20, -20, 0), CATransform3DMakeRotation(0.6, 0, 1, 0)),
            CATransform3DConcat(perspective, CATransform3DMakeTranslation(60, 50, 0)))
    }()

    /// The device pixel holding the projection of each block's centre shows that block's colour; the
    /// affine map through three of the card's corners would put the far block's centre more than 2 px
    /// away (so the test tells perspective from an affine fit); pixels outside the card stay empty.
    @Test func blocksLandWhereTheTransformPutsThem() {
        let out = Bitmap(width: 120, height: 100)
        out.draw(Self.blocks(), projection: Homography(Self.card))
        for j in 0..<4 {
            for i in 0..<4 {
                let p = Self.project(CGPoint(x: 10 * Double(i) + 5, y: 10 * Double(j) + 5), Self.card)
                let pixel = out[Int(p.x.rounded(.down)), Int(p.y.rounded(.down))]
                #expect(pixel == Self.color(block: i, j), "block (\(i), \(j)) at \(p)")
            }
        }
        let (o, x, y) = (
            Self.project(.zero, Self.card), Self.project(CGPoint(x: 40, y: 0), Self.card),
            Self.project(CGPoint(x: 0, y: 40), Self.card)
        )
        let affine = CGPoint(
            x: o.x + (x.x - o.x) * 35 / 40 + (y.x - o.x) * 35 / 40,
            y: o.y + (x.y - o.y) * 35 / 40 + (y.y - o.y) * 35 / 40)
        let truth = Self.project(CGPoint(x: 35, y: 35), Self.card)
        #expect(hypot(affine.x - truth.x, affine.y - truth.y) > 2)
        #expect(out[2, 2] == 0 && out[117, 97] == 0 && out[60, 5] == 0)
    }

    /// Under an affine projection the pixels are the affine sampler's (positions agree to 1/65536 texel;
    /// the 16.16 stepping of a row can round a weight differently, by at most 1/255).
    @Test func affineProjectionMatchesTheAffineSampler() {
        let sprite = TestPatterns.bitmap("sprite", 24, 24)
        let transform = CGAffineTransform(translationX: -12, y: -12).concatenating(
            CGAffineTransform(rotationAngle: 0.7)
        )
        .concatenating(CGAffineTransform(translationX: 32.4, y: 31.8))
        let affine = TestPatterns.bitmap("a", 64, 64)
        affine.draw(sprite, transform: transform)
        let projective = TestPatterns.bitmap("a", 64, 64)
        projective.draw(sprite, projection: Homography(transform))
        var worst = 0
        var differing = 0
        for y in 0..<64 {
            for x in 0..<64 where affine[x, y] != projective[x, y] {
                differing += 1
                for shift in stride(from: 0, to: 32, by: 8) {
                    let a = Int((affine[x, y] >> UInt32(shift)) & 255)
                    let b = Int((projective[x, y] >> UInt32(shift)) & 255)
                    worst = max(worst, abs(a - b))
                }
            }
        }
        #expect(worst <= 1, "max channel difference \(worst) over \(differing) pixels")
    }

    /// Tilted so that its far half is behind the eye, the image draws only its near part, and nothing
    /// wraps around from behind.
    @Test func behindTheEyeIsNotDrawn() throws {
        var steep = CATransform3DIdentity
        steep.m34 = -1.0 / 30
        let tilted = CATransform3DConcat(
            CATransform3DConcat(CATransform3DMakeRotation(1.2, 1, 0, 0), steep), CATransform3DMakeTranslation(50, 40, 0)
        )
        let image = Bitmap(width: 40, height: 40)
        image.fill(0xFFFF_FFFF)
        let out = Bitmap(width: 100, height: 100)
        out.draw(image, projection: Homography(tilted))
        let inverse = try #require(Homography(tilted).inverted)
        var drawn = 0
        for y in 0..<100 {
            for x in 0..<100 where out[x, y] != 0 {
                drawn += 1
                // Every drawn pixel comes from the part of the image in front of the eye (W > 0).
                let q = inverse.homogeneous(CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5))
                #expect(q.w > 0, "pixel (\(x), \(y)) drawn from behind the eye")
            }
        }
        #expect(drawn > 100)
    }
}
