import Testing

@testable import LayerKit

/// A basic 0 → 1 animation of `keyPath`, linear unless `function` is given.
private func ramp(
    _ keyPath: String = "opacity", duration: Double, begin: Double = 0, function: CAMediaTimingFunction? = nil
) -> CABasicAnimation {
    let animation = CABasicAnimation(keyPath: keyPath)
    animation.fromValue = 0.0
    animation.toValue = 1.0
    animation.duration = duration
    animation.beginTime = begin
    animation.timingFunction = function
    return animation
}

struct AnimationSamplingTests {
    @Test func factsOfABasicAnimationAddedLater() throws {
        let clock = freshEngine(at: 1)
        let layer = CALayer()
        layer.name = "box"
        layer.opacity = 0.25
        layer.add(ramp(duration: 2), forKey: "fade")
        clock.now = 5
        let sampler = try #require(AnimationSampler(layer: layer, key: "fade"))
        let facts = sampler.facts
        #expect(facts.layerName == "box")
        #expect(facts.key == "fade")
        #expect(facts.keyPath == "opacity")
        #expect(facts.kind == "basic")
        #expect(facts.beginTime == 1, "beginTime 0 became the layer's time when added")
        #expect(facts.duration == 2)
        #expect(facts.cycleDuration == 2)
        #expect(facts.activeDuration == 2)
        #expect(facts.activeStart == 1)
        #expect(facts.activeEnd == 3)
        #expect(facts.fillMode == .removed)
        #expect(facts.isRemovedOnCompletion)
        #expect(facts.timingFunctionName == "linear")
        #expect(facts.controlPoints == [0, 0, 1, 1])
        #expect(facts.repeatDescription == "once")
    }

    @Test func phasesAndValuesOfAPlainRun() throws {
        _ = freshEngine(at: 1)
        let layer = CALayer()
        layer.opacity = 0.25
        layer.add(ramp(duration: 2), forKey: "fade")
        let sampler = try #require(AnimationSampler(layer: layer, key: "fade"))
        let before = sampler.sample(atLocalTime: 0.5)
        #expect(before.phase == .before)
        #expect(before.inputFraction == nil)
        #expect(before.value == [0.25], "the model value shows before the start")
        let middle = sampler.sample(atLocalTime: 2)
        #expect(middle.phase == .active(iteration: 0, leg: .forward))
        #expect(middle.inputFraction == 0.5)
        #expect(middle.progress == 0.5)
        #expect(middle.value == [0.5])
        let afterwards = sampler.sample(atLocalTime: 3.5)
        #expect(afterwards.phase == .removed)
        #expect(afterwards.value == [0.25])
        #expect(sampler.sample(atLocalTime: 3).phase == .removed, "the active period is [begin, end)")
    }

    @Test func autoreverseLegsRepeatsAndForwardsFill() throws {
        _ = freshEngine()
        let layer = CALayer()
        let animation = ramp(duration: 1, begin: 10)
        animation.autoreverses = true
        animation.repeatCount = 2
        animation.fillMode = .forwards
        animation.isRemovedOnCompletion = false
        layer.add(animation, forKey: "pulse")
        let sampler = try #require(AnimationSampler(layer: layer, key: "pulse"))
        #expect(sampler.facts.cycleDuration == 2)
        #expect(sampler.facts.activeDuration == 4)
        #expect(sampler.facts.activeEnd == 14)
        #expect(sampler.facts.repeatDescription == "×2")
        let expected: [(Double, AnimationPhase, Double, Double)] = [
            (10.25, .active(iteration: 0, leg: .forward), 0.25, 0.25),
            (11.25, .active(iteration: 0, leg: .reverse), 0.75, 0.75),
            (12.5, .active(iteration: 1, leg: .forward), 0.5, 0.5),
            (13.75, .active(iteration: 1, leg: .reverse), 0.25, 0.25),
            (14.5, .filledAfter, 0, 0),
        ]
        for (time, phase, fraction, value) in expected {
            let sample = sampler.sample(atLocalTime: time)
            #expect(sample.phase == phase, "at \(time)")
            #expect(sample.inputFraction == fraction, "at \(time)")
            #expect(sample.value == [value], "at \(time)")
        }
        #expect(sampler.sample(atLocalTime: 9).phase == .before)
    }

