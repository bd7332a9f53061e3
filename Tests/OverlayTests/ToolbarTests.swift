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
