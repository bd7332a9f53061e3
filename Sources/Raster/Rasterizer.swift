import Geometry

/// Turns polygons into anti-aliased coverage masks with exact-area anti-aliasing: every edge adds,
/// to the cells it crosses, the signed area it leaves on its right (AGG's and FreeType's "area and
/// cover" idea, kept here as one running-sum delta per cell), and a left-to-right sweep of each row
/// turns the running sum (the winding number, fractional at edges) into coverage. Only touched cells
/// are visited (a bit per cell marks them), so a row costs its edge crossings, not its width; the
/// stretches between touched cells become single `CoverageSpan`s.
///
/// Rows are processed in bands of `bandRows` with an active-edge list, so the cells being written
/// stay in the L2 cache whatever the size of the mask.
///
/// A rasterizer keeps its buffers between calls (it grows them to the largest width asked for and
/// leaves the cells zeroed), so filling a frame allocates nothing once warm. Not thread-safe: use one
/// per thread.
///
/// Its scratch arrays and cells are `@exclusivity(unchecked)`: no method calls out to code that could
/// reach them while another access is under way, so the run-time exclusivity checks (one or two per
/// edge and band) could never fire.
///
/// Defined results for bad input: a contour with a NaN or infinite coordinate is skipped whole;
/// coordinates beyond ±1e12 are clamped there; edges are clipped to the target area (parts left of it
/// still count towards the winding of the pixels to their right, parts right of it are dropped);
/// zero-area polygons cover nothing. Work is proportional to the edges and to the rows and cells they
/// cross inside the clip, so huge or numerous edges cost time but never hang.
public final class Rasterizer {
    /// Rows per band.
    static let bandRows = 16
    /// The most rows of a convex shape rasterized in one pass instead of in bands.
    static let directRows = 64
    /// Coordinates are clamped to this magnitude before any arithmetic.
    static let coordinateLimit = 1.0e12

    /// One edge inside the clip, in clip-local pixels, pointing down (`y0 < y1`), x within
    /// `0 ... width`; `sign` is +1 when the original edge pointed down, −1 when up.
    struct Edge {
        var x0: Double
        var y0: Double
        var x1: Double
        var y1: Double
        var slope: Double
        var sign: Double
        /// The index of the polygon edge this piece comes from, and the first and last such index of
        /// its contour: pieces of neighbouring polygon edges meet at a vertex and are not a crossing.
        var serial: Int32
        var contourFirst: Int32
        var contourLast: Int32

        /// x on the edge's line at height y.
        @inline(__always)
        func x(at y: Double) -> Double { x0 + (y - y0) * slope }

        /// Whether the two pieces come from the same or neighbouring polygon edges.
        @inline(__always)
        func isNeighbour(of other: Edge) -> Bool {
            guard contourFirst == other.contourFirst else { return false }
            let d = abs(serial - other.serial)
            return d <= 1 || d == contourLast - contourFirst
        }
    }

    @exclusivity(unchecked) var edges: [Edge] = []
    /// Edge indices ordered by the band of their top; band b's are `bandFirst[b] ..< bandFirst[b + 1]`.
    @exclusivity(unchecked) var order: [Int32] = []
    @exclusivity(unchecked) var bandFirst: [Int32] = []
    /// The next free slot of each band while sorting.
    @exclusivity(unchecked) var bandNext: [Int32] = []
    /// Edges crossing the current band.
    @exclusivity(unchecked) var active: [Int32] = []
    @exclusivity(unchecked) var cells = CellBand()
    /// Rows holding a crossing (or near contact) of two edges get exact sub-row treatment.
    @exclusivity(unchecked) var crossings = CrossingFinder()
    /// The crossings of one strip of a refined row (x and signed weight), and the row's coverage.
    @exclusivity(unchecked) var stripX: [Double] = []
    @exclusivity(unchecked) var stripWinding: [Double] = []
    var refined: UnsafeMutablePointer<Float> = .allocate(capacity: 1)
    var steps: UnsafeMutablePointer<Float> = .allocate(capacity: 1)
    /// A bit per column of the refined row where `refined` or `steps` holds something.
    var events: UnsafeMutablePointer<UInt64> = .allocate(capacity: 1)
    var refinedCapacity = 0
    /// The polygon of the last path filled by `fill(_:transform:rule:into:clip:tolerance:)`.
    var scratchPolygon = Polygon()
    /// Contour bookkeeping while collecting edges.
    private var serial: Int32 = 0
    private var contourFirst: Int32 = 0
    private var contourLast: Int32 = 0
    /// Width and height of the current clip.
    var clipWidth = 0.0
    var clipHeight = 0.0

