import Fonts
import Foundation
import Testing

@testable import Typesetting

/// Layout of text in DejaVu Sans against numbers read from the font with cairo (units per em 2048;
/// advances H 1540, e 1260, l 569, o 1253, space 651, w 1675, r 842, d 1300, … 2048; ascender 1901,
/// descender 483, no line gap), exact to 1e-9.
@Suite(.enabled(if: FontLocator.dejaVuSans() != nil, "DejaVu Sans (fonts-dejavu-core) is not installed"))
struct TextLayoutTests {
    let library = FontLibrary()
    static let tolerance = 1e-9

    /// Points at 36 pt for `units` font units.
    static func pt(_ units: Double, size: Double = 36) -> Double { units * size / 2048 }

    func layOut(
        _ text: String, width: Double = 1000, height: Double = 1000, wrapped: Bool = false,
        alignment: TextLayout.Alignment = .left, truncation: TextLayout.Truncation = .none
    ) throws -> TextLayout {
        let face = try library.face(FontCatalog.sans)
        return TextLayout(
            runs: [TextLayout.Run(text, style: 0, color: 0)], styles: [TextLayout.Style(face: face, size: 36)],
            parameters: TextLayout.Parameters(
                width: width, height: height, wrapped: wrapped, alignment: alignment, truncation: truncation))
    }

    static let hello = pt(1540 + 1260 + 569 + 569 + 1253)
    static let helloWorld = pt(1540 + 1260 + 569 + 569 + 1253 + 651 + 1675 + 1253 + 842 + 569 + 1300)

    @Test func faceMetricsComeFromTheFont() throws {
        let face = try library.face(FontCatalog.sans)
        #expect(face.unitsPerEm == 2048)
        #expect(face.ascender == 1901 && face.descender == 483 && face.lineGap == 0)
        #expect(face.glyph(face.glyphIndex(of: "H")).advance == 1540)
        #expect(!face.glyph(face.glyphIndex(of: "H")).elements.isEmpty)
    }

    @Test func firstBaselineIsOneAscentBelowTheTop() throws {
        let layout = try layOut("Hi")
        #expect(layout.lines.count == 1)
        let line = try #require(layout.lines.first)
        #expect(abs(line.baseline - Self.pt(1901)) < Self.tolerance)
        #expect(line.x == 0)
        #expect(abs(line.width - Self.pt(1540 + 569)) < Self.tolerance)
        #expect(abs(line.glyphs[1].x - Self.pt(1540)) < Self.tolerance)
    }

    @Test func newlinesStartLinesOneLineHeightApart() throws {
        let layout = try layOut("Hello\n\nworld\n")
        #expect(layout.lines.map(\.text) == ["Hello", "", "world"])
        let step = Self.pt(1901 + 483)
        for (index, line) in layout.lines.enumerated() {
            #expect(abs(line.baseline - (Self.pt(1901) + Double(index) * step)) < Self.tolerance)
        }
    }

    @Test func wrappingBreaksAtTheSpaceAndHangsIt() throws {
        let layout = try layOut("Hello world", width: Self.helloWorld - 1, wrapped: true)
        #expect(layout.lines.map(\.text) == ["Hello ", "world"])
        #expect(abs(layout.lines[0].width - Self.hello) < Self.tolerance)
        let exact = try layOut("Hello world", width: Self.helloWorld, wrapped: true)
        #expect(exact.lines.map(\.text) == ["Hello world"])
    }

    @Test func aWordWiderThanTheBoxBreaksBetweenCharacters() throws {
        // H e l = 59.19 pt fits 60; the second l would reach 69.19.
        let layout = try layOut("Hello", width: 60, wrapped: true)
        #expect(layout.lines.map(\.text) == ["Hel", "lo"])
    }

    @Test func unwrappedTextTruncatesWithAnEllipsis() throws {
        // 120 pt less the ellipsis's 36 leaves 84: "Hell" is 69.19, "Hello" 91.22.
        let end = try layOut("Hello world", width: 120, truncation: .end)
        #expect(end.lines.map(\.text) == ["Hell\u{2026}"])
        #expect(abs(end.lines[0].width - Self.pt(1540 + 1260 + 569 + 569 + 2048)) < Self.tolerance)
        let start = try layOut("Hello world", width: 120, truncation: .start)
        #expect(start.lines.map(\.text) == ["\u{2026}orld"])
        let middle = try layOut("Hello world", width: 120, truncation: .middle)
        #expect(middle.lines.map(\.text) == ["He\u{2026}ld"])
        let none = try layOut("Hello world", width: 120)
        #expect(none.lines.map(\.text) == ["Hello world"])
        let narrow = try layOut("Hello world", width: 50, truncation: .end)
        #expect(narrow.lines.map(\.text) == ["\u{2026}"])
    }

    @Test func eachLineIsAligned() throws {
        let right = try layOut("Hello world", width: 300, alignment: .right)
        #expect(abs(right.lines[0].x - (300 - Self.helloWorld)) < Self.tolerance)
        let center = try layOut("Hello world", width: 300, alignment: .center)
        #expect(abs(center.lines[0].x - (300 - Self.helloWorld) / 2) < Self.tolerance)
    }

    @Test func justifiedLinesFillTheWidthButTheLast() throws {
        let width = Self.helloWorld + 20
        let layout = try layOut("Hello world Hello world", width: width, wrapped: true, alignment: .justified)
        #expect(layout.lines.map(\.text) == ["Hello world ", "Hello world"])
        let first = layout.lines[0]
        let lastInk = try #require(first.glyphs.last { $0.scalar != " " })
        #expect(abs(first.x + lastInk.x + lastInk.advance - width) < Self.tolerance)
        let second = layout.lines[1]
        #expect(second.x == 0)
        #expect(abs(second.glyphs.last!.x + second.glyphs.last!.advance - Self.helloWorld) < Self.tolerance)
    }

    @Test func wrappedTextTallerThanTheBoxTruncatesTheLastLineThatFits() throws {
        let layout = try layOut(
            "Hello world Hello world", width: Self.helloWorld + 1, height: Self.pt(2384) * 1.5, wrapped: true,
            truncation: .end)
        #expect(layout.lines.count == 1)
        // The width less the ellipsis is 9,489.6 units: "Hello wo" is 8,770, "Hello wor" 9,612.
        #expect(layout.lines[0].text == "Hello wo\u{2026}")
    }

    @Test func linesBelowTheBoxAreNotKept() throws {
        let layout = try layOut("a\nb\nc\nd", height: 50)
        #expect(layout.lines.map(\.text) == ["a", "b"])
    }

    @Test func thePathHoldsTheGlyphsOutlinesAtTheirPlaces() throws {
        let layout = try layOut("H")
        let box = layout.path(color: 0).boundingBox
        let face = try library.face(FontCatalog.sans)
        // Every outline point lies between the baseline and one ascent above it, within the advance.
        #expect(box.minX >= 0 && box.maxX <= Self.pt(1540))
        #expect(box.minY >= 0 && abs(box.maxY - Self.pt(1901)) < Self.tolerance)
        #expect(layout.path(color: 1).isEmpty)
        #expect(face.glyphIndex(of: "H") != 0)
    }
}
