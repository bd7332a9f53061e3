import Geometry

extension Stroker {
    /// Appends the outline of one subpath: for an open subpath one contour (left side forward, end cap,
    /// right side backward, start cap); for a closed one two contours (left forward, right backward)
    /// joined at the start like any other corner. Both offset sides are collected in path space first.
    func strokeSubpath(
        _ subpath: Subpath, cap: LineCap, transform: CGAffineTransform, into polygon: inout Polygon
    ) {
        sameness = 1e-9 * max(1, abs(subpath.start.x), abs(subpath.start.y))
        var first: (point: CGPoint, direction: CGPoint)?
        var lastDirection = CGPoint.zero
        subpath.forEachSegment { segment in
            guard let (start, end) = tangents(of: segment) else { return }
            if first == nil { first = (segment.start, start) }
            lastDirection = end
        }
        guard let first else {
            let direction = dotDirection(forMoveAt: subpath.elements.startIndex - 1)
            appendDot(at: subpath.start, direction: direction, cap: cap, transform: transform, into: &polygon)
            return
        }
        left.removeAll(keepingCapacity: true)
        right.removeAll(keepingCapacity: true)
        repairs.removeAll(keepingCapacity: true)
        var started = false
        var direction = first.direction
        var end = first.point
        if subpath.isClosed {
            begin(at: first.point, direction: lastDirection)
            turn(at: first.point, from: lastDirection, to: first.direction, join: join)
            started = true
        }
        subpath.forEachSegment { segment in
            guard let (startDirection, endDirection) = tangents(of: segment) else { return }
            if started {
                turn(at: segment.start, from: direction, to: startDirection, join: join)
            } else {
                begin(at: segment.start, direction: startDirection)
                started = true
            }
            switch segment {
            case .line(_, let to), .closing(_, let to):
                advance(to: to, direction: startDirection)
                direction = startDirection
            case .cubic(let curve):
                direction = offsetCurve(curve, startDirection: startDirection, endDirection: endDirection)
            }
            end = segment.end
        }
        if subpath.isClosed {
            emit(left, reversed: false, transform: transform, into: &polygon)
            emit(right, reversed: true, transform: transform, into: &polygon)
        } else {
            polygon.beginContour()
            for p in left { polygon.append(p.applying(transform)) }
            appendCap(cap, at: end, direction: direction, transform: transform, into: &polygon)
            for p in right.reversed() { polygon.append(p.applying(transform)) }
            let back = CGPoint(x: -first.direction.x, y: -first.direction.y)
            appendCap(cap, at: first.point, direction: back, transform: transform, into: &polygon)
        }
        var index = 0
        while index < repairs.count {
            polygon.beginContour()
            for p in repairs[index..<index + 6] { polygon.append(p.applying(transform)) }
            index += 6
        }
    }

    /// The direction of the zero-length dash whose move is element `index`, or +x for any other dot.
    private func dotDirection(forMoveAt index: Int) -> CGPoint {
        while nextDot < dots.count && dots[nextDot].elementIndex < index { nextDot += 1 }
        if nextDot < dots.count && dots[nextDot].elementIndex == index { return dots[nextDot].direction }
        return CGPoint(x: 1, y: 0)
    }

    /// The unit tangents at the start and end of `segment`, or nil when it has no length (all its points
    /// within `sameness` of its start). A curve whose end handle is degenerate takes the direction of the
    /// next control point that is not.
    func tangents(of segment: PathSegment) -> (CGPoint, CGPoint)? {
        switch segment {
        case .line(let a, let b), .closing(let a, let b):
            guard let d = unit(b.x - a.x, b.y - a.y) else { return nil }
            return (d, d)
        case .cubic(let c):
            guard
                let start = unit(c.p1.x - c.p0.x, c.p1.y - c.p0.y) ?? unit(c.p2.x - c.p0.x, c.p2.y - c.p0.y)
                    ?? unit(c.p3.x - c.p0.x, c.p3.y - c.p0.y),
                let end = unit(c.p3.x - c.p2.x, c.p3.y - c.p2.y) ?? unit(c.p3.x - c.p1.x, c.p3.y - c.p1.y)
                    ?? unit(c.p3.x - c.p0.x, c.p3.y - c.p0.y)
            else { return nil }
            return (start, end)
        }
    }

    /// The vector `(x, y)` scaled to length 1, or nil when it is no longer than `sameness`.
    func unit(_ x: CGFloat, _ y: CGFloat) -> CGPoint? {
        let length = (x * x + y * y).squareRoot()
        guard length > sameness, length.isFinite else { return nil }
        return CGPoint(x: x / length, y: y / length)
    }

    /// Appends one side's points as a contour of its own.
    private func emit(
        _ points: [CGPoint], reversed: Bool, transform: CGAffineTransform, into polygon: inout Polygon
    ) {
        polygon.beginContour()
        if reversed {
            for p in points.reversed() { polygon.append(p.applying(transform)) }
        } else {
            for p in points { polygon.append(p.applying(transform)) }
        }
    }
}