    public init() {}

    deinit {
        refined.deallocate()
        steps.deallocate()
        events.deallocate()
    }

    /// Replaces the contents of `mask` with the coverage of `polygon` under `rule`, inside
    /// `mask.bounds ∩ clip` (coverage outside that is 0). Coordinates are device pixels: pixel (x, y)
    /// is the square `[x, x + 1) × [y, y + 1)`.
    ///
    /// With `previous` — the mask this rasterizer filled for the previous frame, of the same bounds —
    /// bands of rows whose edges are exactly those of the previous frame (same coordinates, compared
    /// by a hash per band) are copied from it instead of being rasterized again: a frame whose shape
    /// changed in a few places costs little more than those places.
    public func fill(
        _ polygon: Polygon, rule: FillRule, into mask: Mask, clip: PixelRect? = nil, reusing previous: Mask? = nil
    ) {
        let area = clip.map { mask.bounds.intersection($0) } ?? mask.bounds
        guard !area.isEmpty else {
            mask.removeAll()
            return
        }
        clipWidth = Double(area.width)
        clipHeight = Double(area.height)
        edges.removeAll(keepingCapacity: true)
        collectEdges(of: polygon, originX: Double(area.minX), originY: Double(area.minY))
        // A convex contour has no crossing edges to look for (see `ConvexContour`).
        let convex = ConvexContour.isConvex(polygon)
        var builder = mask.beginRows()
        for _ in mask.bounds.minY..<area.minY { builder.endRow() }
        if convex, area.height <= Self.directRows {
            // A small convex shape in one pass: every edge into cells for all its rows, one sweep, no
            // bands (so no band hashes: a shape this small is reused whole or rasterized again).
            cells.reserve(width: area.width, rows: area.height)
            for k in 0..<edges.count { addRows(of: edges[k], from: 0, to: area.height) }
            cells.sweepRows(0..<area.height, width: area.width, originX: area.minX, rule: rule, into: &builder)
            for _ in area.maxY..<mask.bounds.maxY { builder.endRow() }
            return
        }
        cells.reserve(width: area.width, rows: Self.bandRows)
        sortEdgesByBand(rows: area.height)
        let key = Mask.RasterKey(area: area, rule: rule)
        let reusable = previous.flatMap { $0 !== mask && $0.bounds == mask.bounds && $0.rasterKey == key ? $0 : nil }
        active.removeAll(keepingCapacity: true)
        var band = 0
        var top = 0
        while top < area.height {
            let bottom = min(area.height, top + Self.bandRows)
            for k in Int(bandFirst[band])..<Int(bandFirst[band + 1]) { active.append(order[k]) }
            let hash = bandHash()
            mask.setBandHash(hash, at: band)
            if let reusable, reusable.bandHash(at: band) == hash {
                for row in top..<bottom { builder.copyRow(area.minY + row, from: reusable) }
                removeFinishedEdges(below: bottom)
                top = bottom
                band += 1
                continue
            }
            for k in 0..<active.count { addRows(of: edges[Int(active[k])], from: top, to: bottom) }
            let complex = convex ? 0 : crossings.rows(of: edges, active: active, top: top, bottom: bottom)
            // Rows needing sub-row treatment one by one, the runs of rows between them in one sweep
            // (bit `row - top` of `complex`, below bandRows).
            var row = top
            while row < bottom {
                if complex & (1 &<< UInt32(truncatingIfNeeded: row &- top)) != 0 {
                    refineRow(row, bandTop: top, width: area.width, originX: area.minX, rule: rule, into: &builder)
                    row += 1
                    continue
                }
                var end = row + 1
                while end < bottom, complex & (1 &<< UInt32(truncatingIfNeeded: end &- top)) == 0 { end += 1 }
                cells.sweepRows(
                    (row - top)..<(end - top), width: area.width, originX: area.minX, rule: rule, into: &builder)
                row = end
            }
            removeFinishedEdges(below: bottom)
            top = bottom
            band += 1
        }
        for _ in area.maxY..<mask.bounds.maxY { builder.endRow() }
        mask.rasterKey = key
    }

