import Raster

/// The HUD: a translucent panel in the top-left corner with one line of text per entry.
public final class HeadsUpDisplay {
    private let text: TextRenderer?

    /// A HUD writing with `text`; with nil it draws nothing (no font to write with).
    public init(text: TextRenderer?) {
        self.text = text
    }

    /// Draws `lines` into `bitmap`; the panel fits the longest line.
    public func draw(lines: [String], into bitmap: Bitmap) {
        guard let text, !lines.isEmpty else { return }
        let lineHeight = text.ascender + text.descender + 2
        let width = lines.reduce(0) { max($0, text.width(of: $1)) } + 2 * OverlayStyle.padding
        let height = lines.count * lineHeight + 2 * OverlayStyle.padding
        Blending.fill(bitmap, x: 6, y: 6, width: width, height: height, color: OverlayStyle.panel)
        var baseline = 6 + OverlayStyle.padding + text.ascender
        for line in lines {
            text.draw(line, x: 6 + OverlayStyle.padding, baseline: baseline, color: OverlayStyle.text, into: bitmap)
            baseline += lineHeight
        }
    }
}
