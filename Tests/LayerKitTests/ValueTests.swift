import Testing

@testable import LayerKit

/// CABasicAnimation values: the from/to/by table, additive, cumulative, value functions and every
/// supported key path and value type.
@Suite struct ValueTests {
    /// position.x with model value 100, d = 1, sampled at 0.5.
    func midpoint(from: Any? = nil, to: Any? = nil, by: Any? = nil, _ configure: (CABasicAnimation) -> Void = { _ in })
        -> Double
    {
        let clock = freshEngine(at: 0)
        let layer = CALayer()
        layer.position = CGPoint(x: 100, y: 7)
        let animation = basic("position.x", from: from, to: to, by: by)
        configure(animation)
        layer.add(animation, forKey: "k")
        step(layer, clock, at: 0.5)
        return Double(layer.presentation()!.position.x)
    }

    @Test func fromToByTable() {
        #expect(midpoint(from: 0, to: 20) == 10)
        #expect(midpoint(from: 0, by: 20) == 10)  // 0 → 20
        #expect(midpoint(to: 20, by: 10) == 15)  // 10 → 20
        #expect(midpoint(from: 0) == 50)  // 0 → model 100
        #expect(midpoint(to: 0) == 50)  // model 100 → 0
        #expect(midpoint(by: 20) == 110)  // 100 → 120
        #expect(midpoint() == 100)  // model → model
        #expect(midpoint(from: 0, to: 20, by: 1000) == 10)  // all three: from/to win
        // Numbers in any spelling.
        #expect(midpoint(from: Float(0), to: CGFloat(20)) == 10)
        #expect(midpoint(from: Int(0), to: NSNumber(value: 20)) == 10)
    }

    @Test func additiveAndCumulative() {
        #expect(midpoint(from: 0, to: 20) { $0.isAdditive = true } == 110)
        // Cumulative 10 → 20, repeatCount 3: 1.5 s in → 20 + 15 = 35 (timing.md A6).
        let clock = freshEngine(at: 0)
        let layer = CALayer()
        let animation = basic("position.x", from: 10, to: 20)
        animation.repeatCount = 3
        animation.isCumulative = true
        layer.add(animation, forKey: "k")
        step(layer, clock, at: 1.5)
        #expect(layer.presentation()!.position.x == 35)
        step(layer, clock, at: 2.25)
        #expect(close(layer.presentation()!.position.x, 52.5))
    }

    /// Two animations on one property apply in the order added; an additive one adds to the result.
    @Test func stackingOrder() {
        let clock = freshEngine(at: 0)
        let layer = CALayer()
        layer.add(basic("opacity", from: 0, to: 1), forKey: "a")
        let extra = basic("opacity", from: 0, to: 0.2)
        extra.isAdditive = true
        layer.add(extra, forKey: "b")
        step(layer, clock, at: 0.5)
        #expect(close(Double(layer.presentation()!.opacity), 0.6, 1e-6))
        layer.add(basic("opacity", from: 1, to: 1), forKey: "c")
        step(layer, clock, at: 0.5)
        #expect(layer.presentation()!.opacity == 1)
    }

    @Test func valueFunctions() throws {
        let clock = freshEngine(at: 0)
        let layer = CALayer()
        let rotate = basic("transform", from: 0, to: CGFloat.pi)
        rotate.valueFunction = CAValueFunction(name: .rotateZ)
        layer.add(rotate, forKey: "r")
        step(layer, clock, at: 0.5)
        let t = try #require(layer.presentation()).transform
        #expect(close(t.m11, 0, 1e-12) && close(t.m12, 1, 1e-12))
        let scale = basic("transform", from: [1, 1, 1], to: [3, 5, 1])
        scale.valueFunction = CAValueFunction(name: .scale)
        layer.add(scale, forKey: "r")
        step(layer, clock, at: 1)
        let s = try #require(layer.presentation()).transform
        #expect(s == CATransform3DMakeScale(2, 3, 1))
        #expect(CAValueFunction(name: CAValueFunctionName(rawValue: "bogus")) == nil)
    }

    /// Each row (key path, from, to, check) animated on `layer` in turn, linearly over 1 s: its check
    /// holds for the presentation half-way.
    func checkHalfway<L: CALayer>(_ layer: L, _ clock: ManualClock, _ rows: [(String, Any, Any, (L) -> Bool)]) throws {
        for (keyPath, from, to, check) in rows {
            layer.add(basic(keyPath, from: from, to: to), forKey: "k")
            step(layer, clock, at: clock.now + 0.5)
            let presentation = try #require(layer.presentation())
            #expect(check(presentation), "\(keyPath): \(presentation)")
            layer.removeAnimation(forKey: "k")
        }
    }

