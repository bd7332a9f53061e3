/// One element of a path, in Core Graphics' element model. Points are in the path's own space.
public enum PathElement: Equatable, Hashable, Sendable {
    case moveTo(CGPoint)
    case lineTo(CGPoint)
    case quadCurveTo(control: CGPoint, end: CGPoint)
    case curveTo(control1: CGPoint, control2: CGPoint, end: CGPoint)
    case closeSubpath

    /// The points the element carries, controls first, end point last.
    public var points: [CGPoint] {
        switch self {
        case .moveTo(let p), .lineTo(let p): return [p]
        case .quadCurveTo(let c, let e): return [c, e]
        case .curveTo(let c1, let c2, let e): return [c1, c2, e]
        case .closeSubpath: return []
        }
    }

    /// The same element with every point mapped by `transform`.
    public func mapPoints(_ transform: (CGPoint) -> CGPoint) -> PathElement {
        switch self {
        case .moveTo(let p): return .moveTo(transform(p))
        case .lineTo(let p): return .lineTo(transform(p))
        case .quadCurveTo(let c, let e): return .quadCurveTo(control: transform(c), end: transform(e))
        case .curveTo(let c1, let c2, let e):
            return .curveTo(control1: transform(c1), control2: transform(c2), end: transform(e))
        case .closeSubpath: return .closeSubpath
        }
    }
}

/// An immutable path: a list of subpaths made of lines and quadratic and cubic Béziers, as in
/// Core Graphics. Being a class keeps `CGMutablePath` a `CGPath`, so ported code reads as written;
/// `CGPath` itself never changes after creation (hence `@unchecked Sendable`: a `CGPath` that is not a
/// `CGMutablePath` is immutable).
open class CGPath: Equatable, Hashable, @unchecked Sendable {
    /// The elements in order.
    public internal(set) var elements: [PathElement]

    public init(elements: [PathElement] = []) {
        self.elements = elements
    }

    /// A path holding exactly `rect`, as `CGPath(rect:transform:)`.
    public convenience init(rect: CGRect, transform: CGAffineTransform? = nil) {
        let path = CGMutablePath()
        path.addRect(rect, transform: transform ?? .identity)
        self.init(elements: path.elements)
    }

    /// An ellipse inscribed in `rect`, as `CGPath(ellipseIn:transform:)`.
    public convenience init(ellipseIn rect: CGRect, transform: CGAffineTransform? = nil) {
        let path = CGMutablePath()
        path.addEllipse(in: rect, transform: transform ?? .identity)
        self.init(elements: path.elements)
    }

    /// A rounded rectangle, as `CGPath(roundedRect:cornerWidth:cornerHeight:transform:)`.
    public convenience init(
        roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: CGAffineTransform? = nil
    ) {
        let path = CGMutablePath()
        path.addRoundedRect(
            in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight, transform: transform ?? .identity)
        self.init(elements: path.elements)
    }

    public static func == (lhs: CGPath, rhs: CGPath) -> Bool { lhs.elements == rhs.elements }

    public func hash(into hasher: inout Hasher) { hasher.combine(elements) }

    /// True when the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// An immutable copy.
    public func copy() -> CGPath { CGPath(elements: elements) }

    /// A mutable copy.
    public func mutableCopy() -> CGMutablePath { CGMutablePath(elements: elements) }

