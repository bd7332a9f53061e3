import Testing

@testable import LayerKit

/// The layer tree: defaults, geometry, sublayers and masks, time conversion, presentation and model.
@Suite struct LayerTreeTests {
    @Test func defaults() {
        _ = freshEngine(at: 0)
        let layer = CALayer()
        #expect(layer.bounds == .zero && layer.position == .zero)
        #expect(layer.anchorPoint == CGPoint(x: 0.5, y: 0.5))
        #expect(layer.transform == CATransform3DIdentity)
        #expect(layer.opacity == 1 && !layer.isHidden && layer.backgroundColor == nil)
        #expect(layer.contentsGravity == .resize && !layer.masksToBounds)
        #expect(layer.duration == .infinity)  // a layer's duration reads back as infinity
        #expect(layer.speed == 1 && layer.repeatCount == 0 && layer.fillMode == .removed)
        let shape = CAShapeLayer()
        #expect(shape.fillColor == CGColor(gray: 0, alpha: 1) && shape.strokeColor == nil)
        #expect(shape.lineWidth == 1 && shape.miterLimit == 10 && shape.strokeStart == 0 && shape.strokeEnd == 1)
        #expect(shape.lineCap == .butt && shape.lineJoin == .miter && shape.fillRule == .nonZero)
        #expect(shape.lineDashPattern == nil && shape.lineDashPhase == 0 && shape.path == nil)
        let animation = CABasicAnimation()
        #expect(animation.duration == 0 && animation.repeatCount == 0 && animation.fillMode == .removed)
        #expect(animation.isRemovedOnCompletion && animation.timingFunction == nil)
    }

