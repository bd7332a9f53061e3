import Geometry

/// Turns polygons into anti-aliased coverage masks with exact-area anti-aliasing: every edge adds,
/// to the cells it crosses, the signed area it leaves on its right (AGG's and FreeType's "area and
/// cover" idea, kept here as one running-sum delta per cell), and a left-to-right sweep of each row
/// turns the running sum (the winding number, fractional at edges) into coverage. Only touched cells
/// are visited (a bit per cell marks them), so a row costs its edge crossings, not its width; the
/// stretches between touched cells become single `CoverageSpan`s.
///
/// A rasterizer keeps its cell buffers between calls (it grows them to the largest area asked for and
/// leaves them zeroed), so filling a frame allocates nothing once warm. Not thread-safe: use one per
/// thread.
///
/// Defined results for bad input: a contour with a NaN or infinite coordinate is skipped whole;
/// coordinates beyond ±1e12 are clamped there; edges are clipped to the target area (parts left of it
/// still count towards the winding of the pixels to their right); zero-area polygons cover nothing.
/// Work is proportional to the rows and cells the edges cross inside the clip, so huge or numerous
/// edges cost time but never hang.
public final class Rasterizer {
    private var cells: UnsafeMutablePointer<Float>
    private var touched: UnsafeMutablePointer<UInt64>
    /// Per row, the first and last word of `touched` that may be non-zero.
    private var firstWord: UnsafeMutablePointer<Int32>
    private var lastWord: UnsafeMutablePointer<Int32>
    private var cellStride = 0
    private var wordsPerRow = 0
    private var rowCapacity = 0
    /// Width and height of the current clip, and its device origin.
    private var clipWidth = 0.0
    private var clipHeight = 0.0

    /// Coordinates are clamped to this magnitude before any arithmetic.
    static let coordinateLimit = 1.0e12

    public init() {
        cells = .allocate(capacity: 1)
        touched = .allocate(capacity: 1)
        firstWord = .allocate(capacity: 1)
        lastWord = .allocate(capacity: 1)
    }

    deinit {
        cells.deallocate()
        touched.deallocate()
        firstWord.deallocate()
        lastWord.deallocate()
    }

    /// Replaces the contents of `mask` with the coverage of `polygon` under `rule`, inside
    /// `mask.bounds ∩ clip` (coverage outside that is 0). Coordinates are device pixels: pixel (x, y)
    /// is the square `[x, x + 1) × [y, y + 1)`.
    public func fill(_ polygon: Polygon, rule: FillRule, into mask: Mask, clip: PixelRect? = nil) {
        let area = clip.map { mask.bounds.intersection($0) } ?? mask.bounds
        guard !area.isEmpty else {
            mask.removeAll()
            return
        }
        reserve(width: area.width, height: area.height)
        clipWidth = Double(area.width)
        clipHeight = Double(area.height)
        let ox = Double(area.minX)
        let oy = Double(area.minY)
        let limit = Self.coordinateLimit
        let points = polygon.points
        for c in 0..<polygon.contourCount {
            let range = polygon.contourRange(c)
            guard range.count >= 2, points[range].allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { continue }
            var previous = points[range.upperBound - 1]
            for i in range {
                let p = points[i]
                addEdge(
                    x0: max(-limit, min(limit, previous.x)) - ox, y0: max(-limit, min(limit, previous.y)) - oy,
                    x1: max(-limit, min(limit, p.x)) - ox, y1: max(-limit, min(limit, p.y)) - oy)
                previous = p
            }
        }
        sweep(into: mask, area: area, rule: rule)
    }

    // MARK: Buffers

