import Testing

@testable import LayerKit

/// CAKeyframeAnimation in every calculation mode, with key times, per-segment timing and paths.
@Suite struct KeyframeTests {
    /// Adds a keyframe animation of position.x (d = 1) and samples it.
    func sampler(_ configure: (CAKeyframeAnimation) -> Void) -> (Double) -> Double {
        let sample = keyframeSampler("position.x", configure)
        return { Double(sample($0).position.x) }
    }

    func expectValues(
        _ sample: (Double) -> Double, _ rows: [(Double, Double)], _ tolerance: Double = 1e-9,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for (t, want) in rows {
            let got = sample(t)
            #expect(close(got, want, tolerance), "at \(t): got \(got), want \(want)", sourceLocation: sourceLocation)
        }
    }

    @Test func linearWithDefaultAndGivenKeyTimes() {
        let even = sampler { $0.values = [0, 10, 30] }
        expectValues(even, [(0, 0), (0.25, 5), (0.5, 10), (0.75, 20), (1, 30), (2, 30)])
        let timed = sampler {
            $0.values = [0, 10, 30]
            $0.keyTimes = [0, 0.8, 1]
        }
        expectValues(timed, [(0.4, 5), (0.8, 10), (0.9, 20)])
        let eased = sampler {
            $0.values = [0, 10, 30]
            $0.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .linear)]
        }
        let easeIn = CAMediaTimingFunction(name: .easeIn)
        expectValues(eased, [(0.25, 10 * easeIn.solve(0.5)), (0.75, 20)])
    }

    @Test func discreteHoldsEachValue() {
        let even = sampler {
            $0.values = [0, 10, 30]
            $0.calculationMode = .discrete
        }
        expectValues(even, [(0, 0), (0.3, 0), (1.0 / 3 + 1e-9, 10), (0.6, 10), (0.7, 30), (1, 30)])
        let timed = sampler {
            $0.values = [0, 10, 30]
            $0.keyTimes = [0, 0.1, 0.9, 1]
            $0.calculationMode = .discrete
        }
        expectValues(timed, [(0.05, 0), (0.1, 10), (0.89, 10), (0.9, 30)])
    }

    /// Paced: key times follow the distance between values (0 → 10 → 40: 1/4 of the time, then 3/4).
    @Test func pacedIgnoresKeyTimes() {
        let paced = sampler {
            $0.values = [0, 10, 40]
            $0.keyTimes = [0, 0.9, 1]
            $0.calculationMode = .paced
        }
        expectValues(paced, [(0.125, 5), (0.25, 10), (0.5, 20), (1, 40)])
    }

    /// Cubic: a Catmull-Rom spline through the values; passes through each value at its key time.
    @Test func cubicPassesThroughValues() {
        let cubic = sampler {
            $0.values = [0, 10, 0, 10]
            $0.calculationMode = .cubic
        }
        // Middle segment at its midpoint: 0.5·(2·10 + (−0+0)·t …) = 0.5(20 + 0.5(−10) … ); exact 5 +
        // the tangent terms: (−P0 + 3P1 − 3P2 + P3)/16 + (2P0 − 5P1 + 4P2 − P3)/8 … evaluated below.
        let t = 0.5
        let (p0, p1, p2, p3) = (0.0, 10.0, 0.0, 10.0)
        let middle =
            0.5
            * (2 * p1 + (-p0 + p2) * t + (2 * p0 - 5 * p1 + 4 * p2 - p3) * t * t + (-p0 + 3 * p1 - 3 * p2 + p3) * t * t
                * t)
        expectValues(cubic, [(0, 0), (1.0 / 3, 10), (0.5, middle), (2.0 / 3, 0), (1, 10)])
        #expect(close(middle, 5))
        // With a monotone, evenly spaced sequence Catmull-Rom is linear.
        let straight = sampler {
            $0.values = [0, 10, 20, 30]
            $0.calculationMode = .cubic
        }
        expectValues(straight, [(0.5, 15)])
    }

    /// Cubic paced: constant speed along the Catmull-Rom spline through the values. This one is
    /// monotonic, so its arc length is the distance travelled in value and the value grows linearly.
    @Test func cubicPacedCombinesBoth() {
        let cubicPaced = sampler {
            $0.values = [0, 10, 40]
            $0.keyTimes = [0, 0.9, 1]
            $0.calculationMode = .cubicPaced
        }
        expectValues(cubicPaced, [(0, 0), (0.125, 5), (0.25, 10), (0.5, 20), (0.9, 36), (1, 40)])
    }

    /// Points along a path: equal time per segment, or by length when paced; rotationMode turns the layer.
    @Test func pathAndRotationMode() throws {
        let clock = freshEngine(at: 0)
        let layer = CALayer()
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 300))
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.path = path
        animation.duration = 1
        animation.rotationMode = .rotateAuto
        layer.add(animation, forKey: "p")
        step(layer, clock, at: 0.25)
        var p = try #require(layer.presentation()).position
        #expect(close(p.x, 50) && close(p.y, 0))
        #expect(close(try #require(layer.presentation()?.value(forKeyPath: "transform.rotation") as? CGFloat), 0))
        step(layer, clock, at: 0.75)
        p = try #require(layer.presentation()).position
        #expect(close(p.x, 100) && close(p.y, 150))
        let angle = try #require(layer.presentation()?.value(forKeyPath: "transform.rotation") as? CGFloat)
        #expect(close(angle, .pi / 2, 1e-12))
        let paced = CAKeyframeAnimation(keyPath: "position")
        paced.path = path
        paced.duration = 1
        paced.calculationMode = .paced
        paced.rotationMode = .rotateAutoReverse
        layer.add(paced, forKey: "p")
        step(layer, clock, at: 1.25)  // added at 0.75; halfway along 400 units: 100 right, 100 down
        p = try #require(layer.presentation()).position
        #expect(close(p.x, 100, 1e-6) && close(p.y, 100, 1e-6))
        let reversed = try #require(layer.presentation()?.value(forKeyPath: "transform.rotation") as? CGFloat)
        #expect(close(reversed, -.pi / 2, 1e-9))  // π/2 + π, read back in (−π, π]
    }

    @Test func cumulativeAndAdditiveKeyframes() {
        let cumulative = sampler {
            $0.values = [0, 10]
            $0.repeatCount = 3
            $0.isCumulative = true
        }
        expectValues(cumulative, [(0.5, 5), (1.5, 15), (2.5, 25), (3, 30)])
        let additive = sampler {
            $0.values = [0, 10]
            $0.isAdditive = true
        }
        expectValues(additive, [(0.5, 5)])
    }

    /// A cumulative transform adds one turn of its last value per completed repeat, also after 10²⁰
    /// repeats (once a trap converting the count to Int, and a loop of one product per repeat).
    @Test func cumulativeTransformAfterHugeRepeatCounts() throws {
        let clock = freshEngine(at: 0)
        let layer = CALayer()
        let move = CAKeyframeAnimation(keyPath: "transform")
        move.values = [CATransform3DIdentity, CATransform3DMakeTranslation(10, 0, 0)]
        move.duration = 1
        move.repeatCount = .infinity
        move.isCumulative = true
        layer.add(move, forKey: "move")
        for (time, repeats) in [(2.5, 2.0), (1e6 + 0.5, 1e6), (1e20, 1e20)] {
            step(layer, clock, at: time)
            let x = try #require(layer.presentation()).transform.m41
            let expected = 10 * repeats + (time - repeats) * 10
            #expect(abs(x - expected) <= 1e-9 * expected, "at \(time): \(x), want \(expected)")
        }
        let turn = CAKeyframeAnimation(keyPath: "transform")
        turn.values = [CATransform3DIdentity, CATransform3DMakeRotation(.pi / 2, 0, 0, 1)]
        turn.duration = 1
        turn.repeatCount = .infinity
        turn.isCumulative = true
        layer.add(turn, forKey: "move")
        step(layer, clock, at: 1e20)  // a turn of 10²⁰ quarter turns is still a rotation
        let m = try #require(layer.presentation()).transform
        let entries = [m.m11, m.m12, m.m21, m.m22]
        #expect(entries.allSatisfy { $0.isFinite && abs($0) <= 1 + 1e-6 }, "\(m)")
    }

    @Test func keyframeValuesOfOtherKinds() throws {
        let clock = freshEngine(at: 0)
        let layer = CALayer()
        let colors = CAKeyframeAnimation(keyPath: "backgroundColor")
        colors.values = [UIColor.red.cgColor, UIColor.blue.cgColor, UIColor.white]
        colors.duration = 2
        layer.add(colors, forKey: "c")
        step(layer, clock, at: 0.5)
        let c = try #require(layer.presentation()?.backgroundColor)
        #expect(close(c.red, 0.5) && close(c.green, 0) && close(c.blue, 0.5) && close(c.alpha, 1))
        step(layer, clock, at: 1.5)
        let d = try #require(layer.presentation()?.backgroundColor)
        #expect(close(d.red, 0.5) && close(d.green, 0.5) && close(d.blue, 1))
    }
}
