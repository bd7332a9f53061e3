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

    /// Draws `entries` (keys, then what they do) as a table under `title`, in aligned columns, centred
    /// in `area`: in several column pairs side by side when the area is too short for one, and when
    /// not all fit, as many as do and a last line saying so. Returns how many entries were shown.
    @discardableResult
    public func drawTable(
        title: String, entries: [(keys: String, action: String)], in area: PixelRect, into bitmap: Bitmap
    ) -> Int {
        guard let text, !entries.isEmpty else { return 0 }
        let lineHeight = text.ascender + text.descender + 2
        let padding = OverlayStyle.padding
        let keysWidth = entries.reduce(0) { max($0, text.width(of: $1.keys)) }
        let actionsWidth = entries.reduce(0) { max($0, text.width(of: $1.action)) }
        let gap = 12
        let pairWidth = keysWidth + gap + actionsWidth
        let rowsPerPair = (area.height - 2 * padding) / lineHeight - 1
        guard rowsPerPair >= 1, area.width > 2 * padding else { return 0 }
        let pairsThatFit = max(1, (area.width - 2 * padding + 2 * gap) / (pairWidth + 2 * gap))
        let total = entries.count
        let pairs = min(pairsThatFit, (total + rowsPerPair - 1) / rowsPerPair)
        let capacity = pairs * rowsPerPair
        // One slot says how many did not fit.
        let shown = total <= capacity ? total : capacity - 1
        let slots = shown + (shown < total ? 1 : 0)
        let perPair = (slots + pairs - 1) / pairs
        let width = min(area.width, pairs * pairWidth + (pairs - 1) * 2 * gap + 2 * padding)
        let height = (perPair + 1) * lineHeight + 2 * padding
        let x = area.x + max(0, (area.width - width) / 2)
        let y = area.y + max(0, (area.height - height) / 2)
        Blending.fill(bitmap, x: x, y: y, width: width, height: height, color: OverlayStyle.panel)
        let top = y + padding + text.ascender
        text.draw(title, x: x + padding, baseline: top, color: OverlayStyle.text, into: bitmap)
        func place(_ slot: Int) -> (x: Int, baseline: Int) {
            (x + padding + slot / perPair * (pairWidth + 2 * gap), top + (slot % perPair + 1) * lineHeight)
        }
        for (index, entry) in entries.prefix(shown).enumerated() {
            let at = place(index)
            text.draw(entry.keys, x: at.x, baseline: at.baseline, color: OverlayStyle.text, into: bitmap)
            text.draw(
                entry.action, x: at.x + keysWidth + gap, baseline: at.baseline, color: CurvePlotStyle.dimText,
                into: bitmap)
        }
        if shown < total {
            let at = place(shown)
            text.draw(
                "… \(total - shown) more (a larger window)", x: at.x, baseline: at.baseline,
                color: CurvePlotStyle.dimText, into: bitmap)
        }
        return shown
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
