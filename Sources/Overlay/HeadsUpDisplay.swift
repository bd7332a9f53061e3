import Raster

/// The HUD: a translucent panel in the top-left corner with one line of text per entry; the same
/// panel centred in an area serves as a sheet (the key map).
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
