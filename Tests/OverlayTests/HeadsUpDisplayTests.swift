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
}