    private func reserve(width: Int, height: Int) {
        let stride = width + 2
        let words = (stride + 63) / 64
        guard stride > cellStride || height > rowCapacity else { return }
        let newStride = max(stride, cellStride)
        let newRows = max(height, rowCapacity)
        cells.deallocate()
        touched.deallocate()
        firstWord.deallocate()
        lastWord.deallocate()
        cellStride = newStride
        wordsPerRow = max(words, (newStride + 63) / 64)
        rowCapacity = newRows
        cells = .allocate(capacity: cellStride * rowCapacity)
        cells.initialize(repeating: 0, count: cellStride * rowCapacity)
        touched = .allocate(capacity: wordsPerRow * rowCapacity)
        touched.initialize(repeating: 0, count: wordsPerRow * rowCapacity)
        firstWord = .allocate(capacity: rowCapacity)
        firstWord.initialize(repeating: Int32.max, count: rowCapacity)
        lastWord = .allocate(capacity: rowCapacity)
        lastWord.initialize(repeating: -1, count: rowCapacity)
    }

    // MARK: Edges

    /// Adds an edge in clip-local coordinates: clips it to the rows of the clip, then splits it where
    /// it crosses the clip's left and right sides and pushes the outside parts onto those sides.
    private func addEdge(x0: Double, y0: Double, x1: Double, y1: Double) {
        guard y0 != y1 else { return }
        var (ax, ay, bx, by, sign) = y0 < y1 ? (x0, y0, x1, y1, 1.0) : (x1, y1, x0, y0, -1.0)
        guard by > 0, ay < clipHeight else { return }
        let slope = (bx - ax) / (by - ay)
        if ay < 0 {
            ax += (0 - ay) * slope
            ay = 0
        }
        if by > clipHeight {
            bx = ax + (clipHeight - ay) * slope
            by = clipHeight
        }
        guard by > ay else { return }
        // Split at x = 0 and x = width so each piece lies on one side of each.
        var cuts: (Double, Double) = (by, by)
        let w = clipWidth
        if (ax < 0) != (bx < 0) { cuts.0 = ay + (0 - ax) / (bx - ax) * (by - ay) }
        if (ax > w) != (bx > w) { cuts.1 = ay + (w - ax) / (bx - ax) * (by - ay) }
        let first = min(cuts.0, cuts.1)
        let second = max(cuts.0, cuts.1)
        var startY = ay
        var startX = ax
        for piece in 0..<3 {
            let cutY = piece == 0 ? first : piece == 1 ? second : by
            let endY = max(startY, min(by, cutY))
            guard endY > startY else { continue }
            let endX = endY == by ? bx : ax + (endY - ay) * slope
            addClampedLine(x0: startX, y0: startY, x1: endX, y1: endY, sign: sign)
            startY = endY
            startX = endX
        }
    }

    /// Rasterizes a downward edge inside the clip's rows, its x clamped to `0 ... width`.
    private func addClampedLine(x0: Double, y0: Double, x1: Double, y1: Double, sign: Double) {
        let w = clipWidth
        let xa = max(0, min(w, x0))
        let xb = max(0, min(w, x1))
        let slope = (xb - xa) / (y1 - y0)
        let firstRow = Int(y0)
        let endRow = min(Int(clipHeight), Int(y1.rounded(.up)))
        var top = y0
        var topX = xa
        var row = firstRow
        while row < endRow {
            let bottom = min(y1, Double(row + 1))
            let bottomX = bottom == y1 ? xb : max(0, min(w, xa + (bottom - y0) * slope))
            if bottom > top { addSlice(row: row, xa: topX, xb: bottomX, height: (bottom - top) * sign) }
            top = bottom
            topX = bottomX
            row += 1
        }
    }

