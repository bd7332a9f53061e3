import Raster

/// A toolbar button: what it says and the identifier hit-testing returns.
public struct ToolbarItem: Equatable, Sendable {
    public var identifier: String
    public var title: String
    /// Every title the button may show (e.g. Pause and Resume): it is as wide as the widest, so no
    /// button moves when a label changes.
    public var titles: [String]

    public init(identifier: String, title: String, titles: [String] = []) {
        self.identifier = identifier
        self.title = title
        self.titles = titles
    }
}

/// A row of buttons along the bottom edge of the picture, with hover and pressed states. Layout is
/// done when the items, titles or the picture size change, never while drawing.
public final class Toolbar {
    /// A laid-out button.
    public struct Button: Equatable, Sendable {
        public var item: ItemReference
        public var x: Int
        public var y: Int
        public var width: Int
        public var height: Int

        func contains(x px: Int, y py: Int) -> Bool {
            px >= x && px < x + width && py >= y && py < y + height
        }
    }

    /// An index into `items`.
    public typealias ItemReference = Int

    private let text: TextRenderer?
    public private(set) var items: [ToolbarItem] = []
    public private(set) var buttons: [Button] = []
    /// The button under the pointer, if any.
    public var hovered: String?
    /// The button being held down, if any.
    public var pressed: String?
    /// The strip's height in pixels.
    public let height: Int
    private var areaWidth = 0
    private var areaHeight = 0
    /// What each button shows: its title, shortened with "…" when the button is too narrow for it.
    private var labels: [String] = []

    /// A toolbar labelled with `text` (buttons without labels when nil).
    public init(text: TextRenderer?) {
        self.text = text
        height = (text.map { $0.ascender + $0.descender } ?? 14) + 2 * OverlayStyle.padding + 8
    }

    /// Replaces the buttons.
    public func setItems(_ newItems: [ToolbarItem]) {
        guard newItems != items else { return }
        items = newItems
        layout()
    }

    /// Changes one button's title (e.g. Pause ↔ Resume); true when something changed.
    @discardableResult
    public func setTitle(_ title: String, for identifier: String) -> Bool {
        guard let index = items.firstIndex(where: { $0.identifier == identifier }), items[index].title != title
        else { return false }
        items[index].title = title
        layout()
        return true
    }

    /// Lays the buttons out along the bottom of a `width`×`height` picture.
    public func layout(width: Int, height: Int) {
        areaWidth = width
        areaHeight = height
        layout()
    }

    /// Places the buttons left to right. When they do not fit the picture's width, they lose most of
    /// their padding first; when that is not enough, they share the width equally and their labels are
    /// shortened to fit, so every button stays on the strip and clickable however narrow the window.
    private func layout() {
        let buttonHeight = height - 2 * (OverlayStyle.padding / 2)
        let y = areaHeight - height + OverlayStyle.padding / 2
        let labelWidths = items.map { item in
            ([item.title] + item.titles).map { text?.width(of: $0) ?? 40 }.max() ?? 40
        }
        let count = items.count
        func total(padding: Int, gap: Int) -> Int {
            labelWidths.reduce(0) { $0 + $1 + 2 * padding } + gap * max(0, count - 1) + 2 * OverlayStyle.padding
        }
        var padding = OverlayStyle.padding + 2
        var gap = OverlayStyle.buttonGap
        var shared: Int?
        if areaWidth > 0, total(padding: padding, gap: gap) > areaWidth {
            (padding, gap) = (Self.compactPadding, Self.compactGap)
            if total(padding: padding, gap: gap) > areaWidth, count > 0 {
                shared = max(Self.narrowest, (areaWidth - 2 * OverlayStyle.padding - gap * (count - 1)) / count)
            }
        }
        var x = OverlayStyle.padding
        buttons = items.indices.map { index in
            let width = shared ?? labelWidths[index] + 2 * padding
            let button = Button(item: index, x: x, y: y, width: width, height: buttonHeight)
            x += width + gap
            return button
        }
        labels = buttons.map { shortened(items[$0.item].title, toFit: $0.width - 2 * Self.compactPadding) }
    }

    /// Padding on each side of a label, and the gap between buttons, when the strip is short of room.
    static let compactPadding = 3
    static let compactGap = 2
    /// The narrowest a button gets, even when the buttons then run past the strip's end.
    static let narrowest = 12

    /// `title`, or its longest beginning followed by "…" that is at most `width` pixels wide (just "…"
    /// when nothing fits).
    private func shortened(_ title: String, toFit width: Int) -> String {
        guard let text, text.width(of: title) > width else { return title }
        var characters = Array(title)
        while !characters.isEmpty {
            characters.removeLast()
            let candidate = String(characters) + "…"
            if text.width(of: candidate) <= width { return candidate }
        }
        return "…"
    }

    /// The layout in one line, `Title x,y,width,height` per button, for logs and end-to-end tests.
    public var layoutDescription: String {
        buttons.map { "\(items[$0.item].title) \($0.x),\($0.y),\($0.width),\($0.height)" }.joined(separator: "; ")
    }

    /// The identifier of the button at (`x`, `y`), or nil.
    public func identifier(atX x: Int, y: Int) -> String? {
        buttons.first { $0.contains(x: x, y: y) }.map { items[$0.item].identifier }
    }

    /// The laid-out button for `identifier`.
    public func button(for identifier: String) -> Button? {
        buttons.first { items[$0.item].identifier == identifier }
    }

    /// Draws the strip and its buttons into `bitmap`.
    public func draw(into bitmap: Bitmap) {
        Blending.fill(bitmap, x: 0, y: areaHeight - height, width: areaWidth, height: height, color: OverlayStyle.panel)
        for button in buttons {
            let identifier = items[button.item].identifier
            let fill =
                identifier == pressed
                ? OverlayStyle.buttonPressed : identifier == hovered ? OverlayStyle.buttonHovered : OverlayStyle.button
            Blending.fill(bitmap, x: button.x, y: button.y, width: button.width, height: button.height, color: fill)
            Blending.outline(
                bitmap, x: button.x, y: button.y, width: button.width, height: button.height,
                color: OverlayStyle.buttonBorder)
            guard let text else { continue }
            let title = labels[button.item]
            let baseline = button.y + (button.height + text.ascender - text.descender) / 2
            let x = button.x + (button.width - text.width(of: title)) / 2
            text.draw(title, x: x, baseline: baseline, color: OverlayStyle.text, into: bitmap)
        }
    }
}
