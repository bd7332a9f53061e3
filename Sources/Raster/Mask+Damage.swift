/// Damage from masks: which pixels' coverage differs between two frames' masks.
extension Mask {
    /// Adds to `region`, row by row, an interval holding every pixel whose coverage differs between
    /// this mask and `previous` (which has the same bounds), from `changedColumns`: the cost is the
    /// number of spans, and a wedge whose edge moved adds only the pixels between its old and new edge.
    ///
    /// When the rasterizer filled both masks for the same area and rule, bands of rows it rasterized
    /// from the same edges (equal band hashes) are equal and skipped without being compared, and so
    /// are the rows outside that area (empty in both).
    public func addChanges(since previous: Mask, to region: inout Region) {
        precondition(previous.bounds == bounds, "masks of different bounds")
        guard let area = rasterKey?.area, rasterKey == previous.rasterKey else {
            return addChanges(since: previous, rows: bounds.minY..<bounds.maxY, to: &region)
        }
        var band = 0
        for top in stride(from: area.minY, to: area.maxY, by: Rasterizer.bandRows) {
            if bandHash(at: band) == nil || bandHash(at: band) != previous.bandHash(at: band) {
                addChanges(since: previous, rows: top..<min(area.maxY, top + Rasterizer.bandRows), to: &region)
            }
            band += 1
        }
    }

    /// Adds the changes of device rows `rows` to `region`.
    private func addChanges(since previous: Mask, rows: Range<Int>, to region: inout Region) {
        for y in rows {
            let r = y - bounds.minY
            let changed = Self.changedColumns(
                spanBuffer(row: r), coverageBytes(inRow: y), previous.spanBuffer(row: r),
                previous.coverageBytes(inRow: y))
            if let changed { region.add(row: y, from: changed.lowerBound, to: changed.upperBound) }
        }
    }

    /// Columns holding every pixel where two rows' coverage differs, or nil when they are equal.
    ///
    /// Spans equal in both rows are peeled off from the left and from the right (their bytes compared
    /// where they vary); the changes lie between. Where the first remaining spans start together with
    /// one constant coverage, the interval starts where the shorter ends, and where the last ones end
    /// together with one constant coverage, it ends where the later one starts: a shape edge that
    /// moved gives just the pixels between its old and new place.
    static func changedColumns(
        _ now: UnsafeBufferPointer<CoverageSpan>, _ nowBytes: UnsafePointer<UInt8>,
        _ before: UnsafeBufferPointer<CoverageSpan>, _ beforeBytes: UnsafePointer<UInt8>
    ) -> Range<Int>? {
        @inline(__always)
        func same(_ p: CoverageSpan, _ q: CoverageSpan) -> Bool {
            p == q
                && (p.coverage != CoverageSpan.varying
                    || !bytesDiffer(nowBytes + Int(p.x), beforeBytes + Int(p.x), count: Int(p.length)))
        }
        var i = 0
        while i < now.count, i < before.count, same(now[i], before[i]) { i += 1 }
        var a = now.count
        var b = before.count
        if i == a && i == b { return nil }
        while a > i, b > i, same(now[a - 1], before[b - 1]) {
            a -= 1
            b -= 1
        }
        guard a > i, b > i else {
            let rest = a > i ? now[i..<a] : before[i..<b]
            return Int(rest.first!.x)..<Int(rest.last!.end)
        }
        let (p, q) = (now[i], before[i])
        let first =
            p.x == q.x && p.coverage == q.coverage && p.coverage != CoverageSpan.varying
            ? Int(min(p.end, q.end)) : Int(min(p.x, q.x))
        let (r, t) = (now[a - 1], before[b - 1])
        let last =
            r.end == t.end && r.coverage == t.coverage && r.coverage != CoverageSpan.varying
            ? Int(max(r.x, t.x)) : Int(max(r.end, t.end))
        return first < last ? first..<last : Int(min(p.x, q.x))..<Int(max(r.end, t.end))
    }

    /// Whether `count` bytes at `a` and `b` differ: eight at a time, without a call (the stretches
    /// compared are a mask's edge pixels, a few bytes each).
    @inline(__always)
    private static func bytesDiffer(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count: Int) -> Bool {
        var k = 0
        while k + 8 <= count {
            let u = UnsafeRawPointer(a + k).loadUnaligned(as: UInt64.self)
            let v = UnsafeRawPointer(b + k).loadUnaligned(as: UInt64.self)
            if u != v { return true }
            k += 8
        }
        while k < count {
            if a[k] != b[k] { return true }
            k += 1
        }
        return false
    }
}
