/// A cubic Bézier timing curve from (0,0) to (1,1) through two control points, as Core Animation's
/// `CAMediaTimingFunction`. Inputs are clamped to [0, 1] before solving, as Apple does.
/// `@unchecked Sendable`: immutable after creation.
public final class CAMediaTimingFunction: Equatable, Hashable, @unchecked Sendable, CustomStringConvertible {
    /// The first control point (point 1 of 0…3).
    public let c1: CGPoint
    /// The second control point (point 2 of 0…3).
    public let c2: CGPoint
    private let curve: UnitBezier

    /// A curve with control points (c1x, c1y) and (c2x, c2y); the end points are fixed at (0,0) and (1,1).
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        c1 = CGPoint(x: CGFloat(c1x), y: CGFloat(c1y))
        c2 = CGPoint(x: CGFloat(c2x), y: CGFloat(c2y))
        curve = UnitBezier(x1: c1.x, y1: c1.y, x2: c2.x, y2: c2.y)
    }

    /// Double-precision control points, for callers that hold them as `CGFloat` (scene files).
    public init(controlPoints c1: CGPoint, _ c2: CGPoint) {
        self.c1 = c1
        self.c2 = c2
        curve = UnitBezier(x1: c1.x, y1: c1.y, x2: c2.x, y2: c2.y)
    }

    /// One of the predefined curves, with Apple's documented control points.
    public convenience init(name: CAMediaTimingFunctionName) {
        let p = TimingFunctionNames.points(named: name.rawValue) ?? TimingFunctionNames.all[0].points
        self.init(controlPoints: CGPoint(x: p[0], y: p[1]), CGPoint(x: p[2], y: p[3]))
    }

    /// Control point `index` (0…3) written into `values[0]` (x) and `values[1]` (y).
    public func getControlPoint(at index: Int, values: UnsafeMutablePointer<Float>) {
        let p = controlPoint(at: index)
        values[0] = Float(p.x)
        values[1] = Float(p.y)
    }

    /// Control point `index` (0…3): (0,0), c1, c2, (1,1).
    public func controlPoint(at index: Int) -> CGPoint {
        switch index {
        case 0: return .zero
        case 1: return c1
        case 2: return c2
        default: return CGPoint(x: 1, y: 1)
        }
    }

    /// The eased progress for `x`: solves x(t) = clamp(x) and returns y(t). Never NaN for a finite
    /// or infinite `x`; a NaN input is treated as 0.
    public func solve(_ x: Double) -> Double { curve.solve(x) }

    /// True for the identity curve, which the engine may skip.
    var isLinear: Bool { curve.isIdentity }

    public static func == (lhs: CAMediaTimingFunction, rhs: CAMediaTimingFunction) -> Bool {
        lhs.c1 == rhs.c1 && lhs.c2 == rhs.c2
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(c1.x)
        hasher.combine(c1.y)
        hasher.combine(c2.x)
        hasher.combine(c2.y)
    }

    public var description: String { "CAMediaTimingFunction(\(c1.x), \(c1.y), \(c2.x), \(c2.y))" }
}
