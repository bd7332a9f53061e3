import Foundation
import LayerKit
import LayerscopeTestSupport
import Raster
import Testing

@testable import Compositor

/// How text layers take part in compositing: their layout is kept while it is unchanged, their glyphs
/// take the layer's opacity and its ancestors' clips like any contents, and attributed runs keep their
/// own colours.
@Suite struct TextLayerDrawingTests {
    static func textLayer(_ string: Any, frame: CGRect) -> CATextLayer {
        let layer = CATextLayer()
        layer.frame = frame
        layer.string = string
        return layer
    }

    /// The layout is made once and kept while only colour changes, then made again when the string
    /// does; the glyphs' coverage is kept while the layout and transform are.
    @Test func layoutsAreKeptWhileTheTextIsUnchanged() throws {
        freshEngine()
        let layouts = TextLayouts()
        let layer = Self.textLayer("Kept", frame: CGRect(x: 0, y: 0, width: 200, height: 50))
        let canvas = PixelRect(x: 0, y: 0, width: 200, height: 50)
        func coverage(_ text: LaidOutText, _ transform: CGAffineTransform) -> GlyphCoverage? {
            layouts.glyphCoverage(of: layer, text: text, color: 0, transform: transform, canvas: canvas)
        }
        let first = try #require(layouts.text(of: layer))
        let run = try #require(coverage(first, .identity))
        layouts.endFrame()
        layer.foregroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let second = try #require(layouts.text(of: layer))
        #expect(first === second)
        #expect(coverage(second, .identity) === run)
        #expect(coverage(second, CGAffineTransform(translationX: 0.5, y: 0)) !== run)
        layouts.endFrame()
        layer.string = "Changed"
        let third = try #require(layouts.text(of: layer))
        #expect(third !== first)
        layouts.endFrame()
        layouts.endFrame()
        // A layer not drawn for a whole frame is forgotten.
        #expect(try #require(layouts.text(of: layer)) !== third)
    }