    /// Each key path animates its part of the property and leaves the rest.
    @Test func layerKeyPaths() throws {
        let clock = freshEngine(at: 0)
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 20)
        layer.position = CGPoint(x: 1, y: 2)
        let rows: [(String, Any, Any, (CALayer) -> Bool)] = [
            ("position", CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 20), { $0.position == CGPoint(x: 5, y: 10) }),
            ("position.y", 0, 10, { $0.position == CGPoint(x: 1, y: 5) }),
            (
                "bounds", CGRect(x: 0, y: 0, width: 0, height: 0), CGRect(x: 2, y: 4, width: 6, height: 8),
                { $0.bounds == CGRect(x: 1, y: 2, width: 3, height: 4) }
            ),
            (
                "bounds.size", CGSize(width: 0, height: 0), CGSize(width: 4, height: 8),
                { $0.bounds == CGRect(x: 0, y: 0, width: 2, height: 4) }
            ),
            ("bounds.size.width", 0, 4, { $0.bounds == CGRect(x: 0, y: 0, width: 2, height: 20) }),
            ("bounds.size.height", 0, 4, { $0.bounds == CGRect(x: 0, y: 0, width: 10, height: 2) }),
            ("anchorPoint", CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 1), { $0.anchorPoint == CGPoint(x: 0.5, y: 0.5) }),
            ("opacity", 0, 0.5, { $0.opacity == 0.25 }),
            (
                "backgroundColor", CGColor(red: 0, green: 0, blue: 0, alpha: 0),
                CGColor(red: 1, green: 0.5, blue: 0, alpha: 1),
                { $0.backgroundColor == CGColor(red: 0.5, green: 0.25, blue: 0, alpha: 0.5) }
            ),
            ("transform.scale", 1, 3, { $0.transform == CATransform3DMakeScale(2, 2, 2) }),
            ("transform.scale.x", 1, 3, { $0.transform == CATransform3DMakeScale(2, 1, 1) }),
            ("transform.scale.y", 1, 3, { $0.transform == CATransform3DMakeScale(1, 2, 1) }),
            ("transform.scale.z", 1, 3, { $0.transform == CATransform3DMakeScale(1, 1, 2) }),
            (
                "transform.translation", CGSize(width: 0, height: 0), CGSize(width: 4, height: 6),
                { $0.transform == CATransform3DMakeTranslation(2, 3, 0) }
            ),
            ("transform.translation.x", 0, 4, { $0.transform == CATransform3DMakeTranslation(2, 0, 0) }),
            ("transform.translation.y", 0, 4, { $0.transform == CATransform3DMakeTranslation(0, 2, 0) }),
        ]
        try checkHalfway(layer, clock, rows)
    }

    /// Rotations about x and y (and the z rotation keys) build Core Animation's rotation matrices.
    @Test func rotationKeyPaths() throws {
        let clock = freshEngine(at: 0)
        let layer = CALayer()
        for (keyPath, axis) in [
            ("transform.rotation.x", (1.0, 0.0, 0.0)), ("transform.rotation.y", (0, 1, 0)),
            ("transform.rotation.z", (0, 0, 1)), ("transform.rotation", (0, 0, 1)),
        ] {
            layer.add(basic(keyPath, from: 0, to: 1.2), forKey: "k")
            step(layer, clock, at: clock.now + 0.5)
            let got = try #require(layer.presentation()).transform
            let want = CATransform3DMakeRotation(0.6, axis.0, axis.1, axis.2)
            for (g, w) in zip(got.rowMajor, want.rowMajor) { #expect(close(g, w, 1e-12), "\(keyPath)") }
            let angle = try #require(layer.presentation()?.value(forKeyPath: keyPath) as? CGFloat)
            #expect(close(angle, 0.6, 1e-12), "\(keyPath)")
        }
    }

    /// A transform sub-key keeps the model's other components (scale 2 stays while rotating).
    @Test func subKeyPathKeepsOtherComponents() throws {
        let clock = freshEngine(at: 0)
        let layer = CALayer()
        layer.transform = CATransform3DMakeScale(2, 2, 1)
        layer.add(basic("transform.rotation", by: CGFloat.pi / 2), forKey: "k")
        step(layer, clock, at: 1 - 1e-12)
        let t = try #require(layer.presentation()).transform
        #expect(close(t.m11, 0, 1e-9) && close(t.m12, 2, 1e-9) && close(t.m21, -2, 1e-9) && close(t.m22, 0, 1e-9))
    }

    /// Whole-transform animation interpolates the decomposition: identity → 2π is no motion; identity
    /// → rotation π/2 passes π/4; translation and scale interpolate linearly.
    @Test func transformInterpolation() throws {
        let clock = freshEngine(at: 0)
        let layer = CALayer()
        layer.add(
            basic("transform", from: CATransform3DIdentity, to: CATransform3DMakeRotation(2 * .pi, 0, 0, 1)),
            forKey: "k")
        step(layer, clock, at: 0.5)
        for (g, w) in zip(try #require(layer.presentation()).transform.rowMajor, CATransform3DIdentity.rowMajor) {
            #expect(close(g, w, 1e-12))
        }
        let to = CATransform3DTranslate(
            CATransform3DScale(CATransform3DMakeRotation(.pi / 2, 0, 0, 1), 3, 3, 1), 10, 20, 0)
        let target = TransformComponents(to)
        layer.add(basic("transform", from: CATransform3DIdentity, to: to), forKey: "k")
        step(layer, clock, at: 1)
        let mid = TransformComponents(try #require(layer.presentation()).transform)
        #expect(close(mid.rotation.z, .pi / 4, 1e-12))
        #expect(close(mid.scale.x, 2, 1e-12) && close(mid.scale.y, 2, 1e-12))
        #expect(close(mid.translation.x, target.translation.x / 2, 1e-12))
        #expect(close(mid.translation.y, target.translation.y / 2, 1e-12))
    }

    @Test func shapeKeyPaths() throws {
        let clock = freshEngine(at: 0)
        let shape = CAShapeLayer()
        let rows: [(String, Any, Any, (CAShapeLayer) -> Bool)] = [
            ("strokeStart", 0, 0.5, { $0.strokeStart == 0.25 }),
            ("strokeEnd", 1, 0, { $0.strokeEnd == 0.5 }),
            ("lineWidth", 1, 5, { $0.lineWidth == 3 }),
            ("miterLimit", 10, 20, { $0.miterLimit == 15 }),
            ("lineDashPhase", 0, 8, { $0.lineDashPhase == 4 }),
            (
                "fillColor", UIColor.black.cgColor, UIColor.white.cgColor,
                { $0.fillColor == CGColor(gray: 0.5, alpha: 1) }
            ),
            (
                "strokeColor", UIColor.clear, UIColor.red,
                { $0.strokeColor == CGColor(red: 0.5, green: 0, blue: 0, alpha: 0.5) }
            ),
        ]
        try checkHalfway(shape, clock, rows)
    }

    /// Paths with the same structure blend point by point; different structures switch from the
    /// from-path to the to-path at progress 0.5 (documented choice: Core Animation leaves it undefined).
    @Test func pathInterpolation() throws {
        let clock = freshEngine(at: 0)
        let shape = CAShapeLayer()
        let small = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        let large = CGPath(rect: CGRect(x: 0, y: 0, width: 30, height: 50))
        shape.add(basic("path", from: small, to: large), forKey: "p")
        step(shape, clock, at: 0.5)
        #expect(try #require(shape.presentation()?.path) == CGPath(rect: CGRect(x: 0, y: 0, width: 20, height: 30)))
        let oval = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10))
        shape.add(basic("path", from: small, to: oval), forKey: "p")
        step(shape, clock, at: 0.5 + 0.499)
        #expect(try #require(shape.presentation()?.path) == small)
        step(shape, clock, at: 0.5 + 0.5)
        #expect(try #require(shape.presentation()?.path) == oval)
    }

    /// value(forKeyPath:) and setValue(_:forKeyPath:) on the model, in Core Animation's types.
    @Test func keyValueCoding() throws {
        _ = freshEngine(at: 0)
        let layer = CALayer()
        layer.setValue(CGPoint(x: 3, y: 4), forKeyPath: "position")
        layer.setValue(7, forKeyPath: "position.x")
        #expect(layer.position == CGPoint(x: 7, y: 4))
        layer.setValue(Float(0.5), forKey: "opacity")
        #expect(layer.value(forKey: "opacity") as? Float == 0.5)
        layer.setValue(CGFloat.pi / 3, forKeyPath: "transform.rotation.z")
        #expect(close(try #require(layer.value(forKeyPath: "transform.rotation") as? CGFloat), .pi / 3, 1e-12))
        layer.setValue(2, forKeyPath: "transform.scale.x")
        #expect(close(try #require(layer.value(forKeyPath: "transform.scale.x") as? CGFloat), 2, 1e-12))
        #expect(close(try #require(layer.value(forKeyPath: "transform.rotation") as? CGFloat), .pi / 3, 1e-12))
        layer.setValue(CGSize(width: 5, height: 6), forKeyPath: "transform.translation")
        #expect(layer.value(forKeyPath: "transform.translation") as? CGSize == CGSize(width: 5, height: 6))
        layer.setValue(40, forKeyPath: "bounds.size.width")
        #expect(layer.value(forKeyPath: "bounds.size") as? CGSize == CGSize(width: 40, height: 0))
        layer.setValue("anything", forKey: "myKey")
        #expect(layer.value(forKey: "myKey") as? String == "anything")
        layer.setValue(true, forKey: "hidden")
        #expect(layer.isHidden)
        #expect(layer.numericComponents(forKeyPath: "position") == [7, 4])
        #expect(layer.numericComponents(forKeyPath: "opacity") == [0.5])
        let shape = CAShapeLayer()
        shape.setValue(0.3, forKeyPath: "strokeEnd")
        #expect(shape.strokeEnd == 0.3)
        #expect(shape.value(forKeyPath: "strokeEnd") as? CGFloat == 0.3)
    }

    /// Scale read-back: transform.scale is the mean of the three factors.
    @Test func transformComponentsReadBack() {
        _ = freshEngine(at: 0)
        let layer = CALayer()
        layer.transform = CATransform3DMakeScale(1, 2, 3)
        #expect(layer.value(forKeyPath: "transform.scale") as? CGFloat == 2)
        layer.transform = CATransform3DRotate(CATransform3DMakeScale(2, 2, 2), 0.4, 1, 0, 0)
        #expect(close(layer.value(forKeyPath: "transform.rotation.x") as? CGFloat ?? 0, 0.4, 1e-12))
        #expect(close(layer.value(forKeyPath: "transform.scale.y") as? CGFloat ?? 0, 2, 1e-12))
    }
}

