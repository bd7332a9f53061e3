import Geometry

/// Recognises polygons of one convex contour (an oval, a rounded rectangle, a small disc), for which
/// the rasterizer's search for crossing edges can be skipped: its edges split into two y-monotone
/// chains of opposite directions, so two edges of one chain never share a row (they cannot run side
/// by side) and edges of different chains never cross; the search would find nothing.
enum ConvexContour {
    /// Whether `polygon` is one contour of at least three finite points that turns one way only
    /// (consecutive edges' cross products of one sign, no edge doubling back on the previous one)
    /// and changes vertical direction exactly twice: a convex polygon, wound once.
    static func isConvex(_ polygon: Polygon) -> Bool {
        guard polygon.contourCount == 1 else { return false }
        let range = polygon.contourRange(0)
        guard range.count >= 3 else { return false }
        return polygon.points.withUnsafeBufferPointer { points in
            var previous = points[range.upperBound - 1]
            var last = (dx: 0.0, dy: 0.0)
            var first = (dx: 0.0, dy: 0.0)
            var turn = 0.0
            var lastVertical = 0.0
            var firstVertical = 0.0
            var changes = 0
            for i in range {
                let p = points[i]
                guard p.x.isFinite, p.y.isFinite else { return false }
                let d = (dx: Double(p.x - previous.x), dy: Double(p.y - previous.y))
                previous = p
                if d.dx == 0, d.dy == 0 { continue }
                if first.dx == 0, first.dy == 0 {
                    first = d
                } else if !turnsOneWay(from: last, to: d, &turn) {
                    return false
                }
                last = d
                if d.dy != 0 {
                    if firstVertical == 0 {
                        firstVertical = d.dy
                    } else if (d.dy > 0) != (lastVertical > 0) {
                        changes += 1
                    }
                    lastVertical = d.dy
                }
            }
            // The closing turn, from the last edge back to the first.
            guard turnsOneWay(from: last, to: first, &turn) else { return false }
            if (firstVertical > 0) != (lastVertical > 0) { changes += 1 }
            return changes == 2
        }
    }

    /// Checks the turn from edge `a` to edge `b` against the sign of the turns so far (`turn`, 0 until
    /// one is not straight) and records it.
    @inline(__always)
    private static func turnsOneWay(
        from a: (dx: Double, dy: Double), to b: (dx: Double, dy: Double), _ turn: inout Double
    )
        -> Bool
    {
        let cross = a.dx * b.dy - a.dy * b.dx
        if cross == 0 { return a.dx * b.dx + a.dy * b.dy > 0 }
        if turn == 0 { turn = cross }
        return (cross > 0) == (turn > 0)
    }
}
