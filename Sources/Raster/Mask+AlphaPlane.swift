/// Coverage taken from an alpha plane (a blurred shadow).
extension Mask {
    /// Fills the mask from `plane`, its pixel (0, 0) on device pixel `origin`; coverage elsewhere is 0.
    /// Walks every row of the mask but only the plane's columns.
    public func setCoverage(from plane: AlphaPlane, at origin: (x: Int, y: Int)) {
        var builder = beginRows()
        let x0 = max(bounds.minX, origin.x)
        let x1 = min(bounds.maxX, origin.x + plane.width)
        for r in 0..<bounds.height {
            let y = bounds.minY + r - origin.y
            if y >= 0, y < plane.height, x1 > x0 {
                builder.addPixels(from: x0, UnsafePointer(plane.row(y) + (x0 - origin.x)), count: x1 - x0)
            }
            builder.endRow()
        }
    }
}