    /// Drops from the active list the edges that end above row `bottom`.
    private func removeFinishedEdges(below bottom: Int) {
        var k = 0
        while k < active.count {
            if edges[Int(active[k])].y1 <= Double(bottom) {
                active[k] = active[active.count - 1]
                active.removeLast()
            } else {
                k += 1
            }
        }
    }

    /// A hash of the active edges' coordinates and directions, independent of their order.
    private func bandHash() -> UInt64 {
        @inline(__always)
        func mix(_ h: UInt64, _ v: Double) -> UInt64 {
            let m = (h ^ v.bitPattern) &* 0x0000_0100_0000_01B3
            return m ^ (m >> 29)
        }
        var sum: UInt64 = UInt64(active.count)
        for k in 0..<active.count {
            let e = edges[Int(active[k])]
            sum &+= mix(mix(mix(mix(mix(0xCBF2_9CE4_8422_2325, e.x0), e.y0), e.x1), e.y1), e.sign)
        }
        return sum
    }

    // MARK: Edges

    /// Appends the clipped edges of every contour whose coordinates are all finite.
    private func collectEdges(of polygon: Polygon, originX ox: Double, originY oy: Double) {
        let limit = Self.coordinateLimit
        let points = polygon.points
        serial = 0
        for c in 0..<polygon.contourCount {
            let range = polygon.contourRange(c)
            guard range.count >= 2, points[range].allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { continue }
            var previous = points[range.upperBound - 1]
            contourFirst = serial
            contourLast = serial + Int32(range.count - 1)
            for i in range {
                defer { serial += 1 }
                let p = points[i]
                addEdge(
                    x0: max(-limit, min(limit, previous.x)) - ox, y0: max(-limit, min(limit, previous.y)) - oy,
                    x1: max(-limit, min(limit, p.x)) - ox, y1: max(-limit, min(limit, p.y)) - oy)
                previous = p
            }
        }
    }

