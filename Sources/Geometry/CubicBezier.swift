/// A cubic Bézier curve `B(t) = (1−t)³·p0 + 3(1−t)²t·p1 + 3(1−t)t²·p2 + t³·p3`, t ∈ [0, 1]. Lines and
/// quadratic curves are represented exactly as cubics too, so every path measure and split works on one
/// kind of curve.
public struct CubicBezier: Equatable, Hashable, Sendable {
    /// The start point, the two control points and the end point.
    public var p0: CGPoint
    public var p1: CGPoint
    public var p2: CGPoint
    public var p3: CGPoint

    public init(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint) {
        self.p0 = p0
        self.p1 = p1
        self.p2 = p2
        self.p3 = p3
    }

    /// The straight line from `start` to `end` (controls at the thirds, so the parameter is uniform).
    public init(lineFrom start: CGPoint, to end: CGPoint) {
        self.init(start, start.lerp(to: end, 1.0 / 3.0), start.lerp(to: end, 2.0 / 3.0), end)
    }

    /// The quadratic curve `start, control, end`, degree-elevated without changing its shape.
    public init(quadFrom start: CGPoint, control: CGPoint, end: CGPoint) {
        self.init(start, start.lerp(to: control, 2.0 / 3.0), end.lerp(to: control, 2.0 / 3.0), end)
    }

    /// The point at parameter `t`.
    @inlinable
    public func point(at t: CGFloat) -> CGPoint {
        let s = 1 - t
        let a = s * s * s
        let b = 3 * s * s * t
        let c = 3 * s * t * t
        let d = t * t * t
        return CGPoint(
            x: a * p0.x + b * p1.x + c * p2.x + d * p3.x,
            y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    /// The derivative `B′(t)` (the tangent, not normalised).
    @inlinable
    public func derivative(at t: CGFloat) -> CGPoint {
        let s = 1 - t
        let a = 3 * s * s
        let b = 6 * s * t
        let c = 3 * t * t
        return CGPoint(
            x: a * (p1.x - p0.x) + b * (p2.x - p1.x) + c * (p3.x - p2.x),
            y: a * (p1.y - p0.y) + b * (p2.y - p1.y) + c * (p3.y - p2.y))
    }

    /// The two halves at parameter `t`, by de Casteljau's construction; the left half ends and the right
    /// half starts exactly on `point(at: t)`'s de Casteljau value.
    public func split(at t: CGFloat) -> (CubicBezier, CubicBezier) {
        let a = p0.lerp(to: p1, t)
        let b = p1.lerp(to: p2, t)
        let c = p2.lerp(to: p3, t)
        let ab = a.lerp(to: b, t)
        let bc = b.lerp(to: c, t)
        let mid = ab.lerp(to: bc, t)
        return (CubicBezier(p0, a, ab, mid), CubicBezier(mid, bc, c, p3))
    }

    /// The part of the curve between parameters `t0 ≤ t1`; the end points are exact when `t0 == 0` or
    /// `t1 == 1`.
    public func subcurve(from t0: CGFloat, to t1: CGFloat) -> CubicBezier {
        if t0 <= 0 && t1 >= 1 { return self }
        if t0 <= 0 { return split(at: t1).0 }
        if t1 >= 1 { return split(at: t0).1 }
        let right = split(at: t0).1
        return right.split(at: (t1 - t0) / (1 - t0)).0
    }

    /// Wang's bound: the number of uniform parameter steps after which every chord lies within
    /// `tolerance` of the curve, `⌈√(3·M / (4·tolerance))⌉` with `M = max‖p0 − 2p1 + p2‖, ‖p1 − 2p2 + p3‖`,
    /// clamped to `1 ... maximumSegments` (non-finite or enormous curves get the maximum).
    public func flatteningSegmentCount(tolerance: CGFloat, maximumSegments: Int = CubicBezier.maximumSegments) -> Int {
        let d1x = p0.x - 2 * p1.x + p2.x
        let d1y = p0.y - 2 * p1.y + p2.y
        let d2x = p1.x - 2 * p2.x + p3.x
        let d2y = p1.y - 2 * p2.y + p3.y
        let m = max(d1x * d1x + d1y * d1y, d2x * d2x + d2y * d2y).squareRoot()
        return Self.clampedCount((3 * m / (4 * tolerance)).squareRoot(), maximum: maximumSegments)
    }

    /// The total turning of the control polygon in radians: an upper bound of the curve's own turning.
    public var controlPolygonTurning: CGFloat {
        var total: CGFloat = 0
        var previous = CGPoint.zero
        for edge in [p1 - p0, p2 - p1, p3 - p2] where edge.x != 0 || edge.y != 0 {
            if previous.x != 0 || previous.y != 0 { total += atan2(abs(previous.cross(edge)), previous.dot(edge)) }
            previous = edge
        }
        return total
    }

    /// The most steps any one curve is split into by flattening or stroking: bounds the work for huge or
    /// degenerate input (a curve larger than ~10⁷ px then flattens coarser than asked).
    public static let maximumSegments = 1 << 14

    /// `⌈value⌉` clamped to `1 ... maximum`, with NaN and infinity mapped to `maximum`.
    @inlinable
    public static func clampedCount(_ value: CGFloat, maximum: Int) -> Int {
        guard value.isFinite else { return maximum }
        if value <= 1 { return 1 }
        if value >= CGFloat(maximum) { return maximum }
        return Int(value.rounded(.up))
    }
}

extension CGPoint {
    /// `self + (other − self)·t`, written so that `t == 1` gives `other` exactly.
    @inlinable
    func lerp(to other: CGPoint, _ t: CGFloat) -> CGPoint {
        CGPoint(x: (1 - t) * x + t * other.x, y: (1 - t) * y + t * other.y)
    }

    @inlinable
    static func - (a: CGPoint, b: CGPoint) -> CGPoint { CGPoint(x: a.x - b.x, y: a.y - b.y) }

    @inlinable
    func cross(_ other: CGPoint) -> CGFloat { x * other.y - y * other.x }

    @inlinable
    func dot(_ other: CGPoint) -> CGFloat { x * other.x + y * other.y }
}
