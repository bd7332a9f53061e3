import Compositor
import LayerKit
import LayerscopeTestSupport
import Raster
import Testing

/// A ring drawn by `draw(in:)` through UIKit's conveniences (the context pushed, `UIColor.setStroke()`,
/// `UIBezierPath.stroke()`), its stroke end animated.
/// Its initializers and `needsDisplay(forKey:)` are alike `PieLayer` (CustomDrawingTests) and the two layers of the
/// scene progress.swift on purpose: it is the subclass idiom user code writes, spelled out in each as a user would.
final class RingLayer: CALayer {
    var progress: CGFloat = 0

    override init() { super.init() }

    required init?(coder: NSCoder) { super.init(coder: coder) }

    required init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? RingLayer { progress = other.progress }
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }

    override func draw(in ctx: CGContext) {
        UIGraphicsPushContext(ctx)
        RingLayer.ring(in: bounds, progress: progress)
        UIGraphicsPopContext()
    }

    /// The ring of `progress` in `box`, drawn into the current context.
    static func ring(in box: CGRect, progress: CGFloat) {
        let path = UIBezierPath(
            arcCenter: CGPoint(x: box.midX, y: box.midY), radius: box.width / 2 - 4, startAngle: -.pi / 2,
            endAngle: -.pi / 2 + 2 * .pi * progress, clockwise: true)
        path.lineWidth = 6
        path.lineCapStyle = .round
        UIColor(red: 0.2, green: 0.7, blue: 0.9, alpha: 1).setStroke()
        path.stroke()
    }
}

/// Contents made by drawing (`draw(in:)`, `UIGraphicsImageRenderer`) are drawn by the Compositor like any
/// other contents: at an integer position and `contentsScale` 1 a layer's frame holds exactly the
/// pixels the same drawing makes in an image renderer, frame after frame of an animated custom property.
@Suite(.serialized) struct DrawnContentsTests {
    static let ringBox = CGRect(x: 0, y: 0, width: 40, height: 40)

    /// The ring drawn by an image renderer at `progress`.
    static func rendered(_ progress: CGFloat) -> CGImage {
        UIGraphicsImageRenderer(size: ringBox.size).image { _ in RingLayer.ring(in: ringBox, progress: progress) }
            .cgImage!
    }

    /// A 60 × 50 frame holding `image` at (10, 5), drawn as a layer's contents.
    static func frame(holding image: CGImage) -> Bitmap {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 60, height: 50)
        let layer = CALayer()
        layer.frame = CGRect(x: 10, y: 5, width: 40, height: 40)
        layer.contents = image
        root.addSublayer(layer)
        let bitmap = Bitmap(width: 60, height: 50)
        Compositor().render(root, into: bitmap)
        return bitmap
    }

    @Test func rendererImagesAreLayerContents() throws {
        let image = Self.rendered(0.6)
        #expect(image.width == 40 && image.height == 40)
        let frame = Self.frame(holding: image)
        for y in 0..<40 {
            for x in 0..<40 where frame[10 + x, 5 + y] != image.pixel(x: x, y: y) {
                Issue.record("pixel \(x), \(y) differs")
                return
            }
        }
        #expect(frame[5, 5] == 0)
        // Not blank: the ring's start at 12 o'clock.
        #expect(image.pixel(x: 20, y: 4) >> 24 == 255)
    }

    @Test func anAnimatedDrawingLayerShowsEachFramesDrawing() throws {
        CAEngine.reset()
        let clock = ManualClock(now: 0)
        CAEngine.clock = clock
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 60, height: 50)
        let ring = RingLayer()
        ring.frame = CGRect(x: 10, y: 5, width: 40, height: 40)
        ring.setNeedsDisplay()
        root.addSublayer(ring)
        CAEngine.step(root)
        let fill = CABasicAnimation(keyPath: "progress")
        fill.fromValue = 0
        fill.toValue = 1
        fill.duration = 1
        fill.timingFunction = CAMediaTimingFunction(name: .linear)
        ring.add(fill, forKey: "fill")
        let compositor = Compositor()
        let target = Bitmap(width: 60, height: 50)
        for t in [0.25, 0.5, 0.875] {
            clock.now = t
            CAEngine.step(root)
            compositor.render(root, into: target, damageOnly: true)
            FrameComparison.expectSame(target, Self.frame(holding: Self.rendered(t)), "ring at \(t)")
        }
    }
}
