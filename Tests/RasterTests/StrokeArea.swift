import Geometry

/// Exact area measures of a polygon, independent of the rasterizer.
enum StrokeArea {
    /// The sum of the contours' signed (shoelace) areas: the integral of the winding number.
    static func signed(_ polygon: Polygon) -> Double {
        var total = 0.0
        forEachEdge(polygon) { a, b in total += (a.x * b.y - b.x * a.y) / 2 }
        return total
    }

    /// The area where the winding number is not zero. The plane is cut into horizontal slabs at every
    /// vertex and every crossing of two edges, so inside a slab the edges never cross and the covered
    /// part is a union of trapezoids between consecutive edges.
    static func nonZero(_ polygon: Polygon) -> Double {
        var edges: [(CGPoint, CGPoint)] = []
        forEachEdge(polygon) { a, b in if a.y != b.y { edges.append((a, b)) } }
        var cuts = Set<Double>()
        for (a, b) in edges {
            cuts.insert(a.y)
            cuts.insert(b.y)
        }
        for i in edges.indices {
            for j in edges.indices where j > i {
                if let y = crossingY(edges[i], edges[j]) { cuts.insert(y) }
            }
        }
        let ys = cuts.sorted()
        var area = 0.0
        var crossings: [(x0: Double, x1: Double, xm: Double, winding: Int)] = []
        for (y0, y1) in zip(ys, ys.dropFirst()) where y1 > y0 {
            let ym = (y0 + y1) / 2
            crossings.removeAll(keepingCapacity: true)
            for (a, b) in edges {
                let (low, high) = a.y < b.y ? (a, b) : (b, a)
                guard low.y <= y0, high.y >= y1 else { continue }
                func x(_ y: Double) -> Double { low.x + (high.x - low.x) * (y - low.y) / (high.y - low.y) }
                crossings.append((x(y0), x(y1), x(ym), a.y < b.y ? 1 : -1))
            }
            crossings.sort { $0.xm < $1.xm }
            var winding = 0
            for (left, right) in zip(crossings, crossings.dropFirst()) {
                winding += left.winding
                if winding != 0 { area += ((right.x0 - left.x0) + (right.x1 - left.x1)) / 2 * (y1 - y0) }
            }
        }
        return area
    }

    /// The winding number of `polygon` around `p`.
    static func winding(_ polygon: Polygon, at p: CGPoint) -> Int {
        var winding = 0
        forEachEdge(polygon) { a, b in
            if a.y <= p.y && b.y > p.y && (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y) > 0 { winding += 1 }
            if a.y > p.y && b.y <= p.y && (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y) < 0 { winding -= 1 }
        }
        return winding
    }

    private static func forEachEdge(_ polygon: Polygon, _ body: (CGPoint, CGPoint) -> Void) {
        for contour in 0..<polygon.contourCount {
            let range = polygon.contourRange(contour)
            guard range.count > 1 else { continue }
            for i in range {
                body(polygon.points[i], polygon.points[i + 1 == range.upperBound ? range.lowerBound : i + 1])
            }
        }
    }

    /// The height at which two edges cross strictly inside both, if they do.
    private static func crossingY(_ e: (CGPoint, CGPoint), _ f: (CGPoint, CGPoint)) -> Double? {
        let (p, r) = (e.0, CGPoint(x: e.1.x - e.0.x, y: e.1.y - e.0.y))
        let (q, s) = (f.0, CGPoint(x: f.1.x - f.0.x, y: f.1.y - f.0.y))
        let denominator = r.x * s.y - r.y * s.x
        guard denominator != 0 else { return nil }
        let t = ((q.x - p.x) * s.y - (q.y - p.y) * s.x) / denominator
        let u = ((q.x - p.x) * r.y - (q.y - p.y) * r.x) / denominator
        guard t > 0, t < 1, u > 0, u < 1 else { return nil }
        return p.y + t * r.y
    }
}
