import Foundation

/// A colour as Core Animation stores it: device RGB components and alpha in [0, 1], not premultiplied.
/// Unlike Core Graphics' reference type this is a value, so presentation copies never share one.
public struct CGColor: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var red: CGFloat
    public var green: CGFloat
    public var blue: CGFloat
    public var alpha: CGFloat

    /// Spelled out to be public; alike the inits of `UIEdgeInsets` (LayerKit), `ViewerOptions.WindowFrame` and
    /// `PixelRect` on purpose: each stores its fields (`PixelRect`'s clamps the size at 0).
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A grey with equal components, as `CGColor(gray:alpha:)`.
    public init(gray: CGFloat, alpha: CGFloat) { self.init(red: gray, green: gray, blue: gray, alpha: alpha) }

    /// The components red, green, blue, alpha (Core Graphics returns an optional array).
    public var components: [CGFloat]? { [red, green, blue, alpha] }

    /// Number of components including alpha.
    public var numberOfComponents: Int { 4 }

    /// The same colour with another alpha, as `copy(alpha:)`.
    public func copy(alpha: CGFloat) -> CGColor? { CGColor(red: red, green: green, blue: blue, alpha: alpha) }

    public static let black = CGColor(gray: 0, alpha: 1)
    public static let white = CGColor(gray: 1, alpha: 1)
    public static let clear = CGColor(gray: 0, alpha: 0)

    public var description: String { "CGColor(\(red), \(green), \(blue), \(alpha))" }
}
