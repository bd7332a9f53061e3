import Testing

@testable import Scenes

/// The Swift scenes' source pass: Objective-C spellings rewritten within their columns, or reported
/// at the user's line and column with what to write instead.
@Suite struct ObjectiveCSpellingsTests {
    func translate(_ text: String) -> (text: String, errors: [String]) {
        ObjectiveCSpellings.translate(text, path: "s.swift")
    }

    @Test func keyPathsBecomeStringsOfTheSameWidth() {
        let line = "let a = CABasicAnimation(keyPath: #keyPath(CAGradientLayer.startPoint)); a.x = 1"
        let result = translate(line)
        let padding = String(repeating: " ", count: 24)  // 36 characters became 12
        #expect(result.text == "let a = CABasicAnimation(keyPath: \"startPoint\"\(padding)); a.x = 1")
        #expect(result.text.count == line.count && result.errors.isEmpty)
        #expect(translate("#keyPath(CALayer.position.x)").text == "\"position.x\"                ")
        #expect(translate("#keyPath(self.progress)").text == "\"progress\"             ")
        #expect(translate("#keyPath(progress)").text == "\"progress\"        ")
    }

    @Test func objcAttributesAreDropped() {
        #expect(translate("@objc dynamic var p = 0").text == "      dynamic var p = 0")
        #expect(translate("@objc(stepWith:) func step() {}").text == "                 func step() {}")
        #expect(translate("@objcMembers final class A {}").text == "             final class A {}")
        #expect(translate("@IBInspectable var r: CGFloat = 2").text == "               var r: CGFloat = 2")
        #expect(translate("@MainActor func f() {}").text == "@MainActor func f() {}")
    }

    @Test func selectorsOfSelfBecomeMethodReferences() {
        let line = "CADisplayLink(target: self, selector: #selector(step)).add(to: .main, forMode: .common)"
        let result = translate(line)
        #expect(
            result.text == "CADisplayLink(target: self, selector:  Selector(step)).add(to: .main, forMode: .common)")
        #expect(translate("#selector(self.tick(_:))").text == " Selector(self.tick(_:))")
    }

    @Test func commentsAndStringsAreLeftAlone() {
        let text = """
            // @objc #keyPath(A.b)
            /* #selector(x) /* nested @objc */ */
            let s = "#keyPath(A.b) @objc"
            let t = \"\"\"
              @NSManaged
              \"\"\"
            """
        #expect(translate(text).text == text && translate(text).errors.isEmpty)
    }

    @Test func whatCannotBeMappedIsReportedWhereItIs() {
        let text = """
            @objc protocol Loading {
                @objc optional func didLoad()
            }
            final class L: CALayer {
              @NSManaged var progress: CGFloat
              let s = #selector(UIView.layoutSubviews)
            }
            """
        #expect(
            translate(text).errors == [
                "s.swift:2:5: error: '@objc optional' protocol requirements need the Objective-C runtime; declare the requirement without 'optional' and give it a default implementation in an extension of the protocol",
                "s.swift:5:3: error: '@NSManaged' needs the Objective-C runtime; write a stored property with a default value, such as 'dynamic var progress: CGFloat = 0' (key-value coding and needsDisplay(forKey:) reach it)",
                "s.swift:6:11: error: this #selector cannot be mapped without the Objective-C runtime; name a method of self, as #selector(step), or pass a closure",
            ])
    }
}
