import Testing

@testable import LayerKit

/// `contentsRect`, `contentsCenter` (animatable, implicitly too) and `contentsScale` (not animatable,
/// as Apple's documentation marks it), through the registry and animations.
@Suite struct ContentsPropertyTests {
    static let unit = CGRect(x: 0, y: 0, width: 1, height: 1)

    @Test func defaultsAndRegistry() {
        let layer = CALayer()
        #expect(layer.contentsRect == Self.unit && layer.contentsCenter == Self.unit && layer.contentsScale == 1)
        for key in ["contentsRect", "contentsCenter"] {
            let property = LayerProperty.named(key)
            #expect(property?.isAnimatable == true && property?.animatesImplicitly == true, "\(key)")
            #expect(property?.valueType == .rect && property?.defaultValue as? CGRect == Self.unit)
        }
        #expect(LayerProperty.named("contentsScale")?.isAnimatable == false)
        #expect(LayerProperty.named("contentsScale")?.defaultValue as? CGFloat == 1)
        layer.setValue(2, forKeyPath: "contentsScale")
        #expect(layer.contentsScale == 2)
        layer.setValue(CGRect(x: 0.25, y: 0, width: 0.25, height: 1), forKeyPath: "contentsRect")
        #expect(layer.numericComponents(forKeyPath: "contentsRect") == [0.25, 0, 0.25, 1])
    }

    /// A basic animation of `contentsRect` interpolates the rectangle; the sprite-sheet idiom, a discrete
    /// keyframe animation over four frames, holds each frame for a quarter of the duration.
    @Test func contentsRectAnimates() {
        let clock = freshEngine(at: 0)
        let layer = CALayer()
        step(layer, clock, at: 0)
        layer.add(
            basic("contentsCenter", from: Self.unit, to: CGRect(x: 0.5, y: 0.5, width: 0, height: 0)), forKey: "c")
        step(layer, clock, at: 0.5)
        #expect(layer.presentation()?.contentsCenter == CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5))
        let at = keyframeSampler("contentsRect") { animation in
            animation.values = (0..<4).map { CGRect(x: Double($0) / 4, y: 0, width: 0.25, height: 1) }
            animation.calculationMode = .discrete
        }
        for (t, frame) in [(0.1, 0), (0.3, 1), (0.6, 2), (0.9, 3)] {
            #expect(at(t).contentsRect == CGRect(x: Double(frame) / 4, y: 0, width: 0.25, height: 1), "t \(t)")
        }
    }
}
