/// A set of pixels kept as one interval of columns per row, used to clip drawing and to record damage
/// (what changed since the previous frame). Adding a rectangle or an interval widens each row it
/// touches to the smallest interval holding both, so a region may hold more pixels than were added —
/// never fewer, which is what damage needs: redrawing extra pixels is correct, missing one is not.
///
/// A region is sized for a canvas of `height` rows and reuses its storage across `removeAll()`.
public struct Region: Sendable {
    /// Rows `0 ..< height` of the canvas.
    public let height: Int
    /// Per row, its interval's first and one-past-last column (empty when not first < end).
    private var intervals: [(first: Int32, end: Int32)]
    /// The rows that hold a non-empty interval lie in `rowRange`, which lies in `0 ..< height` (indices
    /// of `intervals`, read and cleared below without a bounds check).
    public private(set) var rowRange: Range<Int> = 0..<0

    /// An empty region for a canvas of `height` rows.
    public init(height: Int) {
        self.height = max(0, height)
        intervals = Array(repeating: (0, 0), count: self.height)
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
        intervals.withUnsafeMutableBufferPointer {
            $0.baseAddress!.advanced(by: rows.lowerBound).update(repeating: (0, 0), count: rows.count)
        }
        rowRange = 0..<0
    }

    /// The interval of row `y` (empty when `lowerBound >= upperBound`).
    @inlinable
    public func columns(inRow y: Int) -> Range<Int> {
        let (s, e) = interval(y)
        return e > s ? s..<e : s..<s
    }

    /// The columns `x0 ..< x1` of row `y` that lie in `region` too (all of them when there is no region),
    /// as a pair that is empty when `lower >= upper`.
    @inlinable
    static func columns(_ x0: Int, _ x1: Int, inRow y: Int, of region: Region?) -> (lower: Int, upper: Int) {
        guard let region else { return (x0, x1) }
        let c = region.columns(inRow: y, within: x0..<max(x0, x1))
        return (c.lowerBound, c.upperBound)
    }

    /// The columns of row `y` inside both the region and `columns` (empty when there are none).
    @inlinable
    public func columns(inRow y: Int, within columns: Range<Int>) -> Range<Int> {
        let (s, e) = interval(y)
        let lower = max(s, columns.lowerBound)
        let upper = min(e, columns.upperBound)
        return upper > lower ? lower..<upper : lower..<lower
    }

    @usableFromInline
    func interval(_ y: Int) -> (Int, Int) {
        guard rowRange.contains(y) else { return (0, 0) }
        let interval = intervals.withUnsafeBufferPointer { $0[y] }
        return (Int(interval.first), Int(interval.end))
    }

    /// Adds columns `x0 ..< x1` of row `y` (ignored when empty or outside the canvas).
    public mutating func add(row y: Int, from x0: Int, to x1: Int) {
        guard y >= 0, y < height, x1 > x0 else { return }
        let lo = Int32(clamping: x0)
        let hi = Int32(clamping: x1)
        let (first, end) = intervals[y]
        intervals[y] = first < end ? (min(first, lo), max(end, hi)) : (lo, hi)
        rowRange = rowRange.isEmpty ? y..<(y + 1) : min(rowRange.lowerBound, y)..<max(rowRange.upperBound, y + 1)
    }

    /// Adds every pixel of `rect`: one pass over its rows, the row range widened once.
    public mutating func add(_ rect: PixelRect) {
        let rows = rect.rows.clamped(to: 0..<height)
        guard !rect.isEmpty, !rows.isEmpty else { return }
        let lo = Int32(clamping: rect.minX)
        let hi = Int32(clamping: rect.maxX)
        intervals.withUnsafeMutableBufferPointer { intervals in
            for y in rows {
                let (first, end) = intervals[y]
                intervals[y] = first < end ? (min(first, lo), max(end, hi)) : (lo, hi)
            }
        }
        rowRange =
            rowRange.isEmpty
            ? rows : min(rowRange.lowerBound, rows.lowerBound)..<max(rowRange.upperBound, rows.upperBound)
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
        intervals.withUnsafeMutableBufferPointer { intervals in
            for y in rows {
                let (s, e) = intervals[y]
                let (cs, ce) = (max(s, lo), min(e, hi))
                if keep.contains(y), cs < ce {
                    intervals[y] = (cs, ce)
                    first = min(first, y)
                    last = y
                } else {
                    intervals[y] = (0, 0)
                }
            }
        }
        rowRange = first <= last ? first..<(last + 1) : 0..<0
    }

    /// The smallest rectangle holding the region.
    public var bounds: PixelRect {
        var x0 = Int.max
        var x1 = Int.min
        for (first, end) in intervals[rowRange] where first < end {
            x0 = min(x0, Int(first))
            x1 = max(x1, Int(end))
        }
        guard x1 > x0 else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        return PixelRect(x: x0, y: rowRange.lowerBound, width: x1 - x0, height: rowRange.count)
    }

    /// Number of pixels in the region.
    public var area: Int {
        var total = 0
        for (first, end) in intervals[rowRange] where first < end { total += Int(end - first) }
        return total
    }
}
