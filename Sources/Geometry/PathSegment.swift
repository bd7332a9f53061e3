/// One drawn piece of a subpath, with its start point made explicit. Quadratic curves are given as the
/// equivalent cubics; `closing` is the straight segment `closeSubpath` adds back to the subpath's start.
public enum PathSegment: Equatable, Sendable {
    case line(from: CGPoint, to: CGPoint)
    case cubic(CubicBezier)
    case closing(from: CGPoint, to: CGPoint)

    public var start: CGPoint {
        switch self {
        case .line(let a, _), .closing(let a, _): return a
        case .cubic(let c): return c.p0
        }
    }

    public var end: CGPoint {
        switch self {
        case .line(_, let b), .closing(_, let b): return b
        case .cubic(let c): return c.p3
        }
    }

    /// The arc length.
    public var length: CGFloat {
        switch self {
        case .line(let a, let b), .closing(let a, let b): return (b - a).magnitude
        case .cubic(let c): return c.length()
        }
    }

    /// The parameter at arc length `distance` from the start (`0 ... 1`), given the segment's `length`.
    public func parameter(atLength distance: CGFloat, totalLength: CGFloat) -> CGFloat {
        switch self {
        case .line, .closing:
            guard totalLength > 0 else { return 0 }
            return min(1, max(0, distance / totalLength))
        case .cubic(let c): return c.parameter(atLength: distance, totalLength: totalLength)
        }
    }

    /// The part between parameters `t0 ≤ t1`, as a line or a cubic (a closing segment's part is a line).
    public func subsegment(from t0: CGFloat, to t1: CGFloat) -> PathSegment {
        switch self {
        case .line(let a, let b), .closing(let a, let b):
            let start = t0 <= 0 ? a : a.lerp(to: b, t0)
            let end = t1 >= 1 ? b : a.lerp(to: b, t1)
            return .line(from: start, to: end)
        case .cubic(let c): return .cubic(c.subcurve(from: t0, to: t1))
        }
    }

    /// The element that draws this segment from its start (a closing segment becomes a line).
    public var element: PathElement {
        switch self {
        case .line(_, let b), .closing(_, let b): return .lineTo(b)
        case .cubic(let c): return .curveTo(control1: c.p1, control2: c.p2, end: c.p3)
        }
    }
}

/// A subpath of a `CGPath`: where it starts, its drawing elements (lines, quadratic and cubic curves,
/// never moves or closes), and whether `closeSubpath` ended it.
public struct Subpath: Sendable {
    public let start: CGPoint
    public let elements: ArraySlice<PathElement>
    public let isClosed: Bool

    /// Calls `body` with each segment in order, the closing segment last when the subpath is closed.
    ///
    /// Deliberately not `@inlinable`: inlined into the optimized stroker (Swift 6.3.1, `-O`) the segments
    /// reached it with a corrupted start point; the release-mode stroke tests catch it.
    public func forEachSegment(_ body: (PathSegment) -> Void) {
        var current = start
        for element in elements {
            switch element {
            case .lineTo(let p):
                body(.line(from: current, to: p))
                current = p
            case .quadCurveTo(let c, let e):
                body(.cubic(CubicBezier(quadFrom: current, control: c, end: e)))
                current = e
            case .curveTo(let c1, let c2, let e):
                body(.cubic(CubicBezier(current, c1, c2, e)))
                current = e
            case .moveTo, .closeSubpath: break
            }
        }
        if isClosed { body(.closing(from: current, to: start)) }
    }
}

extension CGPath {
    /// Calls `body` with each subpath that draws something (at least one segment, or a close), in order.
    ///
    /// Robustness rule shared by flattening, measuring, trimming, dashing and stroking: a subpath with a
    /// NaN or infinite coordinate anywhere is skipped as a whole. Elements before the first move start
    /// at (0, 0); a drawing element right after a close starts a new subpath at the closed one's start,
    /// as in Core Graphics.
    public func forEachSubpath(_ body: (Subpath) -> Void) {
        var start = CGPoint.zero
        var first = 0
        var index = 0
        let count = elements.count
        func finish(upTo end: Int, closed: Bool) {
            if end > first || closed, Self.isFinite(start, elements[first..<end]) {
                body(Subpath(start: start, elements: elements[first..<end], isClosed: closed))
            }
        }
        while index < count {
            switch elements[index] {
            case .moveTo(let p):
                finish(upTo: index, closed: false)
                start = p
                first = index + 1
            case .closeSubpath:
                finish(upTo: index, closed: true)
                first = index + 1
            default: break
            }
            index += 1
        }
        finish(upTo: count, closed: false)
    }

    private static func isFinite(_ start: CGPoint, _ elements: ArraySlice<PathElement>) -> Bool {
        guard start.x.isFinite && start.y.isFinite else { return false }
        for element in elements {
            switch element {
            case .lineTo(let p), .moveTo(let p):
                if !(p.x.isFinite && p.y.isFinite) { return false }
            case .quadCurveTo(let c, let e):
                if !(c.x.isFinite && c.y.isFinite && e.x.isFinite && e.y.isFinite) { return false }
            case .curveTo(let c1, let c2, let e):
                if !(c1.x.isFinite && c1.y.isFinite && c2.x.isFinite && c2.y.isFinite && e.x.isFinite && e.y.isFinite) {
                    return false
                }
            case .closeSubpath: break
            }
        }
        return true
    }
}
