import Foundation
import Testing

@testable import LayerKit

/// `CATextLayer`'s model: CATextLayer.h's defaults, implicit animation of `fontSize` and
/// `foregroundColor` (0.25 s, the `default` curve: 0.8024 of the way at 0.125 s), the registry's keys,
/// and the UIKit font stand-ins.
@Suite struct TextLayerTests {
    @Test func defaultsAreCoreAnimations() {
        _ = freshEngine(at: 0)
        let layer = CATextLayer()
        #expect(layer.fontSize == 36)
        #expect(layer.foregroundColor == .white)
        #expect(layer.string == nil)
        #expect(layer.font as? String == "Helvetica" || (layer.font as? NSString) == "Helvetica")
        #expect(layer.drawnFont.fontName == "Helvetica" && layer.drawnFont.familyName == "DejaVu Sans")
        #expect(!layer.isWrapped && layer.truncationMode == .none && layer.alignmentMode == .natural)
        #expect(LayerProperty.named("fontSize")?.defaultValue as? CGFloat == 36)
        #expect(LayerProperty.named("foregroundColor")?.defaultValue as? CGColor == .white)
        #expect(
            LayerProperty.named("truncationMode")?.defaultValue as? CATextLayerTruncationMode
                == CATextLayerTruncationMode.none)
    }

    @Test func fontSizeAndColourAnimateImplicitly() throws {
        let clock = freshEngine(at: 0)
        let layer = CATextLayer()
        layer.string = "Hi"
        step(layer, clock, at: 0)
        layer.fontSize = 46
        layer.foregroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        layer.string = "Hello"
        layer.isWrapped = true
        #expect(Set(layer.animationKeys() ?? []) == ["fontSize", "foregroundColor"])
        step(layer, clock, at: 0.125)
        let shown = try #require(layer.presentation())
        #expect(close(Double(shown.fontSize), 36 + 10 * 0.8024, 5e-3))
        #expect(close(Double(shown.foregroundColor!.red), 1 - 0.8024, 5e-4))
        #expect(shown.string as? String == "Hello" && shown.isWrapped)
    }

    @Test func keysGoThroughTheRegistry() {
        _ = freshEngine(at: 0)
        let layer = CATextLayer()
        layer.setValue("Title", forKey: "string")
        layer.setValue(true, forKey: "wrapped")
        layer.setValue("center", forKey: "alignmentMode")
        layer.setValue("end", forKey: "truncationMode")
        layer.setValue(20, forKey: "fontSize")
        #expect(layer.string as? String == "Title" && layer.isWrapped)
        #expect(layer.alignmentMode == .center && layer.truncationMode == .end)
        #expect(layer.value(forKeyPath: "fontSize") as? CGFloat == 20)
        #expect(layer.value(forKey: "isWrapped") as? Bool == true)
        #expect(LayerProperty.named("string")?.belongs(to: CALayer()) == false)
    }

    @Test func attributedStringsAreCopiedOnAssignment() {
        _ = freshEngine(at: 0)
        let layer = CATextLayer()
        let text = NSMutableAttributedString(string: "Red", attributes: [.foregroundColor: UIColor.red])
        layer.string = text
        text.mutableString.setString("Changed")
        #expect((layer.string as? NSAttributedString)?.string == "Red")
    }

    @Test func fontsByNameAsUIKitFindsThem() throws {
        #expect(UIFont(name: "NoSuchFont", size: 12) == nil)
        let bold = try #require(UIFont(name: "Helvetica-Bold", size: 20))
        #expect(bold.pointSize == 20 && bold.fontName == "Helvetica-Bold" && bold.fileName == "DejaVuSans-Bold.ttf")
        #expect(UIFont.systemFont(ofSize: 17).fileName == "DejaVuSans.ttf")
        #expect(UIFont.boldSystemFont(ofSize: 17).fileName == "DejaVuSans-Bold.ttf")
        #expect(UIFont.systemFont(ofSize: 17).pointSize == 17)
        #expect(CTFontCreateWithName("NoSuchFont", 9, nil).fontName == "Helvetica")
        #expect(CGFont("NoSuchFont") == nil && CGFont("Courier")?.postScriptName == "Courier")
        #expect(UIFont.familyNames == ["DejaVu Sans", "DejaVu Sans Mono", "DejaVu Serif"])
        #expect(UIFont.fontNames(forFamilyName: "DejaVu Serif").contains("Times"))
    }

    /// `font` names the face, `fontSize` the size: a font's own size is ignored, unknown names fall back.
    @Test func theDrawnFontTakesTheLayersSize() throws {
        _ = freshEngine(at: 0)
        let layer = CATextLayer()
        layer.fontSize = 24
        layer.font = UIFont(name: "Courier", size: 80)
        #expect(layer.drawnFont.fontName == "Courier" && layer.drawnFont.pointSize == 24)
        layer.font = CGFont("Times")
        #expect(layer.drawnFont.fontName == "Times")
        layer.font = "Georgia" as NSString
        #expect(layer.drawnFont.fontName == "Georgia")
        layer.font = "NoSuchFont" as NSString
        #expect(layer.drawnFont.fontName == "Helvetica")
    }
}
