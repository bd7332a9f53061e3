import Raster

/// The HUD: a strip of two lines above the picture holding its entries side by side (or a translucent
/// panel in the top-left corner with one line per entry); the panel centred in an area serves as a
/// sheet (the key map).
public final class HeadsUpDisplay {
    private let text: TextRenderer?
    /// Pixels between the panel and the picture's top and left edges.
    static let margin = 6

    /// A HUD writing with `text`; with nil it draws nothing (no font to write with).
    public init(text: TextRenderer?) {
        self.text = text
    }

    /// Draws `lines` into `bitmap`; the panel fits the longest line. It starts below row `top` (e.g. an
    /// error banner's bottom) and, with `bottom`, ends above that row (the toolbar's top), keeping as many
    /// of the first lines as fit there.
    public func draw(lines: [String], into bitmap: Bitmap, below top: Int = 0, above bottom: Int? = nil) {
        guard let text else { return }
        let lineHeight = text.ascender + text.descender + 2
        let room = ((bottom ?? bitmap.height) - top - Self.margin - 2 * OverlayStyle.padding) / lineHeight
        let lines = lines.prefix(max(0, room))
        guard !lines.isEmpty else { return }
        drawPanel(lines, x: Self.margin, y: top + Self.margin, text: text, into: bitmap)
    }

    /// The strip's height in pixels: two lines and padding (0 without a font).
    public var stripHeight: Int {
        guard let text else { return 0 }
        return 2 * (text.ascender + text.descender + 2) + OverlayStyle.padding
    }

    /// Draws `entries` left to right in `area` as a strip of two lines, each entry whole or not at all
    /// (those that fit neither line are left out), over the strip's background.
    public func drawStrip(entries: [String], in area: PixelRect, into bitmap: Bitmap) {
        guard area.width > 0, area.height > 0 else { return }
        Blending.fill(bitmap, x: area.x, y: area.y, width: area.width, height: area.height, color: Self.stripColor)
        guard let text else { return }
        let lineHeight = text.ascender + text.descender + 2
        let gap = 18
        var line = 0
        var x = area.x + OverlayStyle.padding
        for entry in entries {
            let width = text.width(of: entry)
            if x + width > area.maxX - OverlayStyle.padding, x > area.x + OverlayStyle.padding {
                line += 1
                x = area.x + OverlayStyle.padding
            }
            let baseline = area.y + OverlayStyle.padding / 2 + line * lineHeight + text.ascender
            guard baseline + text.descender <= area.maxY, line < 2 else { return }
            if x + width <= area.maxX - OverlayStyle.padding {
                text.draw(entry, x: x, baseline: baseline, color: OverlayStyle.text, into: bitmap)
                x += width + gap
            }
        }
    }

    /// The strip's background: opaque, as the margin beside the picture.
    static let stripColor = Blending.color(red: 24, green: 26, blue: 32, alpha: 255)

    /// Draws `lines` in a panel centred in `area` of `bitmap`, keeping the first lines that fit.
    public func drawCentered(lines: [String], in area: PixelRect, into bitmap: Bitmap) {
        guard let text else { return }
        let lineHeight = text.ascender + text.descender + 2
        let lines = lines.prefix(max(0, (area.height - 2 * OverlayStyle.padding) / lineHeight))
        guard !lines.isEmpty else { return }
        let size = panelSize(lines, text: text)
        drawPanel(
            lines, x: area.x + max(0, (area.width - size.width) / 2),
            y: area.y + max(0, (area.height - size.height) / 2),
            text: text, into: bitmap)
    }

    private func panelSize(_ lines: ArraySlice<String>, text: TextRenderer) -> (width: Int, height: Int) {
        let lineHeight = text.ascender + text.descender + 2
        let width = lines.reduce(0) { max($0, text.width(of: $1)) } + 2 * OverlayStyle.padding
        return (width, lines.count * lineHeight + 2 * OverlayStyle.padding)
    }

    private func drawPanel(_ lines: ArraySlice<String>, x: Int, y: Int, text: TextRenderer, into bitmap: Bitmap) {
        let lineHeight = text.ascender + text.descender + 2
        let size = panelSize(lines, text: text)
        Blending.fill(bitmap, x: x, y: y, width: size.width, height: size.height, color: OverlayStyle.panel)
        var baseline = y + OverlayStyle.padding + text.ascender
        for line in lines {
            text.draw(line, x: x + OverlayStyle.padding, baseline: baseline, color: OverlayStyle.text, into: bitmap)
            baseline += lineHeight
        }
    }
}
