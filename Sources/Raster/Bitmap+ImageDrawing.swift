import Dispatch
import Geometry

/// Images drawn under an affine transform with bilinear sampling.
extension Bitmap {
    /// Draws `image` over this bitmap, mapped by `transform` (image pixels → device pixels), with
    /// bilinear sampling: texel (i, j) is centred at (i + 0.5, j + 0.5), and outside the image the
    /// samples are transparent, so edges fade over one pixel (anti-aliased, as cairo's
    /// `EXTEND_NONE`). Only the transformed image's bounding box (inside `region` and `clip`) is visited, each
    /// device pixel centre is mapped back into the image in 16.16 fixed point, and samples are
    /// weighted with 8-bit fractions. A transform that cannot be inverted draws nothing. With
    /// `bands > 1` the rows are split into that many bands drawn concurrently (sampling is
    /// compute-bound, so a second core can help). `visibleTexels`, when given, must hold every texel
    /// of the image that is not fully transparent (see `nonTransparentBounds()`, computed once per
    /// image): only device pixels that sample it are visited.
    public func draw(
        _ image: Bitmap, transform: CGAffineTransform, opacity: UInt8 = 255, in region: Region? = nil,
        within clip: PixelRect? = nil, visibleTexels: PixelRect? = nil, bands: Int = 1
    ) {
        guard
            let job = imageRows(
                image, transform: transform, opacity: opacity, region: region, clip: clip,
                visibleTexels: visibleTexels)
        else { return }
        RowBands.forEach(job.bounds.rows, bands: bands, minimumRows: 32) { job.draw(rows: $0, into: self) }
    }

    /// Draws `image` under `transform` as `draw(_:transform:opacity:in:within:visibleTexels:bands:)`
    /// samples it, each sample then multiplied by `tint` (when given) and added to the pixel below,
    /// channels saturating (`additive`), or drawn over it: a particle, straight into the frame. The
    /// pixels are those of sampling into a cleared bitmap, tinting it (`multiply(byRed:…)`) and adding
    /// or drawing that bitmap, without the bitmap: each row is sampled into a buffer of its own width.
    public func drawSprite(
        _ image: Bitmap, transform: CGAffineTransform, opacity: UInt8 = 255, tint: Tint? = nil, additive: Bool,
        in region: Region? = nil, within clip: PixelRect? = nil, visibleTexels: PixelRect? = nil
    ) {
        guard
            let job = imageRows(
                image, transform: transform, opacity: opacity, region: region, clip: clip,
                visibleTexels: visibleTexels)
        else { return }
        job.drawSprite(into: self, tint: tint, additive: additive)
    }

    /// The rows to draw `image` through (nil when nothing shows), shared by the drawings of images.
    private func imageRows(
        _ image: Bitmap, transform: CGAffineTransform, opacity: UInt8, region: Region?, clip: PixelRect?,
        visibleTexels: PixelRect?
    ) -> ImageRows? {
        let determinant = transform.a * transform.d - transform.b * transform.c
        guard opacity > 0, image.width > 0, image.height > 0, determinant.isFinite, abs(determinant) > 1e-12 else {
            return nil
        }
        let canvas = PixelRect(x: 0, y: 0, width: width, height: height)
        let bounds = Self.deviceBounds(ofImageWidth: image.width, height: image.height, transform: transform)
            .intersection(clip.map { canvas.intersection($0) } ?? canvas)
        guard !bounds.isEmpty else { return nil }
        let texels = (visibleTexels ?? PixelRect(x: 0, y: 0, width: image.width, height: image.height))
            .intersection(PixelRect(x: 0, y: 0, width: image.width, height: image.height))
        guard !texels.isEmpty else { return nil }
        return ImageRows(
            sampler: BilinearSampler(image: image, opacity: UInt32(opacity)), inverse: transform.inverted(),
            bounds: bounds, texels: texels, region: region)
    }

    /// The smallest rectangle of pixels holding every pixel that is not fully transparent (empty
    /// when all are), for `draw(_:transform:opacity:in:visibleTexels:bands:)`.
    public func nonTransparentBounds() -> PixelRect {
        var x0 = Int.max
        var x1 = Int.min
        var y0 = Int.max
        var y1 = Int.min
        for y in 0..<height {
            let pixels = row(y)
            guard let first = (0..<width).first(where: { pixels[$0] != 0 }) else { continue }
            let last = (0..<width).last(where: { pixels[$0] != 0 })!
            x0 = min(x0, first)
            x1 = max(x1, last + 1)
            y0 = min(y0, y)
            y1 = y + 1
        }
        guard x1 > x0 else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The device pixels that drawing an image of `width × height` under `transform` can touch:
    /// the transformed image rectangle, widened by one pixel for the bilinear fringe.
    public static func deviceBounds(ofImageWidth width: Int, height: Int, transform: CGAffineTransform) -> PixelRect {
        deviceBounds(ofTexels: PixelRect(x: 0, y: 0, width: width, height: height), transform: transform)
    }

    /// The device pixels that drawing the texels `texels` of an image under `transform` can touch
    /// (the damage of a sprite, given its `nonTransparentBounds()`).
    public static func deviceBounds(ofTexels texels: PixelRect, transform: CGAffineTransform) -> PixelRect {
        let t = transform
        let (l, tp) = (CGFloat(texels.minX), CGFloat(texels.minY))
        let (r, bt) = (CGFloat(texels.maxX), CGFloat(texels.maxY))
        let xs = (
            t.a * l + t.c * tp + t.tx, t.a * r + t.c * tp + t.tx, t.a * l + t.c * bt + t.tx, t.a * r + t.c * bt + t.tx
        )
        let ys = (
            t.b * l + t.d * tp + t.ty, t.b * r + t.d * tp + t.ty, t.b * l + t.d * bt + t.ty, t.b * r + t.d * bt + t.ty
        )
        let x0 = min(min(xs.0, xs.1), min(xs.2, xs.3))
        let y0 = min(min(ys.0, ys.1), min(ys.2, ys.3))
        let x1 = max(max(xs.0, xs.1), max(xs.2, xs.3))
        let y1 = max(max(ys.0, ys.1), max(ys.2, ys.3))
        return PixelRect(enclosing: CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)).insetBy(-1)
    }
}

