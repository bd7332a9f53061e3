extension CubicBezier {
    /// The arc length from parameter 0 to `t` (see `ArcLength` for the quadrature and its accuracy).
    public func length(upTo t: CGFloat = 1) -> CGFloat {
        ArcLength.length(upTo: t) { derivative(at: $0).magnitude }
    }

    /// The parameter at which the arc length from the start equals `distance` (clamped to the curve).
    public func parameter(atLength distance: CGFloat, totalLength: CGFloat? = nil) -> CGFloat {
        ArcLength.parameter(atLength: distance, total: totalLength ?? length()) { derivative(at: $0).magnitude }
    }
}

extension CGPoint {
    /// The Euclidean length of the vector `(x, y)`.
    @inlinable
    var magnitude: CGFloat { (x * x + y * y).squareRoot() }
}