    @Test func backwardsFillHoldsTheStartAndAfterWithoutFillShowsTheModel() throws {
        _ = freshEngine()
        let layer = CALayer()
        layer.position = CGPoint(x: 7, y: 9)
        let animation = CABasicAnimation(keyPath: "position")
        animation.fromValue = CGPoint(x: 10, y: 20)
        animation.toValue = CGPoint(x: 30, y: 60)
        animation.duration = 4
        animation.beginTime = 5
        animation.fillMode = .backwards
        animation.isRemovedOnCompletion = false
        layer.add(animation, forKey: "move")
        let sampler = try #require(AnimationSampler(layer: layer, key: "move"))
        let early = sampler.sample(atLocalTime: 4)
        #expect(early.phase == .filledBefore)
        #expect(early.inputFraction == 0)
        #expect(early.value == [10, 20])
        #expect(sampler.sample(atLocalTime: 6).value == [15, 30])
        let late = sampler.sample(atLocalTime: 9.5)
        #expect(late.phase == .after)
        #expect(late.value == [7, 9])
        #expect(sampler.facts.fillMode == .backwards)
    }

    @Test func namedAndCustomTimingFunctions() throws {
        _ = freshEngine()
        let layer = CALayer()
        let eased = CAMediaTimingFunction(name: .easeInEaseOut)
        layer.add(ramp(duration: 1, begin: 1, function: eased), forKey: "eased")
        let back = CAMediaTimingFunction(controlPoints: CGPoint(x: 0.3, y: 1.5), CGPoint(x: 0.8, y: 1.5))
        layer.add(ramp(duration: 1, begin: 1, function: back), forKey: "back")
        layer.add(
            ramp(duration: 1, begin: 1, function: CAMediaTimingFunction(controlPoints: 0.42, 0, 0.58, 1)), forKey: "f")
        let easedSampler = try #require(AnimationSampler(layer: layer, key: "eased"))
        #expect(easedSampler.facts.timingFunctionName == "easeInEaseOut")
        let quarter = easedSampler.sample(atLocalTime: 1.25)
        #expect(quarter.inputFraction == 0.25)
        #expect(quarter.progress == eased.solve(0.25))
        #expect(quarter.value == [Double(Float(eased.solve(0.25)))], "opacity is a Float")
        let backSampler = try #require(AnimationSampler(layer: layer, key: "back"))
        #expect(backSampler.facts.timingFunctionName == nil)
        #expect(backSampler.facts.timingFunctionDescription == "cubic(0.3, 1.5, 0.8, 1.5)")
        let overshoot = try #require(backSampler.sample(atLocalTime: 1.7).progress)
        #expect(overshoot > 1, "y outside 0…1 passes through")
        #expect(try #require(AnimationSampler(layer: layer, key: "f")).facts.timingFunctionName == "easeInEaseOut")
    }

    @Test func animationSpeedAndLayerSpeed() throws {
        _ = freshEngine()
        let layer = CALayer()
        layer.speed = 2
        let animation = ramp(duration: 2, begin: 1)
        animation.speed = 2
        layer.add(animation, forKey: "fast")
        let sampler = try #require(AnimationSampler(layer: layer, key: "fast"))
        #expect(sampler.facts.speed == 2)
        #expect(sampler.facts.activeEnd == 2)
        #expect(sampler.localTime(atMediaTime: 0.75) == 1.5)
        #expect(sampler.mediaTime(atLocalTime: 1.5) == 0.75)
        #expect(sampler.sample(atMediaTime: 0.75).value == [1.0 / 2])
    }

    @Test func timeOffsetAndRepeatDurationLabels() throws {
        _ = freshEngine()
        let layer = CALayer()
        let animation = ramp(duration: 2, begin: 3)
        animation.timeOffset = 1
        animation.repeatDuration = 3
        layer.add(animation, forKey: "offset")
        let sampler = try #require(AnimationSampler(layer: layer, key: "offset"))
        #expect(sampler.facts.timeOffset == 1)
        #expect(sampler.facts.activeDuration == 3)
        #expect(sampler.facts.repeatDescription == "for 3 s")
        #expect(sampler.sample(atLocalTime: 3).value == [0.5], "the offset shifts the phase")
        #expect(sampler.sample(atLocalTime: 4.5).phase == .active(iteration: 1, leg: .forward))
        #expect(sampler.sample(atLocalTime: 4.5).value == [0.25], "and wraps inside the active period")
    }

