import Testing

@testable import LayerKit

/// `CALayer.setTimingFunction(_:segment:ofAttached:)`: an inspector's live edit of a running
/// animation's curve. Values within 1e-9 (1e-6 for opacity, a Float).
@MainActor
struct RetimingTests {
    @Test func aRunningBasicAnimationTakesTheNewCurveAtTheSameTime() throws {
        let clock = freshEngine()
        let recorder = Recorder()
        let layer = CALayer()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0.0
        fade.toValue = 1.0
        fade.duration = 1
        fade.delegate = recorder
        layer.add(fade, forKey: "fade")
        clock.now = 0.5
        CAEngine.step(layer)
        #expect(abs(Double(layer.presentation()!.opacity) - 0.5) < 1e-6)
        let copy = try #require(layer.animation(forKey: "fade"))
        let easeIn = CAMediaTimingFunction(name: .easeIn)
        #expect(layer.setTimingFunction(easeIn, ofAttached: copy))
        CAEngine.step(layer)
        #expect(abs(Double(layer.presentation()!.opacity) - easeIn.solve(0.5)) < 1e-6)
        #expect(copy.timingFunction == easeIn, "the layer's copy carries the new curve")
        #expect(fade.timingFunction == nil, "the animation given to add(_:forKey:) is untouched")
        #expect(recorder.calls == [.start], "no second didStart: the animation did not restart")
        clock.now = 1.5
        CAEngine.step(layer)
        #expect(recorder.calls == [.start, .stop(true)])
    }

    @Test func theFrameCachePathSeesTheEdit() throws {
        // A lone basic animation of position.x is a "direct" item of the frame cache once the model stays put.
        // Built like the trees of TimelinePanelTests, ScriptSceneTests, e2e/swift-scenes.sh and swift-scenes.sh on
        // purpose: each states the one animation it is about.
        let clock = freshEngine()
        let root = CALayer()
        let box = CALayer()
        root.addSublayer(box)
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 0.0
        move.toValue = 100.0
        move.duration = 2
        box.add(move, forKey: "move")
        for t in [0.25, 0.5, 0.75, 1.0] {
            clock.now = t
            CAEngine.step(root)
        }
        #expect(abs(Double(box.presentation()!.position.x) - 50) < 1e-9)
        #expect(
            box.setTimingFunction(CAMediaTimingFunction(name: .easeOut), ofAttached: box.animation(forKey: "move")!))
        CAEngine.step(root)
        let expected = 100 * CAMediaTimingFunction(name: .easeOut).solve(0.5)
        #expect(abs(Double(box.presentation()!.position.x) - expected) < 1e-9)
        #expect(box.setTimingFunction(nil, ofAttached: box.animation(forKey: "move")!), "nil is linear")
        clock.now = 1.5
        CAEngine.step(root)
        #expect(abs(Double(box.presentation()!.position.x) - 75) < 1e-9)
    }

    @Test func aKeyframeIntervalIsReplacedAndTheOthersPaddedWithLinear() throws {
        let clock = freshEngine()
        let layer = CALayer()
        let hop = CAKeyframeAnimation(keyPath: "position.x")
        hop.values = [0.0, 100.0, 400.0]
        hop.keyTimes = [0, 0.25, 1]
        hop.duration = 2
        layer.add(hop, forKey: "hop")
        let copy = try #require(layer.animation(forKey: "hop") as? CAKeyframeAnimation)
        let sampler = try #require(AnimationSampler(layer: layer, key: "hop"))
        #expect(sampler.segmentCount == 2)
        let easeIn = CAMediaTimingFunction(name: .easeIn)
        #expect(layer.setTimingFunction(easeIn, segment: 1, ofAttached: copy))
        #expect(copy.timingFunctions == [CAMediaTimingFunction(name: .linear), easeIn])
        #expect(hop.timingFunctions == nil)
        clock.now = 1  // progress 0.5: a third into the second interval
        CAEngine.step(layer)
        #expect(abs(Double(layer.presentation()!.position.x) - (100 + 300 * easeIn.solve(1.0 / 3))) < 1e-9)
        let place = try #require(sampler.segmentPlace(atProgress: 0.5))
        #expect(place.index == 1 && abs(place.fraction - 1.0 / 3) < 1e-12)
        #expect(sampler.segmentPlace(atProgress: 0.125)?.index == 0)
        #expect(!layer.setTimingFunction(easeIn, segment: 2, ofAttached: copy), "there are two intervals")
        #expect(!layer.setTimingFunction(easeIn, segment: -1, ofAttached: copy))
    }

    @Test func aDetachedOrForeignAnimationIsRefused() throws {
        _ = freshEngine()
        let layer = CALayer()
        let other = CALayer()
        let fade = CABasicAnimation(keyPath: "opacity")
        #expect(!layer.setTimingFunction(nil, ofAttached: fade), "never added")
        layer.add(fade, forKey: "fade")
        #expect(!layer.setTimingFunction(nil, ofAttached: fade), "the original, not the layer's copy")
        let copy = try #require(layer.animation(forKey: "fade"))
        #expect(!other.setTimingFunction(nil, ofAttached: copy), "attached to another layer")
        #expect(!layer.setTimingFunction(nil, segment: 0, ofAttached: copy), "a basic animation has no intervals")
        #expect(layer.key(ofAttached: copy) == "fade")
        layer.removeAnimation(forKey: "fade")
        #expect(!layer.setTimingFunction(nil, ofAttached: copy))
        #expect(layer.key(ofAttached: copy) == nil)
    }

    @Test func theSamplersFractionsAreTheSamplesOwn() throws {
        let clock = freshEngine()
        let layer = CALayer()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.duration = 2
        fade.beginTime = 1
        fade.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        layer.add(fade, forKey: "fade")
        clock.now = 3
        let sampler = try #require(AnimationSampler(layer: layer, key: "fade"))
        #expect(sampler.addedAt == 0)
        #expect(sampler.fractions(atLocalTime: 0.5) == nil, "before its beginTime")
        let sample = sampler.sample(atLocalTime: 1.5)
        let fractions = try #require(sampler.fractions(atLocalTime: 1.5))
        #expect(fractions.input == sample.inputFraction && fractions.eased == sample.progress)
        #expect(fractions.input == 0.25)
    }
}
