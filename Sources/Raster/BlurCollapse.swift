/// The nine-patch of a blur, exact: where a plane has a long run of identical rows (or columns), as
/// the straight middle of a rectangle or rounded rectangle has, every output row farther than the
/// blur's reach R from the run's ends is the same, and every other output row depends only on its
/// window of 2R + 1 input rows. So the run can be cut to 2R + 1 rows, the smaller plane blurred, and
/// the result expanded again by repeating its middle row: bit for bit what blurring the whole plane
/// gives, for any separable pass whose output pixel depends only on the inputs within R of it
/// (`BlurPlan.reach`), since the row passes keep identical rows identical and the column passes keep
/// identical columns identical. Skia draws blurred rounded rectangles from a small blurred nine-patch
/// in the same spirit.
struct BlurCollapse {
    /// The run of identical rows `first…last` cut to `2R + 1` rows (`removed` rows fewer), or none.
    struct Cut {
        var first: Int
        var removed: Int
        /// Where a row of the whole plane comes from in the cut one (`reach`: the blur's R).
        @inline(__always)
        func source(of index: Int, reach: Int) -> Int {
            if index <= first + reach { return index }
            if index <= first + reach + removed { return first + reach }
            return index - removed
        }
    }

    let rows: Cut?
    let columns: Cut?
    let reach: Int

    /// The cut for `plane` and a blur of reach `reach`, or nil when cutting saves too little (under a
    /// fifth of the pixels).
    init?(_ plane: AlphaPlane, reach: Int, equalColumns: UnsafeMutablePointer<Bool>) {
        self.reach = reach
        let keep = 2 * reach + 1
        let width = plane.width
        let height = plane.height
        guard width > keep || height > keep else { return nil }
        // The longest run of rows equal to the row before.
        var best = (first: 0, count: 1)
        var runStart = 0
        for y in 1..<max(1, height) {
            if !Self.same(plane.row(y), plane.row(y - 1), width) { runStart = y }
            if y - runStart + 1 > best.count { best = (runStart, y - runStart + 1) }
        }
        rows = best.count > keep ? Cut(first: best.first, removed: best.count - keep) : nil
        // The longest run of columns equal to the column before, in every row.
        equalColumns.update(repeating: true, count: width)
        for y in 0..<height {
            let row = plane.row(y)
            for x in 1..<max(1, width) where row[x] != row[x - 1] { equalColumns[x] = false }
        }
        var bestColumns = (first: 0, count: 1)
        var columnStart = 0
        for x in 1..<max(1, width) {
            if !equalColumns[x] { columnStart = x }
            if x - columnStart + 1 > bestColumns.count { bestColumns = (columnStart, x - columnStart + 1) }
        }
        columns = bestColumns.count > keep ? Cut(first: bestColumns.first, removed: bestColumns.count - keep) : nil
        let removedRows = rows?.removed ?? 0
        let removedColumns = columns?.removed ?? 0
        let kept = (width - removedColumns) * (height - removedRows)
        guard kept * 5 <= width * height * 4 else { return nil }
    }

    /// The size of the cut plane.
    func size(of plane: AlphaPlane) -> (width: Int, height: Int) {
        (plane.width - (columns?.removed ?? 0), plane.height - (rows?.removed ?? 0))
    }

    /// Copies `plane` into `cut` (of `size(of:)`), leaving the removed rows and columns out.
    func collapse(_ plane: AlphaPlane, into cut: AlphaPlane) {
        for y in 0..<cut.height {
            // Kept rows: those before the cut's end, then the rest shifted.
            let sourceRow = rows.map { y <= $0.first + 2 * reach ? y : y + $0.removed } ?? y
            let source = plane.row(sourceRow)
            let target = cut.row(y)
            if let columns {
                let split = columns.first + 2 * reach + 1
                target.update(from: source, count: split)
                (target + split).update(from: source + split + columns.removed, count: cut.width - split)
            } else {
                target.update(from: source, count: cut.width)
            }
        }
    }

    /// Writes the blurred `cut` back over the whole `plane`, repeating its middle rows and columns.
    func expand(_ cut: AlphaPlane, into plane: AlphaPlane) {
        for y in 0..<plane.height {
            let source = cut.row(rows?.source(of: y, reach: reach) ?? y)
            let target = plane.row(y)
            guard let columns else {
                target.update(from: source, count: plane.width)
                continue
            }
            let middle = columns.first + reach
            target.update(from: source, count: middle + 1)
            (target + middle + 1).update(repeating: source[middle], count: columns.removed)
            (target + middle + 1 + columns.removed).update(
                from: source + middle + 1, count: plane.width - middle - 1 - columns.removed)
        }
    }

    @inline(__always)
    private static func same(_ a: UnsafeMutablePointer<UInt8>, _ b: UnsafeMutablePointer<UInt8>, _ count: Int) -> Bool {
        var x = 0
        while x + 8 <= count {
            if UnsafeRawPointer(a + x).loadUnaligned(as: UInt64.self)
                != UnsafeRawPointer(b + x).loadUnaligned(as: UInt64.self)
            {
                return false
            }
            x += 8
        }
        while x < count {
            if a[x] != b[x] { return false }
            x += 1
        }
        return true
    }
}