    @Test func frameIsDerivedAndSettable() {
        _ = freshEngine(at: 0)
        let layer = CALayer()
        layer.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        #expect(layer.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(layer.position == CGPoint(x: 60, y: 45))
        layer.anchorPoint = CGPoint(x: 0, y: 0)
        #expect(layer.frame == CGRect(x: 60, y: 45, width: 100, height: 50))
        layer.anchorPoint = CGPoint(x: 0.5, y: 0.5)
        layer.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        let f = layer.frame
        #expect(
            close(f.minX, 35, 1e-9) && close(f.minY, -5, 1e-9) && close(f.width, 50, 1e-9) && close(f.height, 100, 1e-9)
        )
    }

    @Test func sublayersAndMasks() {
        _ = freshEngine(at: 0)
        let root = CALayer()
        let a = CALayer()
        let b = CALayer()
        let c = CALayer()
        root.addSublayer(a)
        root.addSublayer(b)
        root.insertSublayer(c, at: 0)
        #expect(root.sublayers?.map(\.self) == [c, a, b])
        #expect(a.superlayer === root)
        root.insertSublayer(a, above: b)
        #expect(root.sublayers == [c, b, a])
        root.insertSublayer(a, below: c)
        #expect(root.sublayers == [a, c, b])
        b.removeFromSuperlayer()
        #expect(root.sublayers == [a, c] && b.superlayer == nil)
        root.replaceSublayer(c, with: b)
        #expect(root.sublayers == [a, b] && c.superlayer == nil)
        let other = CALayer()
        other.addSublayer(a)
        #expect(root.sublayers == [b] && a.superlayer === other)
        // A mask is not a sublayer, but its superlayer is the masked layer.
        let mask = CALayer()
        root.addSublayer(mask)
        b.mask = mask
        #expect(root.sublayers == [b] && mask.superlayer === b && b.mask === mask)
        mask.removeFromSuperlayer()
        #expect(b.mask == nil && mask.superlayer == nil)
        root.sublayers = [c]
        #expect(b.superlayer == nil && c.superlayer === root)
    }

    /// Vector 1: root → mid (begin 2, speed 3, offset 0.25) → leaf (begin 1, speed 2, offset 0.5).
    @Test func timeConversionThroughTheTree() {
        _ = freshEngine(at: 0)
        let root = CALayer()
        let mid = CALayer()
        mid.beginTime = 2
        mid.speed = 3
        mid.timeOffset = 0.25
        let leaf = CALayer()
        leaf.beginTime = 1
        leaf.speed = 2
        leaf.timeOffset = 0.5
        root.addSublayer(mid)
        mid.addSublayer(leaf)
        #expect(close(leaf.convertTime(10, from: mid), 18.5, 1e-12))
        #expect(close(leaf.convertTime(10, from: root), 47, 1e-12))
        #expect(close(leaf.convertTime(10, to: mid), 5.75, 1e-12))
        #expect(close(leaf.convertTime(10, to: root), 23.0 / 6, 1e-12))
        #expect(close(leaf.convertTime(10, from: nil), 47, 1e-12))
        #expect(close(leaf.convertTime(leaf.convertTime(3, to: mid), from: mid), 3, 1e-12))
        // A mask's time runs through the layer it masks.
        let mask = CALayer()
        leaf.mask = mask
        #expect(close(mask.convertTime(10, from: nil), 47, 1e-12))
        #expect(close(mask.convertTime(10, from: leaf), 10, 1e-12))
        // Converting to an ancestor's local time skips that ancestor's own timing, so it stays finite
        // under a paused ancestor; a layer that is not above gives nil.
        root.speed = 0
        #expect(!leaf.convertTime(10, to: root).isFinite)
        #expect(close(leaf.convertTime(10, toAncestor: root) ?? .nan, 23.0 / 6, 1e-12))
        #expect(leaf.convertTime(10, toAncestor: mid) == 5.75)
        #expect(leaf.convertTime(10, toAncestor: leaf) == 10)
        #expect(root.convertTime(10, toAncestor: leaf) == nil)
    }

    /// Pausing the masked layer (speed 0) freezes the mask's animation.
    @Test func maskAnimationsFollowTheMaskedLayersTime() throws {
        let clock = freshEngine(at: 0)
        let root = CALayer()
        let photo = CALayer()
        root.addSublayer(photo)
        let mask = CAShapeLayer()
        photo.mask = mask
        mask.add(basic("strokeEnd", from: 0, to: 1, duration: 2), forKey: "wipe")
        step(root, clock, at: 0.5)
        photo.timeOffset = photo.convertTime(CACurrentMediaTime(), from: nil)
        photo.speed = 0
        step(root, clock, at: 1.5)
        #expect(try #require(photo.presentation()?.mask as? CAShapeLayer).strokeEnd == 0.25)
    }

    /// Presentation copies mirror the model tree (classes kept), are reused between steps, and point
    /// back to their models; the model never changes.
    @Test func presentationAndModel() throws {
        let clock = freshEngine(at: 0)
        let root = CALayer()
        root.name = "root"
        let shape = CAShapeLayer()
        shape.name = "shape"
        let mask = CALayer()
        root.addSublayer(shape)
        root.mask = mask
        shape.add(basic("lineWidth", from: 0, to: 10), forKey: "w")
        step(root, clock, at: 0.5)
        let presentation = try #require(root.presentation())
        #expect(presentation !== root && presentation.model() === root && root.model() === root)
        #expect(presentation.presentation() === presentation)
        let shapeCopy = try #require(presentation.sublayers?.first as? CAShapeLayer)
        #expect(shapeCopy.name == "shape" && shapeCopy.lineWidth == 5 && shapeCopy.superlayer === presentation)
        #expect(shapeCopy.model() === shape && shape.lineWidth == 1)
        #expect(presentation.mask === mask.presentation() && presentation.mask?.superlayer === presentation)
        step(root, clock, at: 0.75)
        #expect(root.presentation() === presentation && shape.presentation() === shapeCopy)
        #expect(shapeCopy.lineWidth == 7.5)
        // Model changes show at the next step (with actions disabled: no implicit animation); structure
        // changes too.
        CATransaction.setDisableActions(true)
        root.opacity = 0.5
        let extra = CALayer()
        root.addSublayer(extra)
        #expect(presentation.opacity == 1)
        step(root, clock, at: 0.8)
        #expect(presentation.opacity == 0.5 && presentation.sublayers?.count == 2)
        #expect(presentation.sublayers?.last === extra.presentation())
    }

    /// A layer no step has reached gets its presentation on demand, at the clock's time.
    @Test func presentationOnDemand() throws {
        let clock = freshEngine(at: 0)
        let layer = CALayer()
        layer.add(basic("opacity", from: 0, to: 1, duration: 2), forKey: "a")
        clock.now = 1
        #expect(close(Double(try #require(layer.presentation()).opacity), 0.5))
    }

    /// Shape layers copy their path on assignment.
    @Test func pathIsCopiedOnAssignment() {
        _ = freshEngine(at: 0)
        let shape = CAShapeLayer()
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 1, y: 1))
        shape.path = path
        path.addLine(to: CGPoint(x: 5, y: 0))
        #expect(shape.path?.elements.count == 2)
    }

    /// The per-thread engine: a clock set on another thread is not seen here.
    @Test func engineStateIsPerThread() {
        _ = freshEngine(at: 42)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var seenThere: CFTimeInterval = 0
        let thread = Thread {
            CAEngine.clock = ManualClock(now: 7)
            seenThere = CACurrentMediaTime()
            done.signal()
        }
        thread.start()
        done.wait()
        #expect(seenThere == 7)
        #expect(CACurrentMediaTime() == 42)
    }
}

