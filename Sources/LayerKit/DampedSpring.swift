/// The motion of `CASpringAnimation`: a mass on a damped spring, solved in closed form.
///
/// The displacement from the end value, x = 1 − s (s the progress from `fromValue` to `toValue`),
/// obeys m·x″ + c·x′ + k·x = 0 with x(0) = 1 and x′(0) = −v₀, where v₀ is `initialVelocity` in
/// from→to distances per second (positive towards `toValue`). With ω₀ = √(k/m) and ζ = c / (2√(km)):
/// - ζ < 1 (under-damped): x = e^(−ζω₀t)·(cos ω_d·t + (ζω₀ − v₀)/ω_d · sin ω_d·t), ω_d = ω₀√(1 − ζ²);
/// - ζ = 1, or ζ > 1 without `allowsOverdamping` (critically damped): x = e^(−ω₀t)·(1 + (ω₀ − v₀)·t);
/// - ζ > 1 with `allowsOverdamping` (over-damped): x = e^(−ζω₀t)·(cosh γt + (ζω₀ − v₀)/γ · sinh γt),
///   γ = ω₀√(ζ² − 1), evaluated as the sum of the two decaying exponentials once γt is large.
///
/// Parameters outside Apple's documented domain (mass or stiffness not above 0, negative or
/// non-finite damping), or so extreme that ω₀ or ζ overflow, give no motion: the progress is 1
/// throughout.
struct DampedSpring: Equatable {
    enum Regime: Equatable {
        case underdamped
        case critical
        case overdamped
        /// The parameters describe no spring (see the type's comment).
        case invalid
    }

    let regime: Regime
    /// ω₀, the undamped angular frequency.
    let omega: Double
    /// ζ, the damping ratio (1 for a critically damped spring, whatever the damping).
    let zeta: Double
    /// v₀, towards the end value.
    let velocity: Double
    /// ω_d for an under-damped spring, γ for an over-damped one, 0 otherwise.
    private let frequency: Double

    /// The settling tolerance: |x| ≤ 0.001 of the distance, the epsilon SwiftUI documents for its
    /// springs' settling duration.
    static let epsilon = 0.001

    init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double, allowsOverdamping: Bool) {
        velocity = initialVelocity.isFinite ? initialVelocity : 0
        guard mass > 0, stiffness > 0, damping >= 0, mass.isFinite, stiffness.isFinite, damping.isFinite else {
            (regime, omega, zeta, frequency) = (.invalid, 0, 0, 0)
            return
        }
        let w = (stiffness / mass).squareRoot()
        let ratio = damping / (2 * stiffness.squareRoot() * mass.squareRoot())
        guard w.isFinite, ratio.isFinite else {
            (regime, omega, zeta, frequency) = (.invalid, 0, 0, 0)
            return
        }
        omega = w
        if ratio < 1 {
            (regime, zeta, frequency) = (.underdamped, ratio, omega * (1 - ratio * ratio).squareRoot())
        } else if ratio > 1, allowsOverdamping {
            (regime, zeta, frequency) = (.overdamped, ratio, omega * (ratio * ratio - 1).squareRoot())
        } else {
            (regime, zeta, frequency) = (.critical, 1, 0)
        }
    }

    /// The progress s(t) = 1 − x(t) at `t` seconds of the animation's own time (not normalised by
    /// its duration); before 0 the spring is at rest at the start.
    func progress(at t: Double) -> Double {
        guard regime != .invalid else { return 1 }
        guard t > 0 else { return 0 }
        return 1 - displacement(at: t)
    }

    /// x(t), the remaining fraction of the distance (negative past the end value).
    func displacement(at t: Double) -> Double {
        let decay = zeta * omega
        switch regime {
        case .underdamped:
            let w = frequency
            return exp(-decay * t) * (cos(w * t) + (decay - velocity) / w * sin(w * t))
        case .critical:
            return exp(-omega * t) * (1 + (omega - velocity) * t)
        case .overdamped:
            let g = frequency
            let q = (decay - velocity) / g
            if g * t < 20 { return exp(-decay * t) * (cosh(g * t) + q * sinh(g * t)) }
            // cosh and sinh would overflow; e^(−ζω₀t)·e^(±γt)/2 are the same terms, exactly.
            return 0.5 * ((1 + q) * exp(-slowRate * t) + (1 - q) * exp(-(g + decay) * t))
        case .invalid:
            return 0
        }
    }

    /// The estimated time for the spring to be at rest, `settlingDuration`: the time after which the
    /// envelope bounding |x| stays below `epsilon`. Under-damped, the envelope is
    /// e^(−ζω₀t)·(1 + |ζω₀ − v₀|/ω_d), so the time is ln((1 + |ζω₀ − v₀|/ω_d)/ε)/(ζω₀). Critically
    /// and over-damped, the envelope (the sum of the absolute values of the terms) is solved for ε and
    /// the time rounded up to the next tenth of a second. An undamped spring never settles (∞);
    /// invalid parameters settle at once (0).
    ///
    /// Apple's algorithm is private; this rule reproduces its documented figures (mass 1, stiffness
    /// 100: damping 5 "approximately 2.85 seconds", 2.855; damping 15 "just over 1 second", 1.022) and
    /// the published measurements of QuartzCore (defaults 1.4727 s, damping 1 13.913 s, critical
    /// 1.0 s, perceptual duration 1 with bounce 0.5 2.3439 s). For an over-damped spring it gives more
    /// than measured: 4.2 s for perceptual duration 1 with bounce −0.5, measured about 2.6 s.
    var settlingDuration: Double {
        switch regime {
        case .invalid:
            return 0
        case .underdamped:
            guard zeta > 0 else { return .infinity }
            let amplitude = 1 + abs(zeta * omega - velocity) / frequency
            return max(0, log(amplitude / Self.epsilon) / (zeta * omega))
        case .critical, .overdamped:
            return (envelopeCrossing() * 10).rounded(.up) / 10
        }
    }

    /// A bound on |x(t)| for the critical and over-damped regimes: the terms' absolute values.
    private func envelope(_ t: Double) -> Double {
        if regime == .critical { return exp(-omega * t) * (1 + abs(omega - velocity) * t) }
        let decay = zeta * omega
        let q = (decay - velocity) / frequency
        return 0.5 * (abs(1 + q) * exp(-slowRate * t) + abs(1 - q) * exp(-(frequency + decay) * t))
    }

    /// ζω₀ − γ, the slower decay rate of an over-damped spring, as ω₀²/(ζω₀ + γ): the same number
    /// without the cancellation of subtracting two nearly equal rates.
    private var slowRate: Double { omega * omega / (zeta * omega + frequency) }

    /// The time the envelope falls to `epsilon`. It starts at 1 or more and, where it rises at all,
    /// rises once and then falls for good, so "still above ε" is true before one time and false after:
    /// found by doubling an upper bound, then bisection to 1e-12 s.
    private func envelopeCrossing() -> Double {
        var high = 1 / omega
        while envelope(high) > Self.epsilon {
            high *= 2
            if !high.isFinite { return .infinity }
        }
        var low = 0.0
        while high - low > 1e-12 * max(1, high) {
            let mid = (low + high) / 2
            if envelope(mid) > Self.epsilon { low = mid } else { high = mid }
        }
        return high
    }
}
