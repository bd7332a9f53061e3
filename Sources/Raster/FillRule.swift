/// Which points a self-overlapping polygon covers, as in Core Graphics (`CAShapeLayerFillRule`).
public enum FillRule: Sendable, Equatable {
    /// Covered where the winding number is not zero.
    case nonZero
    /// Covered where the winding number is odd.
    case evenOdd
}
