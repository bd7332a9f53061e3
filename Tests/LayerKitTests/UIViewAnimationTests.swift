import Testing

@testable import LayerKit

/// The layer-backed `UIView` stand-in and `UIView.animate`, with UIKit's rules
/// (core-animation-breadth.md §9).
@Suite struct UIViewAnimationTests {
    @Test func aViewsLayerDoesNotAnimateOutsideABlock() {
        let clock = freshEngine(at: 0)
        let view = shownView(clock, at: 0)
        view.alpha = 0.5
        view.layer.position = CGPoint(x: 10, y: 0)
        #expect(view.layer.animationKeys() == nil)
        step(view.layer, clock, at: 0.1)
        #expect(view.layer.presentation()!.opacity == 0.5 && view.layer.presentation()!.position.x == 10)
    }

    /// The vector of §9: `animate(withDuration: 0.5)`, center.x 0 → 100: additive from −100 to 0, the
    /// model at 100, the presentation at 50 after 0.25 s (ease-in-ease-out is 0.5 at half time).
    @Test func blocksAnimateAdditivelyFromOldMinusNew() throws {
        let clock = freshEngine(at: 0)
        let view = shownView(clock, at: 0)
        UIView.animate(withDuration: 0.5) { view.center = CGPoint(x: 100, y: 0) }
        let animation = try #require(view.layer.animation(forKey: "position") as? CABasicAnimation)
        #expect(animation.isAdditive && animation.duration == 0.5)
        #expect(animation.fromValue as? CGPoint == CGPoint(x: -100, y: 0))
        #expect(animation.toValue as? CGPoint == .zero)
        #expect(animation.timingFunction == CAMediaTimingFunction(name: .easeInEaseOut))
        #expect(view.center.x == 100)
        step(view.layer, clock, at: 0.25)
        #expect(close(view.layer.presentation()!.position.x, 50, 1e-6))
        step(view.layer, clock, at: 0.5)
        #expect(view.layer.presentation()!.position.x == 100 && view.layer.animationKeys() == nil)
    }

    /// A second block during the first adds its own animation; the motion stays continuous.
    @Test func aRetargetBlendsInsteadOfJumping() throws {
        let clock = freshEngine(at: 0)
        let view = shownView(clock, at: 0)
        UIView.animate(withDuration: 0.5) { view.center = CGPoint(x: 100, y: 0) }
        step(view.layer, clock, at: 0.25)
        let before = view.layer.presentation()!.position.x
        UIView.animate(withDuration: 0.5) { view.center = CGPoint(x: 200, y: 0) }
        #expect(view.layer.animationKeys() == ["position", "position-2"])
        step(view.layer, clock, at: 0.25)
        #expect(close(view.layer.presentation()!.position.x, before, 1e-9))
        step(view.layer, clock, at: 0.75)
        #expect(view.layer.presentation()!.position.x == 200)
    }

    @Test func delayHoldsTheOldValueAndOptionsPickTheCurve() throws {
        let clock = freshEngine(at: 10)
        let view = shownView(clock, at: 10)
        UIView.animate(
            withDuration: 1, delay: 0.5, options: [.curveLinear, .autoreverse, .repeat],
            animations: { view.alpha = 0 })
        let animation = try #require(view.layer.animation(forKey: "opacity"))
        #expect(animation.timingFunction == CAMediaTimingFunction(name: .linear))
        #expect(animation.autoreverses && animation.repeatCount == .infinity && animation.fillMode == .backwards)
        #expect(close(animation.beginTime, 10.5))
        step(view.layer, clock, at: 10.25)
        #expect(view.layer.presentation()!.opacity == 1)
        step(view.layer, clock, at: 11)
        #expect(close(Double(view.layer.presentation()!.opacity), 0.5, 1e-6))
        step(view.layer, clock, at: 12)
        #expect(close(Double(view.layer.presentation()!.opacity), 0.5, 1e-6))
    }

