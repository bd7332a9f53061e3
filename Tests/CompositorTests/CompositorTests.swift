import Compositor
import LayerKit
import LayerscopeTestSupport
import Raster
import Testing

/// Frames drawn from small layer trees, checked pixel by pixel against values worked out by hand.
@Suite struct CompositorTests {
    static let red = Pixel(0xFFFF_0000)
    static let blue = Pixel(0xFF00_00FF)

    func layer(_ frame: CGRect, color: CGColor? = nil) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = color
        return layer
    }

    func render(_ root: CALayer, width: Int, height: Int) -> Bitmap {
        let bitmap = Bitmap(width: width, height: height)
        Compositor().render(root, into: bitmap)
        return bitmap
    }

    @Test func pixelAlignedBackgroundsAreExact() {
        let root = layer(CGRect(x: 0, y: 0, width: 8, height: 6), color: CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        root.addSublayer(
            layer(CGRect(x: 2, y: 1, width: 3, height: 2), color: CGColor(red: 0, green: 0, blue: 1, alpha: 1)))
        let frame = render(root, width: 8, height: 6)
        for y in 0..<6 {
            for x in 0..<8 {
                let inside = (2..<5).contains(x) && (1..<3).contains(y)
                #expect(frame[x, y] == (inside ? Self.blue : Self.red), "pixel \(x),\(y)")
            }
        }
    }

    @Test func anchorPointAndTransformPlaceTheLayer() {
        let root = layer(CGRect(x: 0, y: 0, width: 10, height: 10))
        let square = CALayer()
        square.bounds = CGRect(x: 0, y: 0, width: 4, height: 2)
        square.position = CGPoint(x: 5, y: 5)
        square.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        // A quarter turn about the centre: 4×2 becomes 2×4, still centred at (5, 5).
        square.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        root.addSublayer(square)
        let frame = render(root, width: 10, height: 10)
        var covered: [(Int, Int)] = []
        for y in 0..<10 { for x in 0..<10 where frame[x, y].alpha > 0 { covered.append((x, y)) } }
        #expect(covered.count == 8)
        #expect(covered.allSatisfy { (4..<6).contains($0.0) && (3..<7).contains($0.1) })
        #expect(covered.allSatisfy { frame[$0.0, $0.1] == Self.blue })
    }

    /// A 4 × 1 frame of two overlapping opaque red children (columns 0–2 and 1–3) of a layer at opacity
    /// 0.5, composited as a group or not.
    func overlappingHalves(allowsGroupOpacity: Bool) -> [Pixel] {
        let root = layer(CGRect(x: 0, y: 0, width: 4, height: 1))
        let group = layer(CGRect(x: 0, y: 0, width: 4, height: 1))
        group.opacity = 0.5
        group.allowsGroupOpacity = allowsGroupOpacity
        group.addSublayer(
            layer(CGRect(x: 0, y: 0, width: 3, height: 1), color: CGColor(red: 1, green: 0, blue: 0, alpha: 1)))
        group.addSublayer(
            layer(CGRect(x: 1, y: 0, width: 3, height: 1), color: CGColor(red: 1, green: 0, blue: 0, alpha: 1)))
        root.addSublayer(group)
        let frame = render(root, width: 4, height: 1)
        return (0..<4).map { frame[$0, 0] }
    }

    /// With group opacity the overlap is as light as the rest: 0.5 → 128/255; premultiplied red at alpha
    /// 128 is 0x80800000.
    @Test func opacityAppliesToTheWholeGroup() {
        #expect(overlappingHalves(allowsGroupOpacity: true) == [0x8080_0000, 0x8080_0000, 0x8080_0000, 0x8080_0000])
    }

    /// `allowsGroupOpacity` false: each child fades alone, so where the two overlap the lower one shows
    /// through the upper one — 128 over 128 is 128 + 128 · 127 / 255 = 192 (191.75, rounded).
    @Test func withoutGroupOpacityEachSublayerFadesAlone() {
        #expect(overlappingHalves(allowsGroupOpacity: false) == [0x8080_0000, 0xC0C0_0000, 0xC0C0_0000, 0x8080_0000])
    }

    @Test func hiddenAndTransparentLayersDrawNothing() {
        let root = layer(CGRect(x: 0, y: 0, width: 2, height: 2))
        let hidden = layer(CGRect(x: 0, y: 0, width: 2, height: 2), color: CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        hidden.isHidden = true
        let clear = layer(CGRect(x: 0, y: 0, width: 2, height: 2), color: CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        clear.opacity = 0
        root.addSublayer(hidden)
        root.addSublayer(clear)
        let frame = render(root, width: 2, height: 2)
        #expect((0..<4).allSatisfy { frame[$0 % 2, $0 / 2] == 0 })
    }

    @Test func masksToBoundsClipsSublayers() {
        let root = layer(CGRect(x: 0, y: 0, width: 10, height: 10))
        let clip = layer(CGRect(x: 2, y: 2, width: 4, height: 4))
        clip.masksToBounds = true
        clip.addSublayer(
            layer(CGRect(x: -2, y: -2, width: 20, height: 20), color: CGColor(red: 1, green: 0, blue: 0, alpha: 1)))
        root.addSublayer(clip)
        let frame = render(root, width: 10, height: 10)
        var count = 0
        for y in 0..<10 { for x in 0..<10 where frame[x, y] != 0 { count += 1; #expect(frame[x, y] == Self.red) } }
        #expect(count == 16)
    }

    /// `masksToBounds` animates (CALayer.h: "Animatable"), switching halfway as a flag does: a basic
    /// animation from false to true leaves the red sublayer whole before then and clips it after.
    @Test func masksToBoundsAnimates() {
        CAEngine.reset()
        let clock = ManualClock(now: 0)
        CAEngine.clock = clock
        defer { CAEngine.reset() }
        let root = layer(CGRect(x: 0, y: 0, width: 10, height: 10))
        let clip = layer(CGRect(x: 2, y: 2, width: 4, height: 4))
        clip.addSublayer(
            layer(CGRect(x: -2, y: -2, width: 20, height: 20), color: CGColor(red: 1, green: 0, blue: 0, alpha: 1)))
        root.addSublayer(clip)
        let animation = CABasicAnimation(keyPath: "masksToBounds")
        animation.fromValue = false
        animation.toValue = true
        animation.duration = 1
        clip.add(animation, forKey: "clip")
        func redPixels(at t: CFTimeInterval) -> Int {
            clock.now = t
            CAEngine.step(root)
            let frame = render(root, width: 10, height: 10)
            return (0..<100).filter { frame[$0 % 10, $0 / 10] == Self.red }.count
        }
        #expect(redPixels(at: 0.25) == 100)
        #expect(redPixels(at: 0.75) == 16)
        #expect(redPixels(at: 1.5) == 100, "the model's value once the animation is over")
    }

    @Test func contentsGravityPlacesTheImage() {
        let image = Bitmap(width: 16, height: 8)
        image.fill(Self.blue)
        let root = layer(CGRect(x: 0, y: 0, width: 8, height: 8))
        let picture = layer(CGRect(x: 0, y: 0, width: 8, height: 8))
        picture.contents = image
        picture.contentsGravity = .resizeAspect
        root.addSublayer(picture)
        let frame = render(root, width: 8, height: 8)
        // 16×8 fitted into 8×8 is 8×4 (half scale, so every sample falls inside), centred: rows 2..<6.
        for y in 0..<8 {
            let expected: Pixel = (2..<6).contains(y) ? Self.blue : 0
            #expect(frame[4, y] == expected, "row \(y)")
        }
    }

    /// Layers wholly above, below, left or right of the picture draw nothing and end the frame (an
    /// inverted row range once made the painter's clipping loop forever).
    @Test func layersOutsideThePictureDrawNothing() {
        let image = Bitmap(width: 4, height: 4)
        image.fill(Self.blue)
        let root = layer(CGRect(x: 0, y: 0, width: 8, height: 6), color: CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        for frame in [
            CGRect(x: 0, y: -30, width: 8, height: 4), CGRect(x: 0, y: 40, width: 8, height: 4),
            CGRect(x: -30, y: 0, width: 4, height: 6), CGRect(x: 40, y: 0, width: 4, height: 6),
        ] {
            let picture = layer(frame, color: CGColor(red: 0, green: 1, blue: 0, alpha: 1))
            picture.contents = image
            root.addSublayer(picture)
        }
        let frame = render(root, width: 8, height: 6)
        #expect((0..<48).allSatisfy { frame[$0 % 8, $0 / 8] == Self.red })
    }

    /// A filled and stroked curve with an enormous line width is covered by its stroke, quickly (such
    /// widths once spun in the rasterizer's sort, and a width of 10²⁰ left the oval's inside 40 % red),
    /// whatever the join and cap. Tolerance: 1/255 per channel (where the inner sides of a stroke
    /// wider than the oval meet at its centre, 4 pixels are 254/255 covered at any such width).
    @Test func enormousLineWidthsCoverThePicture() {
        func close(_ p: Pixel) -> Bool {
            p.alpha == 255 && p.red <= 1 && p.green == 0 && p.blue >= 254
        }
        for width in [60, 1e20, 1e300, 1e308, CGFloat.greatestFiniteMagnitude] {
            for (join, cap) in [
                (CAShapeLayerLineJoin.miter, CAShapeLayerLineCap.butt), (.round, .round), (.bevel, .square),
            ] {
                let root = layer(CGRect(x: 0, y: 0, width: 48, height: 27))
                let shape = CAShapeLayer()
                shape.frame = root.bounds
                shape.path = UIBezierPath(ovalIn: CGRect(x: 4, y: 4, width: 20, height: 20)).cgPath
                shape.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                shape.strokeColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
                shape.lineWidth = width
                shape.lineJoin = join
                shape.lineCap = cap
                root.addSublayer(shape)
                let frame = render(root, width: 48, height: 27)
                let off = (0..<(48 * 27)).filter { !close(frame[$0 % 48, $0 / 48]) }.count
                #expect(
                    off == 0, "width \(width), \(join): \(off) pixels off, centre \(String(frame[14, 14], radix: 16))")
            }
        }
    }

    /// Contents scaled up keep opaque, crisp edges (edge texels extended, as layer contents are drawn),
    /// instead of fading into transparency over a scaled texel.
    @Test func scaledContentsKeepCrispEdges() {
        let image = Bitmap(width: 2, height: 1)
        image.fill(Self.blue)
        image[1, 0] = Self.red
        let root = layer(CGRect(x: 0, y: 0, width: 8, height: 8))
        let picture = layer(CGRect(x: 0, y: 2, width: 8, height: 4))
        picture.contents = image
        root.addSublayer(picture)
        let frame = render(root, width: 8, height: 8)
        for y in 0..<8 {
            let inside = (2..<6).contains(y)
            #expect(frame[0, y] == (inside ? Self.blue : 0), "left edge, row \(y)")
            #expect(frame[7, y] == (inside ? Self.red : 0), "right edge, row \(y)")
            #expect(frame[3, y].alpha == (inside ? 255 : 0), "middle, row \(y)")
        }
    }

    @Test func shapeLayerFillsThenStrokes() {
        let root = layer(CGRect(x: 0, y: 0, width: 20, height: 20))
        let shape = CAShapeLayer()
        shape.frame = root.bounds
        shape.path = CGPath(rect: CGRect(x: 4, y: 4, width: 12, height: 12))
        shape.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        shape.strokeColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        shape.lineWidth = 2
        root.addSublayer(shape)
        let frame = render(root, width: 20, height: 20)
        #expect(frame[10, 10] == Self.red)  // inside the fill
        #expect(frame[4, 10] == Self.blue)  // on the stroke (x 3..<5)
        #expect(frame[3, 10] == Self.blue)
        #expect(frame[2, 10] == 0)  // outside
    }

    /// Seed 000's mask at strokeEnd 0.25: the clock wipe shows the top-right quadrant of B only.
    @Test func strokedArcMaskRevealsAQuadrant() {
        let (root, mask) = Self.wipe(width: 40, height: 40)
        mask.strokeEnd = 0.25
        let frame = render(root, width: 40, height: 40)
        #expect(frame[30, 10] == Self.blue)  // top right: B
        #expect(frame[10, 10] == Self.red)  // top left: A
        #expect(frame[10, 30] == Self.red)
        #expect(frame[30, 30] == Self.red)
    }

    /// Drawing only the damage gives, frame after frame, exactly the full frame.
    @Test func damageOnlyFramesEqualFullFrames() {
        let (root, mask) = Self.wipe(width: 64, height: 48)
        let compositor = Compositor()
        let incremental = Bitmap(width: 64, height: 48)
        var damaged = 0
        for step in 0...20 {
            mask.strokeEnd = CGFloat(step) / 20
            let rects = compositor.render(root, into: incremental, damageOnly: true)
            damaged += rects.reduce(0) { $0 + Int($1.width * $1.height) }
            let full = render(root, width: 64, height: 48)
            var same = true
            for y in 0..<48 { for x in 0..<64 where incremental[x, y] != full[x, y] { same = false } }
            #expect(same, "frame at strokeEnd \(mask.strokeEnd)")
        }
        // The whole first frame, then only part of each later one.
        #expect(damaged < 64 * 48 * 21 / 2)
        #expect(compositor.render(root, into: incremental, damageOnly: true).isEmpty)
    }

    /// A mask that is itself a small tree (not one shape) masks by the alpha of its rendering.
    @Test func maskSubtreeMasksByItsAlpha() {
        let root = layer(CGRect(x: 0, y: 0, width: 10, height: 1))
        let content = layer(
            CGRect(x: 0, y: 0, width: 10, height: 1), color: CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        let mask = layer(CGRect(x: 0, y: 0, width: 10, height: 1))
        mask.addSublayer(
            layer(CGRect(x: 0, y: 0, width: 5, height: 1), color: CGColor(red: 0, green: 0, blue: 0, alpha: 1)))
        content.mask = mask
        root.addSublayer(content)
        let frame = render(root, width: 10, height: 1)
        for x in 0..<10 { #expect(frame[x, 0] == (x < 5 ? Self.blue : 0), "pixel \(x)") }
    }

    /// Seed 000's layers: A (red) behind B (blue), B masked by the clock-wipe arc.
    static func wipe(width: CGFloat, height: CGFloat) -> (CALayer, CAShapeLayer) {
        let a = Bitmap(width: Int(width), height: Int(height))
        a.fill(red)
        let b = Bitmap(width: Int(width), height: Int(height))
        b.fill(blue)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        root.contents = a
        let photo = CALayer()
        photo.frame = root.bounds
        photo.contents = b
        let radius = (width * width + height * height).squareRoot() / 2
        let mask = CAShapeLayer()
        mask.fillColor = CGColor.clear
        mask.strokeColor = CGColor.black
        mask.lineWidth = radius
        let arc = CGMutablePath()
        arc.move(to: CGPoint(x: width / 2, y: height / 2 - radius / 2))
        arc.addArc(
            center: CGPoint(x: width / 2, y: height / 2), radius: radius / 2, startAngle: 3 * .pi / 2,
            endAngle: -.pi / 2, clockwise: false)
        mask.path = arc
        mask.strokeEnd = 0
        photo.mask = mask
        mask.frame = photo.bounds
        root.addSublayer(photo)
        return (root, mask)
    }

    /// A replicator draws its copies at T^k, each multiplied by its colour: three white squares, moved
    /// 10 px right each, with red falling by 0.5 per copy — 255, 128, 0 in the red channel, exactly
    /// (`PixelMath` rounding), and nothing drawn outside the squares.
    @Test func replicatorCopiesAreMovedAndTinted() {
        let root = layer(CGRect(x: 0, y: 0, width: 30, height: 10))
        let replicator = CAReplicatorLayer()
        replicator.frame = root.bounds
        replicator.instanceCount = 3
        replicator.instanceTransform = CATransform3DMakeTranslation(10, 0, 0)
        replicator.instanceRedOffset = -0.5
        replicator.addSublayer(layer(CGRect(x: 2, y: 2, width: 6, height: 6), color: .white))
        root.addSublayer(replicator)
        let frame = render(root, width: 30, height: 10)
        #expect(frame[5, 5] == 0xFFFF_FFFF && frame[15, 5] == 0xFF80_FFFF && frame[25, 5] == 0xFF00_FFFF)
        var covered = 0
        for y in 0..<10 { for x in 0..<30 where frame[x, y] != 0 { covered += 1 } }
        #expect(covered == 3 * 36)
    }

    /// A damage-only frame of a replicator whose tint changed equals the full frame. Its replicator is built like
    /// that of `replicatorCopiesAreMovedAndTinted` on purpose: each test states the copies it checks.
    @Test func replicatorDamageMatchesTheFullFrame() {
        let root = layer(CGRect(x: 0, y: 0, width: 30, height: 10))
        let replicator = CAReplicatorLayer()
        replicator.frame = root.bounds
        replicator.instanceCount = 3
        replicator.instanceTransform = CATransform3DMakeTranslation(10, 0, 0)
        replicator.addSublayer(layer(CGRect(x: 2, y: 2, width: 6, height: 6), color: .white))
        root.addSublayer(replicator)
        let compositor = Compositor()
        let incremental = Bitmap(width: 30, height: 10)
        _ = compositor.render(root, into: incremental, damageOnly: true)
        CATransaction.setDisableActions(true)
        replicator.instanceAlphaOffset = -0.5
        CAEngine.step(root)
        _ = compositor.render(root, into: incremental, damageOnly: true)
        let full = render(root, width: 30, height: 10)
        var same = true
        for y in 0..<10 { for x in 0..<30 where incremental[x, y] != full[x, y] { same = false } }
        #expect(same && full[25, 5] == 0)
    }

    /// An emitter's particle is its cell's picture centred on the particle, multiplied by its colour;
    /// in additive mode two half-grey particles add up to white.
    @Test func particlesDrawTheirPictureTintedOrAdded() {
        func render(additive: Bool, cells: [CAEmitterCell]) -> Bitmap {
            let clock = freshEngine(at: 0)
            let root = layer(CGRect(x: 0, y: 0, width: 10, height: 10))
            let emitter = CAEmitterLayer()
            emitter.frame = root.bounds
            emitter.emitterPosition = CGPoint(x: 5, y: 5)
            emitter.renderMode = additive ? .additive : .unordered
            emitter.emitterCells = cells
            root.addSublayer(emitter)
            clock.now = 1.5
            CAEngine.step(root)
            return self.render(root, width: 10, height: 10)
        }
        func cell(_ color: CGColor) -> CAEmitterCell {
            let cell = CAEmitterCell()
            let picture = Bitmap(width: 2, height: 2)
            for y in 0..<2 { for x in 0..<2 { picture[x, y] = 0xFFFF_FFFF } }
            cell.contents = picture
            cell.birthRate = 1
            cell.lifetime = 10
            cell.color = color
            return cell
        }
        let red = render(additive: false, cells: [cell(CGColor(red: 1, green: 0, blue: 0, alpha: 1))])
        #expect(red[4, 4] == Self.red && red[5, 5] == Self.red && red[3, 3] == 0 && red[6, 6] == 0)
        let grey = CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.5)
        let added = render(additive: true, cells: [cell(grey), cell(grey)])
        #expect(added[4, 4] == 0xFF80_8080)
        let over = render(additive: false, cells: [cell(grey), cell(grey)])
        #expect(over[4, 4].alpha < 0xFF)
    }

    /// A push from the right a quarter of the way through: the old red picture has moved 25 px left,
    /// the new blue layer comes in at x = 75.
    @Test func aPushTransitionDrawsBothSides() {
        let clock = freshEngine(at: 0)
        let root = layer(CGRect(x: 0, y: 0, width: 100, height: 10))
        let panel = layer(
            CGRect(x: 0, y: 0, width: 100, height: 10), color: CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        root.addSublayer(panel)
        CAEngine.step(root)
        CATransaction.setDisableActions(true)
        panel.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let push = CATransition()
        push.type = .push
        push.subtype = .fromRight
        push.duration = 1
        panel.add(push, forKey: nil)
        clock.now = 0.25
        CAEngine.step(root)
        let frame = render(root, width: 100, height: 10)
        #expect(
            frame[0, 5] == Self.red && frame[74, 5] == Self.red && frame[75, 5] == Self.blue
                && frame[99, 5] == Self.blue)
    }
}
