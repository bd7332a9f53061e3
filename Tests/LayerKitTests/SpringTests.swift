import Foundation
import Testing

@testable import LayerKit

/// CASpringAnimation: the closed-form oscillator in its three regimes, its settling duration against
/// Apple's figures, the iOS 17 perceptual parameters, and the spring inside the engine.
@Suite struct SpringTests {
    /// A spring (mass 1 unless given) with `allowsOverdamping`.
    func spring(
        mass: Double = 1, stiffness: Double = 100, damping: Double = 10, velocity: Double = 0, overdamping: Bool = false
    ) -> DampedSpring {
        DampedSpring(
            mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity,
            allowsOverdamping: overdamping)
    }

    /// A spring animation of `keyPath` from `from` to `to` lasting `duration`, then `configure`d.
    func springAnimation(
        _ keyPath: String, from: Any? = nil, to: Any, duration: Double,
        _ configure: (CASpringAnimation) -> Void = { _ in }
    ) -> CASpringAnimation {
        let animation = CASpringAnimation(keyPath: keyPath)
        animation.fromValue = from
        animation.toValue = to
        animation.duration = duration
        configure(animation)
        return animation
    }

    /// The reference numbers of the research note (six decimals, so within 5e-7).
    @Test func referenceValuesInEachRegime() {
        let rows: [(DampedSpring, [Double])] = [
            (spring(), [0.340300, 1.074591, 1.002170]),
            (spring(damping: 20), [0.264241, 0.959572, 0.999501]),
            (spring(damping: 40), [0.264241, 0.959572, 0.999501]),  // no overdamping: critical
            (spring(damping: 40, overdamping: true), [0.177737, 0.717829, 0.926096]),
            (spring(velocity: 5), [0.607053, 1.030619, 1.004863]),
        ]
        for (spring, values) in rows {
            for (t, want) in zip([0.1, 0.5, 1.0], values) {
                let got = spring.progress(at: t)
                #expect(close(got, want, 5e-7), "\(spring.regime) at \(t): got \(got), want \(want)")
            }
        }
    }

    /// Against the analytic solution written another way (amplitude and phase; the two real roots),
    /// within 1e-9, at several times of each regime, with and without an initial velocity.
    @Test func exactAgainstAnalyticSolution() {
        let times = [0.01, 0.05, 0.3, 0.77, 1.9, 4.0, 9.5]
        for (m, k, c, v0) in [(1.0, 100.0, 10.0, 0.0), (2.0, 300.0, 3.0, -4.0), (0.5, 80.0, 1.0, 12.0)] {
            let s = spring(mass: m, stiffness: k, damping: c, velocity: v0)
            #expect(s.regime == .underdamped)
            let w0 = (k / m).squareRoot()
            let zeta = c / (2 * (k * m).squareRoot())
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = (zeta * w0 - v0) / wd
            let amplitude = (1 + b * b).squareRoot()
            let phase = atan2(b, 1)
            for t in times {
                let x = amplitude * exp(-zeta * w0 * t) * cos(wd * t - phase)
                #expect(close(s.progress(at: t), 1 - x, 1e-9), "m\(m) k\(k) c\(c) v\(v0) at \(t)")
            }
        }
        for (m, k, v0, over) in [(1.0, 100.0, 0.0, false), (3.0, 12.0, 7.0, false), (1.0, 100.0, 0.0, true)] {
            // Critical damping c = 2√(km); with `over` a larger damping treated as critical.
            let c = 2 * (k * m).squareRoot() * (over ? 3 : 1)
            let s = spring(mass: m, stiffness: k, damping: c, velocity: v0)
            #expect(s.regime == .critical)
            let w0 = (k / m).squareRoot()
            for t in times {
                let x = (1 + (w0 - v0) * t) * exp(-w0 * t)
                #expect(close(s.progress(at: t), 1 - x, 1e-9), "critical m\(m) k\(k) v\(v0) at \(t)")
            }
        }
        for (m, k, c, v0) in [(1.0, 100.0, 40.0, 0.0), (1.0, 100.0, 20.5, 3.0), (2.0, 50.0, 400.0, -2.0)] {
            let s = spring(mass: m, stiffness: k, damping: c, velocity: v0, overdamping: true)
            #expect(s.regime == .overdamped)
            // m r² + c r + k = 0; x = A e^(r1 t) + B e^(r2 t), A + B = 1, A r1 + B r2 = −v0.
            let root = (c * c - 4 * m * k).squareRoot()
            let (r1, r2) = ((-c + root) / (2 * m), (-c - root) / (2 * m))
            let a = (r2 + v0) / (r2 - r1)
            for t in times {
                let x = a * exp(r1 * t) + (1 - a) * exp(r2 * t)
                #expect(close(s.progress(at: t), 1 - x, 1e-9), "overdamped m\(m) k\(k) c\(c) v\(v0) at \(t)")
            }
        }
    }

