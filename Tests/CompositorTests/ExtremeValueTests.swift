import Compositor
import Foundation
import LayerKit
import Raster
import Testing

/// Extreme but valid values draw sensible frames within `RenderBudget`: no trap, no allocation sized by
/// the input.
@Suite struct ExtremeValueTests {
    let base = CompositorTests()
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)

    /// A 160×120 frame holding an 80×60 red layer at (10, 10) casting a shadow of `radius`.
    func shadowFrame(radius: CGFloat, offset: CGSize = .zero) -> Bitmap {
        let root = base.layer(CGRect(x: 0, y: 0, width: 160, height: 120))
        let caster = base.layer(CGRect(x: 10, y: 10, width: 80, height: 60), color: Self.red)
        caster.shadowOpacity = 1
        caster.shadowRadius = radius
        caster.shadowOffset = offset
        root.addSublayer(caster)
        return base.render(root, width: 160, height: 120)
    }

    /// A blur wider than the canvas is the flat fill it tends to: as faint as a blur just narrower than
    /// the canvas (within 2/255), level over the canvas, and nothing at all for a σ of 10⁴ or more.
    @Test func blursWiderThanTheCanvasAreFlat() {
        let narrower = shadowFrame(radius: 159)
        let wider = shadowFrame(radius: 161)
        #expect(abs(Int(wider[150, 110] >> 24) - Int(narrower[150, 110] >> 24)) <= 2)
        #expect(wider[150, 110] == wider[100, 5] && wider[100, 5] == wider[5, 115] && wider[5, 115] >> 24 > 0)
        for radius: CGFloat in [1e4, 1e6, 1e9, .greatestFiniteMagnitude, .infinity] {
            let frame = shadowFrame(radius: radius)
            #expect(frame[50, 40] == 0xFFFF_0000 && frame[150, 110] == 0, "radius \(radius)")
        }
    }

    /// An offset far beyond the canvas moves the shadow off it.
    @Test func hugeShadowOffsetsMoveTheShadowAway() {
        for offset in [
            CGSize(width: 1e19, height: 0), CGSize(width: 0, height: -1e19), CGSize(width: 1e308, height: 1e308),
        ] {
            let frame = shadowFrame(radius: 2, offset: offset)
            #expect(frame[50, 40] == 0xFFFF_0000 && frame[95, 40] == 0, "offset \(offset)")
        }
    }

    /// Text far off the canvas draws nothing; text far larger than it draws the glyphs that show (a full
    /// block, a million pixels tall, covers the frame).
    @Test func textAtExtremesDrawsWhatShows() {
        func frame(_ configure: (CATextLayer) -> Void) -> Bitmap {
            let root = base.layer(CGRect(x: 0, y: 0, width: 160, height: 120))
            let text = CATextLayer()
            text.string = "Hello"
            text.fontSize = 12
            configure(text)
            root.addSublayer(text)
            return base.render(root, width: 160, height: 120)
        }
        #expect(Self.isClear(frame { $0.frame = CGRect(x: 0, y: -1e308, width: 100, height: 40) }))
        #expect(
            Self.isClear(
                frame {
                    $0.frame = CGRect(x: 0, y: 0, width: 1e308, height: 40)
                    $0.alignmentMode = .right
                }))
        let huge = frame {
            $0.frame = CGRect(x: 0, y: 0, width: 160, height: 120)
            $0.string = "\u{2588}"
            $0.fontSize = 1e6
        }
        #expect(!Self.isClear(huge))
    }

    /// Whether every pixel of `bitmap` is transparent black.
    static func isClear(_ bitmap: Bitmap) -> Bool {
        (0..<bitmap.height).allSatisfy { y in (0..<bitmap.width).allSatisfy { bitmap[$0, y] == 0 } }
    }
}
