import Testing

@testable import LayerKit

/// The 3-D properties: `sublayerTransform` (and its component key paths), `anchorPointZ`,
/// `isDoubleSided`, `CATransformLayer`, and transform components that keep a perspective.
@Suite struct ThreeDPropertyTests {
    /// The perspective m34 = −1/500 on its own.
    static var perspective: CATransform3D {
        var t = CATransform3DIdentity
        t.m34 = -1.0 / 500
        return t
    }

    static func expectClose(_ a: CATransform3D, _ b: CATransform3D, _ comment: String) {
        let worst = zip(a.rowMajor, b.rowMajor).map { abs($0 - $1) }.max() ?? 0
        #expect(worst <= 1e-12, "\(comment): \(a) vs \(b)")
    }

    /// The card flip as it is written for Core Animation: `transform.m34 = −1/500`, then
    /// `transform.rotation.y` animated. The perspective applies after the turn, so halfway to 1.2 rad
    /// the transform is CATransform3DRotate(perspective, 0.6, 0, 1, 0): the turned plane has depth
    /// (m14 = sin 0.6 / 500), not the flat turn of a perspective applied before it.
    @Test func rotationYUnderPerspectiveKeepsTheDepth() {
        let clock = freshEngine(at: 0)
        let root = CALayer()
        let card = CALayer()
        card.transform = Self.perspective
        root.addSublayer(card)
        card.add(basic("transform.rotation.y", from: 0, to: 1.2, duration: 1), forKey: "flip")
        clock.now = 0
        CAEngine.step(root)
        clock.now = 0.5
        CAEngine.step(root)
        let shown = card.presentation()!.transform
        Self.expectClose(shown, CATransform3DRotate(Self.perspective, 0.6, 0, 1, 0), "halfway")
        #expect(abs(shown.m14 - sin(0.6) / 500) < 1e-12)
        // Reading the component back gives the angle, and the model keeps its perspective.
        #expect(abs((card.presentation()!.value(forKeyPath: "transform.rotation.y") as! CGFloat) - 0.6) < 1e-12)
        #expect(card.transform == Self.perspective)
    }

    /// Setting a component of a transform with perspective, and interpolating two such transforms,
    /// keep the perspective; without one the results are unchanged (m44 exactly 1).
    @Test func componentsOfPerspectiveTransformsRoundTrip() {
        let turned = CATransform3DRotate(Self.perspective, 0.4, 0, 1, 0)
        var written = Self.perspective
        #expect(TransformPart.rotationY.write(.number(0.4), &written))
        Self.expectClose(written, turned, "rotation.y written")
        // S · R · T · P, the form the components describe.
        let moved = CATransform3DConcat(
            CATransform3DConcat(
                CATransform3DConcat(CATransform3DMakeScale(2, 3, 1), CATransform3DMakeRotation(0.4, 0, 1, 0)),
                CATransform3DMakeTranslation(10, 20, 30)), Self.perspective)
        Self.expectClose(TransformComponents(moved).transform, moved, "decomposed and recomposed")
        let halfway = TransformComponents.interpolate(
            CATransform3DRotate(Self.perspective, 0.2, 0, 1, 0), CATransform3DRotate(Self.perspective, 0.6, 0, 1, 0),
            0.5)
        Self.expectClose(halfway, turned, "interpolated")
        var flat = CATransform3DMakeTranslation(3, 4, 5)
        #expect(TransformPart.rotationZ.write(.number(0.5), &flat))
        #expect(flat.m14 == 0 && flat.m24 == 0 && flat.m34 == 0 && flat.m44 == 1)
    }

    /// The new properties: defaults, key-value coding, the registry's forms, implicit animation of the
    /// animatable ones, and the component key paths of `sublayerTransform`.
    @Test func sublayerTransformAnchorPointZAndDoubleSided() {
        let clock = freshEngine(at: 0)
        let layer = CALayer()
        #expect(layer.sublayerTransform == CATransform3DIdentity && layer.anchorPointZ == 0 && layer.isDoubleSided)
        #expect(LayerProperty.named("sublayerTransform")?.valueType == .transform)
        #expect(LayerProperty.named("sublayerTransform.rotation.y")?.isAnimatable == true)
        #expect(LayerProperty.named("anchorPointZ")?.animatesImplicitly == true)
        #expect(LayerProperty.named("isDoubleSided")?.isAnimatable == false)
        #expect(LayerProperty.named("doubleSided")?.keyPath == "isDoubleSided")
        layer.setValue(false, forKeyPath: "isDoubleSided")
        #expect(!layer.isDoubleSided && layer.value(forKeyPath: "isDoubleSided") as? Bool == false)
        layer.setValue(0.5, forKeyPath: "sublayerTransform.rotation.y")
        #expect(abs((layer.value(forKeyPath: "sublayerTransform.rotation.y") as! CGFloat) - 0.5) < 1e-12)
        #expect(layer.transform == CATransform3DIdentity, "transform untouched")
        let root = CALayer()
        root.addSublayer(layer)
        step(root, clock, at: 0)
        layer.anchorPointZ = 40
        #expect(layer.animationKeys() == ["anchorPointZ"], "implicit, as Core Animation")
        layer.add(basic("sublayerTransform.translation.z", from: 0, to: 100, duration: 1), forKey: "push")
        step(root, clock, at: 0.5)
        #expect(abs(layer.presentation()!.sublayerTransform.m43 - 50) < 1e-9)
    }

    /// `convert` follows the 3-D chain: under the parent's m34 = −1/500 a child at zPosition 100 is
    /// scaled 1.25 about the parent's anchor (core-animation-breadth.md §6), and back.
    @Test func convertFollowsSublayerTransformAndZPosition() {
        _ = freshEngine(at: 0)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 400)
        root.sublayerTransform = Self.perspective
        let child = CALayer()
        child.frame = CGRect(x: 280, y: 180, width: 40, height: 40)
        child.zPosition = 100
        root.addSublayer(child)
        let corner = root.convert(CGPoint(x: 40, y: 40), from: child)
        #expect(abs(corner.x - 350) < 1e-9 && abs(corner.y - 225) < 1e-9, "\(corner)")
        let back = child.convert(CGPoint(x: 350, y: 225), from: root)
        #expect(abs(back.x - 40) < 1e-9 && abs(back.y - 40) < 1e-9, "\(back)")
        // anchorPointZ moves a layer turned about y: its plane sits 50 behind its position.
        child.zPosition = 0
        root.sublayerTransform = CATransform3DIdentity
        child.transform = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
        child.anchorPointZ = 50
        let centre = root.convert(CGPoint(x: 20, y: 20), from: child)
        #expect(abs(centre.x - 250) < 1e-9 && abs(centre.y - 200) < 1e-9, "\(centre)")
    }

    /// `CATransformLayer` is a layer class of its own in the registry (scene files' "transformLayer").
    @Test func transformLayerIsARegisteredClass() {
        #expect(LayerProperty.LayerClass(rawValue: "transformLayer")?.layerType == CATransformLayer.self)
        #expect(LayerProperty.LayerClass.transformLayer.includes(CATransformLayer.self))
        #expect(!LayerProperty.LayerClass.transformLayer.includes(CALayer.self))
        let copy = CATransformLayer(layer: CATransformLayer())
        #expect(type(of: copy) == CATransformLayer.self)
    }
}
