import Compositor
import LayerKit
import Raster
import Testing

/// `layer.contents = image.cgImage`: a `CGImage` draws exactly as the bitmap it shares, and a cropped
/// one (a sprite-sheet frame) draws only its part.
@Suite struct PictureContentsTests {
    /// A 6 × 4 picture, each pixel a different opaque colour.
    static func picture() -> Bitmap {
        let bitmap = Bitmap(width: 6, height: 4)
        for y in 0..<4 {
            for x in 0..<6 { bitmap[x, y] = 0xFF00_0000 | UInt32(40 * x) << 16 | UInt32(60 * y) << 8 | 0x33 }
        }
        return bitmap
    }

    static func frame(contents: Any, size: CGSize) -> Bitmap {
        let layer = CALayer()
        layer.frame = CGRect(origin: .zero, size: size)
        layer.contents = contents
        let frame = Bitmap(width: Int(size.width), height: Int(size.height))
        Compositor().render(layer, into: frame)
        return frame
    }

    @Test func imageDrawsAsItsBitmap() {
        let bitmap = Self.picture()
        let size = CGSize(width: 12, height: 8)
        let viaImage = Self.frame(contents: UIImage(cgImage: CGImage(sharing: bitmap)).cgImage!, size: size)
        let viaBitmap = Self.frame(contents: bitmap, size: size)
        var same = true
        for y in 0..<8 { for x in 0..<12 where viaImage[x, y] != viaBitmap[x, y] { same = false } }
        #expect(same)
        #expect(viaImage[5, 3] != 0)
    }

    /// The right half of the picture, cropped, at its own size: the layer shows exactly those pixels.
    @Test func croppedImageDrawsItsPart() throws {
        let bitmap = Self.picture()
        let part = try #require(CGImage(sharing: bitmap).cropping(to: CGRect(x: 3, y: 0, width: 3, height: 4)))
        let frame = Self.frame(contents: part, size: CGSize(width: 3, height: 4))
        for y in 0..<4 {
            for x in 0..<3 { #expect(frame[x, y] == bitmap[x + 3, y], "pixel (\(x), \(y))") }
        }
    }
}
