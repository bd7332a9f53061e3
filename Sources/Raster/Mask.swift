/// An 8-bit coverage mask (A8) over a rectangle of device pixels, stored as spans per row
/// (`CoverageSpan`): empty stretches take no space, fully covered and constant stretches are one span
/// each, and only the pixels of varying coverage keep a byte. Compositing walks the spans, so it can
/// copy where coverage is 0 or 255 and blend only where it is partial.
///
/// A mask is made once (it allocates `bounds.width × bounds.height` bytes) and refilled every frame by
/// `Rasterizer.fill(_:rule:into:clip:)` or `setCoverage(from:)`, without allocating again; `reset(bounds:)`
/// moves it to other bounds, allocating only when they hold more pixels or rows than it ever had.
///
/// `@unchecked Sendable`: one thread refills a mask; the banded composites only read it, after the
/// refill, from several threads at once.
public final class Mask: @unchecked Sendable {
    /// The device pixels the mask describes; coverage outside is 0.
    public private(set) var bounds: PixelRect
    private var bytes: UnsafeMutablePointer<UInt8>
    private var byteCapacity: Int
    private var spanStorage: UnsafeMutablePointer<CoverageSpan>
    private var spanCapacity: Int
    private(set) var spanCount = 0
    /// `rowStarts[r] ..< rowStarts[r + 1]` are the spans of row `bounds.minY + r` (`Int`s, like
    /// `spanCount`, so closing a row converts nothing).
    private var rowStarts: UnsafeMutablePointer<Int>
    private var rowCapacity: Int

    /// An empty mask over `bounds`, whose columns must fit in `Int32` (spans store them so).
    public init(bounds: PixelRect) {
        Self.checkColumns(bounds)
        self.bounds = bounds
        byteCapacity = max(1, bounds.area)
        bytes = .allocate(capacity: byteCapacity)
        spanCapacity = max(64, 4 * bounds.height)
        spanStorage = .allocate(capacity: spanCapacity)
        rowCapacity = bounds.height + 1
        rowStarts = .allocate(capacity: rowCapacity)
        rowStarts.initialize(repeating: 0, count: rowCapacity)
    }

    private static func checkColumns(_ bounds: PixelRect) {
        precondition(
            bounds.minX >= Int(Int32.min) && bounds.maxX <= Int(Int32.max), "mask columns beyond Int32: \(bounds)")
    }

    /// Empties the mask and moves it to `bounds` (same rule on columns as `init(bounds:)`), keeping its
    /// storage when it is large enough: a pool of masks serves shapes of changing bounds without
    /// allocating once each mask has grown to the largest it serves.
    public func reset(bounds newBounds: PixelRect) {
        Self.checkColumns(newBounds)
        if newBounds.area > byteCapacity {
            bytes.deallocate()
            byteCapacity = newBounds.area
            bytes = .allocate(capacity: byteCapacity)
        }
        if newBounds.height + 1 > rowCapacity {
            rowStarts.deallocate()
            rowCapacity = newBounds.height + 1
            rowStarts = .allocate(capacity: rowCapacity)
        }
        bounds = newBounds
        rowStarts.initialize(repeating: 0, count: newBounds.height + 1)
        rasterKey = nil
        spanCount = 0
        bandHashes.removeAll(keepingCapacity: true)
    }

    /// Bytes of coverage storage the mask holds (its largest bounds' area so far).
    public var capacity: Int { byteCapacity }

    /// An empty mask over `0 ..< width` × `0 ..< height`.
    public convenience init(width: Int, height: Int) {
        self.init(bounds: PixelRect(x: 0, y: 0, width: width, height: height))
    }

    deinit {
        bytes.deallocate()
        spanStorage.deallocate()
        rowStarts.deallocate()
    }

    /// The spans of device row `y`, left to right, not overlapping (none outside `bounds`).
    @inlinable
    public func spans(inRow y: Int) -> UnsafeBufferPointer<CoverageSpan> {
        let r = y - bounds.minY
        guard r >= 0, r < bounds.height else { return UnsafeBufferPointer(start: nil, count: 0) }
        return spanBuffer(row: r)
    }

    /// The spans of row `r` of the mask, `0 ≤ r < bounds.height` (not checked).
    @usableFromInline
    func spanBuffer(row r: Int) -> UnsafeBufferPointer<CoverageSpan> {
        let s = rowStarts[r]
        return UnsafeBufferPointer(start: spanStorage + s, count: rowStarts[r &+ 1] &- s)
    }

    /// The coverage bytes of device row `y`, indexed by device column (`pointer[x]`); valid only at
    /// columns of the row's `varying` spans.
    @inlinable
    public func coverageBytes(inRow y: Int) -> UnsafePointer<UInt8> {
        UnsafePointer(rowBytes(y))
    }

