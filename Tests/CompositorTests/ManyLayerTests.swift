import Compositor
import LayerKit
import LayerscopeTestSupport
import Raster
import Testing

/// Trees of many small layers (squares, rotated squares, discs, pictures, opacity groups, clipped
/// layers) moving at random: every damage-only frame equals the full frame drawn from scratch, and a
/// compositor reused across canvas sizes draws what a fresh one draws.
@Suite struct ManyLayerTests {
    /// A seeded random tree of `count` small layers over a `width × height` canvas, each with a
    /// repeating `position.x` animation; some rotated, some inside an opacity group or a clipping layer.
    func makeTree(count: Int, width: Int, height: Int, seed: UInt64) -> CALayer {
        var random = SeededGenerator(seed: seed)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        let group = CALayer()
        group.frame = root.frame
        group.opacity = 0.6
        let clip = CALayer()
        clip.frame = CGRect(x: 10, y: 10, width: Double(width) / 2, height: Double(height) / 2)
        clip.masksToBounds = true
        root.addSublayer(group)
        root.addSublayer(clip)
        let picture = Bitmap(width: 12, height: 12)
        for y in 0..<12 {
            for x in 0..<12 { picture[x, y] = Pixel(0xFF00_0000 | UInt32(x * 20) << 16 | UInt32(y * 20)) }
        }
        for index in 0..<count {
            let layer: CALayer
            let size = 4 + random.unit() * 14
            switch index % 4 {
            case 0:
                let shape = CAShapeLayer()
                shape.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: size, height: size), transform: nil)
                shape.fillColor = CGColor(red: random.unit(), green: 0.5, blue: 0.2, alpha: 0.9)
                layer = shape
            case 1:
                layer = CALayer()
                layer.contents = picture
            default:
                layer = CALayer()
                layer.backgroundColor = CGColor(red: 0.2, green: random.unit(), blue: 0.7, alpha: 1)
            }
            layer.frame = CGRect(
                x: random.unit() * Double(width), y: random.unit() * Double(height), width: size, height: size)
            layer.opacity = random.unit() < 0.5 ? 1 : 0.8
            if index % 7 == 3 { layer.transform = CATransform3DMakeRotation(random.unit(), 0, 0, 1) }
            let animation = CABasicAnimation(keyPath: "position.x")
            animation.byValue = random.unit() * 30 - 15
            animation.duration = 0.5 + random.unit()
            animation.autoreverses = true
            animation.repeatCount = .infinity
            layer.add(animation, forKey: "move")
            [root, root, group, clip][Int(random.next() % 4)].addSublayer(layer)
        }
        return root
    }

    @Test(arguments: [(1, 60), (2, 400)] as [(UInt64, Int)]) func damageFramesEqualFullFrames(seed: UInt64, count: Int)
    {
        let clock = freshEngine(at: 0)
        let root = makeTree(count: count, width: 160, height: 120, seed: seed)
        let compositor = Compositor()
        let incremental = Bitmap(width: 160, height: 120)
        var changedFrames = 0
        for frame in 0..<40 {
            clock.now = Double(frame) * 0.037
            CAEngine.step(root)
            let rects = compositor.render(root, into: incremental, damageOnly: true)
            if !rects.isEmpty, frame > 0 { changedFrames += 1 }
            let full = Bitmap(width: 160, height: 120)
            Compositor().render(root, into: full)
            #expect(firstDifference(incremental, full) == nil, "frame \(frame)")
        }
        #expect(changedFrames > 30)
    }

    /// Two small layers far apart move: the damage is theirs (the rectangle returned is their union,
    /// not the frame); when a layer covering most of the frame changes, the frame is drawn whole. Both
    /// frames equal a full redraw.
    @Test func scatteredMovesDamageLittleAndLargeChangesDrawTheWholeFrame() {
        freshEngine(at: 0)
        CAEngine.implicitActionsEnabled = false
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        let large = CALayer()
        large.frame = CGRect(x: 20, y: 20, width: 160, height: 70)
        large.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        root.addSublayer(large)
        let squares = [CGPoint(x: 10, y: 10), CGPoint(x: 184, y: 4)].map { origin -> CALayer in
            let square = CALayer()
            square.frame = CGRect(origin: origin, size: CGSize(width: 6, height: 6))
            square.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 0.8)
            root.addSublayer(square)
            return square
        }
        let compositor = Compositor()
        let incremental = Bitmap(width: 200, height: 100)
        CAEngine.step(root)
        compositor.render(root, into: incremental, damageOnly: true)
        for square in squares { square.position.x += 1.5 }
        CAEngine.step(root)
        let moved = compositor.render(root, into: incremental, damageOnly: true)
        #expect(moved == [CGRect(x: 10, y: 4, width: 182, height: 12)])
        var full = Bitmap(width: 200, height: 100)
        Compositor().render(root, into: full)
        #expect(firstDifference(incremental, full) == nil)
        large.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        CAEngine.step(root)
        #expect(compositor.render(root, into: incremental, damageOnly: true) == [root.frame])
        full = Bitmap(width: 200, height: 100)
        Compositor().render(root, into: full)
        #expect(firstDifference(incremental, full) == nil)
    }

    /// A frame that does not move draws nothing in damage mode, however many layers there are. Its two frames
    /// are drawn like those of GradientLayerFrameTests on purpose: each test states the frames it compares.
    @Test func unchangedFrameHasNoDamage() {
        let clock = freshEngine(at: 0)
        let root = makeTree(count: 300, width: 160, height: 120, seed: 9)
        root.speed = 0
        let compositor = Compositor()
        let bitmap = Bitmap(width: 160, height: 120)
        CAEngine.step(root)
        compositor.render(root, into: bitmap, damageOnly: true)
        clock.now = 1
        CAEngine.step(root)
        #expect(compositor.render(root, into: bitmap, damageOnly: true).isEmpty)
    }

    /// Coverage made for one canvas is not reused on a canvas of another size: a disc cut by the
    /// small canvas's edge is whole on the large one.
    @Test func resizedCanvasDrawsAsAFreshCompositor() {
        freshEngine(at: 0)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 120, height: 120)
        let disc = CAShapeLayer()
        disc.path = CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 80, height: 80), transform: nil)
        disc.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(disc)
        CAEngine.step(root)
        let compositor = Compositor()
        for size in [60, 120, 50] {
            let reused = Bitmap(width: size, height: size)
            compositor.render(root, into: reused)
            let fresh = Bitmap(width: size, height: size)
            Compositor().render(root, into: fresh)
            #expect(firstDifference(reused, fresh) == nil, "\(size)")
        }
    }

    func firstDifference(_ a: Bitmap, _ b: Bitmap) -> (Int, Int)? {
        for y in 0..<a.height {
            for x in 0..<a.width where a[x, y] != b[x, y] { return (x, y) }
        }
        return nil
    }
}
