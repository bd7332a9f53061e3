import LayerKit
import Raster
import Testing

@testable import Compositor

/// A picture that fills only part of the frame (a scene smaller than its frame, a picture placed at a
/// fraction of a pixel), then a picture through a mask over it: the frame copies and composites the
/// pictures in one pass where the first is opaque and draws the rest as any items are; every pixel is
/// what drawing the two one after the other gives.
@Suite struct PartialFramePictureTests {
    static let width = 320
    static let height = 200

    /// An opaque picture with a pattern in every channel.
    static func picture(_ seed: UInt32, width: Int, height: Int) -> Bitmap {
        let bitmap = Bitmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let v = UInt32(x) &* 7 &+ UInt32(y) &* 13 &+ seed
                bitmap[x, y] = 0xFF00_0000 | (v & 0xFF) << 16 | ((v >> 1) & 0xFF) << 8 | ((v &* 3) & 0xFF)
            }
        }
        return bitmap
    }

    /// Layer A showing picture `a` at `frame`, and over it layer B (the same frame) showing `b` through
    /// an oval shape mask.
    static func tree(frame: CGRect, oval: CGRect, a: Bitmap, b: Bitmap) -> (root: CALayer, a: CALayer, b: CALayer) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        let layerA = CALayer()
        layerA.frame = frame
        layerA.contents = a
        let layerB = CALayer()
        layerB.frame = frame
        layerB.contents = b
        let mask = CAShapeLayer()
        mask.frame = CGRect(origin: .zero, size: frame.size)
        mask.path = CGPath(ellipseIn: oval, transform: nil)
        layerB.mask = mask
        root.addSublayer(layerA)
        root.addSublayer(layerB)
        return (root, layerA, layerB)
    }

    /// The frame of `layer`, drawn over leftovers (every pixel must be written).
    static func render(_ layer: CALayer) -> Bitmap {
        let bitmap = Bitmap(width: width, height: height)
        bitmap.fill(0x8040_2010)
        Compositor(cores: 1).render(layer, into: bitmap)
        return bitmap
    }

    @Test(arguments: [
        CGRect(x: 0, y: 0, width: 200, height: 120),  // a smaller scene in the top-left corner
        CGRect(x: 40.5, y: 30.25, width: 200, height: 120),  // at a fraction of a pixel: edges blended
        CGRect(x: -20.75, y: 90.5, width: 300, height: 150),  // partly outside the frame
    ])
    func aPictureThroughAMaskOverAPartFrameIsBothDrawnInTurn(frame: CGRect) {
        let a = Self.picture(1, width: 100, height: 60)
        let b = Self.picture(90, width: 100, height: 60)
        let oval = CGRect(x: frame.width * 0.2, y: -10, width: frame.width * 0.7, height: frame.height * 0.9)
        CAEngine.clock = ManualClock(now: 0)
        defer { CAEngine.reset() }
        let (root, layerA, layerB) = Self.tree(frame: frame, oval: oval, a: a, b: b)
        CAEngine.step(root)
        // The case drawn in one pass: the first item an opaque picture over a part of the frame, the
        // second a picture through a mask.
        let builder = DisplayListBuilder(scratch: BitmapPool(), cores: 1) { _, _ in }
        let items = builder.build(root, width: Self.width, height: Self.height)
        #expect(items.count == 2)
        if case .image(let entry, 255, nil) = items.first {
            #expect(!entry.pixels.opaqueBounds.isEmpty)
            #expect(!entry.pixels.isOpaque)
        } else {
            Issue.record("the first item is not a picture")
        }
        let frameBoth = Self.render(root)
        // Each layer alone over transparent black, then B's frame over A's.
        layerB.removeFromSuperlayer()
        CAEngine.step(root)
        let frameA = Self.render(root)
        let rootB = CALayer()
        rootB.frame = root.frame
        rootB.addSublayer(layerB)
        layerA.removeFromSuperlayer()
        CAEngine.step(rootB)
        let frameB = Self.render(rootB)
        // Nothing outside the picture is left from before.
        let outside = PixelRect(enclosing: frame)
        var leftovers = 0
        for y in 0..<Self.height {
            for x in 0..<Self.width where !outside.contains(PixelRect(x: x, y: y, width: 1, height: 1)) {
                if frameBoth[x, y] != 0 || frameA[x, y] != 0 { leftovers += 1 }
            }
        }
        #expect(leftovers == 0)
        var differing = 0
        var firstDifference: (Int, Int)?
        for y in 0..<Self.height {
            for x in 0..<Self.width where frameBoth[x, y] != PixelMath.over(frameB[x, y], frameA[x, y]) {
                differing += 1
                firstDifference = firstDifference ?? (x, y)
            }
        }
        #expect(differing == 0, "first at \(String(describing: firstDifference))")
    }
}
