/// A set of pixels kept, per row, as up to `Region.intervalsPerRow` sorted, disjoint intervals of
/// columns, used to clip drawing and to record damage (what changed since the previous frame). Adding
/// an interval merges it with those it overlaps or touches; when a row would hold more intervals than
/// it can, the two nearest ones (the smallest gap between them) are joined into one. So a region may
/// hold more pixels than were added — never fewer, which is what damage needs: redrawing extra pixels
/// is correct, missing one is not — and scattered small rectangles stay apart in their rows.
///
/// Adding a rectangle of h rows costs O(h · intervalsPerRow), so building a region from n rectangles
/// is linear in their rows; the region counts its pixels as they are added (`area` is O(1)). A region
/// is sized for a canvas of `height` rows and reuses its storage across `removeAll()`.
public struct Region: Sendable {
    /// Intervals a row can hold before its nearest ones are joined.
    public static let intervalsPerRow = 16

    /// Rows `0 ..< height` of the canvas.
    public let height: Int
    /// Row y's intervals are `intervals[y · intervalsPerRow ..< y · intervalsPerRow + counts[y]]`,
    /// sorted by column and disjoint, none empty; they are separated by at least one column.
    private var intervals: [(first: Int32, end: Int32)]
    private var counts: [UInt8]
    /// The rows that hold an interval lie in `rowRange`, which lies in `0 ..< height` (indices of
    /// `counts`, read and cleared below without a bounds check).
    public private(set) var rowRange: Range<Int> = 0..<0
    /// Number of pixels in the region.
    public private(set) var area = 0

    /// An empty region for a canvas of `height` rows.
    public init(height: Int) {
        self.height = max(0, height)
        intervals = Array(repeating: (0, 0), count: self.height * Self.intervalsPerRow)
        counts = Array(repeating: 0, count: self.height)
    }

    /// A region holding exactly `rect`, clipped to rows `0 ..< height`.
    public init(height: Int, rect: PixelRect) {
        self.init(height: height)
        add(rect)
    }

    public var isEmpty: Bool { rowRange.isEmpty }

    /// Empties the region, keeping its storage.
    public mutating func removeAll() {
        let rows = rowRange
        guard !rows.isEmpty else { return }
        counts.withUnsafeMutableBufferPointer {
            $0.baseAddress!.advanced(by: rows.lowerBound).update(repeating: 0, count: rows.count)
        }
        rowRange = 0..<0
        area = 0
    }

    /// The smallest interval holding row `y`'s pixels (empty when the row holds none).
    public func columns(inRow y: Int) -> Range<Int> {
        guard rowRange.contains(y) else { return 0..<0 }
        let count = Int(counts[y])
        guard count > 0 else { return 0..<0 }
        let base = y &* Self.intervalsPerRow
        return Int(intervals[base].first)..<Int(intervals[base &+ count &- 1].end)
    }

    /// Row `y`'s intervals, left to right.
    public func intervals(inRow y: Int) -> [Range<Int>] {
        (0..<intervalCount(inRow: y)).map { interval(inRow: y, at: $0) }.map { $0.0..<$0.1 }
    }

    /// How many intervals row `y` holds (0 outside the canvas). With `interval(inRow:at:)`, the way
    /// drawing loops visit a row's intervals: plain subscripts in the caller's loop, no closure, so
    /// nothing stands between a row and its pixels.
    @inline(__always)
    func intervalCount(inRow y: Int) -> Int {
        guard rowRange.contains(y) else { return 0 }
        return counts.withUnsafeBufferPointer { Int($0[y]) }
    }

    /// Interval `k` of row `y` (`k < intervalCount(inRow: y)`, so inside the storage: read without a
    /// bounds check): its first and one-past-last column.
    @inline(__always)
    func interval(inRow y: Int, at k: Int) -> (Int, Int) {
        let interval = intervals.withUnsafeBufferPointer { $0[y &* Self.intervalsPerRow &+ k] }
        return (Int(interval.first), Int(interval.end))
    }

    /// Adds columns `x0 ..< x1` of row `y` (ignored when empty or outside the canvas).
    public mutating func add(row y: Int, from x0: Int, to x1: Int) {
        guard y >= 0, y < height, x1 > x0 else { return }
        let lo = Int32(clamping: x0)
        let hi = Int32(clamping: x1)
        guard counts[y] == 0 else { return insert(lo, hi, rows: y..<(y + 1)) }
        // The row's first interval (a mask's changes add one per row).
        intervals[y &* Self.intervalsPerRow] = (lo, hi)
        counts[y] = 1
        area &+= Int(hi &- lo)
        rowRange = rowRange.isEmpty ? y..<(y + 1) : min(rowRange.lowerBound, y)..<max(rowRange.upperBound, y + 1)
    }

    /// Adds every pixel of `rect`: one pass over its rows, the row range widened once.
    public mutating func add(_ rect: PixelRect) {
        let rows = rect.rows.clamped(to: 0..<height)
        guard !rect.isEmpty, !rows.isEmpty else { return }
        insert(Int32(clamping: rect.minX), Int32(clamping: rect.maxX), rows: rows)
    }

