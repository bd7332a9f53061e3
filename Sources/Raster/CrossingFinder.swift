/// Finds the rows of a band where two edges that are not neighbours in their polygon cross or come
/// within `reach` pixels of each other. There a pixel can hold three or more winding numbers, and
/// coverage computed from the pixel's average winding would be wrong, so the rasterizer treats those
/// rows in sub-rows.
///
/// Pairs are found by sorting the band's edges by their leftmost x (an in-place heap sort, so nothing
/// is allocated) and comparing each edge only with those starting before it ends. The number of pairs
/// examined per band is capped (`budget`), so a pathological polygon costs bounded time and is simply
/// rasterized without the refinement past the cap.
struct CrossingFinder {
    /// How close (in pixels, horizontally) two edges must come to count as touching.
    static let reach = 1.5

    private var keys: [Double] = []
    private var ends: [Double] = []
    private var indices: [Int32] = []

    /// A bit per row of the band `top ..< bottom` (at most 32 rows): set where the active edges
    /// cross or nearly touch.
    mutating func rows(of edges: [Rasterizer.Edge], active: [Int32], top: Int, bottom: Int) -> UInt32 {
        let n = active.count
        guard n >= 2 else { return 0 }
        let t = Double(top)
        let b = Double(bottom)
        keys.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
        for index in active {
            let e = edges[Int(index)]
            let xa = e.x(at: max(e.y0, t))
            let xb = e.x(at: min(e.y1, b))
            keys.append(min(xa, xb))
            ends.append(max(xa, xb))
            indices.append(index)
        }
        heapSort(count: n)
        var result: UInt32 = 0
        var budget = 16 * n + 256
        for i in 0..<n {
            let e = edges[Int(indices[i])]
            let limit = ends[i] + Self.reach
            var j = i + 1
            while j < n, keys[j] <= limit, budget > 0 {
                budget -= 1
                let f = edges[Int(indices[j])]
                if !e.isNeighbour(of: f) { result |= Self.rows(where: e, meets: f, top: top, bottom: bottom) }
                j += 1
            }
        }
        return result
    }

    /// The rows of the band where `e` and `f` cross or come within `reach` of each other.
    private static func rows(where e: Rasterizer.Edge, meets f: Rasterizer.Edge, top: Int, bottom: Int) -> UInt32 {
        let ya = max(e.y0, f.y0, Double(top))
        let yb = min(e.y1, f.y1, Double(bottom))
        guard yb > ya else { return 0 }
        let da = e.x(at: ya) - f.x(at: ya)
        let db = e.x(at: yb) - f.x(at: yb)
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

    /// Sorts `keys`, `ends` and `indices` together by `keys`.
    private mutating func heapSort(count n: Int) {
        func siftDown(_ start: Int, _ end: Int) {
            var root = start
            while 2 * root + 1 < end {
                var child = 2 * root + 1
                if child + 1 < end, keys[child] < keys[child + 1] { child += 1 }
                guard keys[root] < keys[child] else { return }
                swapAt(root, child)
                root = child
            }
        }
        var start = n / 2
        while start > 0 {
            start -= 1
            siftDown(start, n)
        }
        var end = n
        while end > 1 {
            end -= 1
            swapAt(0, end)
            siftDown(0, end)
        }
    }

    private mutating func swapAt(_ i: Int, _ j: Int) {
        keys.swapAt(i, j)
        ends.swapAt(i, j)
        indices.swapAt(i, j)
    }
}
