/// Finds the rows of a band where two edges that are not neighbours in their polygon cross, or run in
/// the same direction within `reach` pixels of each other. There a pixel can hold three or more
/// winding numbers, and coverage computed from the pixel's average winding would be wrong, so the
/// rasterizer treats those rows in sub-rows.
///
/// Pairs are found by sorting the band's edges by their leftmost x (an in-place heap sort, so nothing
/// is allocated once warm) and comparing each edge only with those starting before it ends. The number of pairs
/// examined per band is capped (`budget`), so a pathological polygon costs bounded time and is simply
/// rasterized without the refinement past the cap.
struct CrossingFinder {
    /// How close (in pixels, horizontally) two edges must come to count as touching.
    static let reach = 1.5

    /// Per active edge: its leftmost x in the band (the sort key), and its rightmost x and index.
    private var keys: [Double] = []
    private var extents: [(end: Double, index: Int32)] = []

    /// A bit per row of the band `top ..< bottom` (at most 32 rows): set where the active edges
    /// cross or nearly touch.
    mutating func rows(of edges: [Rasterizer.Edge], active: [Int32], top: Int, bottom: Int) -> UInt32 {
        let n = active.count
        guard n >= 2 else { return 0 }
        let t = Double(top)
        let b = Double(bottom)
        keys.removeAll(keepingCapacity: true)
        extents.removeAll(keepingCapacity: true)
        for index in active {
            let e = edges[Int(index)]
            let xa = e.x(at: max(e.y0, t))
            let xb = e.x(at: min(e.y1, b))
            keys.append(min(xa, xb))
            extents.append((max(xa, xb), index))
        }
        HeapSort.sort(&keys, with: &extents)
        var result: UInt32 = 0
        var budget = 16 * n + 256
        for i in 0..<n {
            let e = edges[Int(extents[i].index)]
            let limit = extents[i].end + Self.reach
            var j = i + 1
            while j < n, keys[j] <= limit, budget > 0 {
                budget -= 1
                let f = edges[Int(extents[j].index)]
                if !e.isNeighbour(of: f) { result |= Self.rows(where: e, meets: f, top: top, bottom: bottom) }
                j += 1
            }
        }
        return result
    }

    /// The rows of the band where `e` and `f` cross, or (running the same way) come within `reach` of
    /// each other.
    private static func rows(where e: Rasterizer.Edge, meets f: Rasterizer.Edge, top: Int, bottom: Int) -> UInt32 {
        let ya = max(e.y0, f.y0, Double(top))
        let yb = min(e.y1, f.y1, Double(bottom))
        guard yb > ya else { return 0 }
        let da = e.x(at: ya) - f.x(at: ya)
        let db = e.x(at: yb) - f.x(at: yb)
        if e.sign != f.sign {
            // Between two edges of opposite directions the winding differs by one from that on both
            // sides (values k and k ± 1, never of opposite signs), which a pixel's average winding gets
            // right under either rule. Only where they cross does a pixel see both k + 1 and k − 1.
            guard (da < 0 && db > 0) || (da > 0 && db < 0) else { return 0 }
            let row = max(top, min(bottom - 1, Int(ya + (yb - ya) * da / (da - db))))
            return 1 << UInt32(row - top)
        }
        // Heights where |d(y)| < reach, d linear in y.
        var low = ya
        var high = yb
        if da != db {
            let s0 = ya + (yb - ya) * (-reach - da) / (db - da)
            let s1 = ya + (yb - ya) * (reach - da) / (db - da)
            low = max(ya, min(s0, s1))
            high = min(yb, max(s0, s1))
        } else if abs(da) >= reach {
            return 0
        }
        guard high >= low else { return 0 }
        let first = max(top, Int(low))
        let last = min(bottom - 1, Int(high))
        guard first <= last else { return 0 }
        let count = UInt32(last - first + 1)
        let bits: UInt32 = count >= 32 ? ~0 : (1 << count) - 1
        return bits << UInt32(first - top)
    }
}
