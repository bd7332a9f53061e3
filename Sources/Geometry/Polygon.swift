/// Closed polygons made of straight edges: what flattening and stroking produce and what the coverage
/// rasterizer fills. Contour `i` is `points[contourStarts[i] ..< (contourStarts[i + 1] or points.count)]`,
/// implicitly closed back to its first point. Coordinates are in device pixels.
public struct Polygon: Sendable, Equatable {
    public var points: [CGPoint]
    public var contourStarts: [Int]

    public init(points: [CGPoint] = [], contourStarts: [Int] = []) {
        self.points = points
        self.contourStarts = contourStarts
    }

    /// Starts a new contour; the following `append` calls add its vertices.
    public mutating func beginContour() {
        if let last = contourStarts.last, last == points.count { return }
        contourStarts.append(points.count)
    }

    public mutating func append(_ point: CGPoint) {
        if contourStarts.isEmpty { contourStarts.append(0) }
        points.append(point)
    }

    /// Removes every point, keeping the storage for reuse.
    public mutating func removeAll() {
        points.removeAll(keepingCapacity: true)
        contourStarts.removeAll(keepingCapacity: true)
    }

    /// The index range of contour `i`.
    public func contourRange(_ i: Int) -> Range<Int> {
        contourStarts[i]..<(i + 1 < contourStarts.count ? contourStarts[i + 1] : points.count)
    }

    public var contourCount: Int { contourStarts.count }
}
