import Testing

@testable import LayerKit

/// The time chain names each step from media time to value, a `timeOffset` wrap as a wrap and a
/// paused ancestor as such.
@Suite struct AnimationTimeChainTests {
    /// `box` (speed 2, beginTime 0.25) under `root`, with a 1-second linear opacity fade 0 → 1 whose
    /// timeOffset is 0.5 s, added at media time 0 (begin time: box's local time then, −0.5).
    static func tree() throws -> (CALayer, AnimationSampler) {
        _ = freshEngine(at: 0)
        let root = CALayer()
        root.name = "root"
        let box = CALayer()
        box.name = "box"
        box.speed = 2
        box.beginTime = 0.25
        root.addSublayer(box)
        let fade = basic("opacity", from: 0, to: 1, duration: 1)
        fade.timeOffset = 0.5
        box.add(fade, forKey: "fade")
        return (root, try #require(AnimationSampler(layer: box, key: "fade")))
    }

    @Test func stepsFromMediaTimeToValue() throws {
        let (root, sampler) = try Self.tree()
        var chain = AnimationTimeChain()
        // Media 0.375: box time (0.375 − 0.25) · 2 = 0.25; active time 0.25 + 0.5 = 0.75; offset time 1.25.
        sampler.timeChain(atMediaTime: 0.375, into: &chain)
        #expect(chain.links.map(\.name) == ["root", "box"])
        #expect(chain.links.map(\.localTime) == [0.375, 0.25])
        #expect(chain.beginTime == -0.5)
        #expect(chain.activeTime == 0.75)
        #expect(chain.offsetTime == 1.25)
        #expect(chain.repeatIndex == 0, "one repeat: the offset wraps it, it does not repeat")
        #expect(chain.wrapsByTimeOffset)
        #expect(chain.phase == .active(iteration: 1, leg: .forward))
        #expect(chain.inputFraction.map { close($0, 0.25) } == true)
        #expect(chain.value.count == 1 && close(chain.value[0], 0.25))
        #expect(chain.pausedLink == nil)
        // Media 0.1: box time −0.3, active time 0.2, offset time 0.7: before the wrap.
        sampler.timeChain(atMediaTime: 0.1, into: &chain)
        #expect(!chain.wrapsByTimeOffset)
        #expect(chain.phase == .active(iteration: 0, leg: .forward))
        withExtendedLifetime(root) {}
    }

    @Test func aPausedAncestorIsNamed() throws {
        let (root, sampler) = try Self.tree()
        root.speed = 0
        root.timeOffset = 0.3
        var chain = AnimationTimeChain()
        sampler.timeChain(atMediaTime: 50, into: &chain)
        #expect(chain.pausedLink?.name == "root")
        #expect(chain.links.count == 2 && chain.links[0].localTime == 0.3, "the paused root holds its offset")
        #expect(close(chain.links[1].localTime, 0.1), "box: (0.3 − 0.25) · 2")
    }

    /// Speed −1, timeOffset 1, duration 1 at media time 0.25: the engine's own evaluation, a =
    /// (0.25 − 0) · −1 + 1 = 0.75 taken literally (timing.md A3), is what the chain shows at every step.
    @Test func aNegativeSpeedReadsAsTheEngineEvaluatesIt() throws {
        let clock = freshEngine(at: 0)
        let layer = CALayer()
        let fade = basic("opacity", from: 0, to: 1, duration: 1)
        fade.speed = -1
        fade.timeOffset = 1
        layer.add(fade, forKey: "fade")
        let sampler = try #require(AnimationSampler(layer: layer, key: "fade"))
        var chain = AnimationTimeChain()
        sampler.timeChain(atMediaTime: 0.25, into: &chain)
        #expect(chain.activeTime == 0.75)
        #expect(chain.offsetTime == 0.75)
        #expect(chain.inputFraction == 0.75)
        #expect(chain.value == [0.75])
        step(layer, clock, at: 0.25)
        #expect(Double(layer.presentation()!.opacity) == 0.75)
    }
}

/// A rotation reads as the animation drives it: 4.96 rad at 79 % of a turn, where the matrix (and
/// `value(forKeyPath:)`, as `eval` prints it) reads back −1.32.
@Test func aRotationIsReadUnwrapped() throws {
    let clock = freshEngine(at: 0)
    let ship = CALayer()
    ship.name = "ship"
    ship.add(basic("transform.rotation.z", from: 0.0, to: 2 * Double.pi, duration: 1), forKey: "turn")
    _ = step(ship, clock, at: 0.79)
    let sampler = try #require(AnimationSampler(layer: ship, key: "turn"))
    let turned = 0.79 * 2 * Double.pi
    #expect(sampler.animatedNumber(atLocalTime: 0.79).map { close($0, turned) } == true)
    let shown = ship.presentation()?.value(forKeyPath: "transform.rotation.z")
    let readBack = try #require((shown as? CGFloat).map { Double($0) } ?? (shown as? Double))
    #expect(close(readBack, turned - 2 * Double.pi, 1e-6), "the matrix's angle wraps")
    var chain = AnimationTimeChain()
    sampler.timeChain(atMediaTime: 0.79, into: &chain)
    #expect(chain.value.count == 1 && close(chain.value[0], turned))
    #expect(sampler.animatedNumber(atLocalTime: 2) == nil, "finished, not shown")
}

/// A keyframe rotation reads as it drives the angle too: 1.5 turns over two keyframes, at 0.8 of the
/// way 0.8 × 3π = 7.54 rad, where the matrix reads back 7.54 − 2π = 1.257.
@Test func aKeyframeRotationIsReadUnwrapped() throws {
    let clock = freshEngine(at: 0)
    let ship = CALayer()
    let spin = CAKeyframeAnimation(keyPath: "transform.rotation.z")
    spin.values = [0.0, 3 * Double.pi]
    spin.duration = 1
    ship.add(spin, forKey: "spin")
    _ = step(ship, clock, at: 0.8)
    let sampler = try #require(AnimationSampler(layer: ship, key: "spin"))
    let turned = 0.8 * 3 * Double.pi
    #expect(sampler.animatedNumber(atLocalTime: 0.8).map { close($0, turned, 1e-9) } == true)
    var chain = AnimationTimeChain()
    sampler.timeChain(atMediaTime: 0.8, into: &chain)
    #expect(chain.value.count == 1 && close(chain.value[0], turned, 1e-9), "\(chain.value)")
    let readBack = try #require(ship.presentation()?.value(forKeyPath: "transform.rotation.z") as? CGFloat)
    #expect(close(Double(readBack), turned - 2 * Double.pi, 1e-6), "the matrix's angle wraps")
}

/// A `path` animation's chain carries the drawn path's point count (its eased fraction is the morph's).
@Test func aPathMorphCountsItsPoints() throws {
    let clock = freshEngine(at: 0)
    let shape = CAShapeLayer()
    let morph = CABasicAnimation(keyPath: "path")
    morph.fromValue = CGPath(rect: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil)
    morph.toValue = CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 60, height: 30), transform: nil)
    morph.duration = 2
    shape.add(morph, forKey: "morph")
    _ = step(shape, clock, at: 1)
    let sampler = try #require(AnimationSampler(layer: shape, key: "morph"))
    var chain = AnimationTimeChain()
    sampler.timeChain(atMediaTime: 1, into: &chain)
    #expect(chain.pathPointCount == 13, "a move and four cubics")
    #expect(chain.easedFraction == 0.5)
    sampler.timeChain(atMediaTime: 5, into: &chain)
    #expect(chain.pathPointCount == 0, "finished: the model has no path")
    let basic = CALayer()
    basic.add(CABasicAnimation(keyPath: "opacity"), forKey: "fade")
    var other = AnimationTimeChain()
    try #require(AnimationSampler(layer: basic, key: "fade")).timeChain(atMediaTime: 0, into: &other)
    #expect(other.pathPointCount == nil)
}