    /// Clips an edge (clip-local coordinates) to the rows of the clip, splits it where it crosses the
    /// clip's left and right sides, pushes the outside parts onto those sides and stores the pieces.
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
        let w = clipWidth
        var cuts: (Double, Double) = (by, by)
        if (ax < 0) != (bx < 0) { cuts.0 = ay + (0 - ax) / (bx - ax) * (by - ay) }
        if (ax > w) != (bx > w) { cuts.1 = ay + (w - ax) / (bx - ax) * (by - ay) }
        let first = min(cuts.0, cuts.1)
        let second = max(cuts.0, cuts.1)
        var startY = ay
        var startX = max(0, min(w, ax))
        for piece in 0..<3 {
            let cutY = piece == 0 ? first : piece == 1 ? second : by
            let endY = max(startY, min(by, cutY))
            guard endY > startY else { continue }
            let endX = max(0, min(w, endY == by ? bx : ax + (endY - ay) * slope))
            // A piece pushed onto the right side adds only to cells right of every pixel: it is dropped.
            if startX < w || endX < w {
                edges.append(
                    Edge(
                        x0: startX, y0: startY, x1: endX, y1: endY, slope: (endX - startX) / (endY - startY),
                        sign: sign, serial: serial, contourFirst: contourFirst, contourLast: contourLast))
            }
            startY = endY
            startX = endX
        }
    }

    /// Orders the edges by the band holding their top row (a counting sort).
    private func sortEdgesByBand(rows: Int) {
        let bands = (rows + Self.bandRows - 1) / Self.bandRows
        bandFirst.removeAll(keepingCapacity: true)
        bandFirst.append(contentsOf: repeatElement(0, count: bands + 1))
        // Through buffers (the closures call out to nothing): no uniqueness check per element.
        edges.withUnsafeBufferPointer { edges in
            bandFirst.withUnsafeMutableBufferPointer { first in
                for e in edges { first[Int(e.y0) / Self.bandRows + 1] += 1 }
                for b in 0..<bands { first[b + 1] += first[b] }
            }
        }
        order.removeAll(keepingCapacity: true)
        order.append(contentsOf: repeatElement(0, count: edges.count))
        bandNext.removeAll(keepingCapacity: true)
        bandNext.append(contentsOf: bandFirst)
        edges.withUnsafeBufferPointer { edges in
            order.withUnsafeMutableBufferPointer { order in
                bandNext.withUnsafeMutableBufferPointer { next in
                    for (i, e) in edges.enumerated() {
                        let b = Int(e.y0) / Self.bandRows
                        order[Int(next[b])] = Int32(i)
                        next[b] += 1
                    }
                }
            }
        }
    }

    /// Adds the slices of `e` in rows `top ..< bottom` (the current band) to the cells.
    @inline(__always)
    private func addRows(of e: Edge, from top: Int, to bottom: Int) {
        let firstRow = max(top, Int(e.y0))
        let endRow = min(bottom, Int(e.y1.rounded(.up)))
        guard firstRow < endRow else { return }
        let w = clipWidth
        var upper = max(e.y0, Double(firstRow))
        var upperX = upper == e.y0 ? e.x0 : max(0, min(w, e.x0 + (upper - e.y0) * e.slope))
        for row in firstRow..<endRow {
            let lower = min(e.y1, Double(row + 1))
            let lowerX = lower == e.y1 ? e.x1 : max(0, min(w, e.x0 + (lower - e.y0) * e.slope))
            if lower > upper {
                cells.addSlice(row: row - top, xa: upperX, xb: lowerX, height: (lower - upper) * e.sign)
            }
            upper = lower
            upperX = lowerX
        }
    }

    /// Sub-rows per refined row: 32, fewer when very many edges cross the row (a stroke's inner side
    /// collapsed onto a centre), to bound the cost of sorting each strip's crossings.
    static func subRows(forEdges count: Int) -> Int { count <= 64 ? 32 : count <= 256 ? 16 : 4 }

    /// Emits row `row` computed as horizontal strips. In each strip every edge is taken as a vertical
    /// line at its mid-strip x, the winding number is walked from left to right over the sorted
    /// crossings, and the fill rule applied to each stretch between them: exact where edges cross or
    /// run close inside a pixel (a pentagram's inner corners), where the rule applied to a pixel's
    /// average winding would be wrong. The cost is an error of at most half a strip's height times a
    /// pixel on a strip's slanted edge.
    private func refineRow(
        _ row: Int, bandTop: Int, width: Int, originX ox: Int, rule: FillRule, into builder: inout SpanBuilder
    ) {
        cells.discardRow(row - bandTop)
        if refinedCapacity < width + 2 {
            refined.deallocate()
            steps.deallocate()
            refinedCapacity = width + 2
            refined = .allocate(capacity: refinedCapacity)
            refined.initialize(repeating: 0, count: refinedCapacity)
            steps = .allocate(capacity: refinedCapacity)
            steps.initialize(repeating: 0, count: refinedCapacity)
            events.deallocate()
            events = .allocate(capacity: refinedCapacity / 64 + 1)
            events.initialize(repeating: 0, count: refinedCapacity / 64 + 1)
        }
        let strips = Self.subRows(forEdges: active.count)
        let n = Double(strips)
        let w = clipWidth
        var lo = Int.max
        var hi = Int.min
        for s in 0..<strips {
            let top = Double(row) + Double(s) / n
            let bottom = Double(row) + Double(s + 1) / n
            stripX.removeAll(keepingCapacity: true)
            stripWinding.removeAll(keepingCapacity: true)
            for k in 0..<active.count {
                let e = edges[Int(active[k])]
                let a = max(e.y0, top)
                let b = min(e.y1, bottom)
                guard b > a else { continue }
                stripX.append(max(0, min(w, e.x(at: (a + b) / 2))))
                stripWinding.append((b - a) * n * e.sign)
            }
            guard !stripX.isEmpty else { continue }
            HeapSort.sort(&stripX, with: &stripWinding)
            var winding = 0.0
            // The stretch after the last crossing runs to the right side (pieces there were dropped).
            for k in 0..<stripX.count {
                winding += stripWinding[k]
                let value = CellBand.fraction(Float(winding), rule) / Float(n)
                let xa = stripX[k]
                let xb = k + 1 < stripX.count ? stripX[k + 1] : w
                guard value > 1e-7, xb > xa else { continue }
                addCoverage(value, from: xa, to: xb, width: width)
                lo = min(lo, Truncate.int(xa))
                hi = max(hi, min(width, Truncate.int(xb) + 1))
            }
        }
        if lo < hi {
            // Only columns marked in `events` change the coverage; between them it stays `run`.
            var run: Float = 0
            var next = lo
            for w in (lo >> 6)...((hi - 1) >> 6) {
                var word = events[w]
                events[w] = 0
                while word != 0 {
                    let x = w << 6 | word.trailingZeroBitCount
                    word &= word &- 1
                    guard x < hi else { continue }
                    if x > next {
                        builder.addRun(from: ox + next, to: ox + x, coverage: Truncate.int32(min(1, run) * 255 + 0.5))
                    }
                    run += steps[x]
                    builder.addPixel(x: ox + x, coverage: Truncate.int32(min(1, refined[x] + run) * 255 + 0.5))
                    refined[x] = 0
                    steps[x] = 0
                    next = x + 1
                }
            }
            if next < hi {
                builder.addRun(from: ox + next, to: ox + hi, coverage: Truncate.int32(min(1, run) * 255 + 0.5))
            }
        }
        builder.endRow()
    }

    /// Adds `value ×` the length of `[xa, xb)` falling in each pixel: the partial end pixels into
    /// `refined`, the whole pixels between as a step up and down in `steps` (summed when emitting).
    @inline(__always)
    private func addCoverage(_ value: Float, from xa: Double, to xb: Double, width: Int) {
        let first = Truncate.int(xa)
        let last = Truncate.int(xb)
        if first == last {
            if first < width {
                refined[first] += value * Float(xb - xa)
                mark(first)
            }
            return
        }
        refined[first] += value * Float(Double(first + 1) - xa)
        mark(first)
        if first + 1 < min(last, width) {
            steps[first + 1] += value
            mark(first + 1)
            if last < width { steps[last] -= value }
        }
        if last < width {
            refined[last] += value * Float(xb - Double(last))
            mark(last)
        }
    }

    /// Marks column x of the refined row as one where coverage may change.
    @inline(__always)
    private func mark(_ x: Int) { events[x >> 6] |= 1 << UInt64(x & 63) }
}

