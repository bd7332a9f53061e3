/// Source-over drawing into a bitmap, optionally through a coverage mask and with an opacity, and
/// restricted to a region (damage or clip). All pixels are premultiplied; products are rounded as
/// cairo and pixman round them (see `PixelMath`).
extension Bitmap {
    /// Draws the premultiplied `color` over this bitmap, multiplied by `opacity` and by `mask`'s
    /// coverage (everywhere when `mask` is nil), inside `region` (everywhere when nil) and `clip`
    /// (when given). Only the rows and columns of `mask.bounds` are visited: the cost is the mask's
    /// pixels, not the region's.
    public func fill(
        _ color: Pixel, opacity: UInt8 = 255, mask: Mask? = nil, in region: Region? = nil, within clip: PixelRect? = nil
    ) {
        let op = UInt32(opacity)
        guard color != 0, op > 0 else { return }
        forEachRow(in: region, within: Self.limit(clip, mask)) { y, x0, x1 in
            let dst = row(y)
            guard let mask else { return RowKernels.fill(dst + x0, color: PixelMath.scale(color, by: op), x1 - x0) }
            walkSpans(
                of: mask, row: y, from: x0, to: x1, gap: { _, _ in },
                run: { s0, s1, m in
                    RowKernels.fill(dst + s0, color: PixelMath.scale(color, by: PixelMath.mul255(m, op)), s1 - s0)
                },
                varying: { s0, s1, bytes in
                    RowKernels.fill(dst + s0, color: color, coverage: bytes + s0, opacity: op, s1 - s0)
                })
        }
    }

    /// Draws `source` over this bitmap pixel for pixel (source pixel (x, y) onto pixel (x, y), where
    /// both exist), multiplied by `opacity` and by `mask`'s coverage, inside `region` and `clip` (when
    /// given); as `fill`, only the pixels of `mask.bounds` are visited. Fully covered pixels inside
    /// `source.opaqueBounds` are copied, not blended (the same result, faster).
    public func draw(
        _ source: Bitmap, opacity: UInt8 = 255, mask: Mask? = nil, in region: Region? = nil,
        within clip: PixelRect? = nil
    ) {
        guard opacity > 0 else { return }
        let op = UInt32(opacity)
        let opaque = opacity == 255 ? source.opaqueBounds : .empty
        forEachRow(in: region, within: Self.limit(clip, mask)) { y, x0, x1 in
            guard y < source.height else { return }
            let dst = row(y)
            let src = UnsafePointer(source.row(y))
            let x1 = min(x1, source.width)
            guard x1 > x0 else { return }
            let copied = opaque.rows.contains(y) ? opaque.columns : 0..<0
            guard let mask else {
                if op == 255 { return Self.copyOrOver(dst, src, x0, x1, copying: copied) }
                return RowKernels.over(dst + x0, src + x0, scale: op, x1 - x0)
            }
            walkSpans(
                of: mask, row: y, from: x0, to: x1, gap: { _, _ in },
                run: { s0, s1, m in
                    let scaled = PixelMath.mul255(m, op)
                    if scaled == 255 { return Self.copyOrOver(dst, src, s0, s1, copying: copied) }
                    RowKernels.over(dst + s0, src + s0, scale: scaled, s1 - s0)
                },
                varying: { s0, s1, bytes in
                    RowKernels.over(dst + s0, src + s0, coverage: bytes + s0, opacity: op, s1 - s0)
                })
        }
    }

    /// `src` over `dst` in columns `x0 ..< x1`, copied instead in the columns of `copying` (where the
    /// source is opaque, so the two agree).
    @inline(__always)
    private static func copyOrOver(
        _ dst: UnsafeMutablePointer<Pixel>, _ src: UnsafePointer<Pixel>, _ x0: Int, _ x1: Int,
        copying copied: Range<Int>
    ) {
        let c0 = min(max(x0, copied.lowerBound), x1)
        let c1 = max(min(x1, copied.upperBound), c0)
        if c0 > x0 { RowKernels.over(dst + x0, src + x0, c0 - x0) }
        if c1 > c0 { RowKernels.copy(dst + c0, src + c0, c1 - c0) }
        if x1 > c1 { RowKernels.over(dst + c1, src + c1, x1 - c1) }
    }

    /// Multiplies every pixel by `mask`'s coverage (Porter–Duff destination-in): what lies outside
    /// the mask becomes transparent. Only pixels inside `region` change.
    public func multiply(by mask: Mask, in region: Region? = nil) {
        forEachRow(in: region) { y, x0, x1 in
            let dst = row(y)
            walkSpans(
                of: mask, row: y, from: x0, to: x1,
                gap: { s0, s1 in RowKernels.scale(dst + s0, by: 0, s1 - s0) },
                run: { s0, s1, m in RowKernels.scale(dst + s0, by: m, s1 - s0) },
                varying: { s0, s1, bytes in RowKernels.scale(dst + s0, coverage: bytes + s0, s1 - s0) })
        }
    }

    /// Copies the pixels of `source` (same size) inside `region` (everywhere when nil) and `clip` (when
    /// given) into this bitmap.
    public func copy(from source: Bitmap, in region: Region?, within clip: PixelRect? = nil) {
        precondition(source.width == width && source.height == height, "bitmap sizes differ")
        forEachRow(in: region, within: clip) { y, x0, x1 in
            RowKernels.copy(row(y) + x0, source.row(y) + x0, x1 - x0)
        }
    }

    /// Sets the pixels inside `region` (everywhere when nil) and `clip` (when given) to `pixel`,
    /// ignoring what was there.
    public func fill(replacingWith pixel: Pixel, in region: Region?, within clip: PixelRect? = nil) {
        forEachRow(in: region, within: clip) { y, x0, x1 in
            (row(y) + x0).update(repeating: pixel, count: x1 - x0)
        }
    }

    /// The pixels a masked drawing can touch: `clip` (when given) and the mask's bounds (coverage is 0
    /// outside them).
    @inline(__always)
    static func limit(_ clip: PixelRect?, _ mask: Mask?) -> PixelRect? {
        guard let mask else { return clip }
        return clip.map { $0.intersection(mask.bounds) } ?? mask.bounds
    }
}
