/// Arc length of a parametric curve from its speed, and its inverse: 16-point Gauss–Legendre
/// quadrature of the speed on each half of the parameter range (relative error below 10⁻¹² for the
/// smooth speeds of arcs, ovals and cubic splines), and Newton's method kept inside a shrinking
/// bracket. Shared by Bézier curves and the paced keyframe spline, whose points may have any number
/// of components.
public enum ArcLength {
    /// The length from parameter 0 to `t` (clamped to 0…1) of a curve with speed `speed(t)`.
    public static func length(upTo t: Double, speed: (Double) -> Double) -> Double {
        if t <= 0 { return 0 }
        if t <= 0.5 { return integrate(speed, from: 0, to: t) }
        return integrate(speed, from: 0, to: 0.5) + integrate(speed, from: 0.5, to: min(t, 1))
    }

    /// The parameter at which the length from the start equals `distance` (clamped to the curve), for
    /// a curve of length `total`.
    public static func parameter(atLength distance: Double, total: Double, speed: (Double) -> Double) -> Double {
        guard total > 0, total.isFinite, distance > 0 else { return 0 }
        if distance >= total { return 1 }
        let accuracy = total * 1e-13
        var low = 0.0
        var high = 1.0
        var t = distance / total
        for _ in 0..<40 {
            let error = length(upTo: t, speed: speed) - distance
            if abs(error) <= accuracy { return t }
            if error > 0 { high = t } else { low = t }
            var next = t - error / speed(t)
            if !(next > low && next < high) { next = (low + high) / 2 }
            if next == t { return t }
            t = next
        }
        return t
    }

    private static func integrate(_ speed: (Double) -> Double, from a: Double, to b: Double) -> Double {
        let half = (b - a) / 2
        let middle = (a + b) / 2
        var sum = 0.0
        for i in 0..<nodes.count {
            let offset = half * nodes[i]
            sum += weights[i] * (speed(middle - offset) + speed(middle + offset))
        }
        return sum * half
    }

    /// The positive nodes of the 16-point Gauss–Legendre rule on [−1, 1] (the rule is symmetric).
    private static let nodes: [Double] = [
        0.09501250983763744, 0.2816035507792589, 0.45801677765722737, 0.6178762444026438,
        0.755404408355003, 0.8656312023878318, 0.9445750230732326, 0.9894009349916499,
    ]

    /// The weights of `nodes`.
    private static let weights: [Double] = [
        0.18945061045506864, 0.18260341504492364, 0.16915651939500265, 0.1495959888165767,
        0.12462897125553407, 0.0951585116824926, 0.062253523938647456, 0.027152459411754176,
    ]
}
