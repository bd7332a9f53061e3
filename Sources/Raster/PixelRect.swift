import Geometry

/// An axis-aligned rectangle of whole device pixels: columns `minX ..< maxX`, rows `minY ..< maxY`.
public struct PixelRect: Equatable, Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The smallest pixel rectangle containing `rect`; an empty rectangle when `rect` is not finite.
    public init(enclosing rect: CGRect) {
        let r = rect.standardized
        let limit = 1.0e9
        guard r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite, !r.isEmpty else {
            self.init(x: 0, y: 0, width: 0, height: 0)
            return
        }
        let x0 = Int(max(-limit, min(limit, r.minX.rounded(.down))))
        let y0 = Int(max(-limit, min(limit, r.minY.rounded(.down))))
        let x1 = Int(max(-limit, min(limit, r.maxX.rounded(.up))))
        let y1 = Int(max(-limit, min(limit, r.maxY.rounded(.up))))
        self.init(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public var minX: Int { x }
    public var minY: Int { y }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    /// Its rows, `minY ..< maxY` (empty, never inverted, whatever `height` holds).
    public var rows: Range<Int> { y..<(y + max(0, height)) }
    /// Its columns, `minX ..< maxX` (empty, never inverted, whatever `width` holds).
    public var columns: Range<Int> { x..<(x + max(0, width)) }
    /// Number of pixels.
    public var area: Int { width * height }

    /// The pixels in both rectangles (empty, at the origin, when they do not overlap).
    public func intersection(_ other: PixelRect) -> PixelRect {
        let x0 = max(minX, other.minX)
        let y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX)
        let y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rectangle containing both (an empty operand is ignored).
    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(minX, other.minX)
        let y0 = min(minY, other.minY)
        return PixelRect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// The rectangle grown by `d` pixels on every side.
    public func insetBy(_ d: Int) -> PixelRect {
        PixelRect(x: x + d, y: y + d, width: width - 2 * d, height: height - 2 * d)
    }
}
