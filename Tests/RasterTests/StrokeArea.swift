import Geometry

/// Exact area measures of a polygon, independent of the rasterizer.
enum StrokeArea {
    /// The sum of the contours' signed (shoelace) areas: the integral of the winding number.
    static func signed(_ polygon: Polygon) -> Double {
        var total = 0.0
        forEachEdge(polygon) { a, b in total += (a.x * b.y - b.x * a.y) / 2 }
        return total
    }

    /// The area where the winding number is not zero, inside `clip` if given. The plane is cut into
    /// horizontal slabs at every vertex, every crossing of two edges and every crossing of an edge with the
    /// clip's sides, so inside a slab the edges never cross and the covered part is a union of trapezoids
    /// between consecutive edges, each clipped to a trapezoid.
    static func nonZero(_ polygon: Polygon, within clip: CGRect? = nil) -> Double {
        var edges: [Edge] = []
        forEachEdge(polygon) { a, b in if a.y != b.y { edges.append(Edge(a, b)) } }
        edges.sort { $0.low.y < $1.low.y }
        var cuts: [Double] = []
        for edge in edges {
            cuts.append(edge.low.y)
            cuts.append(edge.high.y)
            if let clip {
                for x in [clip.minX, clip.maxX] where (edge.low.x - x) * (edge.high.x - x) < 0 {
                    cuts.append(edge.low.y + (edge.high.y - edge.low.y) * (x - edge.low.x) / (edge.high.x - edge.low.x))
                }
            }
        }
        if let clip { cuts += [clip.minY, clip.maxY] }
        for i in edges.indices {
            var j = i + 1
            while j < edges.count && edges[j].low.y < edges[i].high.y {
                if let y = crossingY(edges[i], edges[j]) { cuts.append(y) }
                j += 1
            }
        }
        let ys = Array(Set(cuts)).sorted()
        var area = 0.0
        var active: [Edge] = []
        var next = 0
        var crossings: [(x0: Double, x1: Double, xm: Double, winding: Int)] = []
        let (left, right) = clip.map { ($0.minX, $0.maxX) } ?? (-Double.infinity, Double.infinity)
        for (y0, y1) in zip(ys, ys.dropFirst()) where y1 > y0 {
            if let clip, y0 < clip.minY || y1 > clip.maxY { continue }
            while next < edges.count && edges[next].low.y <= y0 {
                active.append(edges[next])
                next += 1
            }
            active.removeAll { $0.high.y <= y0 }
            let ym = (y0 + y1) / 2
            crossings.removeAll(keepingCapacity: true)
            for edge in active where edge.high.y >= y1 {
                crossings.append((edge.x(at: y0), edge.x(at: y1), edge.x(at: ym), edge.winding))
            }
            crossings.sort { $0.xm < $1.xm }
            var winding = 0
            func width(_ a: Double, _ b: Double) -> Double { max(0, min(b, right) - max(a, left)) }
            for (first, second) in zip(crossings, crossings.dropFirst()) {
                winding += first.winding
                if winding != 0 {
                    area += (width(first.x0, second.x0) + width(first.x1, second.x1)) / 2 * (y1 - y0)
                }
            }
        }
        return area
    }

    /// A non-horizontal edge, stored from its lower to its higher y, with its direction as a winding step.
    private struct Edge {
        let low: CGPoint
        let high: CGPoint
        let winding: Int

        init(_ a: CGPoint, _ b: CGPoint) {
            (low, high, winding) = a.y < b.y ? (a, b, 1) : (b, a, -1)
        }

        func x(at y: Double) -> Double { low.x + (high.x - low.x) * (y - low.y) / (high.y - low.y) }
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
    private static func crossingY(_ e: Edge, _ f: Edge) -> Double? {
        guard min(e.low.x, e.high.x) <= max(f.low.x, f.high.x), min(f.low.x, f.high.x) <= max(e.low.x, e.high.x)
        else { return nil }
        let (p, r) = (e.low, CGPoint(x: e.high.x - e.low.x, y: e.high.y - e.low.y))
        let (q, s) = (f.low, CGPoint(x: f.high.x - f.low.x, y: f.high.y - f.low.y))
        let denominator = r.x * s.y - r.y * s.x
        guard denominator != 0 else { return nil }
        let t = ((q.x - p.x) * s.y - (q.y - p.y) * s.x) / denominator
        let u = ((q.x - p.x) * r.y - (q.y - p.y) * r.x) / denominator
        guard t > 0, t < 1, u > 0, u < 1 else { return nil }
        return p.y + t * r.y
    }
}
