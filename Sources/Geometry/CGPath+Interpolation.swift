extension CGPath {
    /// True when both paths have the same element kinds in the same order, so they can be blended.
    public func hasSameStructure(as other: CGPath) -> Bool {
        guard elements.count == other.elements.count else { return false }
        for (a, b) in zip(elements, other.elements) {
            switch (a, b) {
            case (.moveTo, .moveTo), (.lineTo, .lineTo), (.quadCurveTo, .quadCurveTo), (.curveTo, .curveTo),
                (.closeSubpath, .closeSubpath):
                continue
            default: return false
            }
        }
        return true
    }

    /// The point-by-point linear blend `self + (other − self)·fraction`, or nil when the structures
    /// differ (Core Animation leaves that case undefined; callers decide what to show).
    public func interpolated(to other: CGPath, fraction: CGFloat) -> CGPath? {
        guard hasSameStructure(as: other) else { return nil }
        var blended: [PathElement] = []
        blended.reserveCapacity(elements.count)
        for (a, b) in zip(elements, other.elements) {
            let to = b.points
            var index = 0
            blended.append(
                a.mapPoints { p in
                    defer { index += 1 }
                    let q = to[index]
                    return CGPoint(x: p.x + (q.x - p.x) * fraction, y: p.y + (q.y - p.y) * fraction)
                })
        }
        return CGPath(elements: blended)
    }
}
