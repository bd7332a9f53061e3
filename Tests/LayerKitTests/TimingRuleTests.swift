import LayerscopeTestSupport
import Testing

@testable import LayerKit

/// CAMediaTiming rules for animations (timing.md §3, core-animation.md §1), read through an opacity
/// animation 0 → 1 so the presentation value is the timing's progress. Tolerance 1e-9.
@Suite struct TimingRuleTests {
    /// Adds `configure`d opacity 0 → 1 (d = 1 unless changed) to a fresh layer at media time 0 and
    /// returns a sampler of the presentation opacity (model opacity is 0.5, to tell "no animation").
    func sampler(_ configure: (CABasicAnimation) -> Void) -> (Double) -> Double {
        let clock = freshEngine(at: 0)
        let layer = CALayer()
        layer.opacity = 0.5
        let animation = basic("opacity", from: 0, to: 1)
        configure(animation)
        layer.add(animation, forKey: "a")
        var chain = AnimationTimeChain()
        return { t in
            step(layer, clock, at: t)
            let shown = Double(layer.presentation()!.opacity)
            // The law: the inspector's time chain, read at the same time, ends at the value shown.
            if let sampler = AnimationSampler.samplers(in: layer).first {
                sampler.timeChain(atMediaTime: t, into: &chain)
                #expect(
                    chain.value.count == 1 && close(chain.value[0], shown, 1e-6),
                    "time chain at \(t): \(chain.value), shown \(shown)")
            }
            return shown
        }
    }

    func expectValues(
        _ sample: (Double) -> Double, _ rows: [(Double, Double)], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for (t, want) in rows {
            let got = sample(t)
            #expect(close(got, want, 1e-6), "at \(t): got \(got), want \(want)", sourceLocation: sourceLocation)
        }
    }

    /// Vector 10: duration 0 becomes 0.25 s on the layer's copy; the caller's object keeps 0.
    @Test func durationZeroBecomesAQuarterSecond() throws {
        let clock = freshEngine(at: 0)
        let layer = CALayer()
        let animation = basic("opacity", from: 0, to: 1, duration: 0)
        layer.add(animation, forKey: "fade")
        #expect(animation.duration == 0)
        #expect(layer.animation(forKey: "fade")?.duration == 0.25)
        step(layer, clock, at: 0.125)
        #expect(close(Double(layer.presentation()!.opacity), 0.5, 1e-6))
        step(layer, clock, at: 0.25)
        #expect(layer.animationKeys() == nil)
        #expect(layer.presentation()!.opacity == 1)  // the model value
    }

    @Test func durationZeroTakesTheTransactionDuration() throws {
        let clock = freshEngine(at: 0)
        let layer = CALayer()
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        layer.add(basic("opacity", from: 0, to: 1, duration: 0), forKey: "fade")
        CATransaction.commit()
        #expect(layer.animation(forKey: "fade")?.duration == 2)
        step(layer, clock, at: 0.5)
        #expect(close(Double(layer.presentation()!.opacity), 0.25, 1e-6))
    }

    @Test func beginTimeZeroMeansNowInTheLayersTime() throws {
        let clock = freshEngine(at: 50)
        let parent = CALayer()
        parent.beginTime = 10
        parent.speed = 2
        let layer = CALayer()
        parent.addSublayer(layer)
        layer.add(basic("opacity", from: 0, to: 1), forKey: "a")
        #expect(layer.animation(forKey: "a")?.beginTime == 80)  // (50 − 10)·2
        step(parent, clock, at: 50.25)  // layer time 80.5
        #expect(close(Double(layer.presentation()!.opacity), 0.5, 1e-6))
    }

    /// Fill modes with a delayed begin (beginTime 2, d = 1).
    @Test func fillModes() {
        let removed = sampler { $0.beginTime = 2 }
        expectValues(removed, [(1, 0.5), (2, 0), (2.5, 0.5), (3, 0.5)])
        let backwards = sampler {
            $0.beginTime = 2
            $0.fillMode = .backwards
        }
        expectValues(backwards, [(1, 0), (2.5, 0.5)])
        let forwards = sampler {
            $0.beginTime = 2
            $0.fillMode = .forwards
            $0.isRemovedOnCompletion = false
        }
        expectValues(forwards, [(1, 0.5), (2.5, 0.5), (3, 1), (9, 1)])
        let both = sampler {
            $0.beginTime = 2
            $0.fillMode = .both
            $0.isRemovedOnCompletion = false
        }
        expectValues(both, [(1, 0), (2.25, 0.25), (3, 1), (9, 1)])
        // Forwards fill with removal on completion snaps back to the model at the end.
        let snapped = sampler {
            $0.beginTime = 2
            $0.fillMode = .forwards
        }
        expectValues(snapped, [(2.5, 0.5), (3, 0.5)])
    }

    /// Repeats: an internal boundary starts the next cycle; the end holds the last cycle's end.
    @Test func repeatCountAndEnds() {
        let twice = sampler {
            $0.repeatCount = 2
            $0.fillMode = .forwards
            $0.isRemovedOnCompletion = false
        }
        expectValues(twice, [(0.5, 0.5), (1, 0), (1.25, 0.25), (2, 1), (5, 1)])
        // Fractional: 1.5 repeats end (and fill) at 0.5 of the second.
        let fractional = sampler {
            $0.repeatCount = 1.5
            $0.fillMode = .forwards
            $0.isRemovedOnCompletion = false
        }
        expectValues(fractional, [(1.25, 0.25), (1.5, 0.5), (3, 0.5)])
        // WPT: iterations 3.5, delay 1, fill both → before 0, active start 0, after 0.5.
        let wpt = sampler {
            $0.beginTime = 1
            $0.repeatCount = 3.5
            $0.fillMode = .both
            $0.isRemovedOnCompletion = false
        }
        expectValues(wpt, [(0, 0), (1, 0), (4.5, 0.5), (10, 0.5)])
        // Infinite repeats never end.
        let forever = sampler { $0.repeatCount = .infinity }
        expectValues(forever, [(1000.25, 0.25)])
        let greatest = sampler { $0.repeatCount = .greatestFiniteMagnitude }
        expectValues(greatest, [(1e6 + 0.75, 0.75)])
    }

    /// Autoreverses doubles the cycle; the reverse leg mirrors time (and the timing function). The samplers
    /// are alike on purpose: each spells out the timing its values follow from.
    @Test func autoreversesAndRepeatDuration() {
        let reversing = sampler {
            $0.autoreverses = true
            $0.fillMode = .forwards
            $0.isRemovedOnCompletion = false
        }
        expectValues(reversing, [(0.5, 0.5), (1, 1), (1.5, 0.5), (2, 0), (3, 0)])
        let half = sampler {
            $0.autoreverses = true
            $0.repeatCount = 0.5
            $0.fillMode = .forwards
            $0.isRemovedOnCompletion = false
        }
        expectValues(half, [(0.75, 0.75), (1, 1), (2, 1)])
        let easedReverse = sampler {
            $0.autoreverses = true
            $0.timingFunction = CAMediaTimingFunction(name: .easeIn)
        }
        let easeIn = CAMediaTimingFunction(name: .easeIn)
        expectValues(easedReverse, [(0.25, easeIn.solve(0.25)), (1.75, easeIn.solve(0.25))])
        // repeatDuration is the active duration (not doubled by autoreverses).
        let byDuration = sampler {
            $0.autoreverses = true
            $0.repeatDuration = 2.5
            $0.fillMode = .forwards
            $0.isRemovedOnCompletion = false
        }
        expectValues(byDuration, [(2.25, 0.25), (2.5, 0.5), (4, 0.5)])
    }

    /// timeOffset starts part-way and wraps, keeping the active length (Lockwood; timing.md A1).
    @Test func timeOffsetWraps() {
        let offset = sampler {
            $0.duration = 3
            $0.timeOffset = 2
            $0.fillMode = .forwards
            $0.isRemovedOnCompletion = false
        }
        expectValues(
            offset, [(0, 2.0 / 3), (0.5, 2.5 / 3), (1, 0), (2, 1.0 / 3), (2.9, 1.9 / 3), (3, 2.0 / 3), (7, 2.0 / 3)])
        // Header formula: speed 2 with offset 0.5 starts in the middle of a 1 s animation (A2).
        let fast = sampler {
            $0.speed = 2
            $0.timeOffset = 0.5
        }
        expectValues(fast, [(0, 0.5), (0.125, 0.75), (0.25, 0), (0.375, 0.25), (0.5, 0.5)])
    }

    /// WPT iterationStart cases as timeOffset (timing.md A1/A5): the after-phase holds the wrapped
    /// position, and an end on a cycle boundary holds the end of the last cycle.
    @Test func offsetEndsFollowWebAnimations() {
        let rows: [(Float, Double, Double)] = [(3, 2.5, 0.5), (3, 3, 1), (3.5, 2.5, 1)]
        for (count, offset, want) in rows {
            let sample = sampler {
                $0.repeatCount = count
                $0.timeOffset = offset
                $0.fillMode = .forwards
                $0.isRemovedOnCompletion = false
            }
            expectValues(sample, [(10, want)])
        }
    }

    /// Animation speed: 0 freezes at timeOffset and never ends; 2 runs twice as fast.
    @Test func animationSpeed() {
        let frozen = sampler {
            $0.speed = 0
            $0.timeOffset = 0.3
        }
        expectValues(frozen, [(0, 0.3), (100, 0.3)])
        let double = sampler { $0.speed = 2 }
        expectValues(double, [(0.25, 0.5), (0.5, 0.5)])
    }

    /// Negative speed, taken literally (design.md): with timeOffset 0 the animation is before its
    /// active period right after it begins; with timeOffset = AD it plays backwards.
    @Test func negativeSpeed() {
        let literal = sampler {
            $0.speed = -1
            $0.fillMode = .backwards
            $0.isRemovedOnCompletion = false
        }
        expectValues(literal, [(0.5, 0), (2, 0)])
        let backwards = sampler {
            $0.speed = -1
            $0.timeOffset = 1
            $0.fillMode = .both
            $0.isRemovedOnCompletion = false
        }
        expectValues(backwards, [(0, 1), (0.25, 0.75), (0.75, 0.25), (1, 0), (3, 0)])
    }

    /// Layer speed scales its animations; layer timeOffset shifts them.
    @Test func layerTimingAppliesToAnimations() throws {
        let clock = freshEngine(at: 0)
        let root = CALayer()
        let layer = CALayer()
        root.addSublayer(layer)
        layer.add(basic("opacity", from: 0, to: 1, duration: 4), forKey: "a")
        root.speed = 2
        step(root, clock, at: 1)
        #expect(close(Double(layer.presentation()!.opacity), 0.5))
        root.speed = 1
        root.timeOffset = 1
        step(root, clock, at: 2)
        #expect(close(Double(layer.presentation()!.opacity), 0.75))
    }
}

