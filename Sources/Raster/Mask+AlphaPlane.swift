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

extension Mask {
    /// Sets every pixel of the mask's bounds to `coverage`: one span a row (the flat fill of a blur wider
    /// than the canvas).
    public func setUniformCoverage(_ coverage: UInt8) {
        var builder = beginRows()
        for _ in 0..<bounds.height {
            builder.addRun(from: bounds.minX, to: bounds.maxX, coverage: Int32(coverage))
            builder.endRow()
        }
    }
}

extension AlphaPlane {
    /// The plane's alpha mass (in full pixels: the sum of its bytes over 255) and the centre of that mass
    /// in plane pixels (the plane's centre when it is empty).
    public func moments() -> (mass: Double, x: Double, y: Double) {
        var total = 0
        var sumX = 0.0
        var sumY = 0.0
        for y in 0..<height {
            let bytes = row(y)
            var rowTotal = 0
            var rowX = 0
            for x in 0..<width {
                rowTotal &+= Int(bytes[x])
                rowX &+= x &* Int(bytes[x])
            }
            total &+= rowTotal
            sumX += Double(rowX)
            sumY += Double(rowTotal) * Double(y)
        }
        guard total > 0 else { return (0, Double(width) / 2, Double(height) / 2) }
        return (Double(total) / 255, sumX / Double(total) + 0.5, sumY / Double(total) + 0.5)
    }
}