    /// The transform animates additively too: the presentation starts at the old transform.
    @Test func transformsStartAtTheOldValue() throws {
        let clock = freshEngine(at: 0)
        let view = shownView(clock, at: 0)
        view.transform = CGAffineTransform(translationX: 30, y: 0)
        UIView.animate(withDuration: 1) { view.transform = CGAffineTransform(rotationAngle: .pi / 2) }
        step(view.layer, clock, at: 0)
        let start = view.layer.presentation()!.transform
        #expect(close(start.m41, 30, 1e-9) && close(start.m11, 1, 1e-9) && close(start.m12, 0, 1e-9))
        step(view.layer, clock, at: 1)
        #expect(view.layer.presentation()!.transform == CATransform3DMakeAffineTransform(view.transform))
    }

    @Test func completionReportsWhetherEveryAnimationFinished() {
        let clock = freshEngine(at: 0)
        let view = shownView(clock, at: 0)
        var outcomes: [Bool] = []
        UIView.animate(
            withDuration: 0.5, animations: { view.alpha = 0 }, completion: { outcomes.append($0) })
        step(view.layer, clock, at: 0.25)
        #expect(outcomes.isEmpty)
        step(view.layer, clock, at: 0.5)
        #expect(outcomes == [true])
        UIView.animate(
            withDuration: 0.5, animations: { view.alpha = 1 }, completion: { outcomes.append($0) })
        step(view.layer, clock, at: 0.6)
        view.layer.removeAllAnimations()
        step(view.layer, clock, at: 0.7)
        #expect(outcomes == [true, false])
        // A block that animates nothing completes at the next step, finished.
        UIView.animate(withDuration: 0.5, animations: {}, completion: { outcomes.append($0) })
        #expect(outcomes == [true, false])
        step(view.layer, clock, at: 0.8)
        #expect(outcomes == [true, false, true])
    }

    @Test func subviewsAreSublayersInOrder() {
        _ = freshEngine(at: 0)
        let root = UIView()
        let a = UIView()
        let b = UIView()
        root.addSubview(a)
        root.addSubview(b)
        #expect(root.layer.sublayers == [a.layer, b.layer] && a.superview === root)
        root.bringSubviewToFront(a)
        #expect(root.subviews.map(\.layer) == [b.layer, a.layer] && root.layer.sublayers == [b.layer, a.layer])
        a.removeFromSuperview()
        #expect(root.subviews.count == 1 && a.superview == nil && a.layer.superlayer == nil)
        #expect(a.layer.delegate === a)
    }

    /// The spring variant: center.x 0 → 100 with damping ratio 0.5 over 1 s follows the closed-form
    /// spring of mass 1, stiffness (ln 1500)²/(1·0.5²), damping 2ζ√stiffness, additively, and ends at 1 s.
    @Test func springBlocksFollowTheirSpring() throws {
        let clock = freshEngine(at: 0)
        let view = shownView(clock, at: 0)
        var outcomes: [Bool] = []
        UIView.animate(
            withDuration: 1, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0,
            animations: { view.center = CGPoint(x: 100, y: 0) }, completion: { outcomes.append($0) })
        let spring = try #require(view.layer.animation(forKey: "position") as? CASpringAnimation)
        #expect(spring.isAdditive && spring.duration == 1 && spring.mass == 1)
        let zeta = 0.5
        let omega = log(1500.0) / zeta
        #expect(close(Double(spring.stiffness), omega * omega, 1e-9))
        step(view.layer, clock, at: 0.5)
        let damped = omega * (1 - zeta * zeta).squareRoot()
        let x = exp(-zeta * omega * 0.5) * (cos(damped * 0.5) + zeta * omega / damped * sin(damped * 0.5))
        #expect(close(view.layer.presentation()!.position.x, 100 * (1 - x), 1e-6))
        step(view.layer, clock, at: 1)
        #expect(view.layer.presentation()!.position.x == 100 && outcomes == [true])
    }
}