/// Less common value rules: additive transforms, value-function translation, bounds origin, hidden.
@Suite struct MoreValueTests {
    @Test func additiveTransformConcatenates() throws {
        let clock = freshEngine(at: 0)
        let layer = CALayer()
        layer.transform = CATransform3DMakeTranslation(10, 0, 0)
        let spin = basic("transform", from: CATransform3DIdentity, to: CATransform3DMakeScale(3, 3, 1))
        spin.isAdditive = true
        layer.add(spin, forKey: "s")
        step(layer, clock, at: 0.5)
        let t = try #require(layer.presentation()).transform
        // Scale 2 applied first, then the model's translation.
        #expect(close(t.m11, 2, 1e-12) && close(t.m22, 2, 1e-12) && close(t.m41, 10, 1e-12))
    }

    @Test func translateValueFunctionAndOtherKeys() throws {
        let clock = freshEngine(at: 0)
        let layer = CALayer()
        let move = basic("transform", from: [0, 0, 0], to: [10, 20, 30])
        move.valueFunction = CAValueFunction(name: .translate)
        layer.add(move, forKey: "m")
        layer.add(basic("bounds.origin", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 4, y: 8)), forKey: "o")
        layer.add(basic("hidden", from: 0, to: 1), forKey: "h")
        layer.add(basic("cornerRadius", from: 0, to: 10), forKey: "c")
        step(layer, clock, at: 0.25)
        var p = try #require(layer.presentation())
        #expect(p.transform == CATransform3DMakeTranslation(2.5, 5, 7.5))
        #expect(p.bounds.origin == CGPoint(x: 1, y: 2) && !p.isHidden && p.cornerRadius == 2.5)
        step(layer, clock, at: 0.5)
        p = try #require(layer.presentation())
        #expect(p.isHidden)
    }

    /// Stepping a presentation layer steps its model tree.
    @Test func steppingAPresentationStepsTheModel() throws {
        let clock = freshEngine(at: 0)
        let layer = CALayer()
        layer.add(basic("opacity", from: 0, to: 1), forKey: "a")
        step(layer, clock, at: 0.25)
        let presentation = try #require(layer.presentation())
        clock.now = 0.75
        CAEngine.step(presentation)
        #expect(close(Double(presentation.opacity), 0.75, 1e-6))
        #expect(presentation.presentation() === presentation)
    }
}
