import Overlay
import Testing

@testable import Viewer

/// A compiler's marker line in the banner sits under the column it points at, measured on the code line
/// above it in the banner's proportional font (where counting characters would put it elsewhere).
@Suite struct SceneErrorBannerTests {
    @Test func theMarkerSitsUnderItsColumn() throws {
        let text = try TextRenderer(dejaVuSansPixelSize: 14)
        let code = "21 |         square.position.x = CGFloat(ticks % 200) + steps[5]"
        let marker = "   |                                                     `- error: index out of range"
        let aligned = try #require(SceneErrorBanner.alignedMarker(marker, under: code, text: text))
        let column = Array(marker).firstIndex(of: "`")!
        #expect(aligned.x == SceneErrorBanner.left + text.width(of: String(code.prefix(column))))
        #expect(aligned.x != SceneErrorBanner.left + column * text.width(of: " "), "not a count of spaces")
        #expect(aligned.bars == [SceneErrorBanner.left + text.width(of: "21 ")], "the gutter's bar under the code's")
        #expect(aligned.marker.hasPrefix("`- error"))
        #expect(SceneErrorBanner.alignedMarker("error: something", under: code, text: text) == nil)
        let caret = try #require(SceneErrorBanner.alignedMarker("        ^~~~", under: "let x = foo(1)", text: text))
        #expect(caret.x == SceneErrorBanner.left + text.width(of: "let x = "))
    }
}