    /// A moving text layer draws the plane of its origin's phase shifted by whole pixels: moved by
    /// whole pixels the plane is the same object; at every step of a scroll by 0.37 px a frame, a
    /// compositor that drew the frames before gives exactly the pixels of one that draws the frame
    /// alone.
    @Test func aScrolledTextReusesItsPlanesWithTheSamePixels() throws {
        freshEngine()
        let layouts = TextLayouts()
        let layer = Self.textLayer("Scrolled text, line after line", frame: CGRect(x: 0, y: 0, width: 220, height: 40))
        let canvas = PixelRect(x: 0, y: 0, width: 600, height: 200)
        let text = try #require(layouts.text(of: layer))
        let here = try #require(
            layouts.glyphCoverage(
                of: layer, text: text, color: 0, transform: CGAffineTransform(translationX: 10.25, y: 20),
                canvas: canvas))
        layouts.endFrame()
        let moved = try #require(
            layouts.glyphCoverage(
                of: layer, text: text, color: 0, transform: CGAffineTransform(translationX: 13.25, y: 47),
                canvas: canvas))
        #expect(moved.plane === here.plane, "moved by whole pixels: the same plane")
        #expect(moved.bounds == here.bounds.offsetBy(dx: 3, dy: 27))

        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 300, height: 200)
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        let scrolled = Self.textLayer(
            "Scrolled text, line after line", frame: CGRect(x: 12, y: 120, width: 220, height: 40))
        scrolled.foregroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        root.addSublayer(scrolled)
        let warm = Compositor()
        let warmBitmap = Bitmap(width: 300, height: 200)
        for step in 0..<12 {
            let y = 120 - 0.37 * CGFloat(step)
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            scrolled.frame.origin.y = y
            CATransaction.commit()
            warm.render(root, into: warmBitmap)
            let fresh = Bitmap(width: 300, height: 200)
            Compositor().render(root, into: fresh)
            #expect(!FrameComparison.differ(warmBitmap, fresh), "step \(step) at y \(y)")
        }
    }

    /// Opacity 0.5 halves every glyph pixel's alpha (within rounding).
    @Test func opacityScalesTheGlyphs() {
        freshEngine()
        func render(opacity: Float) -> Bitmap {
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 120, height: 50)
            let text = Self.textLayer("Half", frame: root.bounds)
            text.opacity = opacity
            root.addSublayer(text)
            let bitmap = Bitmap(width: 120, height: 50)
            Compositor().render(root, into: bitmap)
            return bitmap
        }
        let full = render(opacity: 1)
        let half = render(opacity: 0.5)
        var inked = 0
        for y in 0..<50 {
            for x in 0..<120 {
                let a = Int(full[x, y] >> 24)
                let b = Int(half[x, y] >> 24)
                if a > 0 { inked += 1 }
                #expect(abs(b - (a * 128 + 127) / 255) <= 1, "(\(x), \(y)): \(a) → \(b)")
            }
        }
        #expect(inked > 200)
    }

    /// A rounded `masksToBounds` ancestor clips the glyphs to its corners.
    @Test func aRoundedClipClipsTheText() {
        freshEngine()
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
        let card = CALayer()
        card.frame = root.bounds
        card.cornerRadius = 30
        card.masksToBounds = true
        // A full block of glyphs covers the card; the circle leaves its corners clear.
        let text = Self.textLayer("\u{2588}\u{2588}\u{2588}", frame: CGRect(x: -10, y: -20, width: 100, height: 100))
        text.fontSize = 60
        card.addSublayer(text)
        root.addSublayer(card)
        let bitmap = Bitmap(width: 60, height: 60)
        Compositor().render(root, into: bitmap)
        #expect(bitmap[30, 30] >> 24 == 255)
        #expect(bitmap[2, 2] >> 24 == 0 && bitmap[57, 57] >> 24 == 0)
    }

    /// Runs of an attributed string are drawn in their own colours (and the layer's `foregroundColor`
    /// is not used for them).
    @Test func attributedRunsKeepTheirColours() {
        freshEngine()
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 120, height: 40)
        let string = NSMutableAttributedString(
            string: "\u{2588}\u{2588}",
            attributes: [.foregroundColor: UIColor.red, .font: UIFont.systemFont(ofSize: 30)])
        string.addAttribute(.foregroundColor, value: UIColor.blue.cgColor, range: NSRange(location: 1, length: 1))
        root.addSublayer(Self.textLayer(string, frame: root.bounds))
        let bitmap = Bitmap(width: 120, height: 40)
        Compositor().render(root, into: bitmap)
        // DejaVu's full block is 1,233 units wide: 18.06 pt at 30 pt, from the baseline's ascent above.
        #expect(bitmap[9, 15] == 0xFFFF_0000)
        #expect(bitmap[27, 15] == 0xFF00_00FF)
    }

    /// Text far larger than the frame is filled from its outlines (clipped to the frame) instead of
    /// through cached glyph planes, which would outgrow it. DejaVu's "I" is a stem from 201 to 403 units
    /// across and 0 to 1,493 up: at 5,000 pt, x 490.7 to 983.9 and y 996 to 4,641 (the baseline) in the
    /// layer, whose point (700, 2000) is the frame's (20, 20).
    @Test func hugeTextIsDrawnWithoutGlyphPlanes() {
        freshEngine()
        #expect(GlyphCache.places(18, under: .identity) && !GlyphCache.places(5000, under: .identity))
        #expect(!GlyphCache.places(18, under: CGAffineTransform(rotationAngle: 0.1)))
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        let text = Self.textLayer("I", frame: CGRect(x: -680, y: -1980, width: 1000, height: 6000))
        text.fontSize = 5000
        root.addSublayer(text)
        let bitmap = Bitmap(width: 40, height: 40)
        Compositor().render(root, into: bitmap)
        for y in 0..<40 {
            for x in 0..<40 { #expect(bitmap[x, y] == 0xFFFF_FFFF, "(\(x), \(y))") }
        }
    }
}