    /// Adds columns `lo ..< hi` (not empty) to each of `rows` (inside the canvas).
    private mutating func insert(_ lo: Int32, _ hi: Int32, rows: Range<Int>) {
        var added = 0
        counts.withUnsafeMutableBufferPointer { counts in
            intervals.withUnsafeMutableBufferPointer { intervals in
                for y in rows {
                    let row = intervals.baseAddress! + y &* Self.intervalsPerRow
                    var count = Int(counts[y])
                    added &+= Self.insert(lo, hi, into: row, count: &count)
                    counts[y] = UInt8(truncatingIfNeeded: count)
                }
            }
        }
        area &+= added
        rowRange =
            rowRange.isEmpty
            ? rows : min(rowRange.lowerBound, rows.lowerBound)..<max(rowRange.upperBound, rows.upperBound)
    }

    /// Adds `lo ..< hi` to one row's `count` sorted, disjoint intervals at `row` (room for
    /// `intervalsPerRow`) and returns how many pixels the row gained.
    private static func insert(
        _ lo: Int32, _ hi: Int32, into row: UnsafeMutablePointer<(first: Int32, end: Int32)>, count: inout Int
    ) -> Int {
        // Intervals wholly left of the new one (not even touching it) stay; those from `i` to `j`
        // overlap or touch it and are merged into it.
        var i = 0
        while i < count, row[i].end < lo { i &+= 1 }
        var j = i
        var first = lo
        var end = hi
        var replaced = 0
        while j < count, row[j].first <= hi {
            first = min(first, row[j].first)
            end = max(end, row[j].end)
            replaced &+= Int(row[j].end &- row[j].first)
            j &+= 1
        }
        let gained = Int(end &- first) &- replaced
        if j > i {
            // The merged interval replaces `row[i ..< j]`.
            row[i] = (first, end)
            let removed = j &- i &- 1
            if removed > 0 {
                let tail: Int = count &- j
                (row + (i &+ 1)).update(from: row + j, count: tail)
                count &-= removed
            }
            return gained
        }
        if count < intervalsPerRow {
            let tail: Int = count &- i
            if tail > 0 { (row + (i &+ 1)).update(from: row + i, count: tail) }
            row[i] = (first, end)
            count &+= 1
            return gained
        }
        // The row is full: join the nearest neighbours, the new interval among them.
        var nearest = Int32.max
        var at = -1
        for k in 0..<(count &- 1) where row[k &+ 1].first &- row[k].end < nearest {
            nearest = row[k &+ 1].first &- row[k].end
            at = k
        }
        if i > 0, lo &- row[i &- 1].end < nearest {
            // Joined to the interval on its left.
            let grown = lo &- row[i &- 1].end
            row[i &- 1].end = hi
            return Int(grown) &+ gained
        }
        if i < count, row[i].first &- hi < nearest {
            let grown = row[i].first &- hi
            row[i].first = lo
            return Int(grown) &+ gained
        }
        // Join `row[at]` and `row[at + 1]`, then insert the new interval where it belongs.
        let grown: Int32 = row[at &+ 1].first &- row[at].end
        row[at].end = row[at &+ 1].end
        let after: Int = count &- at &- 2
        (row + (at &+ 1)).update(from: row + (at &+ 2), count: after)
        let place: Int = at &+ 1 < i ? i &- 1 : i
        let moved: Int = count &- 1 &- place
        (row + (place &+ 1)).update(from: row + place, count: moved)
        row[place] = (first, end)
        return Int(grown) &+ gained
    }

    /// The part of this region inside `rect` (empty when they do not meet, also when `rect` lies
    /// wholly above or below the canvas).
    public func clipped(to rect: PixelRect) -> Region {
        var result = self
        result.clip(to: rect)
        return result
    }

    /// Keeps only the part of this region inside `rect`, in place (without allocating).
    public mutating func clip(to rect: PixelRect) {
        let rows = rowRange
        guard !rows.isEmpty else { return }
        let keep = rows.clamped(to: rect.rows)
        let lo = Int32(clamping: rect.minX)
        let hi = Int32(clamping: rect.maxX)
        var first = Int.max
        var last = Int.min
        var total = 0
        counts.withUnsafeMutableBufferPointer { counts in
            intervals.withUnsafeMutableBufferPointer { intervals in
                for y in rows {
                    guard keep.contains(y) else {
                        counts[y] = 0
                        continue
                    }
                    let row = intervals.baseAddress! + y &* Self.intervalsPerRow
                    var kept = 0
                    for k in 0..<Int(counts[y]) {
                        let (s, e) = (max(row[k].first, lo), min(row[k].end, hi))
                        guard s < e else { continue }
                        row[kept] = (s, e)
                        kept &+= 1
                        total &+= Int(e &- s)
                    }
                    counts[y] = UInt8(truncatingIfNeeded: kept)
                    if kept > 0 {
                        first = min(first, y)
                        last = y
                    }
                }
            }
        }
        rowRange = first <= last ? first..<(last + 1) : 0..<0
        area = total
    }

    /// The smallest rectangle holding the region.
    public var bounds: PixelRect {
        var x0 = Int.max
        var x1 = Int.min
        for y in rowRange {
            let columns = columns(inRow: y)
            guard !columns.isEmpty else { continue }
            x0 = min(x0, columns.lowerBound)
            x1 = max(x1, columns.upperBound)
        }
        guard x1 > x0 else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        return PixelRect(x: x0, y: rowRange.lowerBound, width: x1 - x0, height: rowRange.count)
    }
}
