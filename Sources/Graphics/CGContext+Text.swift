import Fonts
import Foundation
import Geometry
import Typesetting

/// A face at a size in a colour, for `CGContext.fillText(_:styles:at:width:)`.
public struct TextStyle {
    public let face: FontCatalog.Face
    /// Points per em.
    public let size: CGFloat
    public let color: CGColor

    public init(face: FontCatalog.Face, size: CGFloat, color: CGColor) {
        self.face = face
        self.size = size
        self.color = color
    }
}

/// A stretch of text in one of the styles.
public struct TextRun {
    public let text: String
    public let style: Int

    public init(_ text: String, style: Int) {
        self.text = text
        self.style = style
    }
}

/// Text drawn as UIKit's string drawing draws it, from the glyph outlines of the project's DejaVu faces
/// (Typesetting, through FreeType) filled like any path.
extension CGContext {
    /// Lays out `runs` (styles indexed into `styles`) and fills each glyph in its style's colour: the
    /// first line's top at `origin` (user space, y down as in UIKit, so its baseline one ascent lower),
    /// each next line one ascent + descent + line gap lower, one line per paragraph, wrapped at word
    /// boundaries within `width` when one is given. Glyphs sit at their unhinted advances, without kerning.
    /// Returns the size the text takes (widest line, and down to the last line's descent). A face whose
    /// file cannot be read draws nothing.
    @discardableResult
    public func fillText(_ runs: [TextRun], styles: [TextStyle], at origin: CGPoint, width: CGFloat? = nil) -> CGSize {
        guard let layout = Self.layOut(runs, styles: styles, width: width) else { return .zero }
        let place = CGAffineTransform(translationX: origin.x, y: origin.y).concatenating(rasterFromUser)
        for color in layout.colors where styles.indices.contains(color) {
            let outline = CGMutablePath()
            outline.addPath(layout.path(color: color), transform: place)
            fill(outline, rule: .winding, color: styles[color].color)
        }
        return Self.size(of: layout)
    }

    /// The size `fillText` would take for the same text, without drawing.
    public static func measureText(_ runs: [TextRun], styles: [TextStyle], width: CGFloat? = nil) -> CGSize {
        layOut(runs, styles: styles, width: width).map(size(of:)) ?? .zero
    }

    private static func layOut(_ runs: [TextRun], styles: [TextStyle], width: CGFloat?) -> TextLayout? {
        let library = TextFaces.library
        var faces: [TextLayout.Style] = []
        for style in styles {
            guard let face = try? library.face(style.face) else { return nil }
            faces.append(TextLayout.Style(face: face, size: style.size))
        }
        let wrapped = width != nil
        let parameters = TextLayout.Parameters(
            width: width ?? .greatestFiniteMagnitude, height: .greatestFiniteMagnitude, wrapped: wrapped)
        return TextLayout(
            runs: runs.map { TextLayout.Run($0.text, style: $0.style, color: $0.style) }, styles: faces,
            parameters: parameters)
    }

    private static func size(of layout: TextLayout) -> CGSize {
        guard let last = layout.lines.last else { return .zero }
        let descent = layout.styles.map { $0.face.descender * $0.size / $0.face.unitsPerEm }.max() ?? 0
        return CGSize(width: layout.lines.map(\.width).max() ?? 0, height: last.baseline + descent)
    }
}

/// The font faces string drawing uses, opened once per thread (a `FontLibrary` serves one thread).
enum TextFaces {
    private static let key = "Graphics.TextFaces.library"

    static var library: FontLibrary {
        let dictionary = Thread.current.threadDictionary
        if let known = dictionary[key] as? FontLibrary { return known }
        let made = FontLibrary()
        dictionary[key] = made
        return made
    }
}
