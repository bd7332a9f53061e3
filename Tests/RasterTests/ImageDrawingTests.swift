import Foundation
import Geometry
import Testing

@testable import Raster

/// Images under affine transforms, bilinear, texel centres at +0.5, transparent outside.
@Suite struct ImageDrawingTests {
    static func sprite() -> Bitmap { TestPatterns.bitmap("b", 20, 16) }

    @Test func integerTranslationCopiesExactly() {
        let image = Self.sprite()
        let dst = Bitmap(width: 40, height: 40)
        dst.draw(image, transform: CGAffineTransform(translationX: 7, y: 9))
        for y in 0..<40 {
            for x in 0..<40 {
                let inside = (7..<27).contains(x) && (9..<25).contains(y)
                #expect(dst[x, y] == (inside ? image[x - 7, y - 9] : 0), "pixel \(x), \(y)")
            }
        }
    }

    @Test func quarterTurnPermutesTexels() {
        let image = Self.sprite()
        let dst = Bitmap(width: 40, height: 40)
        // A quarter turn clockwise on screen about the origin, then moved into view: texel (i, j)
        // lands on pixel (30 − j, 5 + i).
        let transform = CGAffineTransform(rotationAngle: .pi / 2).concatenating(
            CGAffineTransform(translationX: 31, y: 5))
        dst.draw(image, transform: transform)
        for j in 0..<16 {
            for i in 0..<20 { #expect(dst[30 - j, 5 + i] == image[i, j], "texel \(i), \(j)") }
        }
        #expect(dst[31, 5] == 0 && dst[14, 5] == 0)
    }

    @Test func halfPixelShiftAveragesNeighbours() {
        let image = Bitmap(width: 2, height: 1)
        image[0, 0] = 0xFF00_0000
        image[1, 0] = 0xFFFF_FFFF
        let dst = Bitmap(width: 4, height: 1)
        dst.draw(image, transform: CGAffineTransform(translationX: 0.5, y: 0))
        // Pixel 1's centre samples halfway between the texels; pixel 0 halfway into the transparent
        // outside (edge anti-aliasing); pixel 2 halfway between texel 1 and the outside.
        #expect(dst[1, 0] == 0xFF80_8080)
        #expect(dst[0, 0] == 0x8000_0000)
        #expect(dst[2, 0] == 0x8080_8080)
        #expect(dst[3, 0] == 0)
    }

    @Test func opacityAndRegionApply() {
        let image = Bitmap(width: 4, height: 4)
        image.fill(0xFFFF_FFFF)
        let dst = Bitmap(width: 10, height: 10)
        let region = Region(height: 10, rect: PixelRect(x: 0, y: 0, width: 10, height: 3))
        dst.draw(image, transform: CGAffineTransform(translationX: 1, y: 1), opacity: 128, in: region)
        #expect(dst[2, 2] == 0x8080_8080)
        #expect(dst[2, 3] == 0)
    }

    @Test func singularOrNonFiniteTransformsDrawNothing() {
        let dst = Bitmap(width: 10, height: 10)
        dst.draw(Self.sprite(), transform: CGAffineTransform(scaleX: 0, y: 1))
        dst.draw(Self.sprite(), transform: CGAffineTransform(translationX: .infinity, y: 0))
        dst.draw(Self.sprite(), transform: CGAffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0))
        for y in 0..<10 {
            for x in 0..<10 { #expect(dst[x, y] == 0) }
        }
    }
}

/// Restricting the drawing to the image's visible texels changes nothing.
@Suite struct VisibleTexelsTests {
    @Test func visibleTexelsGiveTheSameFrame() {
        let image = TestPatterns.bitmap("sprite", 24, 24)
        #expect(image.nonTransparentBounds() == PixelRect(x: 3, y: 3, width: 18, height: 18))
        let transform = CGAffineTransform(translationX: -12, y: -12).concatenating(
            CGAffineTransform(rotationAngle: 0.9)
        )
        .concatenating(CGAffineTransform(translationX: 20.3, y: 19.6))
        let whole = TestPatterns.bitmap("a", 40, 40)
        let visible = TestPatterns.bitmap("a", 40, 40)
        whole.draw(image, transform: transform)
        visible.draw(image, transform: transform, visibleTexels: image.nonTransparentBounds())
        for y in 0..<40 {
            for x in 0..<40 { #expect(whole[x, y] == visible[x, y], "pixel \(x), \(y)") }
        }
        #expect(Bitmap(width: 3, height: 3).nonTransparentBounds().isEmpty)
    }
}
