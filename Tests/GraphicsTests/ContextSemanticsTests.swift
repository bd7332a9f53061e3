import Foundation
import Testing

@testable import Graphics

/// Core Graphics' conventions, exactly: bitmap contexts are y-up with the first row in memory at the
/// top, UIKit's contexts are flipped and scaled, paths are mapped when added, the state stack, pixel
/// layouts of caller memory, and `makeImage()` copies.
@Suite struct ContextSemanticsTests {
    static let native = CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue

    @Test func aBitmapContextHasItsOriginAtTheBottomLeft() throws {
        let context = try #require(
            CGContext(
                data: nil, width: 8, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: Self.native))
        #expect(context.ctm == .identity)
        context.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 2, height: 1))
        let image = try #require(context.makeImage())
        // Device y = 0 is the bottom row, the last in memory.
        #expect(image.pixel(x: 0, y: 3) == 0xFFFF_0000)
        #expect(image.pixel(x: 1, y: 3) == 0xFFFF_0000)
        #expect(image.pixel(x: 2, y: 3) == 0)
        #expect(image.pixel(x: 0, y: 0) == 0)
        // The image is a copy: later drawing does not change it.
        context.fill(CGRect(x: 0, y: 0, width: 8, height: 4))
        #expect(image.pixel(x: 7, y: 0) == 0)
    }

    @Test func uikitContextsAreFlippedAndScaled() {
        let context = CGContext(size: CGSize(width: 10, height: 5), scale: 2)
        #expect(context.width == 20 && context.height == 10)
        #expect(context.ctm == CGAffineTransform(a: 2, b: 0, c: 0, d: -2, tx: 0, ty: 10))
        context.setFillColor(.black)
        context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        // (0, 0, 1, 1) in points is the top-left 2 × 2 pixels.
        #expect(context.pixels[0, 0] == 0xFF00_0000 && context.pixels[1, 1] == 0xFF00_0000)
        #expect(context.pixels[2, 0] == 0 && context.pixels[0, 2] == 0)
    }

    @Test func pointsAreMappedWhenAddedAndTheStateStackRestores() {
        let context = CGContext(size: CGSize(width: 20, height: 20), scale: 1)
        context.saveGState()
        context.translateBy(x: 10, y: 0)
        context.move(to: .zero)
        context.restoreGState()
        context.addLine(to: CGPoint(x: 0, y: 10))
        // The first point keeps the translation it was added under.
        #expect(context.path?.elements == [.moveTo(CGPoint(x: 10, y: 0)), .lineTo(CGPoint(x: 0, y: 10))])
        #expect(context.currentPointOfPath == CGPoint(x: 0, y: 10))
        context.restoreGState()  // nothing saved: no change
        #expect(context.ctm == CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 20))
        context.strokePath()
        #expect(context.isPathEmpty)
    }

    @Test func callerMemoryInRGBAOrderIsKeptUpToDate() throws {
        var bytes = [UInt8](repeating: 0, count: 4 * 4 * 2)
        try bytes.withUnsafeMutableBytes { memory in
            let info = CGImageAlphaInfo.premultipliedLast.rawValue
            let context = try #require(
                CGContext(
                    data: memory.baseAddress, width: 4, height: 2, bitsPerComponent: 8, bytesPerRow: 16,
                    space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: info))
            context.setFillColor(CGColor(red: 1, green: 0.5, blue: 0, alpha: 1))
            context.fill(CGRect(x: 0, y: 1, width: 1, height: 1))
        }
        // Device (0, 1) is the top row: bytes R G B A.
        #expect(Array(bytes[0..<4]) == [255, 128, 0, 255])
        #expect(Array(bytes[16..<20]) == [0, 0, 0, 0])
    }

    @Test func unsupportedLayoutsGiveNoContext() {
        let rgb = CGColorSpaceCreateDeviceRGB()
        #expect(
            CGContext(
                data: nil, width: 4, height: 4, bitsPerComponent: 16, bytesPerRow: 0, space: rgb,
                bitmapInfo: Self.native)
                == nil)
        #expect(
            CGContext(
                data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: rgb,
                bitmapInfo: CGImageAlphaInfo.last.rawValue) == nil)
        #expect(
            CGContext(
                data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 8, space: rgb, bitmapInfo: Self.native
            )
                == nil)
    }

    /// Shadows are offset in base space: up for a positive height in a bitmap context (y-up), whatever the
    /// current transform.
    @Test func shadowOffsetsIgnoreTheTransformAndGoUpInBitmapContexts() throws {
        let context = try #require(
            CGContext(
                data: nil, width: 20, height: 20, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: Self.native))
        context.scaleBy(x: 2, y: 2)
        context.setShadow(offset: CGSize(width: 0, height: 8), blur: 0, color: CGColor(gray: 0, alpha: 1))
        context.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        context.fill(CGRect(x: 2, y: 2, width: 2, height: 2))  // device pixels 4 ..< 8
        let image = try #require(context.makeImage())
        // The shape: device rows 4 ..< 8 are memory rows 12 ..< 16; the shadow 8 pixels higher (not 16).
        #expect(image.pixel(x: 5, y: 13) == 0xFFFF_0000)
        #expect(image.pixel(x: 5, y: 5) == 0xFF00_0000)
        #expect(image.pixel(x: 5, y: 9) == 0)
    }
}
