/// The flattening tolerance used when none is given: the largest distance, in device pixels, between a
/// curve and the chords that replace it (0.05 px: chord error is coverage error one for one).
public let defaultFlatteningTolerance: CGFloat = 0.05

extension CGPath {
    /// Appends the path, mapped by `transform`, to `polygon` as closed contours of straight edges, one per
    /// subpath (every subpath is implicitly closed, as for filling). Each curve is cut into uniform
    /// parameter steps by Wang's bound, so no chord is farther than `tolerance` device pixels from the
    /// curve (up to `CubicBezier.maximumSegments` steps per curve). Subpaths with NaN or infinite
    /// coordinates are skipped, and a transform with one adds nothing. Nothing is allocated once `polygon`
    /// has grown to its working size.
    public func flatten(
        into polygon: inout Polygon, transform: CGAffineTransform = .identity,
        tolerance: CGFloat = defaultFlatteningTolerance
    ) {
        let tolerance = tolerance > 0 && tolerance.isFinite ? tolerance : defaultFlatteningTolerance
        guard transform.isFinite else { return }
        forEachSubpath { subpath in
            polygon.beginContour()
            polygon.append(subpath.start.applying(transform))
            subpath.forEachSegment { segment in
                switch segment {
                case .line(_, let end): polygon.append(end.applying(transform))
                case .closing: break
                case .cubic(let curve):
                    let device = CubicBezier(
                        curve.p0.applying(transform), curve.p1.applying(transform),
                        curve.p2.applying(transform), curve.p3.applying(transform))
                    let steps = device.flatteningSegmentCount(tolerance: tolerance)
                    let step = 1 / CGFloat(steps)
                    for i in 1..<steps { polygon.append(device.point(at: CGFloat(i) * step)) }
                    polygon.append(device.p3)
                }
            }
        }
    }

    /// The path flattened into a new polygon; see `flatten(into:transform:tolerance:)`.
    public func flattened(
        transform: CGAffineTransform = .identity, tolerance: CGFloat = defaultFlatteningTolerance
    ) -> Polygon {
        var polygon = Polygon()
        flatten(into: &polygon, transform: transform, tolerance: tolerance)
        return polygon
    }
}

extension CGAffineTransform {
    /// True when every coefficient is a finite number.
    public var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }
}
