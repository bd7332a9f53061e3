/// The loops of `GaussianBlur`: one pass of a `BlurPlan` along rows or down columns, on 8-bit alpha,
/// with 0 outside the plane and each result rounded to 8 bits. Rows go through a zero-padded copy so
/// the inner loops have no edge tests; columns are done all at once with one running sum per column
/// (a loop over x that the compiler vectorizes), reading rows outside the plane as a zero row.
enum BlurPasses {
    /// Zero bytes the row copy needs on each side for a plan's pass.
    static func padding(_ plan: BlurPlan) -> Int {
        switch plan.kind {
        case .kernel(let weights): return weights.count / 2
        case .extendedBox(let radius, _, _): return radius + 2
        }
    }

    /// One pass along a row: reads `count` bytes at `padded` (which has `padding` zero bytes before and
    /// after them) and writes `count` results to `out` (which may be where `padded`'s bytes came from).
    @inline(__always)
    static func row(
        _ plan: BlurPlan, _ padded: UnsafePointer<UInt8>, _ out: UnsafeMutablePointer<UInt8>, count: Int
    ) {
        let half: Int32 = 1 << (BlurPlan.shift - 1)
        switch plan.kind {
        case .kernel(let weights):
            weights.withUnsafeBufferPointer { w in
                for x in 0..<count {
                    let window = padded + x
                    var sum: Int32 = 0
                    for k in 0..<w.count { sum &+= w[k] &* Int32(window[k]) }
                    out[x] = UInt8(truncatingIfNeeded: (sum &+ half) >> BlurPlan.shift)
                }
            }
        case .extendedBox(let r, let inner, let end):
            // `c` is the padded index of pixel x: taps c − r … c + r inside, c ± (r + 1) at the ends.
            let p = padded + (r + 2)
            var inside: Int32 = 0
            for k in -r...r { inside &+= Int32(p[k]) }
            var ends = Int32(p[-r - 1]) &+ Int32(p[r + 1])
            for x in 0..<count {
                out[x] = UInt8(truncatingIfNeeded: (inside &* inner &+ ends &* end &+ half) >> BlurPlan.shift)
                let entering = Int32(p[x &+ r &+ 1])
                let leaving = Int32(p[x &- r])
                inside &+= entering &- leaving
                ends &+= Int32(p[x &+ r &+ 2]) &+ leaving &- Int32(p[x &- r &- 1]) &- entering
            }
        }
    }

    /// One pass down columns `columns` of a plane of `height` rows: reads rows from `source(y)` (a zero
    /// row outside 0 ..< height) and writes `target(y)`. `sums` holds two Int32 per column of scratch.
    @inline(__always)
    static func columns(
        _ plan: BlurPlan, height: Int, columns: Range<Int>, sums: UnsafeMutablePointer<Int32>,
        source: (Int) -> UnsafePointer<UInt8>, target: (Int) -> UnsafeMutablePointer<UInt8>
    ) {
        let half: Int32 = 1 << (BlurPlan.shift - 1)
        let x0 = columns.lowerBound
        let n = columns.count
        switch plan.kind {
        case .kernel(let weights):
            let radius = weights.count / 2
            for y in 0..<height {
                let acc = sums
                acc.update(repeating: half, count: n)
                for k in 0..<weights.count {
                    let w = weights[k]
                    let input = source(y + k - radius) + x0
                    for x in 0..<n { acc[x] &+= w &* Int32(input[x]) }
                }
                let out = target(y) + x0
                for x in 0..<n { out[x] = UInt8(truncatingIfNeeded: acc[x] >> BlurPlan.shift) }
            }
        case .extendedBox(let r, let inner, let end):
            let inside = sums
            let ends = sums + n
            inside.update(repeating: 0, count: n)
            for k in -r...r {
                let input = source(k) + x0
                for x in 0..<n { inside[x] &+= Int32(input[x]) }
            }
            let before = source(-r - 1) + x0
            let after = source(r + 1) + x0
            for x in 0..<n { ends[x] = Int32(before[x]) &+ Int32(after[x]) }
            for y in 0..<height {
                let out = target(y) + x0
                let entering = source(y + r + 1) + x0
                let leaving = source(y - r) + x0
                let next = source(y + r + 2) + x0
                let gone = source(y - r - 1) + x0
                for x in 0..<n {
                    out[x] = UInt8(truncatingIfNeeded: (inside[x] &* inner &+ ends[x] &* end &+ half) >> BlurPlan.shift)
                    let e = Int32(entering[x])
                    let l = Int32(leaving[x])
                    inside[x] &+= e &- l
                    ends[x] &+= Int32(next[x]) &+ l &- Int32(gone[x]) &- e
                }
            }
        }
    }
}
