import Overlay
import Raster

/// The error of a scene file that failed to reload (or of a Swift scene's action that would trap), drawn
/// across the top of the window in a red banner (one line per line of the message, at most four) while
/// the last good scene goes on playing.
enum SceneErrorBanner {
    /// The lines the banner shows for `message`.
    private static func lines(_ message: String) -> [String] {
        ["Scene error (showing the last good scene):"] + message.split(separator: "\n").prefix(4).map(String.init)
    }

    /// The banner's height in pixels for `message` (0 without a font): what sits below it starts there.
    static func height(of message: String, text: TextRenderer?) -> Int {
        guard let text else { return 0 }
        return lines(message).count * (text.ascender + text.descender + 2) + 12
    }

    /// Draws `message` into `bitmap` with `text` (nothing without a font).
    static func draw(_ message: String, text: TextRenderer?, into bitmap: Bitmap) {
        guard let text else { return }
        let lines = lines(message)
        let lineHeight = text.ascender + text.descender + 2
        let height = height(of: message, text: text)
        Blending.fill(
            bitmap, x: 0, y: 0, width: bitmap.width, height: height,
            color: Blending.color(red: 150, green: 24, blue: 32, alpha: 235))
        var baseline = 6 + text.ascender
        for (index, line) in lines.enumerated() {
            if index > 0, let aligned = alignedMarker(line, under: lines[index - 1], text: text) {
                // The gutter's bars where the code line has them, the marker under its column.
                for bar in aligned.bars { text.draw("|", x: bar, baseline: baseline, color: 0xFFFF_FFFF, into: bitmap) }
                text.draw(aligned.marker, x: aligned.x, baseline: baseline, color: 0xFFFF_FFFF, into: bitmap)
            } else {
                text.draw(line, x: Self.left, baseline: baseline, color: 0xFFFF_FFFF, into: bitmap)
            }
            baseline += lineHeight
        }
    }

    /// Where the text starts.
    static let left = 10

    /// For a compiler's marker line (`   |     `- error: …` or `      ^~~`) under the code line
    /// `previous`: the columns of its gutter bars and where its marker goes, measured on `previous` in
    /// the banner's proportional font so the marker sits under the character it points at; nil for other
    /// lines.
    static func alignedMarker(_ line: String, under previous: String, text: TextRenderer) -> (
        bars: [Int], x: Int, marker: String
    )? {
        let characters = Array(line)
        guard let start = characters.firstIndex(where: { $0 != " " && $0 != "|" }),
            characters[start] == "^" || characters[start] == "`" || characters[start] == "~"
        else { return nil }
        let code = Array(previous)
        let space = text.width(of: " ")
        func x(ofColumn column: Int) -> Int {
            let inside = min(column, code.count)
            return left + text.width(of: String(code[..<inside])) + (column - inside) * space
        }
        let bars = characters[..<start].indices.filter { characters[$0] == "|" }.map(x(ofColumn:))
        return (bars, x(ofColumn: start), String(characters[start...]))
    }
}
