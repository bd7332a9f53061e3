import Testing

@testable import LayerKit

/// `CATransition`, with the vectors of core-animation-breadth.md §8 (a 100-point-wide layer, linear,
/// 1 s).
@Suite struct TransitionTests {
    func shownLayer(_ clock: ManualClock) -> CALayer {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 50)
        step(layer, clock, at: 0)
        return layer
    }

    func transition(_ type: CATransitionType, _ subtype: CATransitionSubtype?) -> CATransition {
        let transition = CATransition()
        transition.type = type
        transition.subtype = subtype
        transition.duration = 1
        return transition
    }

    func frame(_ layer: CALayer, _ clock: ManualClock, at t: Double) throws -> TransitionFrame {
        step(layer, clock, at: t)
        return try #require(layer.presentation()?.activeTransition)
    }

    @Test func pushFromRightMovesBothSides() throws {
        let clock = freshEngine(at: 0)
        let layer = shownLayer(clock)
        layer.add(transition(.push, .fromRight), forKey: "anything")
        #expect(layer.animationKeys() == ["transition"])
        let offsets = try frame(layer, clock, at: 0.25).offsets(width: 100, height: 50)
        #expect(offsets.new == CGPoint(x: 75, y: 0) && offsets.old == CGPoint(x: -25, y: 0) && !offsets.oldOnTop)
    }

    @Test func moveInSlidesOverTheStillOldSide() throws {
        let clock = freshEngine(at: 0)
        let layer = shownLayer(clock)
        layer.add(transition(.moveIn, .fromLeft), forKey: nil)
        let offsets = try frame(layer, clock, at: 0.5).offsets(width: 100, height: 50)
        #expect(offsets.new == CGPoint(x: -50, y: 0) && offsets.old == .zero)
    }

    @Test func revealMovesTheOldSideOffOnTop() throws {
        let clock = freshEngine(at: 0)
        let layer = shownLayer(clock)
        layer.add(transition(.reveal, .fromBottom), forKey: nil)
        let offsets = try frame(layer, clock, at: 0.5).offsets(width: 100, height: 50)
        #expect(offsets.old == CGPoint(x: 0, y: -25) && offsets.new == .zero && offsets.oldOnTop)
    }

    @Test func fadeAndStartProgress() throws {
        let clock = freshEngine(at: 0)
        let layer = shownLayer(clock)
        layer.add(transition(.fade, nil), forKey: nil)
        #expect(close(Double(try frame(layer, clock, at: 0.3).progress), 0.3))
        let other = shownLayer(clock)
        let half = transition(.push, .fromRight)
        half.startProgress = 0.5
        other.add(half, forKey: nil)
        let offsets = try frame(other, clock, at: 0).offsets(width: 100, height: 50)
        #expect(offsets.new == CGPoint(x: 50, y: 0))
    }

    /// The old side is the layer as the last frame showed it, sublayers included; the transition ends
    /// with its duration and tells its delegate it finished.
    @Test func theOldSideIsTheLastFrame() throws {
        let clock = freshEngine(at: 0)
        let layer = shownLayer(clock)
        let child = CALayer()
        layer.addSublayer(child)
        step(layer, clock, at: 0)
        CATransaction.setDisableActions(true)
        child.isHidden = true
        let recorder = Recorder()
        let fade = transition(.fade, nil)
        fade.delegate = recorder
        layer.add(fade, forKey: nil)
        let old = try frame(layer, clock, at: 0.5).old
        #expect(old.sublayers?.count == 1 && old.sublayers?.first?.isHidden == false)
        #expect(layer.presentation()?.sublayers?.first?.isHidden == true)
        step(layer, clock, at: 1)
        #expect(layer.presentation()?.activeTransition == nil && recorder.calls == [.start, .stop(true)])
    }
}