/// Extreme and invalid timing values (NaN, infinities, negative and huge numbers, wild control
/// points) never crash, hang or leak NaN into the presentation.
@Suite struct TimingRobustnessTests {
    @Test func extremeTimingValues() {
        let clock = freshEngine(at: 0)
        let root = CALayer()
        let extremes: [Double] = [0, -1, 1e-300, 1e300, .infinity, -.infinity, .nan, 0.5, 3]
        var random = SeededGenerator(seed: 7)
        var layers: [CALayer] = []
        for _ in 0..<300 {
            let layer = CALayer()
            layer.opacity = 0.5
            let pick = { extremes[Int(random.next() % UInt64(extremes.count))] }
            layer.speed = random.unit() < 0.2 ? Float(pick()) : 1
            let animation = basic("opacity", from: 0, to: 1, duration: pick())
            animation.beginTime = pick()
            animation.speed = Float(pick())
            animation.timeOffset = pick()
            animation.repeatCount = Float(pick())
            animation.repeatDuration = pick()
            animation.autoreverses = random.unit() < 0.5
            animation.fillMode = [.removed, .forwards, .backwards, .both][Int(random.next() % 4)]
            animation.isRemovedOnCompletion = random.unit() < 0.5
            animation.timingFunction = CAMediaTimingFunction(
                controlPoints: Float(pick()), Float(pick()), Float(pick()), Float(pick()))
            layer.add(animation, forKey: "a")
            root.addSublayer(layer)
            layers.append(layer)
        }
        for t in [0, 0.1, 1, 1e6, -5, .infinity, 2] {
            step(root, clock, at: t)
            for layer in layers {
                let opacity = layer.presentation()!.opacity
                #expect(!opacity.isNaN)
            }
        }
    }
}
