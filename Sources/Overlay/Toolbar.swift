import Raster

/// A toolbar button: what it says and the identifier hit-testing returns.
public struct ToolbarItem: Equatable, Sendable {
    public var identifier: String
    public var title: String

    public init(identifier: String, title: String) {
        self.identifier = identifier
        self.title = title
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

    private func layout() {
        let buttonHeight = height - 2 * (OverlayStyle.padding / 2)
        var x = OverlayStyle.padding
        let y = areaHeight - height + OverlayStyle.padding / 2
        buttons = items.indices.map { index in
            let labelWidth = text?.width(of: items[index].title) ?? 40
            let button = Button(
                item: index, x: x, y: y, width: labelWidth + 2 * OverlayStyle.padding + 4, height: buttonHeight)
            x += button.width + OverlayStyle.buttonGap
            return button
        }
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
            let title = items[button.item].title
            let baseline = button.y + (button.height + text.ascender - text.descender) / 2
            let x = button.x + (button.width - text.width(of: title)) / 2
            text.draw(title, x: x, baseline: baseline, color: OverlayStyle.text, into: bitmap)
        }
    }
}
