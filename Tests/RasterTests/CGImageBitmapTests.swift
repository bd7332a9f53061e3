import Foundation
import Pictures
import Testing

@testable import Raster

/// Bitmaps become images without a copy and images are drawn from as bitmaps.
@Suite struct CGImageBitmapTests {
    @Test func sharedBitmapComesBack() throws {
        let bitmap = Bitmap(width: 5, height: 3)
        bitmap[4, 2] = 0xFF12_3456
        let image = CGImage(sharing: bitmap)
        #expect(image.bitmap === bitmap)
        #expect(image.pixel(x: 4, y: 2) == 0xFF12_3456)
        let part = try #require(image.cropping(to: CGRect(x: 2, y: 1, width: 3, height: 2)))
        let view = part.bitmap
        #expect(view !== bitmap && view.width == 3 && view.height == 2 && view.stride == bitmap.stride)
        #expect(view[2, 1] == 0xFF12_3456)
    }

    /// A view keeps its image (and so the pixels) alive.
    @Test func viewKeepsTheImageAlive() {
        var image: CGImage? = CGImage(width: 2, height: 1, pixels: [0xFF00_00FF, 0x8080_0000])
        weak let weakImage = image
        let view = Bitmap(viewing: image!)
        image = nil
        #expect(weakImage != nil)
        #expect(view[0, 0] == 0xFF00_00FF && view[1, 0] == 0x8080_0000)
    }
}
