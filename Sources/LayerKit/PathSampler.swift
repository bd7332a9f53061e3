/// A path as drawable segments (lines, quadratic and cubic curves; move-tos start subpaths, closes
/// add the closing line), with their arc lengths for paced motion.
struct PathSampler {
    struct Segment {
        var start: CGPoint
        var c1: CGPoint
        var c2: CGPoint
        var end: CGPoint

        /// The cubic form of the segment at parameter t.
        func point(at t: Double) -> CGPoint { bezier.point(at: t) }

        /// The segment as Geometry's Bézier, for its arc length.
        var bezier: CubicBezier { CubicBezier(start, c1, c2, end) }

        /// The derivative at t (falls back to the chord when it vanishes).
        func tangent(at t: Double) -> CGPoint {
            let u = 1 - t
            let x = 3 * u * u * (c1.x - start.x) + 6 * u * t * (c2.x - c1.x) + 3 * t * t * (end.x - c2.x)
            let y = 3 * u * u * (c1.y - start.y) + 6 * u * t * (c2.y - c1.y) + 3 * t * t * (end.y - c2.y)
            if x == 0, y == 0 { return CGPoint(x: end.x - start.x, y: end.y - start.y) }
            return CGPoint(x: x, y: y)
        }
    }

    private(set) var segments: [Segment] = []
    /// Cumulative length at each segment end as a fraction of the total (count + 1 entries).
    private(set) var cumulativeFractions: [Double] = [0]
    /// Each segment's arc length.
    private var lengths: [Double] = []
    private var total = 0.0

    init(_ path: CGPath) {
        var current = CGPoint.zero
        var subpathStart = CGPoint.zero
        for element in path.elements {
            switch element {
            case .moveTo(let p):
                current = p
                subpathStart = p
            case .lineTo(let p):
                segments.append(Self.line(current, p))
                current = p
            case .quadCurveTo(let c, let e):
                let c1 = CGPoint(x: current.x + 2 / 3 * (c.x - current.x), y: current.y + 2 / 3 * (c.y - current.y))
                let c2 = CGPoint(x: e.x + 2 / 3 * (c.x - e.x), y: e.y + 2 / 3 * (c.y - e.y))
                segments.append(Segment(start: current, c1: c1, c2: c2, end: e))
                current = e
            case .curveTo(let c1, let c2, let e):
                segments.append(Segment(start: current, c1: c1, c2: c2, end: e))
                current = e
            case .closeSubpath:
                if current != subpathStart { segments.append(Self.line(current, subpathStart)) }
                current = subpathStart
            }
        }
        lengths = segments.map { Double($0.bezier.length()) }
        total = lengths.reduce(0, +)
        var running = 0.0
        for length in lengths {
            running += length
            cumulativeFractions.append(total > 0 ? running / total : 0)
        }
    }

    private static func line(_ a: CGPoint, _ b: CGPoint) -> Segment {
        Segment(
            start: a, c1: CGPoint(x: a.x + (b.x - a.x) / 3, y: a.y + (b.y - a.y) / 3),
            c2: CGPoint(x: a.x + 2 * (b.x - a.x) / 3, y: a.y + 2 * (b.y - a.y) / 3), end: b)
    }

    /// The point and tangent at a fraction of the total arc length (exact to the quadrature's 10⁻¹²
    /// relative error; see `ArcLength`).
    func pointAtLength(fraction: Double) -> (CGPoint, CGPoint) {
        let f = min(max(fraction, 0), 1)
        var i = 0
        while i < segments.count - 1, cumulativeFractions[i + 1] < f { i += 1 }
        let target = f * total - cumulativeFractions[i] * total
        let t = Double(segments[i].bezier.parameter(atLength: target, totalLength: lengths[i]))
        return (segments[i].point(at: t), segments[i].tangent(at: t))
    }
}
