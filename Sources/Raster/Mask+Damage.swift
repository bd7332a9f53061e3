import Glibc

/// Damage from masks: which pixels' coverage differs between two frames' masks.
extension Mask {
    /// Adds to `region`, row by row, an interval holding every pixel whose coverage differs between
    /// this mask and `previous` (which has the same bounds). It compares span lists from both ends, so
    /// the cost is the number of spans, and a row whose spans are equal adds nothing. Intervals may
    /// hold unchanged pixels in between changed ones, never miss a changed one.
    public func addChanges(since previous: Mask, to region: inout Region) {
        precondition(previous.bounds == bounds, "masks of different bounds")
        for r in 0..<bounds.height {
            let y = bounds.minY + r
            let now = spanBuffer(row: r)
            let before = previous.spanBuffer(row: r)
            let nowBytes = coverageBytes(inRow: y)
            let beforeBytes = previous.coverageBytes(inRow: y)
            func same(_ i: Int, _ j: Int) -> Bool {
                let s = now[i]
                guard s == before[j] else { return false }
                return s.coverage != CoverageSpan.varying
                    || memcmp(nowBytes + Int(s.x), beforeBytes + Int(s.x), Int(s.length)) == 0
            }
            var head = 0
            while head < now.count, head < before.count, same(head, head) { head += 1 }
            if head == now.count, head == before.count { continue }
            var tail = 0
            while tail < now.count - head, tail < before.count - head,
                same(now.count - 1 - tail, before.count - 1 - tail)
            {
                tail += 1
            }
            var x0 = Int.max
            var x1 = Int.min
            if head < now.count - tail {
                x0 = min(x0, Int(now[head].x))
                x1 = max(x1, Int(now[now.count - 1 - tail].end))
            }
            if head < before.count - tail {
                x0 = min(x0, Int(before[head].x))
                x1 = max(x1, Int(before[before.count - 1 - tail].end))
            }
            region.add(row: y, from: x0, to: x1)
        }
    }
}
