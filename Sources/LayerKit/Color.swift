/// The part of UIKit's `UIColor` that ported snippets use to make `CGColor`s.
/// `@unchecked Sendable`: immutable after creation.
public final class UIColor: Equatable, Hashable, @unchecked Sendable {
    /// The colour as a Core Graphics colour.
    public let cgColor: CGColor

    /// A colour from red, green, blue and alpha components, each 0…1 (device RGB).
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        cgColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// A grey of `white` (0 black … 1 white) with `alpha`.
    public init(white: CGFloat, alpha: CGFloat) { cgColor = CGColor(gray: white, alpha: alpha) }

    /// The colour of a Core Graphics colour.
    public init(cgColor: CGColor) { self.cgColor = cgColor }

    /// The same colour with another alpha.
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(red: cgColor.red, green: cgColor.green, blue: cgColor.blue, alpha: alpha)
    }

    public static func == (lhs: UIColor, rhs: UIColor) -> Bool { lhs.cgColor == rhs.cgColor }
    public func hash(into hasher: inout Hasher) { hasher.combine(cgColor) }
}
