import Fonts
import Foundation

/// Core Foundation's name for any object, as `CATextLayer.font` is typed.
public typealias CFTypeRef = AnyObject

/// The part of UIKit's `UIFont` that text code uses: a font by name (`nil` for a name the catalog does
/// not know, as UIKit answers for a font that is not installed) or the system font, at a point size.
/// Every name is drawn with one of Debian's DejaVu faces (`FontCatalog`). Immutable.
public final class UIFont: Hashable, CustomStringConvertible, @unchecked Sendable {
    /// The name it was made with (UIKit's PostScript name; the system fonts' are `.SFUI-…`).
    public let fontName: String
    /// The font's size in points.
    public let pointSize: CGFloat
    let face: FontCatalog.Face

    private init(fontName: String, pointSize: CGFloat, face: FontCatalog.Face) {
        self.fontName = fontName
        self.pointSize = pointSize
        self.face = face
    }

    /// The font named `fontName` at `size` points, or nil when no face stands for that name.
    public convenience init?(name fontName: String, size: CGFloat) {
        guard let face = FontCatalog.face(named: fontName) else { return nil }
        self.init(fontName: fontName, pointSize: size, face: face)
    }

    /// The system font (drawn in DejaVu Sans).
    public static func systemFont(ofSize size: CGFloat) -> UIFont {
        UIFont(name: FontCatalog.systemFontName, size: size)!
    }

    /// The bold system font (drawn in DejaVu Sans Bold).
    public static func boldSystemFont(ofSize size: CGFloat) -> UIFont {
        UIFont(name: FontCatalog.boldSystemFontName, size: size)!
    }

    /// `CATextLayer`'s default font, Helvetica (drawn in DejaVu Sans).
    static func defaultFont(_ size: CGFloat) -> UIFont { UIFont(name: FontCatalog.defaultFontName, size: size)! }

    /// The same face at another size.
    public func withSize(_ size: CGFloat) -> UIFont { UIFont(fontName: fontName, pointSize: size, face: face) }

    /// The family of the face drawn (a DejaVu family).
    public var familyName: String { face.familyName }

    /// The families that can be drawn.
    public static var familyNames: [String] {
        Array(Set(FontCatalog.names.compactMap(FontCatalog.face).map(\.familyName))).sorted()
    }

    /// The names `UIFont(name:size:)` accepts for the faces of `familyName`.
    public static func fontNames(forFamilyName familyName: String) -> [String] {
        FontCatalog.names.filter { FontCatalog.face(named: $0)?.familyName == familyName }
    }

    /// The face's file name in Debian's fonts-dejavu-core, for drawing.
    public var fileName: String { face.fileName }

    public static func == (lhs: UIFont, rhs: UIFont) -> Bool {
        lhs.fontName == rhs.fontName && lhs.pointSize == rhs.pointSize
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(fontName)
        hasher.combine(pointSize)
    }

    public var description: String { fontName }
}

/// Core Text's font is UIKit's (they are toll-free bridged on iOS).
public typealias CTFont = UIFont

/// A font by name at a size, as Core Text's `CTFontCreateWithName`; an unknown name gives the default
/// font (Helvetica, drawn in DejaVu Sans), as Core Text falls back. The matrix is not supported.
public func CTFontCreateWithName(_ name: String, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?)
    -> CTFont
{
    UIFont(name: name, size: size) ?? .defaultFont(size)
}

/// Core Graphics' sizeless font, as `CGFont(_ name:)` makes it (nil for an unknown name).
public final class CGFont: CustomStringConvertible, @unchecked Sendable {
    /// The name it was made with.
    public let postScriptName: String?

    /// The font of that name, or nil when no face answers to it.
    public init?(_ name: String) {
        guard FontCatalog.face(named: name) != nil else { return nil }
        postScriptName = name
    }

    public var description: String { postScriptName ?? "" }
}

extension NSAttributedString.Key {
    /// A run's `UIFont` (UIKit's key, raw value "NSFont").
    public static let font = NSAttributedString.Key("NSFont")
    /// A run's `UIColor` or `CGColor` (UIKit's key, raw value "NSColor").
    public static let foregroundColor = NSAttributedString.Key("NSColor")
}