    /// The solution satisfies m·x″ + c·x′ + k·x = 0 (central differences) and starts at rest at the
    /// start value with velocity v₀ towards the end.
    @Test func satisfiesTheEquationOfMotion() {
        let h = 1e-4
        for (c, v0, over) in [(10.0, 0.0, false), (20.0, 6.0, false), (55.0, -3.0, true)] {
            let s = spring(damping: c, velocity: v0, overdamping: over)
            #expect(s.progress(at: 0) == 0)
            #expect(close((s.progress(at: h) - s.progress(at: 0)) / h, v0, 0.02))
            for t in [0.2, 0.6, 1.3] {
                let x = { (t: Double) in s.displacement(at: t) }
                let second = (x(t + h) - 2 * x(t) + x(t - h)) / (h * h)
                let first = (x(t + h) - x(t - h)) / (2 * h)
                #expect(abs(second + c * first + 100 * x(t)) < 1e-4, "c\(c) at \(t)")
            }
        }
    }

    /// Large damping ratios decay without overflow (cosh and sinh alone would overflow past γt ≈ 710).
    @Test func strongOverdampingStaysFinite() {
        let s = spring(damping: 10000, overdamping: true)
        // The roots of r² + 10000 r + 100 = 0; the small one as 100 / r2 (r1·r2 = 100), without cancellation.
        let r2 = (-10000 - (10000.0 * 10000 - 400).squareRoot()) / 2
        let r1 = 100 / r2
        let a = r2 / (r2 - r1)
        for t in [0.5, 3.0, 30.0] {
            #expect(close(s.progress(at: t), 1 - a * exp(r1 * t), 1e-9))
        }
    }

    /// Apple's figures: the documentation's (mass 1, stiffness 100: damping 5 "approximately 2.85
    /// seconds", damping 15 "just over 1 second") and the measured table in the note.
    @Test func settlingDurationMatchesApplesFigures() {
        func settling(_ c: Double, over: Bool = false) -> Double {
            spring(damping: c, overdamping: over).settlingDuration
        }
        #expect(close(settling(10), 1.4727, 5e-5))
        #expect(close(settling(1), 13.913, 5e-4))
        #expect(settling(20) == 1.0)
        #expect(settling(100) == 1.0)  // treated as critical without overdamping
        #expect(close(settling(5), 2.85, 0.005))
        #expect(settling(15) > 1.0 && settling(15) < 1.05)
        let perceptual = CASpringAnimation(perceptualDuration: 1, bounce: 0.5)
        #expect(close(perceptual.settlingDuration, 2.3439, 5e-5))
        #expect(spring(damping: 0).settlingDuration == .infinity)
        #expect(spring(mass: 0).settlingDuration == 0)
        #expect(spring(mass: 1e-308, stiffness: 1e308, damping: 1e308, overdamping: true).regime == .invalid)
    }

    /// The rule itself: under-damped, |x| stays within ε = 0.001 after the settling duration (and the
    /// envelope equals ε there); critically damped, it is the first tenth of a second after |x| ≤ ε.
    @Test func settlingDurationRule() {
        let s = spring(damping: 7, velocity: 3)
        let t = s.settlingDuration
        let decay = s.zeta * s.omega
        let wd = s.omega * (1 - s.zeta * s.zeta).squareRoot()
        #expect(close(exp(-decay * t) * (1 + abs(decay - 3) / wd), 0.001, 1e-12))
        for step in 0..<200 { #expect(abs(s.displacement(at: t + Double(step) * 0.01)) <= 0.001) }
        let critical = spring(stiffness: 64, damping: 16)
        let settle = critical.settlingDuration
        #expect(abs(critical.displacement(at: settle)) <= 0.001)
        #expect(abs(critical.displacement(at: settle - 0.1)) > 0.001)
        #expect(close(settle * 10, (settle * 10).rounded(), 1e-9))
    }

    /// iOS 17's initialiser and the read-backs, with SwiftUI's documented numbers.
    @Test func perceptualDurationAndBounce() {
        let bouncy = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.3)
        #expect(bouncy.mass == 1 && bouncy.allowsOverdamping)
        #expect(close(Double(bouncy.stiffness), 157.9137, 5e-5))
        #expect(close(Double(bouncy.damping), 17.5929, 5e-5))
        #expect(close(bouncy.perceptualDuration, 0.5, 1e-12) && close(Double(bouncy.bounce), 0.3, 1e-12))
        #expect(bouncy.duration == bouncy.settlingDuration)
        let flat = CASpringAnimation(perceptualDuration: 1, bounce: -0.5)
        #expect(close(Double(flat.stiffness), 39.4784, 5e-5))
        #expect(close(Double(flat.damping), 25.1327, 5e-5))
        #expect(close(Double(flat.bounce), -0.5, 1e-12))
        #expect(flat.solution.regime == .overdamped)
        let defaults = CASpringAnimation()
        #expect((defaults.mass, defaults.stiffness, defaults.damping, defaults.initialVelocity) == (1, 100, 10, 0))
        #expect(!defaults.allowsOverdamping && defaults.duration == 0)
        #expect(close(defaults.perceptualDuration, 0.6283, 5e-5) && close(Double(defaults.bounce), 0.5, 1e-12))
    }

