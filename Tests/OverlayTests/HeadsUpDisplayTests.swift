import Raster
import Testing

@testable import Overlay

@Suite struct HeadsUpDisplayTests {
    static let lines = ["wipe", "t 0.500 s", "speed ×1", "paused", "frame 0.10 ms", "dropped 0"]

    /// The lowest row the HUD changed in a `width × height` picture of zeros, or nil.
    static func lowestRow(drawing hud: HeadsUpDisplay, width: Int, height: Int, above bottom: Int?) -> Int? {
        let bitmap = Bitmap(width: width, height: height)
        hud.draw(lines: lines, into: bitmap, above: bottom)
        return (0..<height).last { y in (0..<width).contains { bitmap[$0, y] != 0 } }
    }

    @Test func thePanelEndsAboveTheGivenRow() throws {
        let hud = HeadsUpDisplay(text: try TextRenderer(dejaVuSansPixelSize: 14))
        let whole = try #require(Self.lowestRow(drawing: hud, width: 300, height: 300, above: nil))
        // Six lines need more than 100 rows: above row 100 only the first ones are drawn.
        #expect(whole >= 100)
        let cut = try #require(Self.lowestRow(drawing: hud, width: 300, height: 300, above: 100))
        #expect(cut < 100)
        #expect(cut > 40, "the first lines are still shown")
        #expect(Self.lowestRow(drawing: hud, width: 300, height: 300, above: 20) == nil, "no room for a line")
    }

    /// A table of 24 entries: one column pair in a tall window; at 320×240, several pairs side by side
    /// (so more than two lines show), and the rest counted on a last line when even they do not fit.
    @Test func aTableFlowsIntoColumnsAndSaysWhatDidNotFit() throws {
        let hud = HeadsUpDisplay(text: try TextRenderer(dejaVuSansPixelSize: 11))
        let entries = (1...24).map { (keys: "k\($0)", action: "does \($0)") }
        let tall = Bitmap(width: 400, height: 900)
        #expect(
            hud.drawTable(
                title: "Keys", entries: entries, in: PixelRect(x: 0, y: 0, width: 400, height: 900), into: tall) == 24)
        let small = Bitmap(width: 320, height: 240)
        let shown = hud.drawTable(
            title: "Keys", entries: entries, in: PixelRect(x: 0, y: 0, width: 320, height: 240), into: small)
        #expect(shown == 24, "two or three column pairs hold them all at 320×240")
        let tiny = Bitmap(width: 120, height: 100)
        let few = hud.drawTable(
            title: "Keys", entries: entries, in: PixelRect(x: 0, y: 0, width: 120, height: 100), into: tiny)
        #expect(few > 0 && few < 24, "what fits, and a line saying how many more: \(few)")
    }
}