/// Point and rectangle conversion between layers (bounds origin, anchor point, transform).
@Suite struct GeometryConversionTests {
    @Test func convertPointsAndRects() {
        _ = freshEngine(at: 0)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        let child = CALayer()
        child.frame = CGRect(x: 100, y: 50, width: 100, height: 80)
        root.addSublayer(child)
        let grandchild = CALayer()
        grandchild.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        child.addSublayer(grandchild)
        #expect(root.convert(CGPoint(x: 0, y: 0), from: child) == CGPoint(x: 100, y: 50))
        #expect(grandchild.convert(CGPoint(x: 115, y: 65), from: root) == CGPoint(x: 5, y: 5))
        #expect(grandchild.convert(CGPoint(x: 5, y: 5), to: nil) == CGPoint(x: 115, y: 65))
        child.bounds.origin = CGPoint(x: 20, y: 0)
        #expect(root.convert(CGPoint(x: 20, y: 0), from: child) == CGPoint(x: 100, y: 50))
        // A quarter turn about the child's centre (150, 90 in root coordinates).
        child.bounds.origin = .zero
        child.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        let p = root.convert(CGPoint(x: 100, y: 40), from: child)  // 50 right of the centre
        #expect(close(p.x, 150, 1e-9) && close(p.y, 140, 1e-9))
        let back = child.convert(p, from: root)
        #expect(close(back.x, 100, 1e-9) && close(back.y, 40, 1e-9))
        let r = root.convert(CGRect(x: 0, y: 0, width: 100, height: 80), from: child)
        #expect(
            close(r.minX, 110, 1e-9) && close(r.minY, 40, 1e-9) && close(r.width, 80, 1e-9)
                && close(r.height, 100, 1e-9))
        #expect(r == child.frame)
    }
}

/// Back-pointers never outlive the layers they point to.
@Suite struct LayerLifetimeTests {
    @Test func superlayerIsClearedWhenTheParentGoes() throws {
        let clock = freshEngine(at: 0)
        let child = CALayer()
        let mask = CALayer()
        do {
            let parent = CALayer()
            parent.addSublayer(child)
            child.mask = mask
            step(parent, clock, at: 0)
            #expect(child.presentation()?.superlayer === parent.presentation())
            child.removeFromSuperlayer()
            step(parent, clock, at: 1)
            #expect(child.presentation()?.superlayer == nil)
            parent.addSublayer(child)
        }
        #expect(child.superlayer == nil)
        #expect(mask.superlayer === child)
        step(child, clock, at: 2)
        #expect(child.presentation()?.mask?.superlayer === child.presentation())
    }
}
