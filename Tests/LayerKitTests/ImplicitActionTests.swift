import Testing

@testable import LayerKit

/// Implicit actions: on by default, with Core Animation's search order and defaults.
@Suite struct ImplicitActionTests {
    /// A shown layer, stepped once at `t`.
    func shownLayer<L: CALayer>(_ layer: L, clock: ManualClock, at t: Double) -> L {
        step(layer, clock, at: t)
        return layer
    }

    /// A standalone layer that a step has shown animates a change: opacity 1 → 0 reads 0.1976 at
    /// 0.125 s (core-animation-breadth.md §9's vector: 1 − default curve at 0.5 = 1 − 0.8024).
    @Test func onByDefaultForShownLayers() {
        let clock = freshEngine(at: 0)
        let layer = CALayer()
        step(layer, clock, at: 0)
        layer.opacity = 0
        #expect(layer.animationKeys() == ["opacity"])
        step(layer, clock, at: 0.125)
        #expect(close(Double(layer.presentation()!.opacity), 0.1976, 5e-5))
    }

    /// A layer no step has shown yet (Core Animation: not yet committed) takes changes at once.
    @Test func unshownLayersDoNotAnimate() {
        let clock = freshEngine(at: 0)
        let layer = CALayer()
        layer.opacity = 0
        layer.position = CGPoint(x: 5, y: 5)
        #expect(layer.animationKeys() == nil)
        step(layer, clock, at: 0.1)
        #expect(layer.presentation()!.opacity == 0 && layer.presentation()!.position.x == 5)
    }

    /// `CAEngine.implicitActionsEnabled = false` switches them off for the engine.
    @Test func canBeSwitchedOff() {
        let clock = freshEngine(at: 0)
        CAEngine.implicitActionsEnabled = false
        let layer = CALayer()
        step(layer, clock, at: 0)
        layer.opacity = 0
        #expect(layer.animationKeys() == nil)
        step(layer, clock, at: 0.1)
        #expect(layer.presentation()!.opacity == 0)
    }

    /// The default action: 0.25 s, `default` curve, from the old presentation value to the new model value.
    @Test func defaultActionAnimatesFromThePresentationValue() throws {
        let clock = freshEngine(at: 10)
        let layer = shownLayer(CALayer(), clock: clock, at: 10)
        layer.opacity = 0
        let animation = try #require(layer.animation(forKey: "opacity") as? CABasicAnimation)
        #expect(animation.keyPath == "opacity" && animation.duration == 0.25)
        #expect(animation.timingFunction == CAMediaTimingFunction(name: .default))
        #expect(AnimatableValue.number(animation.fromValue!) == 1 && animation.toValue == nil)
        step(layer, clock, at: 10.125)
        let expected = 1 - CAMediaTimingFunction(name: .default).solve(0.5)
        #expect(close(Double(layer.presentation()!.opacity), expected, 1e-6))
        step(layer, clock, at: 10.25)
        #expect(layer.presentation()!.opacity == 0 && layer.animationKeys() == nil)
    }

    @Test func transactionSettingsApply() throws {
        let clock = freshEngine(at: 0)
        let layer = shownLayer(CAShapeLayer(), clock: clock, at: 0)
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        layer.strokeEnd = 0
        layer.position = CGPoint(x: 100, y: 0)
        CATransaction.commit()
        #expect(layer.animationKeys() == ["strokeEnd", "position"])
        step(layer, clock, at: 1)
        #expect(close(layer.presentation()!.strokeEnd, 0.5) && close(layer.presentation()!.position.x, 50))
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.lineWidth = 9
        CATransaction.commit()
        #expect(layer.animation(forKey: "lineWidth") == nil)
        // A shape layer's path never animates implicitly.
        layer.path = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(layer.animation(forKey: "path") == nil)
    }

    final class Supplier: CALayerDelegate {
        let custom = CABasicAnimation()
        init() { custom.duration = 4 }
        func action(for layer: CALayer, forKey event: String) -> CAAction? {
            switch event {
            case "opacity": return NSNull()
            case "position": return custom
            default: return nil
            }
        }
    }

    /// Delegate first (NSNull stops the search), then `actions`, then the default; a layer no step
    /// has shown does not animate.
    @Test func searchOrder() throws {
        let clock = freshEngine(at: 0)
        let supplier = Supplier()
        let layer = shownLayer(CALayer(), clock: clock, at: 0)
        layer.delegate = supplier
        layer.actions = ["bounds": NSNull(), "backgroundColor": CABasicAnimation()]
        layer.opacity = 0.5
        layer.position = CGPoint(x: 4, y: 4)
        layer.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
        layer.backgroundColor = .white
        layer.transform = CATransform3DMakeScale(2, 2, 1)
        #expect(layer.animationKeys() == ["position", "backgroundColor", "transform"])
        #expect(layer.animation(forKey: "position")?.duration == 4)
        #expect(layer.action(forKey: "contents") == nil)
        let fresh = CALayer()
        fresh.opacity = 0
        #expect(fresh.animationKeys() == nil)
        // Setting frame runs the bounds and position actions.
        layer.delegate = nil
        layer.actions = nil
        layer.removeAllAnimations()
        layer.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        #expect(layer.animationKeys() == ["bounds", "position"])
    }
}