    /// Adds the part of an edge inside one row: from `xa` at its top to `xb` at its bottom, covering
    /// `height` of the row (negative for upward edges). Cell `c` receives the change in "area right of
    /// the edge" between cells `c − 1` and `c`, so a running sum along the row gives each cell's share.
    @inline(__always)
    private func addSlice(row: Int, xa: Double, xb: Double, height d: Double) {
        let rowCells = cells + row * cellStride
        let lo = min(xa, xb)
        let hi = max(xa, xb)
        let c0 = Int(lo)
        let c1 = min(Int(hi), cellStride - 2)
        if c0 >= c1 || hi - lo < 1e-9 {
            let f = (lo + hi) * 0.5 - Double(c0)
            rowCells[c0] += Float(d * (1 - f))
            rowCells[c0 + 1] += Float(d * f)
            markTouched(row: row, from: c0, to: c0 + 1)
            return
        }
        let perX = d / (hi - lo)
        var prefix = 0.0
        var previous = 0.0
        var c = c0
        while c <= c1 {
            let left = max(lo, Double(c))
            let right = min(hi, Double(c + 1))
            let dc = (right - left) * perX
            let cover = prefix + dc * (1 - ((left + right) * 0.5 - Double(c)))
            rowCells[c] += Float(cover - previous)
            previous = cover
            prefix += dc
            c += 1
        }
        rowCells[c1 + 1] += Float(d - previous)
        markTouched(row: row, from: c0, to: c1 + 1)
    }

    @inline(__always)
    private func markTouched(row: Int, from c0: Int, to c1: Int) {
        let words = touched + row * wordsPerRow
        let w0 = c0 >> 6
        let w1 = c1 >> 6
        if w0 == w1 {
            words[w0] |= (~UInt64(0) << UInt64(c0 & 63)) & (~UInt64(0) >> UInt64(63 - (c1 & 63)))
        } else {
            words[w0] |= ~UInt64(0) << UInt64(c0 & 63)
            var w = w0 + 1
            while w < w1 {
                words[w] = ~UInt64(0)
                w += 1
            }
            words[w1] |= ~UInt64(0) >> UInt64(63 - (c1 & 63))
        }
        firstWord[row] = min(firstWord[row], Int32(w0))
        lastWord[row] = max(lastWord[row], Int32(w1))
    }

    // MARK: Sweep

    /// Converts the accumulated cells of every row into spans of `mask`, zeroing the cells on the way.
    private func sweep(into mask: Mask, area: PixelRect, rule: FillRule) {
        var builder = mask.beginRows()
        let rowOffset = area.minY - mask.bounds.minY
        for _ in 0..<rowOffset { builder.endRow() }
        let width = area.width
        let ox = area.minX
        for row in 0..<area.height {
            let w0 = Int(firstWord[row])
            let w1 = Int(lastWord[row])
            if w0 <= w1 {
                let rowCells = cells + row * cellStride
                let words = touched + row * wordsPerRow
                var sum: Float = 0
                var next = 0
                for w in w0...w1 {
                    var word = words[w]
                    words[w] = 0
                    while word != 0 {
                        let c = w << 6 | word.trailingZeroBitCount
                        word &= word &- 1
                        if c > next, next < width {
                            builder.addRun(from: ox + next, to: ox + min(c, width), coverage: Self.coverage(sum, rule))
                        }
                        sum += rowCells[c]
                        rowCells[c] = 0
                        if c < width { builder.addPixel(x: ox + c, coverage: Self.coverage(sum, rule)) }
                        next = c + 1
                    }
                }
                if next < width {
                    builder.addRun(from: ox + next, to: ox + width, coverage: Self.coverage(sum, rule))
                }
                firstWord[row] = Int32.max
                lastWord[row] = -1
            }
            builder.endRow()
        }
        for _ in (rowOffset + area.height)..<mask.bounds.height { builder.endRow() }
    }

    /// Coverage 0…255 of a cell whose winding sum is `sum`.
    @inline(__always)
    static func coverage(_ sum: Float, _ rule: FillRule) -> Int32 {
        var a = abs(sum)
        if rule == .evenOdd {
            a -= 2 * (a * 0.5).rounded(.down)
            if a > 1 { a = 2 - a }
        } else if a > 1 {
            a = 1
        }
        return Int32(a * 255 + 0.5)
    }
}
