import Testing

@testable import LayerKit

/// The life of an animation on a layer: copy on add, keys, replacement, removal, delegate callbacks.
/// Each test builds its own layer, animation and recorder, so tests here (and in ValueTests) that open alike
/// are alike on purpose: each states the animation it checks.
@Suite struct LifecycleTests {
    @Test func addCopiesTheAnimation() throws {
        let clock = freshEngine(at: 0)
        let layer = CALayer()
        let animation = basic("opacity", from: 0, to: 1, duration: 2)
        animation.setValue("payload", forKey: "tag")
        layer.add(animation, forKey: "fade")
        animation.duration = 10
        animation.toValue = 0
        animation.setValue("changed", forKey: "tag")
        let stored = try #require(layer.animation(forKey: "fade") as? CABasicAnimation)
        #expect(stored !== animation)
        #expect(stored.duration == 2)
        #expect(stored.value(forKey: "tag") as? String == "payload")
        #expect(animation.beginTime == 0)
        step(layer, clock, at: 1)
        #expect(close(Double(layer.presentation()!.opacity), 0.5))
    }

    @Test func keysAreInAdditionOrderAndNilKeysAreUnlisted() {
        _ = freshEngine(at: 0)
        let layer = CALayer()
        #expect(layer.animationKeys() == nil)
        layer.add(basic("opacity", to: 0), forKey: "b")
        layer.add(basic("position.x", to: 5), forKey: "a")
        layer.add(basic("position.y", to: 5), forKey: nil)
        #expect(layer.animationKeys() == ["b", "a"])
        layer.add(basic("opacity", to: 1), forKey: "b")
        #expect(layer.animationKeys() == ["a", "b"])
        layer.removeAnimation(forKey: "missing")
        #expect(layer.animationKeys() == ["a", "b"])
    }

    /// Replacement by key stops the old animation with finished false (at the next step), and the
    /// delegate receives the layer's copy carrying its stored values.
    @Test func replacementReportsFinishedFalse() throws {
        let clock = freshEngine(at: 0)
        let recorder = Recorder()
        var stoppedTags: [String] = []
        recorder.onStop = { anim, _ in stoppedTags.append(anim.value(forKey: "tag") as? String ?? "?") }
        let layer = CALayer()
        let first = basic("opacity", from: 0, to: 1, duration: 2)
        first.delegate = recorder
        first.setValue("first", forKey: "tag")
        layer.add(first, forKey: "k")
        step(layer, clock, at: 0.5)
        let second = basic("opacity", from: 1, to: 0, duration: 1)
        second.delegate = recorder
        second.setValue("second", forKey: "tag")
        layer.add(second, forKey: "k")
        #expect(recorder.calls == [.start])
        step(layer, clock, at: 0.75)
        #expect(recorder.calls == [.start, .stop(false), .start])
        #expect(recorder.dated.map(\.2) == [0, 0.5, 0.5])
        #expect(close(Double(layer.presentation()!.opacity), 0.75))
        step(layer, clock, at: 2)
        #expect(recorder.calls == [.start, .stop(false), .start, .stop(true)])
        #expect(stoppedTags == ["first", "second"])
        #expect(recorder.dated.last?.2 == 1.5)
    }

    @Test func removeAllAnimationsStopsEachUnfinishedOneOnce() {
        let clock = freshEngine(at: 0)
        let recorder = Recorder()
        let layer = CALayer()
        for (index, key) in ["a", "b", "c"].enumerated() {
            let animation = basic("opacity", from: 0, to: 1, duration: Double(index + 1))
            animation.delegate = recorder
            animation.isRemovedOnCompletion = false
            layer.add(animation, forKey: key)
        }
        step(layer, clock, at: 1.5)  // "a" finished (kept), "b", "c" running
        #expect(recorder.calls == [.start, .start, .start, .stop(true)])
        layer.removeAllAnimations()
        #expect(layer.animationKeys() == nil)
        step(layer, clock, at: 1.6)
        #expect(recorder.calls == [.start, .start, .start, .stop(true), .stop(false), .stop(false)])
        step(layer, clock, at: 9)
        #expect(recorder.calls.count == 6)
        #expect(layer.presentation()!.opacity == 1)
    }

    /// didStart waits for a delayed beginTime; a whole window skipped in one frame still reports
    /// start and stop, each at its exact time, in order.
    @Test func startAtActivePeriodAndSkippedWindows() {
        let clock = freshEngine(at: 0)
        let recorder = Recorder()
        let layer = CALayer()
        let delayed = basic("opacity", from: 0, to: 1, duration: 1)
        delayed.beginTime = 2
        delayed.delegate = recorder
        layer.add(delayed, forKey: "delayed")
        step(layer, clock, at: 1)
        #expect(recorder.calls.isEmpty)
        step(layer, clock, at: 2.5)
        #expect(recorder.calls == [.start])
        #expect(recorder.dated.map(\.2) == [2])
        let short = basic("opacity", from: 0, to: 1, duration: 0.5)
        short.beginTime = 5
        short.delegate = recorder
        layer.add(short, forKey: "short")
        step(layer, clock, at: 10)
        #expect(recorder.dated.map(\.2) == [2, 3, 5, 5.5])
        #expect(recorder.calls == [.start, .stop(true), .start, .stop(true)])
        #expect(layer.animationKeys() == nil)
    }

