import Geometry

/// The Catmull-Rom spline of `cubicPaced` keyframes (end values repeated, as the cubic mode draws
/// it), measured by arc length in the values' component space, so that progress can be mapped to
/// the place at that fraction of the whole length: constant speed along the curve, as Apple
/// documents for the paced modes. Lengths use `ArcLength`'s quadrature (relative error near 10⁻¹²
/// for smooth segments; a segment whose speed touches zero, a cusp, is measured less exactly).
struct PacedSpline {
    /// Per segment, per component: the derivative a + b·t + c·t² of the segment's cubic.
    private let a: [[Double]]
    private let b: [[Double]]
    private let c: [[Double]]
    private let lengths: [Double]
    /// The arc length at each value, as a fraction of the total (the key times in effect).
    let fractions: [Double]
    private let total: Double

    /// The spline through `points` (each the components of one value, all of one count), or nil when
    /// it has no length (fewer than two points, or all equal).
    init?(points: [[Double]]) {
        let n = points.count
        guard n > 1, let dimension = points.first?.count, points.allSatisfy({ $0.count == dimension }) else {
            return nil
        }
        var (a, b, c): ([[Double]], [[Double]], [[Double]]) = ([], [], [])
        for i in 0..<(n - 1) {
            let (p0, p1, p2, p3) = (points[max(i - 1, 0)], points[i], points[i + 1], points[min(i + 2, n - 1)])
            var (da, db, dc) = ([Double](), [Double](), [Double]())
            for k in 0..<dimension {
                let (q0, q1, q2, q3) = (p0[k], p1[k], p2[k], p3[k])
                da.append(0.5 * (q2 - q0))
                db.append(2 * q0 - 5 * q1 + 4 * q2 - q3)
                dc.append(1.5 * (3 * (q1 - q2) + q3 - q0))
            }
            a.append(da)
            b.append(db)
            c.append(dc)
        }
        (self.a, self.b, self.c) = (a, b, c)
        var lengths: [Double] = []
        for i in 0..<(n - 1) {
            lengths.append(ArcLength.length(upTo: 1) { Self.speed(a[i], b[i], c[i], at: $0) })
        }
        let total = lengths.reduce(0, +)
        guard total > 0, total.isFinite else { return nil }
        var running = 0.0
        var fractions = [0.0]
        for length in lengths {
            running += length
            fractions.append(running / total)
        }
        fractions[n - 1] = 1
        (self.lengths, self.fractions, self.total) = (lengths, fractions, total)
    }

    private static func speed(_ a: [Double], _ b: [Double], _ c: [Double], at t: Double) -> Double {
        var sum = 0.0
        for k in 0..<a.count {
            let d = a[k] + (b[k] + c[k] * t) * t
            sum += d * d
        }
        return sum.squareRoot()
    }

    /// The segment and its curve parameter at fraction `p` of the total length.
    func place(_ p: Double) -> (segment: Int, t: Double) {
        let target = min(max(p, 0), 1) * total
        var i = 0
        var start = 0.0
        while i < lengths.count - 1, start + lengths[i] < target {
            start += lengths[i]
            i += 1
        }
        let (a, b, c) = (self.a[i], self.b[i], self.c[i])
        let t = ArcLength.parameter(atLength: target - start, total: lengths[i]) { Self.speed(a, b, c, at: $0) }
        return (i, t)
    }
}
