/// The shape of one rounded corner, in units of the radius, as twelve points (p, q): p radii back along
/// the edge the corner is entered by, q radii along the edge it leaves by, both from the corner point.
/// They are the start, then a cubic (two controls and an end), a short line, a cubic, a short line and
/// a cubic.
///
/// The continuous corner is PaintCode's reconstruction of iOS 7's `UIBezierPath(roundedRect:
/// cornerRadius:)` ("Code for iOS 7 rounded rectangles", paintcodeapp.com/news/code-for-ios-7-rounded-
/// rectangles), made exactly symmetric: it leaves the edge 1.52866483 radii from the corner, and its
/// curvature grows from zero instead of jumping to 1/r. The reconstruction fits Apple's shape; its
/// agreement with Core Animation's `.continuous` is observed by many ports, not documented by Apple.
///
/// Where the continuous corner does not fit — its reach is more than half the shorter side — the
/// shape is blended toward the circular corner just enough that it reaches exactly half the side, so
/// a radius of half the side gives a true capsule and the shape changes smoothly with the radius
/// (Core Animation's behaviour there is unverified; this follows SwiftUI's continuous capsule).
public struct CornerProfile: Equatable, Sendable {
    /// The twelve points, in radii.
    public let points: [CGPoint]

    /// Whether the corner is one cubic (the circular profile): `points` then holds only its start and
    /// the cubic.
    public var isSingleCubic: Bool { points.count == 4 }

    /// The profile of `curve` for a corner of `radius` in a rectangle whose shorter side is twice
    /// `halfSide` (radius ≤ halfSide).
    public init(curve: CALayerCornerCurve, radius: CGFloat, halfSide: CGFloat) {
        guard curve == .continuous, radius > 0 else {
            points = ContinuousCorner.circular
            return
        }
        let fit = halfSide / radius
        if fit >= ContinuousCorner.reach {
            points = ContinuousCorner.continuous
            return
        }
        // The weight of the circular profile that makes the reach (1 − s)·1.5287 + s·1 equal `fit`.
        let s = min(1, max(0, (ContinuousCorner.reach - fit) / (ContinuousCorner.reach - 1)))
        if s >= 1 {
            points = ContinuousCorner.circular
            return
        }
        points = zip(ContinuousCorner.continuous, ContinuousCorner.circularAsContinuous).map { c, o in
            CGPoint(x: c.x + (o.x - c.x) * s, y: c.y + (o.y - c.y) * s)
        }
    }

    /// How far the corner reaches along each edge, in radii.
    public var reach: CGFloat { points[0].x }
}

/// The profile tables of `CornerProfile`.
enum ContinuousCorner {
    /// The continuous corner's reach along each edge, in radii.
    static let reach: CGFloat = 1.52866483

    static let continuous: [CGPoint] = [
        CGPoint(x: reach, y: 0),
        CGPoint(x: 1.08849323, y: 0), CGPoint(x: 0.86840689, y: 0), CGPoint(x: 0.66993427, y: 0.06549600),
        CGPoint(x: 0.63149399, y: 0.07491100),
        CGPoint(x: 0.37282392, y: 0.16905899), CGPoint(x: 0.16905899, y: 0.37282392),
        CGPoint(x: 0.07491100, y: 0.63149399),
        CGPoint(x: 0.06549600, y: 0.66993427),
        CGPoint(x: 0, y: 0.86840689), CGPoint(x: 0, y: 1.08849323), CGPoint(x: 0, y: reach),
    ]

    /// Core Graphics' quarter circle (one cubic, handles 4/3·tan(π/8) of the radius).
    static let circular: [CGPoint] = {
        let k = 1 - 4 / 3 * tan(CGFloat.pi / 8)
        return [CGPoint(x: 1, y: 0), CGPoint(x: k, y: 0), CGPoint(x: 0, y: k), CGPoint(x: 0, y: 1)]
    }()

    /// The quarter circle in the continuous profile's twelve steps (the first and last cubics and the
    /// lines collapsed to points), so the two can be blended point by point.
    static let circularAsContinuous: [CGPoint] = {
        let (start, end) = (circular[0], circular[3])
        return [start, start, start, start, start, circular[1], circular[2], end, end, end, end, end]
    }()
}