    /// Wrapping arithmetic: for a row outside `bounds` the pointer is never read (the row has no spans).
    @usableFromInline
    func rowBytes(_ y: Int) -> UnsafeMutablePointer<UInt8> {
        bytes + ((y &- bounds.minY) &* bounds.width &- bounds.minX)
    }

    /// The coverage (0…255) at device pixel (x, y). Walks the row's spans; meant for tests and tools.
    public func coverage(x: Int, y: Int) -> UInt8 {
        for span in spans(inRow: y) where x >= Int(span.x) && x < Int(span.end) {
            return span.coverage == CoverageSpan.varying ? coverageBytes(inRow: y)[x] : UInt8(span.coverage)
        }
        return 0
    }

    /// Every pixel's coverage as a dense A8 array of `bounds.width × bounds.height`, row by row.
    public func denseCoverage() -> [UInt8] {
        var result = [UInt8](repeating: 0, count: bounds.area)
        for r in 0..<bounds.height {
            let y = bounds.minY + r
            let row = coverageBytes(inRow: y)
            for span in spans(inRow: y) {
                for x in Int(span.x)..<Int(span.end) {
                    let value = span.coverage == CoverageSpan.varying ? row[x] : UInt8(span.coverage)
                    result[r * bounds.width + x - bounds.minX] = value
                }
            }
        }
        return result
    }

    /// The sum of all coverage, in pixels (255 = one pixel).
    public var totalCoverage: Double {
        var sum = 0
        for r in 0..<bounds.height {
            let y = bounds.minY + r
            let row = coverageBytes(inRow: y)
            for span in spans(inRow: y) {
                if span.coverage == CoverageSpan.varying {
                    for x in Int(span.x)..<Int(span.end) { sum += Int(row[x]) }
                } else {
                    sum += Int(span.coverage) * Int(span.length)
                }
            }
        }
        return Double(sum) / 255
    }

    /// The smallest rectangle holding every pixel of non-zero coverage (empty when there is none).
    public var coveredBounds: PixelRect {
        var x0 = Int.max
        var x1 = Int.min
        var y0 = Int.max
        var y1 = Int.min
        for r in 0..<bounds.height {
            let spans = spanBuffer(row: r)
            guard let first = spans.first, let last = spans.last else { continue }
            x0 = min(x0, Int(first.x))
            x1 = max(x1, Int(last.end))
            y0 = min(y0, bounds.minY + r)
            y1 = bounds.minY + r + 1
        }
        guard x1 > x0 else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// What the rasterizer filled the mask for (nil when it was filled some other way): its band
    /// hashes are only comparable for the same area and rule.
    struct RasterKey: Equatable {
        var area: PixelRect
        var rule: FillRule
    }

    var rasterKey: RasterKey?
    /// Per band of `Rasterizer.bandRows` rows, a hash of the edges rasterized there. Only these two
    /// methods touch it and neither calls out, so it needs no run-time exclusivity check (one per band).
    @exclusivity(unchecked) private var bandHashes: [UInt64] = []

    func bandHash(at band: Int) -> UInt64? { band < bandHashes.count ? bandHashes[band] : nil }

    func setBandHash(_ hash: UInt64, at band: Int) {
        if band >= bandHashes.count {
            bandHashes.append(contentsOf: repeatElement(0, count: band + 1 - bandHashes.count))
        }
        bandHashes[band] = hash
    }

    /// Removes every span: coverage 0 everywhere.
    public func removeAll() {
        rasterKey = nil
        spanCount = 0
        rowStarts.update(repeating: 0, count: bounds.height + 1)
    }

    /// Fills the mask from the alpha channel of `bitmap` (pixel (x, y) of the bitmap gives coverage at
    /// device (x, y)); outside the bitmap coverage is 0.
    public func setCoverage(fromAlphaOf bitmap: Bitmap) {
        var builder = beginRows()
        for r in 0..<bounds.height {
            let y = bounds.minY + r
            if y >= 0, y < bitmap.height {
                let x0 = max(bounds.minX, 0)
                let x1 = min(bounds.maxX, bitmap.width)
                let pixels = bitmap.row(y)
                var x = x0
                while x < x1 {
                    builder.addPixel(x: x, coverage: Int32(pixels[x] >> 24))
                    x += 1
                }
            }
            builder.endRow()
        }
    }

    // MARK: Building

    /// Starts refilling the mask row by row, from `bounds.minY` down.
    func beginRows() -> SpanBuilder {
        rasterKey = nil
        spanCount = 0
        rowStarts[0] = 0
        return SpanBuilder(mask: self)
    }

    /// Appends a span, growing the storage when needed (amortised; reused by later frames).
    @inline(__always)
    func append(_ span: CoverageSpan) {
        if spanCount == spanCapacity { growSpans() }
        spanStorage[spanCount] = span
        spanCount &+= 1
    }

    /// The last span appended, which the builder may extend.
    @inline(__always)
    var lastSpan: CoverageSpan {
        get { spanStorage[spanCount &- 1] }
        set { spanStorage[spanCount &- 1] = newValue }
    }

    func setRowEnd(_ r: Int) { rowStarts[r &+ 1] = spanCount }

    private func growSpans() {
        let newCapacity = spanCapacity * 2
        let grown = UnsafeMutablePointer<CoverageSpan>.allocate(capacity: newCapacity)
        grown.moveInitialize(from: spanStorage, count: spanCount)
        spanStorage.deallocate()
        spanStorage = grown
        spanCapacity = newCapacity
    }
}

/// Appends the spans of a `Mask`, one row after another, merging neighbours of equal coverage.
struct SpanBuilder {
    let mask: Mask
    /// The mask's width, read once (a read of `mask.bounds` per row is a run-time exclusivity check).
    private let rowWidth: Int
    private var row = 0
    private var rowFirstSpan = 0
    private var bytes: UnsafeMutablePointer<UInt8>