/// Drawing one image over rows of a bitmap: which columns of each row the image reaches, and the
/// sampling of those. `@unchecked Sendable` because it holds the source bitmap, which the bands
/// drawing rows concurrently only read.
struct ImageRows: @unchecked Sendable {
    let sampler: BilinearSampler
    /// Device → image pixels.
    let inverse: CGAffineTransform
    let bounds: PixelRect
    /// The texels that may be visible; others are transparent.
    let texels: PixelRect
    let region: Region?

    /// Draws rows `rows` (inside `bounds`) of the image into `bitmap`, within `region`'s intervals.
    func draw(rows: Range<Int>, into bitmap: Bitmap) {
        let band = PixelRect(x: bounds.minX, y: rows.lowerBound, width: bounds.width, height: rows.count)
        bitmap.forEachRow(in: region, within: band) { y, x0, x1 in draw(row: y, from: x0, to: x1, into: bitmap) }
    }

    /// Draws every row of the image as a sprite: sampled into a cleared buffer, tinted, then added to
    /// or drawn over `bitmap`'s row.
    func drawSprite(into bitmap: Bitmap, tint: Tint?, additive: Bool) {
        withUnsafeTemporaryAllocation(of: Pixel.self, capacity: bounds.width) { buffer in
            guard let samples = buffer.baseAddress else { return }
            bitmap.forEachRow(in: region, within: bounds) { y, x0, x1 in
                guard let columns = sampledColumns(row: y, from: x0, to: x1) else { return }
                let count = columns.x1 - columns.x0
                samples.update(repeating: 0, count: count)
                sampler.drawRow(into: samples, count: count, u: columns.u, v: columns.v, du: columns.du, dv: columns.dv)
                tint?.apply(to: samples, count)
                let dst = bitmap.row(y) + columns.x0
                if additive {
                    RowKernels.add(dst, samples, count)
                } else {
                    RowKernels.over(dst, samples, count)
                }
            }
        }
    }

    /// Draws columns `x0 ..< x1` of row `y` (inside `bounds`) of the image into `bitmap`.
    @inline(__always)
    private func draw(row y: Int, from x0: Int, to x1: Int, into bitmap: Bitmap) {
        guard let columns = sampledColumns(row: y, from: x0, to: x1) else { return }
        sampler.drawRow(
            into: bitmap.row(y) + columns.x0, count: columns.x1 - columns.x0, u: columns.u, v: columns.v,
            du: columns.du, dv: columns.dv)
    }

    /// The columns of `x0 ..< x1` in row `y` whose samples can reach a visible texel, and the 16.16
    /// sample position of the first with its step; nil when there are none.
    @inline(__always)
    private func sampledColumns(row y: Int, from x0: Int, to x1: Int)
        -> (x0: Int, x1: Int, u: Int, v: Int, du: Int, dv: Int)?
    {
        // Sample position (in texel-index space, texel centres at integers) of device pixel (x, y):
        // inverse(x + 0.5, y + 0.5) − 0.5.
        let du = inverse.a
        let dv = inverse.b
        let cy = Double(y) + 0.5
        let u0 = inverse.a * 0.5 + inverse.c * cy + inverse.tx - 0.5
        let v0 = inverse.b * 0.5 + inverse.d * cy + inverse.ty - 0.5
        // Columns whose sample lies within (min − 1, max) of the visible texels on both axes (a sample
        // at texel-index position u touches texels ⌊u⌋ and ⌊u⌋ + 1): elsewhere every tap is transparent.
        guard let us = Self.columns(where: u0, step: du, liesIn: Double(texels.minX - 1), Double(texels.maxX)),
            let vs = Self.columns(where: v0, step: dv, liesIn: Double(texels.minY - 1), Double(texels.maxY))
        else { return nil }
        let x0 = max(x0, us.lowerBound, vs.lowerBound)
        let x1 = min(x1, us.upperBound, vs.upperBound)
        guard x1 > x0 else { return nil }
        let u = u0 + du * Double(x0)
        let v = v0 + dv * Double(x0)
        return (x0, x1, Int(u * 65536), Int(v * 65536), Int(du * 65536), Int(dv * 65536))
    }

    /// The columns x (a range of Ints) where `start + step · x` lies strictly between `low` and
    /// `high`, widened by one column each way; nil when there are none.
    private static func columns(where start: Double, step: Double, liesIn low: Double, _ high: Double) -> Range<Int>? {
        if abs(step) < 1e-12 {
            return start > low && start < high ? -PixelGrid.reach..<PixelGrid.reach : nil
        }
        var a = (low - start) / step
        var b = (high - start) / step
        if a > b { swap(&a, &b) }
        guard b.isFinite, a.isFinite else { return nil }
        let lo = PixelGrid.floor(a)
        let hi = PixelGrid.ceiling(b) + 1
        return hi > lo ? lo..<hi : nil
    }
}
