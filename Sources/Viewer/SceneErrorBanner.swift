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
        for line in lines {
            text.draw(line, x: 10, baseline: baseline, color: 0xFFFF_FFFF, into: bitmap)
            baseline += lineHeight
        }
    }
}
