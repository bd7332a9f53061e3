/// Distances inward from each edge of a rectangle, as UIKit's `UIEdgeInsets` (negative values outset).
public struct UIEdgeInsets: Hashable, Sendable {
    /// The inset from the top edge.
    public var top: CGFloat
    /// The inset from the left edge.
    public var left: CGFloat
    /// The inset from the bottom edge.
    public var bottom: CGFloat
    /// The inset from the right edge.
    public var right: CGFloat

    /// Insets of the four edges. Alike `ViewerOptions.WindowFrame`'s init (ViewerOptions.swift) and `PixelRect`'s
    /// (PixelRect.swift) on purpose: each stores four fields (`PixelRect`'s clamps its size at 0).
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No inset.
    public init() { self.init(top: 0, left: 0, bottom: 0, right: 0) }

    /// No inset.
    public static let zero = UIEdgeInsets()
}

extension CGRect {
    /// The rectangle with `insets` taken off its edges (UIKit's `inset(by:)`, `UIEdgeInsetsInsetRect` in
    /// UIGeometry.h: plain arithmetic on origin and size, so large insets give a negative size).
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(
            x: origin.x + insets.left, y: origin.y + insets.top, width: size.width - insets.left - insets.right,
            height: size.height - insets.top - insets.bottom)
    }
}
