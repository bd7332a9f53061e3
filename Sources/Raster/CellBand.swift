/// The accumulation cells of one band of rows of the `Rasterizer`: per cell, the change of the running
/// winding sum (area and cover folded into one delta), plus a bit per cell marking the touched ones
/// and, per row, the range of words holding those bits. Zeroed again by `sweep`.
///
/// It owns its buffers, so it cannot be copied (a copy would free them twice) and frees them when it
/// goes away.
struct CellBand: ~Copyable {
    private var cells: UnsafeMutablePointer<Float> = .allocate(capacity: 1)
    private var touched: UnsafeMutablePointer<UInt64> = .allocate(capacity: 1)
    private var firstWord: UnsafeMutablePointer<Int32> = .allocate(capacity: 1)
    private var lastWord: UnsafeMutablePointer<Int32> = .allocate(capacity: 1)
    private(set) var stride = 0
    private var wordsPerRow = 0
    private var rows = 0

    deinit { release() }

    /// Makes room for `rows` rows of `width` pixels (plus two cells for edges on the right border),
    /// keeping the widest and tallest room asked for so far (so shapes of different sizes do not take
    /// turns reallocating it).
    mutating func reserve(width: Int, rows: Int) {
        guard width + 2 > stride || rows > self.rows else { return }
        release()
        stride = max(stride, width + 2)
        wordsPerRow = (stride + 63) / 64
        self.rows = max(self.rows, rows)
        let rows = self.rows
        cells = .allocate(capacity: stride * rows)
        cells.initialize(repeating: 0, count: stride * rows)
        touched = .allocate(capacity: wordsPerRow * rows)
        touched.initialize(repeating: 0, count: wordsPerRow * rows)
        firstWord = .allocate(capacity: rows)
        firstWord.initialize(repeating: Int32.max, count: rows)
        lastWord = .allocate(capacity: rows)
        lastWord.initialize(repeating: -1, count: rows)
    }

    /// Frees the buffers (before new ones are allocated, or when the band goes away).
    private func release() {
        cells.deallocate()
        touched.deallocate()
        firstWord.deallocate()
        lastWord.deallocate()
    }

    /// Adds the part of an edge inside one row: from `xa` at its top to `xb` at its bottom, covering
    /// `height` of the row (negative for upward edges). Cell `c` receives the change in "area right of
    /// the edge" between cells `c − 1` and `c`, so a running sum along the row gives each cell's share.
    /// `row` is a row of the band and `xa`, `xb` lie in `0 ... width` (the caller clips them), so the
    /// cell indices below are in the row and computed without overflow checks.
    @inline(__always)
    mutating func addSlice(row: Int, xa: Double, xb: Double, height d: Double) {
        let rowCells = cells + row &* stride
        let lo = min(xa, xb)
        let hi = max(xa, xb)
        let c0 = Truncate.int(lo)
        let c1 = min(Truncate.int(hi), stride &- 2)
        // One call of `markTouched` (two were too many to be inlined in the checked build).
        var last = c0 &+ 1
        if c0 >= c1 || hi - lo < 1e-9 {
            let f = (lo + hi) * 0.5 - Double(c0)
            rowCells[c0] += Float(d * (1 - f))
            rowCells[c0 &+ 1] += Float(d * f)
        } else {
            let perX = d / (hi - lo)
            var prefix = 0.0
            var previous = 0.0
            var c = c0
            while c <= c1 {
                let left = max(lo, Double(c))
                let right = min(hi, Double(c &+ 1))
                let dc = (right - left) * perX
                let cover = prefix + dc * (1 - ((left + right) * 0.5 - Double(c)))
                rowCells[c] += Float(cover - previous)
                previous = cover
                prefix += dc
                c &+= 1
            }
            rowCells[c1 &+ 1] += Float(d - previous)
            last = c1 &+ 1
        }
        markTouched(row: row, from: c0, to: last)
    }