    /// A removal before the active period reports a stop without a start.
    @Test func removalBeforeStart() {
        let clock = freshEngine(at: 0)
        let recorder = Recorder()
        let layer = CALayer()
        let delayed = basic("opacity", from: 0, to: 1)
        delayed.beginTime = 5
        delayed.delegate = recorder
        layer.add(delayed, forKey: "d")
        step(layer, clock, at: 1)
        layer.removeAnimation(forKey: "d")
        step(layer, clock, at: 2)
        #expect(recorder.calls == [.stop(false)])
    }

    /// Not removed on completion: stop(true) once at the end; removing it later reports nothing more.
    @Test func keptAnimationStopsOnce() {
        let clock = freshEngine(at: 0)
        let recorder = Recorder()
        let layer = CALayer()
        let animation = basic("opacity", from: 0, to: 1)
        animation.isRemovedOnCompletion = false
        animation.delegate = recorder
        layer.add(animation, forKey: "k")
        for t in [0.5, 1.0, 1.5, 2.0] { step(layer, clock, at: t) }
        #expect(recorder.calls == [.start, .stop(true)])
        #expect(layer.animationKeys() == ["k"])
        layer.removeAnimation(forKey: "k")
        step(layer, clock, at: 3)
        #expect(recorder.calls == [.start, .stop(true)])
    }

    /// The delegate is held strongly by the layer's copy, until the copy is dropped after its stop.
    @Test func delegateIsRetained() {
        let clock = freshEngine(at: 0)
        let layer = CALayer()
        weak var weakDelegate: Recorder?
        var stops = 0
        do {
            let recorder = Recorder(observing: false)
            recorder.onStop = { _, _ in stops += 1 }
            weakDelegate = recorder
            let animation = basic("opacity", from: 0, to: 1)
            animation.delegate = recorder
            layer.add(animation, forKey: "k")
        }
        #expect(weakDelegate != nil)
        step(layer, clock, at: 0.5)
        #expect(weakDelegate?.calls == [.start])
        step(layer, clock, at: 2)
        #expect(stops == 1)
        #expect(weakDelegate == nil)
    }

    /// Callbacks never run inside add/remove; a callback may add animations and change the model,
    /// and the frame shows the result.
    @Test func callbacksMayChangeTheTree() {
        let clock = freshEngine(at: 0)
        let recorder = Recorder()
        let layer = CALayer()
        let first = basic("opacity", from: 0, to: 1)
        first.delegate = recorder
        recorder.onStop = { _, _ in
            CATransaction.setDisableActions(true)
            layer.opacity = 0.25
            if layer.animation(forKey: "next") == nil {
                layer.add(basic("position.x", from: 0, to: 100), forKey: "next")
            }
        }
        layer.add(first, forKey: "first")
        step(layer, clock, at: 1)
        #expect(layer.presentation()!.opacity == 0.25)
        #expect(layer.presentation()!.position.x == 0)
        step(layer, clock, at: 1.5)
        #expect(close(layer.presentation()!.position.x, 50))
    }

    /// Events carry the layer, key, the layer's copy and the media time; pending removals made on a
    /// layer outside the stepped tree are still delivered by the next step.
    @Test func eventsCarryTheirContext() throws {
        let clock = freshEngine(at: 3)
        let recorder = Recorder()
        let root = CALayer()
        let layer = CALayer()
        layer.name = "box"
        root.addSublayer(layer)
        let animation = basic("opacity", from: 0, to: 1)
        layer.add(animation, forKey: "fade")
        step(root, clock, at: 3.5)
        let start = try #require(recorder.events.first)
        #expect(start.layer === layer && start.key == "fade" && start.mediaTime == 3)
        #expect(start.animation === layer.animation(forKey: "fade"))
        layer.removeFromSuperlayer()
        layer.removeAnimation(forKey: "fade")
        step(root, clock, at: 3.75)
        #expect(recorder.events.count == 2)
        #expect(recorder.events[1].kind == .didStop(finished: false) && recorder.events[1].mediaTime == 3.5)
    }
}

/// Key-value coding on animations: property names set the properties, other keys are stored.
@Suite struct AnimationKeyValueTests {
    @Test func propertiesByNameAndStoredValues() {
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.setValue(2, forKey: "duration")
        animation.setValue(Float(3), forKey: "repeatCount")
        animation.setValue(true, forKey: "autoreverses")
        animation.setValue(false, forKey: "removedOnCompletion")
        animation.setValue("forwards", forKey: "fillMode")
        animation.setValue(0.5, forKey: "toValue")
        animation.setValue("position.x", forKey: "keyPath")
        animation.setValue(true, forKey: "additive")
        #expect(animation.duration == 2 && animation.repeatCount == 3 && animation.autoreverses)
        #expect(!animation.isRemovedOnCompletion && animation.fillMode == .forwards)
        #expect(animation.toValue as? Double == 0.5 && animation.keyPath == "position.x" && animation.isAdditive)
        #expect(animation.value(forKey: "duration") as? Double == 2)
        #expect(animation.value(forKey: "keyPath") as? String == "position.x")
        animation.setValue(42, forKey: "custom")
        #expect(animation.value(forKey: "custom") as? Int == 42)
        let copy = animation.copy() as! CABasicAnimation
        #expect(copy.value(forKey: "custom") as? Int == 42 && copy.duration == 2 && copy.toValue as? Double == 0.5)
    }
}
