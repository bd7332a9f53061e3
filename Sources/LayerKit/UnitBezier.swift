/// The cubic Bézier x(t), y(t) from (0,0) to (1,1) with control points (x1,y1), (x2,y2), in polynomial
/// form `((a·t + b)·t + c)·t` per axis (c = 3·p1, b = 3·(p2 − p1) − c, a = 1 − c − b).
///
/// `solve(x)` finds t with x(t) = x by Newton's method from t = x, falls back to bisection on [0, 1]
/// (x(0) = 0 and x(1) = 1, so a root always exists in the bracket) and returns y(t). The solve is
/// bounded (8 Newton steps, at most 64 halvings), so it never hangs; with non-finite control points
/// it degrades to the identity rather than returning NaN.
struct UnitBezier: Sendable {
    private let ax: Double, bx: Double, cx: Double
    private let ay: Double, by: Double, cy: Double
    /// Linear in both axes (control points on the diagonal), or unusable control points.
    let isIdentity: Bool

    init(x1: Double, y1: Double, x2: Double, y2: Double) {
        let finite = x1.isFinite && y1.isFinite && x2.isFinite && y2.isFinite
        let (px1, py1, px2, py2) = finite ? (x1, y1, x2, y2) : (0, 0, 1, 1)
        cx = 3 * px1
        bx = 3 * (px2 - px1) - cx
        ax = 1 - cx - bx
        cy = 3 * py1
        by = 3 * (py2 - py1) - cy
        ay = 1 - cy - by
        isIdentity = !finite || (px1 == py1 && px2 == py2)
    }

    @inline(__always) func x(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    @inline(__always) func y(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    @inline(__always) func dx(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    /// The curve parameter t in [0, 1] with x(t) = x (x clamped to [0, 1]).
    func parameter(for input: Double) -> Double {
        let x = input.isNaN ? 0 : min(max(input, 0), 1)
        if x == 0 || x == 1 { return x }
        // Newton from t = x; accept only a result inside the bracket that meets the tolerance.
        var t = x
        for _ in 0..<8 {
            let error = self.x(t) - x
            if abs(error) < 1e-14 { break }
            let slope = dx(t)
            if abs(slope) < 1e-9 { break }
            t -= error / slope
        }
        if t >= 0, t <= 1, abs(self.x(t) - x) < 1e-12 { return refinedNearFlatPoint(t, x) }
        // Bisection keeping x(lo) ≤ x ≤ x(hi); 64 halvings exhaust double precision.
        var lo = 0.0
        var hi = 1.0
        t = x
        for _ in 0..<64 {
            t = (lo + hi) / 2
            let value = self.x(t)
            if value == x { return t }
            if value < x { lo = t } else { hi = t }
            if hi - lo < 1e-16 { break }
        }
        return refinedNearFlatPoint((lo + hi) / 2, x)
    }

    /// Where x(t) is flat (dx/dt ≈ 0 at the inflection t0 = −bx/(3·ax)), x(t) − x evaluated in
    /// Horner form loses the cubic term to rounding, leaving t uncertain by ~1e-5. There the root is
    /// taken from the depressed cubic in δ = t − t0, `ax·δ³ + x′(t0)·δ + (x(t0) − x) = 0`, by Cardano's
    /// formula (one real root when x′(t0) ≥ 0), if that is at least as good a root.
    private func refinedNearFlatPoint(_ t: Double, _ x: Double) -> Double {
        guard abs(dx(t)) < 1e-4, ax != 0 else { return t }
        let t0 = -bx / (3 * ax)
        let p = cx - bx * bx / (3 * ax)
        guard p >= 0 else { return t }
        let P = p / ax
        let Q = (self.x(t0) - x) / ax
        let discriminant = Q * Q / 4 + P * P * P / 27
        guard discriminant >= 0 else { return t }
        let root = discriminant.squareRoot()
        let candidate = t0 + cbrt(-Q / 2 + root) + cbrt(-Q / 2 - root)
        guard candidate >= 0, candidate <= 1, abs(self.x(candidate) - x) <= abs(self.x(t) - x) + 1e-15 else {
            return t
        }
        return candidate
    }

    /// The eased progress y for input x (clamped to [0, 1]).
    func solve(_ input: Double) -> Double {
        if isIdentity { return input.isNaN ? 0 : min(max(input, 0), 1) }
        return y(parameter(for: input))
    }
}
