import Glibc

/// Damage from masks: which pixels' coverage differs between two frames' masks.
extension Mask {
    /// Adds to `region`, row by row, an interval holding every pixel whose coverage differs between
    /// this mask and `previous` (which has the same bounds). The two rows' spans are walked together
    /// piece by piece (a piece is where neither row changes span), so the cost is the number of spans,
    /// and the interval runs from the first to the last differing piece: a wedge whose edge moved adds
    /// only the pixels between its old and new edge.
    ///
    /// When the rasterizer filled both masks for the same area and rule, bands of rows it rasterized
    /// from the same edges (equal band hashes) are equal and skipped without being compared, and so
    /// are the rows outside that area (empty in both).
    public func addChanges(since previous: Mask, to region: inout Region) {
        precondition(previous.bounds == bounds, "masks of different bounds")
        let area = rasterKey != nil && rasterKey == previous.rasterKey ? rasterKey?.area : nil
        for r in 0..<bounds.height {
            let y = bounds.minY + r
            if let area {
                guard y >= area.minY, y < area.maxY else { continue }
                let band = (y - area.minY) / Rasterizer.bandRows
                if let hash = bandHash(at: band), hash == previous.bandHash(at: band) { continue }
            }
            let changed = Self.changedColumns(
                spanBuffer(row: r), coverageBytes(inRow: y), previous.spanBuffer(row: r),
                previous.coverageBytes(inRow: y))
            if let changed { region.add(row: y, from: changed.lowerBound, to: changed.upperBound) }
        }
    }

    /// The columns from the first to the last pixel where two rows' coverage may differ, or nil when
    /// they are equal.
    static func changedColumns(
        _ now: UnsafeBufferPointer<CoverageSpan>, _ nowBytes: UnsafePointer<UInt8>,
        _ before: UnsafeBufferPointer<CoverageSpan>, _ beforeBytes: UnsafePointer<UInt8>
    ) -> Range<Int>? {
        if now.elementsEqual(before) {
            var equal = true
            for s in now where s.coverage == CoverageSpan.varying {
                if memcmp(nowBytes + Int(s.x), beforeBytes + Int(s.x), Int(s.length)) != 0 {
                    equal = false
                    break
                }
            }
            if equal { return nil }
        }
        var first = Int.max
        var last = Int.min
        var i = 0
        var j = 0
        var x = min(now.first.map { Int($0.x) } ?? Int.max, before.first.map { Int($0.x) } ?? Int.max)
        while i < now.count || j < before.count {
            // Coverage of each row at x: a span value, the varying marker, or 0 in a gap; and where
            // that state ends.
            let (a, aEnd) = Self.state(at: x, in: now, index: &i)
            let (b, bEnd) = Self.state(at: x, in: before, index: &j)
            let end = min(aEnd, bEnd)
            guard end > x else { break }
            var differs = a != b
            if !differs, a == CoverageSpan.varying {
                differs = memcmp(nowBytes + x, beforeBytes + x, end - x) != 0
            }
            if differs {
                first = min(first, x)
                last = max(last, end)
            }
            x = end
        }
        return last > first ? first..<last : nil
    }

    /// The coverage state at column x of a row (moving `index` past spans that end at or before x) and
    /// the column where that state ends.
    @inline(__always)
    private static func state(
        at x: Int, in spans: UnsafeBufferPointer<CoverageSpan>, index: inout Int
    ) -> (Int32, Int) {
        while index < spans.count, Int(spans[index].end) <= x { index += 1 }
        guard index < spans.count else { return (0, Int.max) }
        let span = spans[index]
        if Int(span.x) > x { return (0, Int(span.x)) }
        return (span.coverage, Int(span.end))
    }
}
