import Raster
import Testing

@testable import Overlay

@Suite struct ToolbarTests {
    private func makeToolbar() -> Toolbar {
        let toolbar = Toolbar(text: nil)
        toolbar.setItems([
            ToolbarItem(identifier: "start", title: "Start"), ToolbarItem(identifier: "stop", title: "Stop"),
        ])
        toolbar.layout(width: 400, height: 300)
        return toolbar
    }

    @Test func buttonsSitInAStripAlongTheBottom() {
        let toolbar = makeToolbar()
        #expect(toolbar.height == 38)
        #expect(toolbar.buttons.map(\.x) == [8, 74])
        #expect(toolbar.buttons.allSatisfy { $0.y == 266 && $0.height == 30 && $0.width == 60 })
    }

    @Test func hitTestingReturnsTheButtonUnderThePoint() {
        let toolbar = makeToolbar()
        #expect(toolbar.identifier(atX: 8, y: 266) == "start")
        #expect(toolbar.identifier(atX: 67, y: 295) == "start")
        #expect(toolbar.identifier(atX: 68, y: 280) == nil)
        #expect(toolbar.identifier(atX: 74, y: 280) == "stop")
        #expect(toolbar.identifier(atX: 20, y: 265) == nil)
        #expect(toolbar.identifier(atX: 20, y: 10) == nil)
    }

    @Test func hoverAndPressChangeTheButtonColour() {
        let toolbar = makeToolbar()
        let bitmap = Bitmap(width: 400, height: 300)
        toolbar.draw(into: bitmap)
        let normal = bitmap[30, 280]
        toolbar.hovered = "start"
        bitmap.fill(0)
        toolbar.draw(into: bitmap)
        let hovered = bitmap[30, 280]
        toolbar.pressed = "start"
        bitmap.fill(0)
        toolbar.draw(into: bitmap)
        let pressed = bitmap[30, 280]
        #expect(normal != hovered)
        #expect(hovered != pressed)
        #expect(bitmap[100, 280] == normal, "the other button keeps its normal colour")
    }

    @Test func renamingReportsChanges() {
        let toolbar = makeToolbar()
        #expect(toolbar.setTitle("Resume", for: "start"))
        #expect(toolbar.items[0].title == "Resume")
        #expect(!toolbar.setTitle("Resume", for: "start"))
        #expect(toolbar.setTitle("x", for: "missing") == false)
    }
}

/// A button whose label changes (Pause ↔ Resume, Record ↔ Stop rec) is as wide as its widest label,
/// so neither it nor the buttons after it move.
@Test func buttonsKeepTheirPlacesWhenALabelChanges() throws {
    let text = try TextRenderer(dejaVuSansPixelSize: 14)
    #expect(text.width(of: "Resume") > text.width(of: "Pause"), "the test needs labels of different widths")
    let toolbar = Toolbar(text: text)
    toolbar.setItems([
        ToolbarItem(identifier: "start", title: "Start"),
        ToolbarItem(identifier: "pause", title: "Pause", titles: ["Pause", "Resume"]),
        ToolbarItem(identifier: "curves", title: "Curves"),
        ToolbarItem(identifier: "record", title: "Record", titles: ["Record", "Stop rec"]),
    ])
    toolbar.layout(width: 800, height: 400)
    let before = toolbar.buttons
    #expect(toolbar.setTitle("Resume", for: "pause"))
    #expect(toolbar.setTitle("Stop rec", for: "record"))
    #expect(toolbar.buttons == before)
    #expect(before[1].width >= text.width(of: "Resume") + 2 * Toolbar.compactPadding)
}

/// A window too narrow for the buttons at their natural size.
@Suite struct NarrowToolbarTests {
    static let identifiers = ["start", "stop", "pause", "push", "pop", "curves", "record", "faster"]

    private func makeToolbar(width: Int, text: TextRenderer? = nil) -> Toolbar {
        let toolbar = Toolbar(text: text)
        toolbar.setItems(Self.identifiers.map { ToolbarItem(identifier: $0, title: $0.capitalized) })
        toolbar.layout(width: width, height: 200)
        return toolbar
    }

    /// Every button lies on the strip, after the previous one, and is found at its centre.
    private func expectUsable(_ toolbar: Toolbar, width: Int) {
        var end = 0
        for (button, identifier) in zip(toolbar.buttons, Self.identifiers) {
            #expect(button.x >= end && button.x + button.width <= width, "\(identifier) at \(button.x)")
            #expect(toolbar.identifier(atX: button.x + button.width / 2, y: button.y + 5) == identifier)
            end = button.x + button.width
        }
    }

    @Test func roomyWindowKeepsTheNaturalLayout() {
        // 8 buttons of 60 px with 6 px gaps and 8 px margins need 538 px.
        let toolbar = makeToolbar(width: 600)
        #expect(toolbar.buttons.allSatisfy { $0.width == 60 })
        #expect(toolbar.buttons.last?.x == 8 + 7 * 66)
    }

    @Test func tighterWindowDropsThePadding() {
        // Compact: 46 px buttons, 2 px gaps, 398 px in all.
        let toolbar = makeToolbar(width: 420)
        #expect(toolbar.buttons.allSatisfy { $0.width == 46 })
        expectUsable(toolbar, width: 420)
    }

    @Test func narrowWindowSharesItsWidth() {
        // (300 − 16 − 14) / 8 = 33 px each.
        let toolbar = makeToolbar(width: 300)
        #expect(toolbar.buttons.allSatisfy { $0.width == 33 })
        expectUsable(toolbar, width: 300)
    }

    @Test func shortenedLabelsStayInsideTheirButtons() throws {
        let text = try TextRenderer(dejaVuSansPixelSize: 14)
        let toolbar = makeToolbar(width: 260, text: text)
        expectUsable(toolbar, width: 260)
        let bitmap = Bitmap(width: 260, height: 200)
        toolbar.draw(into: bitmap)
        // Between the buttons only the strip shows, as in its left margin: no label spills there.
        let gaps = zip(toolbar.buttons, toolbar.buttons.dropFirst()).flatMap { ($0.x + $0.width)..<$1.x }
        #expect(!gaps.isEmpty)
        let top = toolbar.buttons[0].y
        for y in top..<(top + toolbar.buttons[0].height) {
            let strip = bitmap[2, y]
            for x in gaps { #expect(bitmap[x, y] == strip, "label spills into the gap at \(x), \(y)") }
        }
    }
}