    @Test func copiesAndKeyValueCoding() throws {
        let original = CASpringAnimation(keyPath: "position.x")
        original.setValue(2.0, forKey: "mass")
        original.setValue(250, forKey: "stiffness")
        original.setValue(CGFloat(3), forKey: "damping")
        original.setValue(NSNumber(value: -1.5), forKey: "initialVelocity")
        original.setValue(true, forKey: "allowsOverdamping")
        let copy = try #require(original.copy() as? CASpringAnimation)
        #expect((copy.mass, copy.stiffness, copy.damping, copy.initialVelocity) == (2, 250, 3, -1.5))
        #expect(copy.allowsOverdamping && copy.keyPath == "position.x")
        #expect(copy.value(forKey: "stiffness") as? CGFloat == 250)
        #expect(copy.value(forKey: "settlingDuration") as? Double == copy.settlingDuration)
    }

    /// On a layer: the value follows the spring at the animation's time in seconds (not normalised by
    /// the duration), the timing function is ignored, speed scales time, and after the duration the
    /// animation is removed — frame after frame, through the engine's cached path too.
    @Test func drivesThePresentationLayer() throws {
        let clock = freshEngine(at: 10)
        let layer = CALayer()
        layer.position = CGPoint(x: 0, y: 5)
        let animation = springAnimation("position.x", from: 0, to: 100, duration: 2) {
            $0.speed = 2
            $0.timingFunction = CAMediaTimingFunction(name: .easeIn)
        }
        layer.add(animation, forKey: "spring")
        let oscillator = spring()
        for frame in 0..<60 {
            let t = 10 + Double(frame) / 60
            step(layer, clock, at: t)
            let want = 100 * oscillator.progress(at: 2 * (t - 10))
            let got = try #require(layer.presentation()).position.x
            #expect(close(got, want, 1e-9), "at \(t): got \(got), want \(want)")
        }
        step(layer, clock, at: 11.01)
        #expect(layer.animationKeys() == nil)
        #expect(try #require(layer.presentation()).position.x == 0)
    }

    /// An autoreversing, repeating spring plays the same motion backwards on the reverse leg.
    @Test func autoreverseAndRepeat() throws {
        let clock = freshEngine(at: 0)
        let layer = CALayer()
        let animation = springAnimation("opacity", from: 0, to: 1, duration: 0.8) {
            $0.damping = 14
            $0.autoreverses = true
            $0.repeatCount = 2
        }
        layer.add(animation, forKey: "o")
        let oscillator = spring(damping: 14)
        for (t, springTime) in [(0.3, 0.3), (1.1, 0.5), (1.9, 0.3), (2.9, 0.3)] {
            step(layer, clock, at: t)
            let got = Double(try #require(layer.presentation()).opacity)
            #expect(close(got, Double(Float(oscillator.progress(at: springTime))), 1e-7), "at \(t)")
        }
    }

    /// Parameters outside Apple's domain give no motion; the sampler names the kind and reports the
    /// spring's progress.
    @Test func invalidParametersAndSampler() throws {
        let clock = freshEngine(at: 0)
        let layer = CALayer()
        layer.add(springAnimation("position.y", to: 40, duration: 1) { $0.mass = 0 }, forKey: "broken")
        step(layer, clock, at: 0.5)
        #expect(try #require(layer.presentation()).position.y == 40)
        layer.add(springAnimation("position.x", to: 10, duration: 1), forKey: "good")
        let sampler = try #require(AnimationSampler(layer: layer, key: "good"))
        #expect(sampler.facts.kind == "spring")
        #expect(sampler.facts.timingFunctionDescription == "spring(m 1, k 100, c 10)")
        let sample = sampler.sample(atLocalTime: 0.6)
        #expect(close(try #require(sample.progress), spring().progress(at: 0.1), 1e-12))
        #expect(close(try #require(sample.value?.first), 10 * spring().progress(at: 0.1), 1e-9))
    }
}
