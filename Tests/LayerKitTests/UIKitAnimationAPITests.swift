import Testing

@testable import LayerKit

/// UIKit's animation APIs beside `UIView.animate`: keyframe blocks, view transitions and
/// `UIViewPropertyAnimator` (pause, scrub, reverse, stop and finish). Tests that open or end alike (a fresh
/// engine, `shownView`, stepping past the end for the completion) are so on purpose: each states its own timing.
@Suite struct UIKitAnimationAPITests {
    func x(_ view: UIView, _ clock: ManualClock, at t: Double) -> Double {
        step(view.layer, clock, at: t)
        return Double(view.layer.presentation()!.position.x)
    }

    /// Linear keyframes `curveLinear` (a curve passed by raw value, as iOS code does).
    static let linear = UIView.KeyframeAnimationOptions(rawValue: UIView.AnimationOptions.curveLinear.rawValue)

    @Test func keyframesChainOnOneAnimationPerProperty() throws {
        let clock = freshEngine(at: 0)
        let view = shownView(clock, at: 0)
        var finished: Bool?
        UIView.animateKeyframes(
            withDuration: 2, delay: 0, options: Self.linear,
            animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { view.center.x = 100 }
                UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { view.center.x = 0 }
            }, completion: { finished = $0 })
        let animation = try #require(view.layer.animation(forKey: "position") as? CAKeyframeAnimation)
        #expect(animation.keyTimes == [0, 0.5, 1])
        #expect(animation.values?.compactMap { ($0 as? CGPoint)?.x } == [0, 100, 0])
        #expect(close(x(view, clock, at: 0.5), 50))
        #expect(close(x(view, clock, at: 1), 100))
        #expect(close(x(view, clock, at: 1.5), 50))
        #expect(finished == nil)
        step(view.layer, clock, at: 2)
        step(view.layer, clock, at: 2.1)
        #expect(finished == true)
    }

    @Test func keyframesHoldBetweenFramesAndEaseTheWhole() {
        let clock = freshEngine(at: 0)
        let view = shownView(clock, at: 0)
        UIView.animateKeyframes(withDuration: 1, delay: 0, options: Self.linear) {
            UIView.addKeyframe(withRelativeStartTime: 0.25, relativeDuration: 0.25) { view.center.x = 100 }
        }
        #expect(x(view, clock, at: 0.2) == 0)
        #expect(close(x(view, clock, at: 0.375), 50))
        #expect(x(view, clock, at: 0.75) == 100)

        let eased = shownView(clock, at: 1)
        UIView.animateKeyframes(withDuration: 1, delay: 0, options: .calculationModeLinear) {
            eased.center.x = 100  // outside addKeyframe: the whole duration
        }
        #expect(close(x(eased, clock, at: 1.5), 50, 1e-6))  // ease-in-ease-out is 0.5 at half time
        #expect(x(eased, clock, at: 1.25) < 25)
    }

    @Test func transitionWithAViewFadesAndCompletes() throws {
        let clock = freshEngine(at: 0)
        let view = shownView(clock, at: 0)
        var finished: Bool?
        UIView.transition(
            with: view, duration: 0.5, options: .transitionCrossDissolve, animations: { view.alpha = 0.5 },
            completion: { finished = $0 })
        let transition = try #require(view.layer.animation(forKey: "transition") as? CATransition)
        #expect(transition.type == .fade && transition.duration == 0.5)
        #expect(view.layer.animation(forKey: "opacity") == nil)  // the change itself is not animated
        step(view.layer, clock, at: 0.5)
        step(view.layer, clock, at: 0.6)
        #expect(finished == true)
    }

    @Test func transitionFromViewToViewSwapsInPlace() {
        let clock = freshEngine(at: 0)
        let parent = shownView(clock, at: 0)
        let (a, b, c) = (UIView(), UIView(), UIView())
        parent.addSubview(a)
        parent.addSubview(b)
        UIView.transition(from: a, to: c, duration: 0.3, options: .transitionFlipFromLeft)
        #expect(parent.subviews.map { ObjectIdentifier($0) } == [ObjectIdentifier(c), ObjectIdentifier(b)])
        #expect(a.superview == nil)
        #expect(parent.layer.animation(forKey: "transition") is CATransition)
        UIView.transition(from: b, to: c, duration: 0.3, options: .showHideTransitionViews)
        #expect(b.isHidden && !c.isHidden && b.superview === parent)
    }

    @Test func animatorRunsPausesScrubsAndReverses() {
        let clock = freshEngine(at: 0)
        let view = shownView(clock, at: 0)
        var positions: [UIViewAnimatingPosition] = []
        let animator = UIViewPropertyAnimator(duration: 2, curve: .linear) { view.center.x = 100 }
        animator.addCompletion { positions.append($0) }
        #expect(animator.state == .inactive)
        animator.startAnimation()
        #expect(animator.state == .active && animator.isRunning)
        #expect(close(x(view, clock, at: 0.5), 25))
        #expect(close(Double(animator.fractionComplete), 0.25))
        clock.now = 1
        animator.pauseAnimation()
        #expect(close(x(view, clock, at: 3), 50))  // held
        animator.fractionComplete = 0.8
        #expect(close(x(view, clock, at: 3), 80))
        animator.isReversed = true
        animator.startAnimation()
        #expect(close(x(view, clock, at: 4), 30))
        #expect(positions.isEmpty)
        step(view.layer, clock, at: 4.6)
        step(view.layer, clock, at: 4.7)
        #expect(positions == [.start])
        #expect(view.center.x == 0 && animator.state == .inactive)  // back to the old value
        #expect(x(view, clock, at: 5) == 0)
    }

    @Test func animatorFinishesAtTheEndWithDelayFactorsAndAStartDelay() {
        let clock = freshEngine(at: 0)
        let view = shownView(clock, at: 0)
        let other = shownView(clock, at: 0)
        var positions: [UIViewAnimatingPosition] = []
        let animator = UIViewPropertyAnimator.runningPropertyAnimator(
            withDuration: 2, delay: 1, options: .curveLinear, animations: { view.center.x = 100 },
            completion: { positions.append($0) })
        animator.addAnimations({ other.center.x = 100 }, delayFactor: 0.5)
        #expect(x(view, clock, at: 0.5) == 0)  // the start delay
        #expect(close(x(view, clock, at: 2), 50))
        #expect(x(other, clock, at: 2) == 0)  // waits for half the duration
        #expect(close(x(other, clock, at: 2.5), 50))
        step(view.layer, clock, at: 3)
        step(other.layer, clock, at: 3)
        #expect(positions == [.end])
        #expect(view.center.x == 100 && other.center.x == 100)
    }

    @Test func stoppingKeepsWhatIsOnScreen() {
        let clock = freshEngine(at: 0)
        let view = shownView(clock, at: 0)
        var positions: [UIViewAnimatingPosition] = []
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 100 }
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        #expect(close(x(view, clock, at: 0.25), 25))
        animator.stopAnimation(false)
        #expect(animator.state == .stopped && view.center.x == 25)
        #expect(close(x(view, clock, at: 0.5), 25))
        animator.finishAnimation(at: .end)
        #expect(positions == [.end] && view.center.x == 100 && animator.state == .inactive)

        let second = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 0 }
        second.addCompletion { positions.append($0) }
        second.startAnimation()
        #expect(close(x(view, clock, at: 1), 50))
        second.stopAnimation(true)
        #expect(second.state == .inactive && view.center.x == 50 && positions == [.end])
    }

    @Test func pausedAnimatorsScrubLinearlyUnlessTold() {
        let clock = freshEngine(at: 0)
        let view = shownView(clock, at: 0)
        let animator = UIViewPropertyAnimator(duration: 1, curve: .easeIn) { view.center.x = 100 }
        animator.pauseAnimation()
        animator.fractionComplete = 0.5
        #expect(close(x(view, clock, at: 0.1), 50))  // linear while scrubbed
        animator.scrubsLinearly = false
        #expect(close(x(view, clock, at: 0.2), 31.535681, 1e-5))  // ease-in (0.42, 0, 1, 1) at half time
        animator.startAnimation(afterDelay: 1)
        #expect(animator.fractionComplete == 0.5)  // held through the delay
    }
}
