/// A shadow drawn from its blurred plane.
extension Bitmap {
    /// Draws `color` (premultiplied: the shadow colour with `shadowOpacity` applied) source-over through
    /// `plane` as coverage, the plane's pixel (0, 0) on device pixel `origin` (which carries the shadow
    /// offset), scaled by `opacity`; the parts of the plane outside the bitmap are skipped.
    public func fill(_ color: Pixel, through plane: AlphaPlane, at origin: (x: Int, y: Int), opacity: UInt8 = 255) {
        let x0 = max(0, origin.x)
        let x1 = min(width, origin.x + plane.width)
        guard x1 > x0, color != 0, opacity > 0 else { return }
        for y in max(0, origin.y)..<min(height, origin.y + plane.height) {
            let coverage = UnsafePointer(plane.row(y - origin.y) + (x0 - origin.x))
            RowKernels.fill(row(y) + x0, color: color, coverage: coverage, opacity: UInt32(opacity), x1 - x0)
        }
    }

    /// Draws `color` source-over through `plane` placed with its pixel (0, 0) on device pixel `origin`,
    /// scaled by `opacity`, only inside `region` (everywhere when nil) and `clip` (when given): a glyph's
    /// coverage drawn where the frame's damage and the item's clip allow.
    public func fill(
        _ color: Pixel, through plane: AlphaPlane, at origin: (x: Int, y: Int), opacity: UInt8, in region: Region?,
        within clip: PixelRect?
    ) {
        guard color != 0, opacity > 0 else { return }
        let placed = PixelRect(x: origin.x, y: origin.y, width: plane.width, height: plane.height)
        forEachRow(in: region, within: clip.map { $0.intersection(placed) } ?? placed) { y, x0, x1 in
            let coverage = UnsafePointer(plane.row(y - origin.y) + (x0 - origin.x))
            RowKernels.fill(row(y) + x0, color: color, coverage: coverage, opacity: UInt32(opacity), x1 - x0)
        }
    }
}