    /// Cells `c0 ... c1` of row `row` are in the band (see `addSlice`), so their words are too, and a
    /// word index fits in `Int32` (a mask's width does).
    @inline(__always)
    private mutating func markTouched(row: Int, from c0: Int, to c1: Int) {
        let words = touched + row &* wordsPerRow
        let w0 = c0 >> 6
        let w1 = c1 >> 6
        if w0 == w1 {
            words[w0] |= (~UInt64(0) << UInt64(c0 & 63)) & (~UInt64(0) >> UInt64(63 - (c1 & 63)))
        } else {
            words[w0] |= ~UInt64(0) << UInt64(c0 & 63)
            var w = w0 &+ 1
            while w < w1 {
                words[w] = ~UInt64(0)
                w &+= 1
            }
            words[w1] |= ~UInt64(0) >> UInt64(63 - (c1 & 63))
        }
        firstWord[row] = min(firstWord[row], Int32(truncatingIfNeeded: w0))
        lastWord[row] = max(lastWord[row], Int32(truncatingIfNeeded: w1))
    }

    /// Turns rows `rows` into mask rows of spans (columns `originX ..< originX + width`) and zeroes
    /// their cells.
    mutating func sweepRows(
        _ rows: Range<Int>, width: Int, originX ox: Int, rule: FillRule, into builder: inout SpanBuilder
    ) {
        for row in rows { sweepRow(row, width: width, originX: ox, rule: rule, into: &builder) }
    }

    /// Turns row `row` into one mask row of spans and zeroes its cells.
    @inline(__always)
    private mutating func sweepRow(
        _ row: Int, width: Int, originX ox: Int, rule: FillRule, into builder: inout SpanBuilder
    ) {
        let w0 = Int(firstWord[row])
        let w1 = Int(lastWord[row])
        if w0 <= w1 {
            let rowCells = cells + row &* stride
            let words = touched + row &* wordsPerRow
            var sum: Float = 0
            // The coverage of `sum`, computed once per change of `sum`: the run after a touched cell
            // has the coverage of that cell.
            var level: Int32 = 0
            var next = 0
            for w in w0...w1 {
                var word = words[w]
                if word == 0 { continue }
                words[w] = 0
                // c < stride and ox + width is the clip's right side, so none of this can overflow.
                while word != 0 {
                    let c = w << 6 | word.trailingZeroBitCount
                    word &= word &- 1
                    if c > next, next < width {
                        builder.addRun(from: ox &+ next, to: ox &+ min(c, width), coverage: level)
                    }
                    sum += rowCells[c]
                    rowCells[c] = 0
                    level = Self.coverage(sum, rule)
                    if c < width { builder.addPixel(x: ox &+ c, coverage: level) }
                    next = c &+ 1
                }
            }
            if next < width { builder.addRun(from: ox &+ next, to: ox &+ width, coverage: level) }
            firstWord[row] = Int32.max
            lastWord[row] = -1
        }
        builder.endRow()
    }

    /// Zeroes the cells of row `row` without producing anything.
    mutating func discardRow(_ row: Int) {
        let w0 = Int(firstWord[row])
        let w1 = Int(lastWord[row])
        guard w0 <= w1 else { return }
        let rowCells = cells + row * stride
        let words = touched + row * wordsPerRow
        for w in w0...w1 {
            var word = words[w]
            words[w] = 0
            while word != 0 {
                rowCells[w << 6 | word.trailingZeroBitCount] = 0
                word &= word &- 1
            }
        }
        firstWord[row] = Int32.max
        lastWord[row] = -1
    }

    /// Coverage 0…255 of a cell whose winding sum is `sum`.
    @inline(__always)
    static func coverage(_ sum: Float, _ rule: FillRule) -> Int32 {
        Truncate.byte(fraction(sum, rule) * 255 + 0.5)
    }

    /// Coverage 0…1 of a cell whose winding sum is `sum`: min(|sum|, 1) for non-zero, the distance
    /// to the nearest even number (at most 1) for even-odd.
    @inline(__always)
    static func fraction(_ sum: Float, _ rule: FillRule) -> Float {
        var a = abs(sum)
        if rule == .evenOdd {
            a -= 2 * (a * 0.5).rounded(.down)
            if a > 1 { a = 2 - a }
        } else if a > 1 {
            a = 1
        }
        return a
    }
}
