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
    /// Edges are read as `rect.standardized` gives them (a negative width w at x: from x + w to
    /// (x + w) − w), rounded out and clamped to `PixelGrid.reach` (`PixelGrid.floor` and `ceiling`).
    public init(enclosing rect: CGRect) {
        let (x0, x1) = Self.edges(rect.origin.x, rect.size.width)
        let (y0, y1) = Self.edges(rect.origin.y, rect.size.height)
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, rect.size.width != 0, rect.size.height != 0 else {
            self.init(x: 0, y: 0, width: 0, height: 0)
            return
        }
        let left = PixelGrid.floor(x0)
        let top = PixelGrid.floor(y0)
        let right = PixelGrid.ceiling(x1)
        let bottom = PixelGrid.ceiling(y1)
        self.init(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The largest pixel rectangle inside `rect` (its pixels wholly covered by it); empty when there is
    /// none or `rect` is not finite. Edges are read as in `init(enclosing:)`, rounded in: the two are alike on
    /// purpose, mirror images (a zero extent needs no guard here, as it rounds in to empty).
    public init(inside rect: CGRect) {
        let (x0, x1) = Self.edges(rect.origin.x, rect.size.width)
        let (y0, y1) = Self.edges(rect.origin.y, rect.size.height)
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else {
            self.init(x: 0, y: 0, width: 0, height: 0)
            return
        }
        let left = PixelGrid.ceiling(x0)
        let top = PixelGrid.ceiling(y0)
        let right = PixelGrid.floor(x1)
        let bottom = PixelGrid.floor(y1)
        self.init(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The empty rectangle at the origin.
    public static let empty = PixelRect(x: 0, y: 0, width: 0, height: 0)

    /// The low and high edge of an extent `length` from `origin`.
    @inline(__always)
    private static func edges(_ origin: Double, _ length: Double) -> (Double, Double) {
        guard length < 0 else { return (origin, origin + length) }
        let low = origin + length
        return (low, low + -length)
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
    /// Whether the two rectangles share a pixel.
    @inlinable
    public func intersects(_ other: PixelRect) -> Bool {
        max(x, other.x) < min(x &+ width, other.x &+ other.width)
            && max(y, other.y) < min(y &+ height, other.y &+ other.height)
    }

    public func intersection(_ other: PixelRect) -> PixelRect {
        let x0 = max(minX, other.minX)
        let y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX)
        let y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The rectangle moved by `dx` columns and `dy` rows.
    public func offsetBy(dx: Int, dy: Int) -> PixelRect {
        PixelRect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// Whether every pixel of `other` is in this rectangle (always, for an empty `other`).
    public func contains(_ other: PixelRect) -> Bool {
        other.isEmpty
            || (minX <= other.minX && minY <= other.minY && other.maxX <= maxX && other.maxY <= maxY)
    }

    /// Calls `body` with up to four disjoint rectangles that together hold this rectangle's pixels
    /// outside `other`: the rows above and below it whole, then the columns left and right of it.
    public func forEachPart(outside other: PixelRect, _ body: (PixelRect) -> Void) {
        let inner = intersection(other)
        guard !inner.isEmpty else {
            if !isEmpty { body(self) }
            return
        }
        if inner.minY > minY { body(PixelRect(x: x, y: y, width: width, height: inner.minY - minY)) }
        if maxY > inner.maxY { body(PixelRect(x: x, y: inner.maxY, width: width, height: maxY - inner.maxY)) }
        if inner.minX > minX { body(PixelRect(x: x, y: inner.y, width: inner.minX - minX, height: inner.height)) }
        if maxX > inner.maxX {
            body(PixelRect(x: inner.maxX, y: inner.y, width: maxX - inner.maxX, height: inner.height))
        }
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
