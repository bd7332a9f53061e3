import Geometry

/// How an open stroke ends.
public enum LineCap: Sendable, Hashable {
    /// Flat, exactly at the end point.
    case butt
    /// A half disc of the line's width around the end point.
    case round
    /// Flat, half the line's width beyond the end point.
    case square
}

/// How a stroke turns at a corner between two segments.
public enum LineJoin: Sendable, Hashable {
    /// The outer edges extended to meet, unless that point is farther than `miterLimit` half-widths
    /// (measured as miter length over line width), in which case a bevel.
    case miter
    /// An arc of the line's half-width around the corner.
    case round
    /// The outer corners joined by a straight edge.
    case bevel
}

/// Everything about a stroke except its colour, with Core Animation's defaults.
public struct StrokeStyle: Sendable, Hashable {
    /// The width, in the path's own units (scaled by the transform the path is stroked under).
    public var lineWidth: CGFloat
    public var lineCap: LineCap
    public var lineJoin: LineJoin
    /// The largest ratio of miter length to line width drawn as a miter (Core Graphics' rule).
    public var miterLimit: CGFloat
    /// Alternating drawn and skipped lengths; empty for a solid line.
    public var dashPattern: [CGFloat]
    /// How far into the pattern the first subpath starts.
    public var dashPhase: CGFloat

    public init(
        lineWidth: CGFloat = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter, miterLimit: CGFloat = 10,
        dashPattern: [CGFloat] = [], dashPhase: CGFloat = 0
    ) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dashPattern = dashPattern
        self.dashPhase = dashPhase
    }
}