    /// A copy with every point mapped by `transform`.
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        guard let transform else { return copy() }
        return copy(applying: transform.pointee)
    }

    /// A copy with every point mapped by `transform`.
    public func copy(applying transform: CGAffineTransform) -> CGPath {
        CGPath(elements: elements.map { $0.mapPoints { $0.applying(transform) } })
    }

    /// The end point of the last element, or `.zero` for an empty path (Core Graphics' rule); after a
    /// close, the start of the closed subpath.
    public var currentPoint: CGPoint {
        var subpathStart = CGPoint.zero
        var current = CGPoint.zero
        for element in elements {
            switch element {
            case .moveTo(let p):
                subpathStart = p
                current = p
            case .closeSubpath: current = subpathStart
            default: current = element.points.last!
            }
        }
        return current
    }

    /// The smallest rectangle containing every point of the path, control points included
    /// (Core Graphics' `boundingBox`); `.null` for an empty path.
    public var boundingBox: CGRect {
        var minX = CGFloat.infinity, minY = CGFloat.infinity
        var maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        for element in elements {
            for p in element.points {
                minX = min(minX, p.x)
                minY = min(minY, p.y)
                maxX = max(maxX, p.x)
                maxY = max(maxY, p.y)
            }
        }
        guard minX <= maxX else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Calls `body` with each element in order (Core Graphics' `applyWithBlock`, as a Swift enum).
    public func forEachElement(_ body: (PathElement) -> Void) {
        elements.forEach(body)
    }
}

/// A path that can grow, with Core Graphics' builders. Angles are radians from the +x axis; in a y-down
/// (UIKit) space increasing angles turn clockwise on screen, so `clockwise: false` looks clockwise there.
///
/// `@unchecked Sendable` as Core Graphics' own: a mutable path is built on one thread; share it only
/// once it is no longer changed (or share an immutable `copy`).
public final class CGMutablePath: CGPath, @unchecked Sendable {
    public override init(elements: [PathElement] = []) {
        super.init(elements: elements)
    }

    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        elements.append(.moveTo(point.applying(transform)))
    }

    /// Adds a line; with no current subpath, it starts one at `point` (a move).
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        guard hasCurrentPoint else { return move(to: point, transform: transform) }
        elements.append(.lineTo(point.applying(transform)))
    }

    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        move(to: first, transform: transform)
        for p in points.dropFirst() { addLine(to: p, transform: transform) }
    }

    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        if !hasCurrentPoint { move(to: control, transform: transform) }
        elements.append(.quadCurveTo(control: control.applying(transform), end: end.applying(transform)))
    }

    public func addCurve(
        to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity
    ) {
        if !hasCurrentPoint { move(to: control1, transform: transform) }
        elements.append(
            .curveTo(
                control1: control1.applying(transform), control2: control2.applying(transform),
                end: end.applying(transform)))
    }

    public func closeSubpath() {
        guard hasCurrentPoint, elements.last != .closeSubpath else { return }
        elements.append(.closeSubpath)
    }

    /// A closed rectangle: a move to the minimum corner, three lines and a close.
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        move(to: CGPoint(x: r.minX, y: r.minY), transform: transform)
        addLine(to: CGPoint(x: r.maxX, y: r.minY), transform: transform)
        addLine(to: CGPoint(x: r.maxX, y: r.maxY), transform: transform)
        addLine(to: CGPoint(x: r.minX, y: r.maxY), transform: transform)
        closeSubpath()
    }

    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for rect in rects { addRect(rect, transform: transform) }
    }

    /// An ellipse inscribed in `rect`: a move at 3 o'clock, four cubics by increasing angle (clockwise
    /// on a y-down screen), and a close, as Core Graphics builds it.
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        let center = CGPoint(x: r.midX, y: r.midY)
        let toEllipse = CGAffineTransform(a: r.width / 2, b: 0, c: 0, d: r.height / 2, tx: center.x, ty: center.y)
            .concatenating(transform)
        move(to: CGPoint(x: 1, y: 0), transform: toEllipse)
        appendArcCubics(startAngle: 0, sweep: 2 * .pi, transform: toEllipse)
        closeSubpath()
    }

    /// A closed rounded rectangle whose corners are quarter ellipses of `cornerWidth` × `cornerHeight`
    /// (clamped to half the rectangle's size), running by increasing angle from the top of the right edge.
    public func addRoundedRect(
        in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: CGAffineTransform = .identity
    ) {
        let r = rect.standardized
        let rx = max(0, min(cornerWidth, r.width / 2))
        let ry = max(0, min(cornerHeight, r.height / 2))
        guard rx > 0, ry > 0 else { return addRect(r, transform: transform) }
        func corner(_ cx: CGFloat, _ cy: CGFloat, _ start: CGFloat) {
            let toCorner = CGAffineTransform(a: rx, b: 0, c: 0, d: ry, tx: cx, ty: cy).concatenating(transform)
            addLine(to: CGPoint(x: cos(start), y: sin(start)), transform: toCorner)
            appendArcCubics(startAngle: start, sweep: .pi / 2, transform: toCorner)
        }
        move(to: CGPoint(x: r.maxX, y: r.minY + ry), transform: transform)
        corner(r.maxX - rx, r.maxY - ry, 0)
        corner(r.minX + rx, r.maxY - ry, .pi / 2)
        corner(r.minX + rx, r.minY + ry, .pi)
        corner(r.maxX - rx, r.minY + ry, 3 * .pi / 2)
        closeSubpath()
    }

    /// A circular arc. `clockwise: false` runs by increasing angle. Equal angles add nothing but the
    /// connecting line; angles a whole turn or more apart give a full circle in the asked direction
    /// (Core Graphics' behaviour, on which the clock-wipe seed relies).
    public func addArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
        transform: CGAffineTransform = .identity
    ) {
        let sweep = Self.arcSweep(from: startAngle, to: endAngle, clockwise: clockwise)
        addRelativeArc(center: center, radius: radius, startAngle: startAngle, delta: sweep, transform: transform)
    }

    /// A circular arc of `delta` radians from `startAngle` (positive: increasing angle).
    public func addRelativeArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat, transform: CGAffineTransform = .identity
    ) {
        let toCircle = CGAffineTransform(a: radius, b: 0, c: 0, d: radius, tx: center.x, ty: center.y)
            .concatenating(transform)
        let start = CGPoint(x: cos(startAngle), y: sin(startAngle))
        if hasCurrentPoint {
            addLine(to: start, transform: toCircle)
        } else {
            move(to: start, transform: toCircle)
        }
        appendArcCubics(startAngle: startAngle, sweep: delta, transform: toCircle)
    }

    /// An arc of `radius` tangent to the lines current point → `tangent1End` and `tangent1End` →
    /// `tangent2End`, preceded by a line to its first tangent point (`CGContextAddArcToPoint`).
    public func addArc(
        tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat, transform: CGAffineTransform = .identity
    ) {
        guard hasCurrentPoint else { return move(to: tangent1End, transform: transform) }
        let p0 = currentPoint.applying(transform.inverted())
        let (p1, p2) = (tangent1End, tangent2End)
        let v1 = CGPoint(x: p0.x - p1.x, y: p0.y - p1.y)
        let v2 = CGPoint(x: p2.x - p1.x, y: p2.y - p1.y)
        let l1 = hypot(v1.x, v1.y)
        let l2 = hypot(v2.x, v2.y)
        let cross = v1.x * v2.y - v1.y * v2.x
        guard radius > 0, l1 > 0, l2 > 0, abs(cross) > 1e-12 * l1 * l2 else {
            return addLine(to: p1, transform: transform)
        }
        let cosine = max(-1, min(1, (v1.x * v2.x + v1.y * v2.y) / (l1 * l2)))
        let halfAngle = acos(cosine) / 2
        let tangentDistance = radius / tan(halfAngle)
        let t1 = CGPoint(x: p1.x + v1.x / l1 * tangentDistance, y: p1.y + v1.y / l1 * tangentDistance)
        let bisector = CGPoint(x: v1.x / l1 + v2.x / l2, y: v1.y / l1 + v2.y / l2)
        let bisectorLength = hypot(bisector.x, bisector.y)
        let centerDistance = radius / sin(halfAngle)
        let center = CGPoint(
            x: p1.x + bisector.x / bisectorLength * centerDistance,
            y: p1.y + bisector.y / bisectorLength * centerDistance)
        let startAngle = atan2(t1.y - center.y, t1.x - center.x)
        let sweep = (.pi - 2 * halfAngle) * (cross > 0 ? -1 : 1)
        addLine(to: t1, transform: transform)
        let toCircle = CGAffineTransform(a: radius, b: 0, c: 0, d: radius, tx: center.x, ty: center.y)
            .concatenating(transform)
        appendArcCubics(startAngle: startAngle, sweep: sweep, transform: toCircle)
    }

    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        elements += path.elements.map { $0.mapPoints { $0.applying(transform) } }
    }

    /// The sweep of `addArc`, by Core Graphics' rule (see the notes on arcs in the README).
    static func arcSweep(from start: CGFloat, to end: CGFloat, clockwise: Bool) -> CGFloat {
        let turn = 2 * CGFloat.pi
        let delta = end - start
        if delta == 0 || !delta.isFinite { return 0 }
        if clockwise {
            if delta <= -turn { return -turn }
            return delta < 0 ? delta : delta.truncatingRemainder(dividingBy: turn) - turn
        } else {
            if delta >= turn { return turn }
            return delta > 0 ? delta : turn + delta.truncatingRemainder(dividingBy: turn)
        }
    }

    /// Appends the cubics of a unit-circle arc (one per ≤ 90°, equal pieces, handle 4/3·tan(θ/4)),
    /// mapped by `transform`; the current point must already be the arc's start. The last cubic ends
    /// at `exactEnd` when given (an SVG arc's end point, which the mapped circle reaches only within
    /// rounding).
    package func appendArcCubics(
        startAngle: CGFloat, sweep: CGFloat, transform: CGAffineTransform, exactEnd: CGPoint? = nil
    ) {
        guard sweep != 0, sweep.isFinite, startAngle.isFinite else { return }
        let pieces = max(1, Int((abs(sweep) / (.pi / 2) - 1e-9).rounded(.up)))
        let theta = sweep / CGFloat(pieces)
        let k = 4 / 3 * tan(theta / 4)
        var angle = startAngle
        for piece in 0..<pieces {
            let next = angle + theta
            let (c0, s0) = (cos(angle), sin(angle))
            let (c1, s1) = (cos(next), sin(next))
            let end = piece == pieces - 1 ? exactEnd : nil
            elements.append(
                .curveTo(
                    control1: CGPoint(x: c0 - k * s0, y: s0 + k * c0).applying(transform),
                    control2: CGPoint(x: c1 + k * s1, y: s1 - k * c1).applying(transform),
                    end: end ?? CGPoint(x: c1, y: s1).applying(transform)))
            angle = next
        }
    }

    private var hasCurrentPoint: Bool { !elements.isEmpty }
}
