import Testing

@testable import LayerKit

/// CAAnimationGroup: members run in the group's time, are clipped by its duration, need their own
/// fill, and never get delegate callbacks.
@Suite struct GroupTests {
    @Test func childrenAreTimedInsideTheGroupAndClipped() throws {
        let clock = freshEngine(at: 0)
        let recorder = Recorder()
        let layer = CALayer()
        layer.opacity = 0.5
        let fade = basic("opacity", from: 0, to: 1, duration: 10)
        fade.delegate = recorder
        let move = basic("position.x", from: 0, to: 100, duration: 1)
        move.beginTime = 1
        move.fillMode = .forwards
        let group = CAAnimationGroup()
        group.animations = [fade, move]
        group.duration = 5
        group.beginTime = 2
        group.delegate = recorder
        layer.add(group, forKey: "g")
        step(layer, clock, at: 1)
        #expect(layer.presentation()!.opacity == 0.5)
        step(layer, clock, at: 2.5)
        #expect(close(Double(layer.presentation()!.opacity), 0.05, 1e-6))
        #expect(layer.presentation()!.position.x == 0)  // child begins 1 s into the group
        step(layer, clock, at: 3.5)
        #expect(close(layer.presentation()!.position.x, 50))
        step(layer, clock, at: 5)
        #expect(close(layer.presentation()!.position.x, 100))  // child filled forwards
        #expect(close(Double(layer.presentation()!.opacity), 0.3, 1e-6))
        step(layer, clock, at: 6.999)
        #expect(close(Double(layer.presentation()!.opacity), 0.4999, 1e-6))  // 10 s child cut at 5 s
        step(layer, clock, at: 7)
        #expect(layer.presentation()!.opacity == 0.5)
        #expect(layer.animationKeys() == nil)
        // Only the group reports; the child's delegate is never called.
        #expect(recorder.calls == [.start, .stop(true)])
        #expect(recorder.events.allSatisfy { $0.animation is CAAnimationGroup })
        #expect(recorder.dated.map(\.2) == [2, 7])
    }

    @Test func groupFillAndRepeat() {
        let clock = freshEngine(at: 0)
        let layer = CALayer()
        let child = basic("opacity", from: 0, to: 1, duration: 1)
        child.fillMode = .forwards
        let group = CAAnimationGroup()
        group.animations = [child]
        group.duration = 2
        group.repeatCount = 2
        group.fillMode = .forwards
        group.isRemovedOnCompletion = false
        layer.add(group, forKey: "g")
        step(layer, clock, at: 0.5)
        #expect(close(Double(layer.presentation()!.opacity), 0.5))
        step(layer, clock, at: 1.5)
        #expect(layer.presentation()!.opacity == 1)
        step(layer, clock, at: 2.25)
        #expect(close(Double(layer.presentation()!.opacity), 0.25))
        step(layer, clock, at: 10)
        #expect(layer.presentation()!.opacity == 1)
    }

    /// Members with duration 0 take the group's duration (`GroupDurationTests`); group members are
    /// copied with the group.
    @Test func membersAreCopiedAndDefaulted() throws {
        let clock = freshEngine(at: 0)
        let layer = CALayer()
        let child = basic("opacity", from: 0, to: 1, duration: 0)
        let group = CAAnimationGroup()
        group.animations = [child]
        group.duration = 1
        layer.add(group, forKey: "g")
        let stored = try #require(layer.animation(forKey: "g") as? CAAnimationGroup)
        #expect(stored.animations?.first !== child)
        #expect(stored.animations?.first?.duration == 1)
        #expect(child.duration == 0)
        step(layer, clock, at: 0.125)
        #expect(close(Double(layer.presentation()!.opacity), 0.125, 1e-6))
    }
}
