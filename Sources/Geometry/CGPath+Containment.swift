/// How the inside of a path is decided (`CGPathFillRule`).
public enum CGPathFillRule: Int, Sendable {
    /// Inside where the path winds around the point a non-zero number of times.
    case winding
    /// Inside where a ray from the point crosses the path an odd number of times.
    case evenOdd
}

extension CGPath {
    /// The flattening tolerance of `contains`, in the path's units: a thousandth of a point.
    static let containmentTolerance: CGFloat = 0.001

    /// Whether `point` is inside the path under `rule`, with `transform` applied to the path first, as
    /// Core Graphics' `contains(_:using:transform:)`. Open subpaths count as closed. Curves are
    /// flattened to within `containmentTolerance`, so points nearer the outline than that may go either
    /// way, as may points exactly on it. The edge walk is alike `signedDistance` in LayerShapeTests (GeometryTests)
    /// on purpose: that test counts the winding its own way, to check outlines independently of this.
    public func contains(
        _ point: CGPoint, using rule: CGPathFillRule = .winding, transform: CGAffineTransform = .identity
    ) -> Bool {
        let polygon = flattened(transform: transform, tolerance: Self.containmentTolerance)
        var winding = 0
        for contour in 0..<polygon.contourCount {
            let range = polygon.contourRange(contour)
            for i in range {
                let a = polygon.points[i]
                let b = polygon.points[i + 1 < range.upperBound ? i + 1 : range.lowerBound]
                // Which side of the edge a → b the point is on (positive: left, with y down).
                let side = (b.x - a.x) * (point.y - a.y) - (point.x - a.x) * (b.y - a.y)
                if a.y <= point.y, b.y > point.y, side > 0 { winding += 1 }
                if b.y <= point.y, a.y > point.y, side < 0 { winding -= 1 }
            }
        }
        return rule == .winding ? winding != 0 : winding % 2 != 0
    }
}
