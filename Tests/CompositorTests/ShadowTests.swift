import Compositor
import Foundation
import LayerKit
import Raster
import Testing

/// Layer shadows: cast by `shadowPath` or by the composited alpha, blurred with σ = shadowRadius,
/// moved by shadowOffset, filled with shadowColor × shadowOpacity beneath the layer.
@Suite struct ShadowTests {
    let base = CompositorTests()

    /// A 100×100 frame holding a clear 40×40 layer at (30, 30) whose shadow (radius 3, opacity 1, no
    /// offset unless `configure` says otherwise) is cast by `shadowPath` = its bounds.
    func shadowFrame(_ configure: (CALayer) -> Void = { _ in }) -> Bitmap {
        let root = base.layer(CGRect(x: 0, y: 0, width: 100, height: 100))
        let caster = base.layer(CGRect(x: 30, y: 30, width: 40, height: 40))
        caster.shadowOpacity = 1
        caster.shadowOffset = .zero
        caster.shadowPath = CGPath(rect: caster.bounds, transform: nil)
        configure(caster)
        root.addSublayer(caster)
        return base.render(root, width: 100, height: 100)
    }

    /// The alpha a Gaussian of σ gives pixel column `x` beside an opaque half-plane ending at `edge`,
    /// averaged over the pixel: ∫ ½·erfc((t − edge)/(σ√2)) dt over [x, x + 1], by the midpoint rule.
    static func edgeAlpha(pixel x: Int, edge: Double, sigma: Double) -> Double {
        let steps = 64
        var sum = 0.0
        for i in 0..<steps {
            let t = Double(x) + (Double(i) + 0.5) / Double(steps)
            sum += 0.5 * erfc((t - edge) / (sigma * 2.squareRoot()))
        }
        return 255 * sum / Double(steps)
    }

    /// Across the right edge (x = 70) the shadow follows the Gaussian edge profile within 3/255 (the
    /// blur approximates the Gaussian with three box passes); inside it is opaque, 4σ out it is gone.
    @Test func pathShadowFollowsTheGaussianEdge() {
        let frame = shadowFrame()
        for x in 60..<82 {
            let alpha = Double(frame[x, 50] >> 24)
            let expected = Self.edgeAlpha(pixel: x, edge: 70, sigma: 3)
            #expect(abs(alpha - expected) <= 3, "x \(x): \(alpha) vs \(expected)")
            #expect(frame[x, 50] & 0xFF_FFFF == 0, "black")
        }
        #expect(frame[50, 50] == 0xFF00_0000)
        #expect(frame[85, 50] == 0 && frame[50, 15] == 0)
        // Symmetric about the square's centre.
        #expect(frame[71, 50] == frame[28, 50] && frame[50, 71] == frame[50, 28])
    }

    /// With no `shadowPath` the composited alpha casts it: a clear layer with an opaque sublayer of the
    /// same rect casts the same shadow outside the rect.
    @Test func compositedAlphaCastsTheSameShadow() {
        let byPath = shadowFrame()
        let byAlpha = shadowFrame { caster in
            caster.shadowPath = nil
            caster.addSublayer(
                base.layer(caster.bounds, color: CGColor(red: 0, green: 0, blue: 1, alpha: 1)))
        }
        #expect(byAlpha[50, 50] == CompositorTests.blue)
        for x in 70..<90 { #expect(byAlpha[x, 50] == byPath[x, 50], "x \(x)") }
        for y in 10..<30 { #expect(byAlpha[50, y] == byPath[50, y], "y \(y)") }
    }

    /// The default opacity is 0, and `masksToBounds` clips the shadow away.
    @Test func noShadowByDefaultOrUnderMasksToBounds() {
        let plain = CALayer()
        #expect(plain.shadowOpacity == 0 && plain.shadowRadius == 3)
        #expect(plain.shadowOffset == CGSize(width: 0, height: -3) && plain.shadowColor == .black)
        #expect(shadowFrame { $0.shadowOpacity = 0 }[72, 50] == 0)
        #expect(shadowFrame { $0.masksToBounds = true }[72, 50] == 0)
    }

    /// The offset moves the whole shadow by whole pixels; the default (0, −3) moves it up.
    @Test func offsetMovesTheShadow() {
        let centred = shadowFrame()
        let moved = shadowFrame { $0.shadowOffset = CGSize(width: 5, height: -3) }
        for x in 60..<90 { #expect(moved[x, 47] == centred[x - 5, 50], "x \(x)") }
        let up = shadowFrame { $0.shadowOffset = CGSize(width: 0, height: -3) }
        #expect(up[50, 27] > up[50, 72])
    }

    /// Colour and opacity multiply: a red shadow at opacity 0.5 is half-alpha premultiplied red inside.
    @Test func colourAndOpacityTintTheShadow() {
        let frame = shadowFrame {
            $0.shadowColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            $0.shadowOpacity = 0.5
        }
        #expect(frame[50, 50] == 0x8080_0000)
    }

    /// A radius of 0 is a hard copy of the caster's alpha.
    @Test func zeroRadiusIsAHardShadow() {
        let frame = shadowFrame {
            $0.shadowRadius = 0
            $0.shadowOffset = CGSize(width: 4, height: 0)
        }
        #expect(frame[73, 50] == 0xFF00_0000 && frame[74, 50] == 0)
        #expect(frame[33, 50] == 0 && frame[34, 50] == 0xFF00_0000)
    }
}
