import Fonts
import Foundation
import LayerKit
import Raster
import Typesetting

/// Each text layer's laid-out text as glyph outlines, one path per colour, kept from frame to frame
/// while the string, font, size, bounds' size and modes are unchanged (an animated colour or
/// transform lays out nothing again); entries of layers no longer drawn go at the end of a frame.
final class TextLayouts {
    /// What a layout was made from.
    struct Key: Equatable {
        enum Text: Equatable {
            case plain(String)
            /// Compared by identity: `CATextLayer.string` copies an attributed string on assignment.
            case attributed(NSAttributedString)

            static func == (lhs: Text, rhs: Text) -> Bool {
                switch (lhs, rhs) {
                case (.plain(let a), .plain(let b)): return a == b
                case (.attributed(let a), .attributed(let b)): return a === b
                default: return false
                }
            }
        }
        var text: Text
        /// The `font` object (immutable: a font, a font name), by identity.
        var font: ObjectIdentifier?
        var fontSize: CGFloat
        var parameters: TextLayout.Parameters
    }

    /// One laid-out text: the outlines of each colour (nil: the layer's `foregroundColor`), and whether
    /// any glyph reaches outside the bounds (then the text is clipped to them).
    struct Entry {
        let key: Key
        let runs: [(color: CGColor?, usesForeground: Bool, path: CGPath)]
        let overflows: Bool
    }

    private let fonts = FontLibrary()
    private var previous: [ObjectIdentifier: Entry] = [:]
    private var current: [ObjectIdentifier: Entry] = [:]

    /// Attributed runs without a font are drawn as Core Text draws them: Helvetica, 12 pt.
    static let attributedDefaultSize: CGFloat = 12

    /// The layout of `layer`'s text (nil when it has none), made when its key changed.
    func entry(for layer: CATextLayer) -> Entry? {
        guard let key = Self.key(of: layer) else { return nil }
        let id = ObjectIdentifier(layer)
        if let known = current[id] ?? previous[id], known.key == key {
            current[id] = known
            return known
        }
        let made = layOut(layer, key: key)
        current[id] = made
        return made
    }

    /// Forgets the layouts of layers not drawn in the frame that ends.
    func endFrame() {
        swap(&previous, &current)
        current.removeAll(keepingCapacity: true)
    }

    private static func key(of layer: CATextLayer) -> Key? {
        let text: Key.Text
        switch layer.string {
        case let string as String: text = .plain(string)
        case let string as NSAttributedString: text = .attributed(string)
        case let string as NSString: text = .plain(string as String)
        default: return nil
        }
        let alignment: TextLayout.Alignment
        switch layer.alignmentMode {
        case .right: alignment = .right
        case .center: alignment = .center
        case .justified: alignment = .justified
        default: alignment = .left
        }
        let truncation: TextLayout.Truncation
        switch layer.truncationMode {
        case .start: truncation = .start
        case .middle: truncation = .middle
        case .end: truncation = .end
        default: truncation = .none
        }
        let size = layer.bounds.size
        return Key(
            text: text, font: layer.font.map(ObjectIdentifier.init), fontSize: layer.fontSize,
            parameters: TextLayout.Parameters(
                width: size.width, height: size.height, wrapped: layer.isWrapped, alignment: alignment,
                truncation: truncation))
    }

    private func layOut(_ layer: CATextLayer, key: Key) -> Entry {
        var styles: [TextLayout.Style] = []
        var styleKeys: [UIFont] = []
        var colors: [CGColor?] = []
        var runs: [TextLayout.Run] = []
        /// The index of `font`'s style, added on first use; nil when its face cannot be opened.
        func style(_ font: UIFont) -> Int? {
            if let known = styleKeys.firstIndex(of: font) { return known }
            guard let catalogFace = FontCatalog.face(named: font.fontName), let face = try? fonts.face(catalogFace)
            else { return nil }
            styles.append(TextLayout.Style(face: face, size: font.pointSize))
            styleKeys.append(font)
            return styles.count - 1
        }
        func color(_ value: CGColor?) -> Int {
            if let known = colors.firstIndex(of: value) { return known }
            colors.append(value)
            return colors.count - 1
        }
        switch key.text {
        case .plain(let string):
            if let index = style(layer.drawnFont) { runs.append(TextLayout.Run(string, style: index, color: 0)) }
            colors = [nil]
        case .attributed(let attributed):
            colors = [nil]
            let text = attributed.string as NSString
            let fallback = CTFontCreateWithName(FontCatalog.defaultFontName, Self.attributedDefaultSize, nil)
            attributed.enumerateAttributes(in: NSRange(location: 0, length: attributed.length)) {
                attributes, range, _ in
                let font = (attributes[.font] as? UIFont) ?? fallback
                let value = attributes[.foregroundColor]
                let runColor = (value as? UIColor)?.cgColor ?? (value as? CGColor) ?? .black
                guard let index = style(font) else { return }
                runs.append(TextLayout.Run(text.substring(with: range), style: index, color: color(runColor)))
            }
        }
        let layout = TextLayout(runs: runs, styles: styles, parameters: key.parameters)
        let box = CGRect(x: 0, y: 0, width: key.parameters.width, height: key.parameters.height)
        var overflows = false
        let paths = layout.colors.map { index -> (color: CGColor?, usesForeground: Bool, path: CGPath) in
            let path = layout.path(color: index)
            let ink = path.boundingBox
            if !ink.isEmpty, !box.contains(ink) { overflows = true }
            return (colors[index], index == 0, path)
        }
        return Entry(key: key, runs: paths, overflows: overflows)
    }
}

extension DisplayListBuilder {
    /// A text layer's glyphs: one fill per colour through the coverage of its outlines under the
    /// layer's transform (rasterized again only when the layout or transform changed), clipped to the
    /// bounds when a glyph reaches outside them.
    func appendText(of layer: CATextLayer, transform: CGAffineTransform, into items: inout [DrawItem]) {
        guard let entry = texts.entry(for: layer) else { return }
        let start = items.count
        let origin = layer.bounds.origin
        let boxTransform =
            origin == .zero
            ? transform : CGAffineTransform(translationX: origin.x, y: origin.y).concatenating(transform)
        for (index, run) in entry.runs.enumerated() {
            guard let color = run.usesForeground ? layer.foregroundColor : run.color, color.alpha > 0,
                !run.path.isEmpty
            else { continue }
            items.append(
                .fill(
                    color.premultipliedPixel, opacity: 255,
                    coverage: shapeCoverage(
                        run.path, transform: boxTransform, source: .fill(.nonZero),
                        owner: CoverageOwner(layer, part: 2 + index))))
        }
        if entry.overflows, items.count > start {
            let clip = rectCoverage(layer.bounds, transform: transform)
            items.append(.group(Self.removeItems(from: start, of: &items), opacity: 255, coverage: clip))
        }
    }
}
