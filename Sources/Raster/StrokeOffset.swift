import Geometry

/// The two offset sides of a subpath: at a centre-line point `p` with unit direction `d`, the left side is
/// `p + h·n` and the right side `p − h·n`, with `n = (−d.y, d.x)` and `h` half the line width. Every piece
/// between consecutive stations (left forward, right backward) then turns the same way, which is what
/// makes the non-zero fill of the outline the union of the pieces.
extension Stroker {
    /// Starts both sides at `point`.
    func begin(at point: CGPoint, direction d: CGPoint) {
        left.append(CGPoint(x: point.x - d.y * halfWidth, y: point.y + d.x * halfWidth))
        right.append(CGPoint(x: point.x + d.y * halfWidth, y: point.y - d.x * halfWidth))
    }

    /// Moves both sides on to `point`, with no corner since the previous station; returns the two new
    /// side points.
    @discardableResult
    func advance(to point: CGPoint, direction d: CGPoint) -> (left: CGPoint, right: CGPoint) {
        let sides = (
            left: CGPoint(x: point.x - d.y * halfWidth, y: point.y + d.x * halfWidth),
            right: CGPoint(x: point.x + d.y * halfWidth, y: point.y - d.x * halfWidth)
        )
        left.append(sides.left)
        right.append(sides.right)
        return sides
    }

    /// Moves along a curve from `previous` to `point`, and repairs a side that runs backwards there (the
    /// inner side of a stroke wider than the curve's diameter): the piece between the two stations is
    /// then a bow tie whose far triangle, beyond the point where the two normals cross, the fill would count
    /// negatively, so that triangle is added twice more, turning the right way.
    ///
    /// A reversal shallower than `shallowReversal` of the half-width is left alone: the curvature radius of
    /// UIKit's four-cubic circles runs from 0.992 to 1.022 times their radius, so an arc stroked exactly as
    /// wide as its diameter (seed 000) reverses by up to 0.8 % along its inner side, which wanders within
    /// 0.7 px of the centre at 1080p; repairing those slivers would sprinkle specks around the centre. The
    /// price: a stroke less than 1.2 % wider than its curve's diameter may leave a hole beyond the centre
    /// of curvature, at most 1.2 % of the half-width across.
    func advance(along previous: CGPoint, to point: CGPoint, direction d: CGPoint) {
        let leftPrevious = left.last!
        let rightPrevious = right.last!
        let sides = advance(to: point, direction: d)
        let moveX = point.x - previous.x
        let moveY = point.y - previous.y
        repairIfBackwards(from: leftPrevious, to: sides.left, previous, point, moveX, moveY)
        repairIfBackwards(from: rightPrevious, to: sides.right, previous, point, moveX, moveY)
    }

    /// Reversals of the inner side shallower than this fraction of the half-width are not repaired.
    static let shallowReversal: CGFloat = 0.012

    private func repairIfBackwards(
        from a: CGPoint, to b: CGPoint, _ previous: CGPoint, _ point: CGPoint, _ moveX: CGFloat, _ moveY: CGFloat
    ) {
        let stepX = b.x - a.x
        let stepY = b.y - a.y
        guard stepX * moveX + stepY * moveY < 0, stepX * stepX + stepY * stepY > tolerance * tolerance else { return }
        // Where the two normals cross: the bow tie's waist.
        let ux = a.x - previous.x
        let uy = a.y - previous.y
        let vx = b.x - point.x
        let vy = b.y - point.y
        let denominator = ux * vy - uy * vx
        var waist = CGPoint(x: (previous.x + point.x) / 2, y: (previous.y + point.y) / 2)
        if denominator != 0 {
            let s = ((point.x - previous.x) * vy - (point.y - previous.y) * vx) / denominator
            if s.isFinite { waist = CGPoint(x: previous.x + s * ux, y: previous.y + s * uy) }
        }
        let depth = max(hypot(a.x - waist.x, a.y - waist.y), hypot(b.x - waist.x, b.y - waist.y))
        guard depth > Self.shallowReversal * halfWidth else { return }
        let turn = (a.x - waist.x) * (b.y - waist.y) - (a.y - waist.y) * (b.x - waist.x)
        let (first, second) = turn < 0 ? (a, b) : (b, a)
        for _ in 0..<2 {
            repairs.append(waist)
            repairs.append(first)
            repairs.append(second)
        }
    }

    /// Turns both sides at `point` from direction `from` to direction `to`: the inner side pivots through
    /// the centre-line point, the outer side gets `join`. A turn so slight that the sides' gap is within
    /// the tolerance adds nothing.
    func turn(at point: CGPoint, from a: CGPoint, to b: CGPoint, join: LineJoin) {
        let cross = a.x * b.y - a.y * b.x
        let dot = a.x * b.x + a.y * b.y
        let h = halfWidth
        // A turn whose outer gap (h·sin θ) is within the tolerance needs no corner at all.
        if dot > 0 && abs(cross) * h <= tolerance { return }
        let inLeft = CGPoint(x: -a.y * h, y: a.x * h)
        let outLeft = CGPoint(x: -b.y * h, y: b.x * h)
        if cross > 0 {
            left.append(point)
            left.append(CGPoint(x: point.x + outLeft.x, y: point.y + outLeft.y))
            let inRight = CGPoint(x: -inLeft.x, y: -inLeft.y)
            let outRight = CGPoint(x: -outLeft.x, y: -outLeft.y)
            appendJoin(join, at: point, from: inRight, to: outRight, cosine: dot, side: &right)
            right.append(CGPoint(x: point.x + outRight.x, y: point.y + outRight.y))
        } else {
            appendJoin(join, at: point, from: inLeft, to: outLeft, cosine: dot, side: &left)
            left.append(CGPoint(x: point.x + outLeft.x, y: point.y + outLeft.y))
            right.append(point)
            right.append(CGPoint(x: point.x - outLeft.x, y: point.y - outLeft.y))
        }
    }