/// An in-place heap sort of parallel buffers (no allocation, O(n log n) at worst).
enum HeapSort {
    /// Sorts `keys[0 ..< count]` ascending, applying the same moves to `values`.
    static func sort<Value>(_ keys: UnsafeMutablePointer<Double>, _ values: UnsafeMutablePointer<Value>, count n: Int) {
        @inline(__always)
        func swapBoth(_ i: Int, _ j: Int) {
            swap(&keys[i], &keys[j])
            swap(&values[i], &values[j])
        }
        @inline(__always)
        func siftDown(_ start: Int, _ end: Int) {
            var root = start
            while 2 * root + 1 < end {
                var child = 2 * root + 1
                if child + 1 < end, keys[child] < keys[child + 1] { child += 1 }
                guard keys[root] < keys[child] else { return }
                swapBoth(root, child)
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
            swapBoth(0, end)
            siftDown(0, end)
        }
    }

    /// Sorts the arrays `keys` ascending, applying the same moves to `values` (of the same count).
    static func sort<Value>(_ keys: inout [Double], with values: inout [Value]) {
        keys.withUnsafeMutableBufferPointer { k in
            values.withUnsafeMutableBufferPointer { v in
                sort(k.baseAddress!, v.baseAddress!, count: min(k.count, v.count))
            }
        }
    }
}
