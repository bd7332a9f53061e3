import Fonts
import Foundation

/// The plain-data properties of a `CATextLayer` (defaults from CATextLayer.h: 36 pt, opaque white).
struct TextState: LayerStorage {
    static var storage: StoredField.Storage { .text }

    var fontSize: CGFloat = 36
    var foregroundColor: CGColor? = .white
    var isWrapped = false
    var alignmentMode = CATextLayerAlignmentMode.natural
    var truncationMode = CATextLayerTruncationMode.none
    var allowsFontSubpixelQuantization = false
}

/// A layer that draws text, as Core Animation's `CATextLayer` (core-animation-breadth.md §5): `string`
/// (a `String`, or an `NSAttributedString` whose runs may carry `.font` and `.foregroundColor`) laid
/// out from the top of the bounds (the first baseline one ascent down), one line per paragraph or
/// wrapped at word boundaries, truncated with "…" and aligned as the modes say, in `font` at
/// `fontSize` and `foregroundColor`, clipped to the bounds; drawn above the background, below the
/// sublayers. Fonts are DejaVu faces standing in for iOS's (`UIFont`).
open class CATextLayer: CALayer {
    /// The text properties; `@exclusivity(unchecked)` for the reason `CALayer.state` gives.
    @exclusivity(unchecked) var text = TextState()
    var stringStorage: Any?
    var fontStorage: CFTypeRef? = FontCatalog.defaultFontName as NSString

    public override init() { super.init() }

    /// A layer with default properties (see `CALayer.init(coder:)`).
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    public required init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CATextLayer {
            text = other.text
            stringStorage = other.stringStorage
            fontStorage = other.fontStorage
        }
    }

    override func copyState(from model: CALayer) {
        let changed = syncedVersion != model.version
        super.copyState(from: model)
        guard let model = model as? CATextLayer else { return }
        text = model.text
        if changed {
            stringStorage = model.stringStorage
            fontStorage = model.fontStorage
        }
    }

    override func restoreAnimatedState(from model: CALayer) {
        super.restoreAnimatedState(from: model)
        if let model = model as? CATextLayer { text = model.text }
    }

    /// Sets one field of the text state, running its implicit action as `CALayer.setState` does.
    @inline(__always)
    final func setText<Value>(_ field: WritableKeyPath<TextState, Value>, _ value: Value) {
        changeModel(field) { text[keyPath: field] = value }
    }

    /// The text: a `String` (or `NSString`), or an `NSAttributedString` (copied on assignment, as
    /// Core Animation's `copy` property is); anything else draws nothing.
    public var string: Any? {
        get { stringStorage }
        set {
            stringStorage = (newValue as? NSAttributedString)?.copy() ?? newValue
            modelDidChange()
        }
    }
    /// The font of a plain string: a `UIFont` (`CTFont`), a `CGFont` or a font name; its own size is
    /// ignored (`fontSize` is used). Nil or an unknown name draws the default, Helvetica (DejaVu Sans).
    public var font: CFTypeRef? {
        get { fontStorage }
        set {
            fontStorage = newValue
            modelDidChange()
        }
    }
    /// The size of a plain string's font in points (default 36).
    public var fontSize: CGFloat {
        get { text.fontSize }
        set { setText(\.fontSize, newValue) }
    }
    /// The colour of a plain string (and of attributed runs without a colour); default opaque white.
    public var foregroundColor: CGColor? {
        get { text.foregroundColor }
        set { setText(\.foregroundColor, newValue) }
    }
    /// Whether lines wrap at the bounds' width (default false: one line per paragraph).
    public var isWrapped: Bool {
        get { text.isWrapped }
        set { setText(\.isWrapped, newValue) }
    }
    /// Where a line too wide for the bounds is cut (default `none`: it is clipped).
    public var truncationMode: CATextLayerTruncationMode {
        get { text.truncationMode }
        set { setText(\.truncationMode, newValue) }
    }
    /// How lines are aligned in the bounds (default `natural`, left for left-to-right text).
    public var alignmentMode: CATextLayerAlignmentMode {
        get { text.alignmentMode }
        set { setText(\.alignmentMode, newValue) }
    }
    /// Kept for ported code; glyphs are always placed at their exact (unquantized) positions.
    public var allowsFontSubpixelQuantization: Bool {
        get { text.allowsFontSubpixelQuantization }
        set { setText(\.allowsFontSubpixelQuantization, newValue) }
    }

    /// The font a plain string is drawn in: `font` resolved to a known face (a `UIFont` as it is, a
    /// `CGFont` or a name through `UIFont(name:size:)`, anything else Helvetica), at `fontSize`.
    public var drawnFont: UIFont {
        let size = fontSize
        switch fontStorage {
        case let font as UIFont: return font.withSize(size)
        case let font as CGFont: return UIFont(name: font.postScriptName ?? "", size: size) ?? .defaultFont(size)
        case let name as String: return UIFont(name: name, size: size) ?? .defaultFont(size)
        case let name as NSString: return UIFont(name: name as String, size: size) ?? .defaultFont(size)
        default: return .defaultFont(size)
        }
    }
}
