import Raster

/// The HUD: a translucent panel in the top-left corner with one line of text per entry.
public final class HeadsUpDisplay {
    private let text: TextRenderer?
    /// Pixels between the panel and the picture's top and left edges.
    static let margin = 6

    /// A HUD writing with `text`; with nil it draws nothing (no font to write with).
    public init(text: TextRenderer?) {
        self.text = text
    }

    /// Draws `lines` into `bitmap`; the panel fits the longest line. With `bottom`, the panel ends above
    /// that row (the toolbar's top), keeping as many of the first lines as fit there.
    public func draw(lines: [String], into bitmap: Bitmap, above bottom: Int? = nil) {
        guard let text else { return }
        let lineHeight = text.ascender + text.descender + 2
        let room = ((bottom ?? bitmap.height) - Self.margin - 2 * OverlayStyle.padding) / lineHeight
        let lines = lines.prefix(max(0, room))
        guard !lines.isEmpty else { return }
        let width = lines.reduce(0) { max($0, text.width(of: $1)) } + 2 * OverlayStyle.padding
        let height = lines.count * lineHeight + 2 * OverlayStyle.padding
        Blending.fill(bitmap, x: Self.margin, y: Self.margin, width: width, height: height, color: OverlayStyle.panel)
        var baseline = Self.margin + OverlayStyle.padding + text.ascender
        for line in lines {
            text.draw(
                line, x: Self.margin + OverlayStyle.padding, baseline: baseline, color: OverlayStyle.text, into: bitmap)
            baseline += lineHeight
        }
    }
}
