import Foundation

/// UIKit's string forms of geometry (`NSCoder.cgPoint(for:)` and its siblings, once
/// `CGPointFromString` and `NSStringFromCGPoint`): `{x, y}`, `{w, h}`, `{{x, y}, {w, h}}`,
/// `[a, b, c, d, tx, ty]` for an affine transform and `{top, left, bottom, right}` for edge insets.
/// A string without the right count of numbers reads as zero, as UIKit's functions return.
extension NSCoder {
    /// The point `{x, y}` names (`.zero` when it names none).
    public static func cgPoint(for string: String) -> CGPoint {
        guard let n = numbers(in: string, count: 2) else { return .zero }
        return CGPoint(x: n[0], y: n[1])
    }

    /// The size `{width, height}` names (`.zero` when it names none).
    public static func cgSize(for string: String) -> CGSize {
        guard let n = numbers(in: string, count: 2) else { return .zero }
        return CGSize(width: n[0], height: n[1])
    }

    /// The rectangle `{{x, y}, {width, height}}` names (`.zero` when it names none).
    public static func cgRect(for string: String) -> CGRect {
        guard let n = numbers(in: string, count: 4) else { return .zero }
        return CGRect(x: n[0], y: n[1], width: n[2], height: n[3])
    }

    /// The transform `[a, b, c, d, tx, ty]` names (the identity when it names none).
    public static func cgAffineTransform(for string: String) -> CGAffineTransform {
        guard let n = numbers(in: string, count: 6) else { return .identity }
        return CGAffineTransform(a: n[0], b: n[1], c: n[2], d: n[3], tx: n[4], ty: n[5])
    }

    /// The insets `{top, left, bottom, right}` name (`.zero` when they name none).
    public static func uiEdgeInsets(for string: String) -> UIEdgeInsets {
        guard let n = numbers(in: string, count: 4) else { return .zero }
        return UIEdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3])
    }

    /// `{x, y}`.
    public static func string(for point: CGPoint) -> String { "{\(text(point.x)), \(text(point.y))}" }

    /// `{width, height}`.
    public static func string(for size: CGSize) -> String { "{\(text(size.width)), \(text(size.height))}" }

    /// `{{x, y}, {width, height}}`.
    public static func string(for rect: CGRect) -> String { "{\(string(for: rect.origin)), \(string(for: rect.size))}" }

    /// `[a, b, c, d, tx, ty]`.
    public static func string(for t: CGAffineTransform) -> String {
        "[" + [t.a, t.b, t.c, t.d, t.tx, t.ty].map(text).joined(separator: ", ") + "]"
    }

    /// `{top, left, bottom, right}`.
    public static func string(for insets: UIEdgeInsets) -> String {
        "{" + [insets.top, insets.left, insets.bottom, insets.right].map(text).joined(separator: ", ") + "}"
    }

    /// The `count` numbers of `string`, in order, or nil when it holds another count.
    private static func numbers(in string: String, count: Int) -> [CGFloat]? {
        var found: [CGFloat] = []
        var current = ""
        func flush() -> Bool {
            defer { current = "" }
            guard !current.isEmpty else { return true }
            guard let value = Double(current) else { return false }
            found.append(CGFloat(value))
            return true
        }
        for character in string {
            if character.isNumber || "+-.eE".contains(character) {
                current.append(character)
            } else if !flush() {
                return nil
            }
        }
        guard flush(), found.count == count else { return nil }
        return found
    }

    /// A number as `%g` would print it when it is whole, else in Swift's shortest exact form.
    private static func text(_ value: CGFloat) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(Double(value))"
    }
}