    init(mask: Mask) {
        self.mask = mask
        rowWidth = mask.bounds.width
        bytes = mask.rowBytes(mask.bounds.minY)
    }

    /// Columns `x0 ..< x1` of the current row all have `coverage` (0…255). Columns lie in the mask's
    /// bounds, which fit in `Int32` (checked when it was made), so they are narrowed without a check.
    @inline(__always)
    mutating func addRun(from x0: Int, to x1: Int, coverage: Int32) {
        guard coverage > 0, x1 > x0 else { return }
        let start = Int32(truncatingIfNeeded: x0)
        let end = Int32(truncatingIfNeeded: x1)
        if mask.spanCount > rowFirstSpan {
            let last = mask.lastSpan
            if last.coverage == coverage, last.end == start {
                mask.lastSpan.length = end &- last.x
                return
            }
        }
        mask.append(CoverageSpan(x: start, length: end &- start, coverage: coverage))
    }

    /// Column `x` of the current row has `coverage` (0…255); narrowed as in `addRun`.
    @inline(__always)
    mutating func addPixel(x: Int, coverage: Int32) {
        if coverage == 0 || coverage == 255 { return addRun(from: x, to: x &+ 1, coverage: coverage) }
        bytes[x] = UInt8(truncatingIfNeeded: coverage)
        let column = Int32(truncatingIfNeeded: x)
        if mask.spanCount > rowFirstSpan {
            let last = mask.lastSpan
            if last.coverage == CoverageSpan.varying, last.end == column {
                mask.lastSpan.length &+= 1
                return
            }
        }
        mask.append(CoverageSpan(x: column, length: 1, coverage: CoverageSpan.varying))
    }

    /// Columns `x0 ..< x0 + count` of the current row have the coverages `source[0 ..< count]`: the
    /// same spans as `addPixel` for each in turn, found a stretch at a time (runs of 0 or 255, and
    /// stretches of other values copied at once).
    @inline(__always)
    mutating func addPixels(from x0: Int, _ source: UnsafePointer<UInt8>, count: Int) {
        var i = 0
        while i < count {
            let c = source[i]
            var j = i &+ 1
            if c == 0 || c == 255 {
                while j < count, source[j] == c { j &+= 1 }
                addRun(from: x0 &+ i, to: x0 &+ j, coverage: Int32(c))
            } else {
                while j < count, source[j] != 0, source[j] != 255 { j &+= 1 }
                (bytes + (x0 &+ i)).update(from: source + i, count: j &- i)
                let start = Int32(truncatingIfNeeded: x0 &+ i)
                let length = Int32(truncatingIfNeeded: j &- i)
                if mask.spanCount > rowFirstSpan, mask.lastSpan.coverage == CoverageSpan.varying,
                    mask.lastSpan.end == start
                {
                    mask.lastSpan.length &+= length
                } else {
                    mask.append(CoverageSpan(x: start, length: length, coverage: CoverageSpan.varying))
                }
            }
            i = j
        }
    }

    /// Makes the current row (device row `y`) a copy of row `y` of `other` (of the same bounds), and
    /// closes it.
    mutating func copyRow(_ y: Int, from other: Mask) {
        let source = other.coverageBytes(inRow: y)
        for span in other.spans(inRow: y) {
            if span.coverage == CoverageSpan.varying {
                (bytes + Int(span.x)).update(from: source + Int(span.x), count: Int(span.length))
            }
            mask.append(span)
        }
        endRow()
    }

    /// Closes the current row; the next calls describe the row below.
    mutating func endRow() {
        mask.setRowEnd(row)
        row += 1
        rowFirstSpan = mask.spanCount
        bytes += rowWidth
    }
}
