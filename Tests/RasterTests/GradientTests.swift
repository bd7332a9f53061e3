import Foundation
import Geometry
import Testing

@testable import Raster

/// Gradients against cairo's (goldens made by `Goldens/make_goldens.py`, which interpolates straight
/// colour as Core Animation does), against exact maths, and the notes' vectors.
@Suite struct GradientTests {
    /// The largest channel difference between two pixels.
    static func difference(_ a: Pixel, _ b: Pixel) -> Int {
        stride(from: 0, to: 32, by: 8).map { abs(Int((a >> UInt32($0)) & 255) - Int((b >> UInt32($0)) & 255)) }.max()!
    }

    static func stops(_ list: [(Double, Double, Double, Double, Double)]) -> [GradientStop] {
        list.map { GradientStop(location: $0.0, red: $0.1, green: $0.2, blue: $0.3, alpha: $0.4) }
    }

    /// The goldens of `make_goldens.py`'s GRADIENTS, the same geometry and stops.
    static let goldens: [(String, Int, Int, String, GradientShading)] = [
        (
            "gradient_axial", 64, 48, "a",
            .axial(
                from: CGPoint(x: 6.5, y: 10), to: CGPoint(x: 58, y: 40),
                stops: stops([(0, 1, 0.2, 0.1, 1), (0.35, 0.1, 0.8, 0.3, 0.6), (0.8, 0.2, 0.3, 1, 1)]))
        ),
        (
            "gradient_white_clear", 64, 8, "white",
            .axial(from: .zero, to: CGPoint(x: 64, y: 0), stops: stops([(0, 1, 1, 1, 1), (1, 0, 0, 0, 0)]))
        ),
        (
            "gradient_radial", 64, 48, "a",
            .radial(
                center: CGPoint(x: 30, y: 22), radii: CGSize(width: 26, height: 14),
                stops: stops([(0.1, 0.9, 0.9, 0.2, 1), (0.5, 0.1, 0.4, 0.9, 0.5), (1, 0.8, 0.1, 0.3, 0.9)]))
        ),
    ]

    /// Within 2/255 per channel of cairo's gradient over the same background (pixman samples t at pixel
    /// centres too, but rounds its colours differently: opaque white comes out 254).
    @Test(arguments: 0..<3)
    func matchesCairo(index: Int) throws {
        let (name, width, height, background, gradient) = Self.goldens[index]
        let golden = try Goldens.bgra(name)
        let out =
            background == "white"
            ? {
                let b = Bitmap(width: width, height: height); b.fill(0xFFFF_FFFF); return b
            }()
            : TestPatterns.bitmap(background, width, height)
        out.drawGradient(gradient, in: PixelRect(x: 0, y: 0, width: width, height: height))
        var worst = 0
        for y in 0..<height {
            for x in 0..<width { worst = max(worst, Self.difference(out[x, y], golden[y * width + x])) }
        }
        #expect(worst <= 2, "\(name): max channel difference from cairo \(worst)")
    }

    /// The exact colour (straight interpolation in Double, premultiplied, rounded) at parameter t.
    static func exact(_ t: Double, _ stops: [GradientStop]) -> Pixel {
        GradientShading.premultipliedColor(at: t, stops)
    }

    /// A conic gradient (cairo has none) is within 1/255 of the exact colour at every pixel's centre.
    @Test func conicMatchesExactMaths() {
        let stops = Self.stops([(0, 1, 0, 0, 1), (0.3, 0, 1, 0, 0.5), (0.7, 0, 0, 1, 1), (1, 1, 0, 0, 1)])
        let center = CGPoint(x: 30.5, y: 27.25)
        let towards = CGPoint(x: 60, y: 40)
        let gradient = GradientShading.conic(center: center, towards: towards, stops: stops)
        let out = Bitmap(width: 64, height: 56)
        out.drawGradient(gradient, in: PixelRect(x: 0, y: 0, width: 64, height: 56))
        let zero = atan2(towards.y - center.y, towards.x - center.x)
        var worst = 0
        for y in 0..<56 {
            for x in 0..<64 {
                var turn = (atan2(Double(y) + 0.5 - center.y, Double(x) + 0.5 - center.x) - zero) / (2 * .pi)
                turn -= turn.rounded(.down)
                // Pixels on the seam (t near 0 and 1) are both colours; these stops agree there.
                worst = max(worst, Self.difference(out[x, y], Self.exact(turn, stops)))
            }
        }
        #expect(worst <= 1, "max channel difference \(worst)")
    }

    /// The polynomial atan2 is within 1e-5 radians of the library's on every octant.
    @Test func fastAngleIsAccurate() {
        var worst = 0.0
        for i in 0..<4000 {
            let a = Double(i) / 4000 * 2 * .pi - .pi
            for r in [1e-3, 1.0, 700.0] {
                let (y, x) = (r * sin(a), r * cos(a))
                var d = abs(FastAngle.atan2(y, x) - atan2(y, x))
                d = min(d, 2 * .pi - d)
                worst = max(worst, d)
            }
        }
        #expect(worst < 1e-5, "max error \(worst) rad")
        #expect(FastAngle.atan2(0, 0) == 0)
    }

