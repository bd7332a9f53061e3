import Geometry

/// Solid axis-aligned rectangles drawn straight into a bitmap, without a coverage mask: a layer's
/// background under a transform without rotation or shear.
extension Bitmap {
    /// Draws the premultiplied `color` over this bitmap inside `rect` (device pixels, edges anywhere),
    /// multiplied by `opacity`, within `region` (everywhere when nil) and `clip` (when given).
    ///
    /// Coverage is the exact area of each pixel inside the rectangle, the product of its column's and
    /// its row's overlap, rounded to 0…255 as the rasterizer rounds. The columns are classified once
    /// per rectangle (a partial left column, fully covered ones, a partial right column), and the
    /// colours once for the rows it covers whole, so a row costs one run of blends, its partial pixels
    /// included, and nothing is allocated.
    public func fill(
        _ color: Pixel, opacity: UInt8 = 255, rectangle rect: CGRect, in region: Region? = nil,
        within clip: PixelRect? = nil
    ) {
        let op = UInt32(opacity)
        let r = rect.standardized
        let enclosing = PixelRect(enclosing: r)
        guard color != 0, op > 0, !enclosing.isEmpty else { return }
        let columns = RectangleColumns(minX: r.minX, maxX: r.maxX, enclosing: enclosing)
        // Rows the rectangle covers on their whole height share one set of colours.
        let fullRow = columns.colors(rowCoverage: 1, color: color, opacity: op)
        forEachRow(in: region, within: clip.map { enclosing.intersection($0) } ?? enclosing) { y, x0, x1 in
            let cy = RectangleColumns.overlap(y, r.minY, r.maxY)
            let colors = cy >= 1 ? fullRow : columns.colors(rowCoverage: cy, color: color, opacity: op)
            columns.fillRow(row(y), from: x0, to: x1, colors)
        }
    }
}

/// How an axis-aligned rectangle covers the columns of its enclosing pixels: the fully covered columns
/// `full`, and the partly covered columns left and right of them with their overlaps.
struct RectangleColumns {
    /// Columns inside the rectangle on their whole width.
    let full: Range<Int>
    /// The column left of `full` when the rectangle covers only part of it (its overlap in `leftCover`).
    let left: Int?
    let leftCover: Double
    /// The column right of `full` when covered in part (its overlap in `rightCover`).
    let right: Int?
    let rightCover: Double

    init(minX: Double, maxX: Double, enclosing: PixelRect) {
        let first = enclosing.minX
        let last = enclosing.maxX - 1
        if first == last {
            // One column: the rectangle's whole width lies in it.
            let cover = min(1, maxX - minX)
            full = cover >= 1 ? first..<(first + 1) : first..<first
            left = cover >= 1 ? nil : first
            leftCover = cover
            right = nil
            rightCover = 0
            return
        }
        let leftCover = Self.overlap(first, minX, maxX)
        let rightCover = Self.overlap(last, minX, maxX)
        let lo = leftCover >= 1 ? first : first + 1
        let hi = rightCover >= 1 ? last + 1 : last
        full = lo..<max(lo, hi)
        left = leftCover >= 1 ? nil : first
        self.leftCover = leftCover
        right = rightCover >= 1 ? nil : last
        self.rightCover = rightCover
    }

    /// How much of the unit interval `[i, i + 1)` lies in `[lo, hi)`.
    @inline(__always)
    static func overlap(_ i: Int, _ lo: Double, _ hi: Double) -> Double {
        let p = Double(i)
        return max(0, min(p + 1, hi) - max(p, lo))
    }

    /// A fraction of a pixel as coverage 0…255, rounded to nearest (as the rasterizer rounds).
    @inline(__always)
    static func coverage(_ fraction: Double) -> UInt32 {
        UInt32(Truncate.byte(Float(min(1, fraction)) * 255 + 0.5))
    }

    /// The premultiplied colours drawn in a row whose vertical overlap with the rectangle is `cy`:
    /// in its left partial column, its full columns and its right partial column.
    struct RowColors {
        let left: Pixel
        let full: Pixel
        let right: Pixel
    }

    /// The colours of a row whose vertical overlap with the rectangle is `cy`.
    @inline(__always)
    func colors(rowCoverage cy: Double, color: Pixel, opacity: UInt32) -> RowColors {
        RowColors(
            left: left == nil ? 0 : Self.scaled(color, Self.coverage(leftCover * cy), opacity),
            full: Self.scaled(color, Self.coverage(cy), opacity),
            right: right == nil ? 0 : Self.scaled(color, Self.coverage(rightCover * cy), opacity))
    }

    /// Draws columns `x0 ..< x1` of one row in its `colors`.
    @inline(__always)
    func fillRow(_ dst: UnsafeMutablePointer<Pixel>, from x0: Int, to x1: Int, _ colors: RowColors) {
        let a = max(x0, full.lowerBound)
        let b = min(x1, full.upperBound)
        let hasLeft = left.map { $0 >= x0 && $0 < x1 } ?? false
        let hasRight = right.map { $0 >= x0 && $0 < x1 } ?? false
        if b > a {
            // The partial columns flank the full ones, so they are the run's first and last pixels.
            let start = hasLeft ? a &- 1 : a
            let end = hasRight ? b &+ 1 : b
            if colors.full == 0, !hasLeft || colors.left == 0, !hasRight || colors.right == 0 { return }
            RowKernels.fill(
                dst + start, first: hasLeft ? colors.left : colors.full, middle: colors.full,
                last: hasRight ? colors.right : colors.full, end &- start)
            return
        }
        if hasLeft, colors.left != 0 { dst[left!] = PixelMath.over(colors.left, dst[left!]) }
        if hasRight, colors.right != 0 { dst[right!] = PixelMath.over(colors.right, dst[right!]) }
    }

    /// `color` times `coverage` and `opacity` (each 0…255), premultiplied.
    @inline(__always)
    private static func scaled(_ color: Pixel, _ coverage: UInt32, _ opacity: UInt32) -> Pixel {
        PixelMath.scale(color, by: PixelMath.mul255(coverage, opacity))
    }
}
