import Foundation
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

    /// A change made between frames (a display link's) starts from where the running animation is at
    /// that moment, not where the last frame drew it: the second change's animation begins at the first
    /// one's value at 1/60 s (read off a twin layer stepped there), and a value set every frame follows
    /// its target, as on iOS, instead of standing at its first step.
    @Test func aChangeBetweenFramesStartsFromTheValueShownThen() throws {
        let clock = freshEngine(at: 0)
        let layer = CALayer()
        let twin = CALayer()
        step(layer, clock, at: 0)
        step(twin, clock, at: 0)
        layer.position.x += 2
        twin.position.x += 2
        clock.now = 1.0 / 60
        layer.position.x += 2
        step(twin, clock, at: 1.0 / 60)
        let second = try #require(layer.animation(forKey: "position") as? CABasicAnimation)
        let from = try #require(second.fromValue as? CGPoint)
        #expect(abs(Double(from.x) - Double(twin.presentation()!.position.x)) < 1e-9)
        #expect(from.x > 0.0 + 0.001, "moved from the start value 0")
        var shown: [Double] = []
        for frame in 2...60 {
            clock.now = Double(frame) / 60
            layer.position.x += 2
            step(layer, clock, at: Double(frame) / 60)
            shown.append(Double(layer.presentation()!.position.x))
        }
        #expect(zip(shown, shown.dropFirst()).allSatisfy { $0 < $1 }, "it moves every frame")
        #expect(shown.last! > 120 - 60 && shown.last! < 122, "it follows the target (122) with a lag: \(shown.last!)")
    }

    /// The outline's animatable properties animate implicitly with the default curve (0.8024 of the way
    /// at half the default 0.25 s); `maskedCorners` and `cornerCurve` change at once.
    @Test func cornerRadiusAndBorderAnimateImplicitly() {
        let clock = freshEngine(at: 0)
        let layer = CALayer()
        step(layer, clock, at: 0)
        layer.cornerRadius = 10
        layer.borderWidth = 4
        layer.borderColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        layer.maskedCorners = .layerMinXMinYCorner
        layer.cornerCurve = .continuous
        #expect(Set(layer.animationKeys() ?? []) == ["cornerRadius", "borderWidth", "borderColor"])
        step(layer, clock, at: 0.125)
        let shown = layer.presentation()!
        #expect(close(Double(shown.cornerRadius), 8.024, 5e-4))
        #expect(close(Double(shown.borderWidth), 3.2096, 2e-4))
        #expect(close(Double(shown.borderColor!.red), 0.8024, 5e-5) && shown.borderColor!.green == 0)
        #expect(shown.maskedCorners == .layerMinXMinYCorner && shown.cornerCurve == .continuous)
    }

    /// Shadows animate implicitly, except `shadowPath`, which changes at once but animates explicitly
    /// (a linear basic animation halfway between two rects is the rect between them).
    @Test func shadowPathAnimatesOnlyExplicitly() throws {
        let clock = freshEngine(at: 0)
        let layer = CALayer()
        step(layer, clock, at: 0)
        let small = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        let large = CGPath(rect: CGRect(x: 0, y: 0, width: 30, height: 50), transform: nil)
        layer.shadowOpacity = 1
        layer.shadowPath = small
        #expect(layer.animationKeys() == ["shadowOpacity"])
        let animation = basic("shadowPath", from: small, to: large)
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        layer.add(animation, forKey: "grow")
        step(layer, clock, at: 0.5)
        let shown = try #require(layer.presentation()?.shadowPath)
        #expect(shown.boundingBox == CGRect(x: 0, y: 0, width: 20, height: 30))
        #expect(layer.shadowPath == small)
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
