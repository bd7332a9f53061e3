import LayerKit
import Raster
import Testing

@testable import Compositor

/// Which items determine a shadow caster's or a mask's alpha by their keys alone, so the shadow or mask
/// is kept while they are unchanged: keyed solid fills, and opaque gradients (their colours do not
/// change their alpha); a translucent gradient, whose alpha its colours change, does not.
@Suite struct CastFillTests {
    static let rect = PixelRect(x: 2, y: 3, width: 10, height: 6)

    static func gradient(alpha: Double) -> GradientShading {
        .axial(
            from: .zero, to: CGPoint(x: 1, y: 0),
            stops: [
                GradientStop(location: 0, red: 1, green: 0, blue: 0),
                GradientStop(location: 1, red: 0, green: 0, blue: 1, alpha: alpha),
            ])
    }

    @Test func opaqueGradientsCastByTheirRectangle() throws {
        let opaque = try #require(
            DisplayListBuilder.castFills([
                .gradient(Self.gradient(alpha: 1), rect: Self.rect, opacity: 200, coverage: nil)
            ]))
        #expect(opaque.count == 1 && opaque[0].opacity == 200 && opaque[0].color == 0xFF00_0000)
        // Other colours, the same alpha: the same key.
        let other = DisplayListBuilder.castFills([
            .gradient(
                .axial(
                    from: .zero, to: CGPoint(x: 0, y: 1), stops: [GradientStop(location: 0, red: 0, green: 1, blue: 0)]),
                rect: Self.rect, opacity: 200, coverage: nil)
        ])
        #expect(other == opaque)
        let moved = DisplayListBuilder.castFills([
            .gradient(
                Self.gradient(alpha: 1), rect: PixelRect(x: 3, y: 3, width: 10, height: 6), opacity: 200, coverage: nil)
        ])
        #expect(moved != opaque)
        #expect(
            DisplayListBuilder.castFills([
                .gradient(Self.gradient(alpha: 0.5), rect: Self.rect, opacity: 255, coverage: nil)
            ])
                == nil)
    }
}
