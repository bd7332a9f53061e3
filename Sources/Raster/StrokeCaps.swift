import Geometry

extension Stroker {
    /// Appends the cap at the end of a side pair: from `point + h·n` (the left side's end) round to
    /// `point − h·n`, on the side `direction` points to.
    func appendCap(
        _ cap: LineCap, at point: CGPoint, direction d: CGPoint, transform: CGAffineTransform,
        into polygon: inout Polygon
    ) {
        let h = halfWidth
        switch cap {
        case .butt: return
        case .square:
            polygon.append(CGPoint(x: point.x + (d.x - d.y) * h, y: point.y + (d.y + d.x) * h).applying(transform))
            polygon.append(CGPoint(x: point.x + (d.x + d.y) * h, y: point.y + (d.y - d.x) * h).applying(transform))
        case .round:
            appendArc(around: point, from: CGPoint(x: -d.y * h, y: d.x * h), sweep: -.pi) {
                polygon.append($0.applying(transform))
            }
        }
    }

    /// The stroke of a subpath with no length: a disc (round caps) or a square with sides along the unit
    /// vector `d` (square caps) of the line's width, turning the same way as every other contour; nothing
    /// for butt caps.
    func appendDot(
        at point: CGPoint, direction d: CGPoint, cap: LineCap, transform: CGAffineTransform,
        into polygon: inout Polygon
    ) {
        let h = halfWidth
        switch cap {
        case .butt: return
        case .square:
            // Corners at ±h along d and ±h along its normal (−d.y, d.x), in the stroke's turning order.
            let (ax, ay) = (d.x * h, d.y * h)
            let (nx, ny) = (-d.y * h, d.x * h)
            polygon.beginContour()
            polygon.append(CGPoint(x: point.x - ax + nx, y: point.y - ay + ny).applying(transform))
            polygon.append(CGPoint(x: point.x + ax + nx, y: point.y + ay + ny).applying(transform))
            polygon.append(CGPoint(x: point.x + ax - nx, y: point.y + ay - ny).applying(transform))
            polygon.append(CGPoint(x: point.x - ax - nx, y: point.y - ay - ny).applying(transform))
        case .round:
            polygon.beginContour()
            let start = CGPoint(x: point.x + h, y: point.y)
            polygon.append(start.applying(transform))
            appendArc(around: point, from: CGPoint(x: h, y: 0), sweep: -2 * .pi) {
                polygon.append($0.applying(transform))
            }
        }
    }

    /// Appends to `side` the points strictly between `center + from` and the end of an arc of `sweep`
    /// radians (positive: from +x towards +y) around `center`.
    func appendArc(around center: CGPoint, from: CGPoint, sweep: CGFloat, into side: inout [CGPoint]) {
        appendArc(around: center, from: from, sweep: sweep) { side.append($0) }
    }

    /// Calls `body` with the points strictly between `center + from` and the end of an arc of `sweep`
    /// radians around `center`, spaced so that no chord is farther than the tolerance from the arc (the
    /// step angle 2·acos(1 − tolerance/h)), at most `maximumArcSteps` steps.
    func appendArc(around center: CGPoint, from: CGPoint, sweep: CGFloat, _ body: (CGPoint) -> Void) {
        let radius = (from.x * from.x + from.y * from.y).squareRoot()
        let maximumStep = tolerance < radius ? 2 * acos(1 - tolerance / radius) : CGFloat.pi / 2
        let steps = CubicBezier.clampedCount(abs(sweep) / maximumStep, maximum: Self.maximumArcSteps)
        guard steps > 1 else { return }
        let step = sweep / CGFloat(steps)
        let (cosine, sine) = (cos(step), sin(step))
        var vector = from
        for _ in 1..<steps {
            vector = CGPoint(x: vector.x * cosine - vector.y * sine, y: vector.x * sine + vector.y * cosine)
            body(CGPoint(x: center.x + vector.x, y: center.y + vector.y))
        }
    }

    /// The most chords one round join, cap or dot is made of (enough for 0.05 px up to a radius of 40 000
    /// px; larger ones are coarser, and far outside any bitmap).
    static let maximumArcSteps = 1024
}
