import Fonts
import Raster
import Testing

@testable import Overlay

@Suite(.enabled(if: FontLocator.dejaVuSans() != nil, "DejaVu Sans (fonts-dejavu-core) is not installed"))
struct TextRendererTests {
    @Test func fontIsFoundInTheStandardFolders() throws {
        let path = try #require(FontLocator.dejaVuSans())
        #expect(path.hasSuffix("/DejaVuSans.ttf"))
    }

    @Test func metricsAtFourteenPixels() throws {
        let text = try TextRenderer(dejaVuSansPixelSize: 14)
        #expect(text.ascender == 13)
        #expect(text.descender == 4)
        #expect(text.width(of: "Start") == 34)
        #expect(text.width(of: "ii") < text.width(of: "WW"))
        #expect(text.width(of: "") == 0)
    }

    /// The longest prefix within a width: its advance fits and one more scalar would not; a label of
    /// thousands of events is cut in one pass.
    @Test func prefixFittingAWidth() throws {
        let text = try TextRenderer(dejaVuSansPixelSize: 14)
        let label = Array(repeating: "repeat", count: 2000).joined(separator: ", ")
        for width in [0, 5, 34, 100, 333] {
            let cut = text.prefix(of: label, fitting: width)
            #expect(text.width(of: String(cut)) <= width, "\(width)")
            let longer = label.unicodeScalars.prefix(cut.unicodeScalars.count + 1)
            #expect(text.width(of: String(String.UnicodeScalarView(longer))) > width, "\(width)")
        }
        #expect(text.prefix(of: "Start", fitting: 34) == "Start")
        #expect(text.prefix(of: "Start", fitting: 33) == "Star")
    }

    @Test func drawnTextCoversPixelsOnlyInsideItsBox() throws {
        let text = try TextRenderer(dejaVuSansPixelSize: 14)
        let bitmap = Bitmap(width: 80, height: 30)
        bitmap.fill(0xFF00_0000)
        let end = text.draw("Start", x: 10, baseline: 20, color: 0xFFFF_FFFF, into: bitmap)
        #expect(end == 10 + text.width(of: "Start"))
        var inked = 0
        var partial = 0
        for y in 0..<30 {
            for x in 0..<80 where bitmap[x, y] != 0xFF00_0000 {
                inked += 1
                #expect(x >= 10 && x < end + 1 && y >= 20 - text.ascender && y < 20 + text.descender)
                if bitmap[x, y] != 0xFFFF_FFFF { partial += 1 }
            }
        }
        #expect(inked > 60)
        #expect(partial > 10, "anti-aliased edges")
    }

    @Test func nonASCIIGlyphsAreRenderedAndCached() throws {
        let text = try TextRenderer(dejaVuSansPixelSize: 14)
        #expect(text.width(of: "×") > 0)
        #expect(text.width(of: "××") == 2 * text.width(of: "×"))
    }

    @Test func clippedDrawingStaysInBounds() throws {
        let text = try TextRenderer(dejaVuSansPixelSize: 14)
        let bitmap = Bitmap(width: 10, height: 10)
        text.draw("Wide text", x: -5, baseline: 5, color: 0xFFFF_FFFF, into: bitmap)
        let inked = (0..<10).reduce(0) { count, y in count + (0..<10).filter { bitmap[$0, y] != 0 }.count }
        #expect(inked > 5)
    }
}