    /// The points strictly between the outer corners `point + a` and `point + b` (offsets of length h)
    /// for `join`; `cosine` is the cosine of the turn.
    private func appendJoin(
        _ join: LineJoin, at point: CGPoint, from a: CGPoint, to b: CGPoint, cosine: CGFloat, side: inout [CGPoint]
    ) {
        switch join {
        case .bevel: return
        case .miter:
            // Miter length over line width is 1/cos(turn/2); keep it within the limit.
            guard miterLimit * miterLimit * (1 + cosine) >= 2 else { return }
            let k = 1 / (1 + cosine)
            side.append(CGPoint(x: point.x + (a.x + b.x) * k, y: point.y + (a.y + b.y) * k))
        case .round:
            let sweep = atan2(a.x * b.y - a.y * b.x, a.x * b.x + a.y * b.y)
            appendArc(around: point, from: a, sweep: sweep, into: &side)
        }
    }

    /// Offsets a cubic: stations at uniform parameter steps, each with the curve's true normal. The step
    /// count keeps both the centre-line chords (Wang's bound) and the offset chords (h·Δθ²/8, Δθ the turn
    /// between stations, bounded through the control polygon's total turning) within half the tolerance
    /// each. Where the curve turns sharply between two stations (a cusp), the chord between them is
    /// stroked as a straight piece with round corners. Returns the direction the sides end with. The
    /// turning term is capped like a round join (`maximumArcSteps`), so absurdly wide strokes stay cheap.
    func offsetCurve(_ curve: CubicBezier, startDirection: CGPoint, endDirection: CGPoint) -> CGPoint {
        let byChords = curve.flatteningSegmentCount(tolerance: tolerance / 2)
        let stepAngle = min(0.4, (4 * tolerance / halfWidth).squareRoot())
        let byTurning = CubicBezier.clampedCount(
            curve.controlPolygonTurning / stepAngle, maximum: Self.maximumArcSteps)
        let steps = max(byChords, byTurning)
        let dt = 1 / CGFloat(steps)
        let leftStart = left.count
        let rightStart = right.count
        var previous = curve.p0
        var previousDirection = startDirection
        for i in 1...steps {
            let point = i == steps ? curve.p3 : curve.point(at: CGFloat(i) * dt)
            var direction = endDirection
            if i < steps {
                let derivative = curve.derivative(at: CGFloat(i) * dt)
                direction = unit(derivative.x, derivative.y) ?? previousDirection
            }
            guard let chord = unit(point.x - previous.x, point.y - previous.y) else {
                if i == steps { turn(at: point, from: previousDirection, to: direction, join: .round) }
                previousDirection = i == steps ? direction : previousDirection
                continue
            }
            let smooth = Self.smoothCosine
            if previousDirection.x * chord.x + previousDirection.y * chord.y < smooth
                || chord.x * direction.x + chord.y * direction.y < smooth
            {
                turn(at: previous, from: previousDirection, to: chord, join: .round)
                advance(to: point, direction: chord)
                turn(at: point, from: chord, to: direction, join: .round)
            } else {
                advance(along: previous, to: point, direction: direction)
            }
            previous = point
            previousDirection = direction
        }
        // A side that stays near one point while the curve spans much more is the collapsed inner side.
        let span = max(abs(curve.p3.x - curve.p0.x), abs(curve.p3.y - curve.p0.y))
        let reach = max(tolerance, Self.collapsedSide * halfWidth)
        if span > 8 * reach {
            collapseIfClustered(&left, from: leftStart, within: reach)
            collapseIfClustered(&right, from: rightStart, within: reach)
        }
        return previousDirection
    }

    /// An offset side of a curve that stays within a box of this fraction of the half-width (and of the
    /// tolerance at least) while the curve's ends lie more than 8 such boxes apart is collapsed to its
    /// last point (see `collapseIfClustered`).
    static let collapsedSide: CGFloat = 0.005

    /// Replaces the points `side[first...]` by the last of them when they and the point before them all
    /// lie within a box of diagonal `reach`. That is the inner side of a curve stroked about as wide as
    /// its diameter (seed 000's arc): its stations all fall near the centre of curvature, wandering as far
    /// as the cubic's normals miss it (up to 0.7 px at 1080p), and hundreds of tiny edges there would cost
    /// the rasterizer more than the rest of the outline for a change of coverage confined to that box.
    private func collapseIfClustered(_ side: inout [CGPoint], from first: Int, within reach: CGFloat) {
        guard first >= 1, side.count - first >= 2 else { return }
        var minX = side[first - 1].x
        var maxX = minX
        var minY = side[first - 1].y
        var maxY = minY
        for p in side[first...] {
            minX = min(minX, p.x)
            maxX = max(maxX, p.x)
            minY = min(minY, p.y)
            maxY = max(maxY, p.y)
        }
        let dx = maxX - minX
        let dy = maxY - minY
        guard dx * dx + dy * dy <= reach * reach else { return }
        let last = side[side.count - 1]
        side.removeSubrange(first...)
        side.append(last)
    }

    /// Consecutive stations whose directions differ from their chord by more than this angle's cosine
    /// (cos 0.5 rad) are stroked as a straight piece with round corners.
    static let smoothCosine: CGFloat = 0.8775825618903728
}