    @Test func samplingChangesNothing() throws {
        let clock = freshEngine()
        let recorder = Recorder()
        let layer = CALayer()
        layer.opacity = 0.25
        let animation = ramp(duration: 1, begin: 0.5)
        animation.delegate = recorder
        layer.add(animation, forKey: "fade")
        CAEngine.step(layer)
        let sampler = try #require(AnimationSampler(layer: layer, key: "fade"))
        for t in [0.0, 0.75, 2, 10] { _ = sampler.sample(atLocalTime: t) }
        #expect(recorder.calls.isEmpty)
        #expect(layer.animationKeys() == ["fade"])
        #expect(layer.presentation()?.opacity == 0.25)
        #expect(layer.opacity == 0.25)
        clock.now = 1
        CAEngine.step(layer)
        #expect(recorder.calls == [.start])
        #expect(layer.presentation()?.opacity == 0.5)
    }

    @Test func samplersWalkTheTreeIncludingMasks() throws {
        _ = freshEngine()
        let root = CALayer()
        let child = CALayer()
        let mask = CAShapeLayer()
        root.addSublayer(child)
        root.mask = mask
        root.add(ramp(duration: 1), forKey: "a")
        child.add(ramp(duration: 1), forKey: "c")
        mask.add(ramp("strokeEnd", duration: 1), forKey: "m")
        root.add(ramp(duration: 1), forKey: nil)
        let keys = AnimationSampler.samplers(in: root).map(\.facts.key)
        #expect(keys == ["a", nil, "m", "c"])
        var visited = 0
        AnimationSampler.forEachAttachedAnimation(in: root) { _, _ in visited += 1 }
        #expect(visited == 4)
        #expect(AnimationSampler(layer: root, key: "missing") == nil)
        let strokeSampler = try #require(AnimationSampler(layer: mask, key: "m"))
        #expect(strokeSampler.sample(atLocalTime: 0.25).value == [0.25])
    }

    @Test func bufferedSamplingMatchesAndPresentationValueFollowsTheStep() throws {
        let clock = freshEngine()
        let layer = CALayer()
        layer.position = CGPoint(x: 1, y: 2)
        let animation = CABasicAnimation(keyPath: "position")
        animation.toValue = CGPoint(x: 11, y: 22)
        animation.duration = 2
        animation.beginTime = 1
        layer.add(animation, forKey: "move")
        let sampler = try #require(AnimationSampler(layer: layer, key: "move"))
        var values: [Double] = [99]
        for t in [0.5, 1.5, 2.5, 3.5] {
            let buffered = sampler.sample(atLocalTime: t, values: &values)
            let plain = sampler.sample(atLocalTime: t)
            #expect(buffered.phase == plain.phase)
            #expect(buffered.inputFraction == plain.inputFraction)
            #expect(buffered.value == nil)
            #expect(values == plain.value, "at \(t)")
        }
        #expect(sampler.sample(atLocalTime: 2, values: &values).progress == 0.5)
        #expect(values == [6, 12])
        sampler.presentationValue(into: &values)
        #expect(values == [1, 2], "no step yet: the model value")
        clock.now = 1.5
        CAEngine.step(layer)
        sampler.presentationValue(into: &values)
        #expect(values == [3.5, 7])
    }

    @Test func phaseLabels() {
        #expect(AnimationPhase.active(iteration: 1, leg: .reverse).label == "active 2 reverse")
        #expect(AnimationPhase.filledAfter.label == "filled")
        #expect(AnimationPhase.removed.label == "removed")
        #expect(TimingFunctionNames.points(named: "default") == [0.25, 0.1, 0.25, 1])
        #expect(TimingFunctionNames.points(named: "bouncy") == nil)
    }
}