    /// The notes' vectors (100 × 100, iOS): default axial red → blue is (0.5, 0, 0.5) halfway and
    /// (0.75, 0, 0.25) a quarter down; locations [0.4, 0.6] black → white is black at 30, grey at 50
    /// and white at 70 (pixel centres, t within 0.5/100 of those rows).
    @Test func axialVectors() {
        let red = GradientStop(location: 0, red: 1, green: 0, blue: 0)
        let blue = GradientStop(location: 1, red: 0, green: 0, blue: 1)
        let axial = GradientShading.axial(from: CGPoint(x: 50, y: 0), to: CGPoint(x: 50, y: 100), stops: [red, blue])
        let out = Bitmap(width: 100, height: 100)
        out.drawGradient(axial, in: PixelRect(x: 0, y: 0, width: 100, height: 100))
        // Row 49's centre is t = 0.495, row 24's t = 0.245.
        #expect(Self.difference(out[10, 49], 0xFF00_0000 | 129 << 16 | 126) <= 1)
        #expect(Self.difference(out[90, 24], 0xFF00_0000 | 192 << 16 | 62) <= 1)
        let stops = GradientShading.stops(colors: [(0, 0, 0, 1), (1, 1, 1, 1)], locations: [0.4, 0.6])
        let bands = GradientShading.axial(from: CGPoint(x: 50, y: 0), to: CGPoint(x: 50, y: 100), stops: stops)
        out.drawGradient(bands, in: PixelRect(x: 0, y: 0, width: 100, height: 100))
        #expect(out[5, 30] == 0xFF00_0000)
        #expect(Self.difference(out[5, 49], 0xFF7A_7A7A) <= 1)
        #expect(Self.difference(out[5, 50], 0xFF85_8585) <= 1)
        #expect(out[5, 70] == 0xFFFF_FFFF)
    }

    /// White to clear (transparent black) over white reads 0.75 grey halfway, not white: straight-colour
    /// interpolation; white to white-at-alpha-0 stays white.
    @Test func whiteToClearShowsTheGreyBand() {
        for (end, expected) in [((0.0, 0.0, 0.0, 0.0), 191), ((1.0, 1.0, 1.0, 0.0), 255)] {
            let stops = GradientShading.stops(colors: [(1, 1, 1, 1), end], locations: nil)
            let out = Bitmap(width: 2, height: 1)
            out.fill(0xFFFF_FFFF)
            // Pixel 0's centre is t = 0.5 exactly.
            out.drawGradient(
                .axial(from: CGPoint(x: -0.5, y: 0), to: CGPoint(x: 1.5, y: 0), stops: stops),
                in: PixelRect(x: 0, y: 0, width: 2, height: 1))
            #expect(abs(Int(out[0, 0].green) - expected) <= 1, "\(out[0, 0].green)")
        }
    }

    /// The radial and conic maps of the notes' vectors: radial about (50, 50) with radii 50 × 25 has
    /// t = 0.5 at (75, 50) and (50, 62.5); conic about (50, 50) toward +x has t = 0.25 at (50, 100), 0.5 at
    /// (0, 50) and 0.75 at (50, 0): clockwise on a y-down screen.
    @Test func radialAndConicParameters() {
        let none: [GradientStop] = []
        let radial = GradientShading.radial(
            center: CGPoint(x: 50, y: 50), radii: CGSize(width: 50, height: 25), stops: none)
        for p in [CGPoint(x: 75, y: 50), CGPoint(x: 50, y: 62.5)] {
            let g = p.applying(radial.spaceFromDevice)
            #expect(abs((g.x * g.x + g.y * g.y).squareRoot() - 0.5) < 1e-12)
        }
        let conic = GradientShading.conic(center: CGPoint(x: 50, y: 50), towards: CGPoint(x: 100, y: 50), stops: none)
        for (p, t) in [(CGPoint(x: 50, y: 100), 0.25), (CGPoint(x: 0, y: 50), 0.5), (CGPoint(x: 50, y: 0), 0.75)] {
            let g = p.applying(conic.spaceFromDevice)
            var turn = FastAngle.atan2(g.y, g.x) / (2 * .pi)
            if turn < 0 { turn += 1 }
            #expect(abs(turn - t) < 1e-6)
        }
    }

    /// Through a mask only covered pixels change, scaled by the coverage; opacity scales too.
    @Test func maskAndOpacity() {
        let solid = GradientShading.axial(
            from: .zero, to: CGPoint(x: 1, y: 0), stops: [GradientStop(location: 0, red: 1, green: 1, blue: 1)])
        let mask = Mask.covering([(1, 0, 128), (2, 0, 255)], width: 4, height: 1)
        let out = Bitmap(width: 4, height: 1)
        out.fill(0xFF00_0000)
        out.drawGradient(solid, in: PixelRect(x: 0, y: 0, width: 4, height: 1), opacity: 255, mask: mask)
        #expect(out[0, 0] == 0xFF00_0000 && out[1, 0] == 0xFF80_8080 && out[2, 0] == 0xFFFF_FFFF)
        #expect(out[3, 0] == 0xFF00_0000)
        out.fill(0xFF00_0000)
        out.drawGradient(solid, in: PixelRect(x: 0, y: 0, width: 4, height: 1), opacity: 128)
        #expect(out[3, 0] == 0xFF80_8080)
    }
}
