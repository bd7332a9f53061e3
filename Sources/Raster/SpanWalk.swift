/// Visits columns `x0 ..< x1` of row `y` of a mask as runs: `gap` where coverage is 0, `run` where it
/// is one value (1…255), `varying` where it changes from pixel to pixel (with the row's coverage
/// bytes, indexed by device column). Runs come left to right and exactly tile `x0 ..< x1`.
@inline(__always)
func walkSpans(
    of mask: Mask, row y: Int, from x0: Int, to x1: Int,
    gap: (Int, Int) -> Void,
    run: (Int, Int, UInt32) -> Void,
    varying: (Int, Int, UnsafePointer<UInt8>) -> Void
) {
    var x = x0
    let bytes = mask.coverageBytes(inRow: y)
    for span in mask.spans(inRow: y) {
        let s0 = max(Int(span.x), x)
        let s1 = min(Int(span.end), x1)
        if s1 <= s0 {
            if Int(span.x) >= x1 { break }
            continue
        }
        if s0 > x { gap(x, s0) }
        if span.coverage == CoverageSpan.varying {
            varying(s0, s1, bytes)
        } else {
            run(s0, s1, UInt32(span.coverage))
        }
        x = s1
    }
    if x < x1 { gap(x, x1) }
}

extension Bitmap {
    /// Calls `body(y, x0, x1)` for each interval of each row of `region` (each row, whole, when nil)
    /// with its columns clipped to the bitmap and to `clip` (when given); rows are visited top to
    /// bottom, a row's intervals left to right, so `body` may see a row several times, never a pixel
    /// twice. The cost is the rows of `region ∩ clip`, so a small item in a large region visits only
    /// its own rows.
    @inline(__always)
    func forEachRow(in region: Region?, within clip: PixelRect? = nil, _ body: (Int, Int, Int) -> Void) {
        let canvas = PixelRect(x: 0, y: 0, width: width, height: height)
        let limit = clip.map { canvas.intersection($0) } ?? canvas
        guard let region else {
            for y in limit.rows { body(y, limit.minX, limit.maxX) }
            return
        }
        for y in region.rowRange.clamped(to: limit.rows) {
            for k in 0..<region.intervalCount(inRow: y) {
                let (s, e) = region.interval(inRow: y, at: k)
                if e <= limit.minX { continue }
                if s >= limit.maxX { break }
                body(y, max(s, limit.minX), min(e, limit.maxX))
            }
        }
    }
}
