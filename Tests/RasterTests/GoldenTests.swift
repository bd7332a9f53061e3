import Foundation
import Geometry
import Testing

@testable import Raster

/// Coverage against cairo's (goldens made by `Goldens/make_goldens.py`): within 32/255 per pixel of
/// cairo's anti-aliased rendering and of cairo's 32 × 32-supersampled one, a mean difference of at most
/// 0.05/255 from the supersampled one (cairo's own anti-aliasing is up to 0.1/255 away from it in mean,
/// see the script), and exact wherever cairo's 3 × 3 neighbourhood is all outside (0) or all inside (255).
@Suite struct GoldenTests {
    struct Difference {
        var maximum = 0
        var mean = 0.0
        var interiorMismatches = 0
    }

    static func compare(_ ours: [UInt8], _ cairo: [UInt8], width: Int, height: Int) -> Difference {
        var result = Difference()
        var sum = 0
        for y in 0..<height {
            for x in 0..<width {
                let i = y * width + x
                let delta = abs(Int(ours[i]) - Int(cairo[i]))
                sum += delta
                result.maximum = max(result.maximum, delta)
                var allOut = true
                var allIn = true
                for ny in max(0, y - 1)...min(height - 1, y + 1) {
                    for nx in max(0, x - 1)...min(width - 1, x + 1) {
                        allOut = allOut && cairo[ny * width + nx] == 0
                        allIn = allIn && cairo[ny * width + nx] == 255
                    }
                }
                if (allOut || allIn) && delta != 0 { result.interiorMismatches += 1 }
            }
        }
        result.mean = Double(sum) / Double(width * height)
        return result
    }

    static let fills: [String] = [
        "circle", "star_nonzero", "star_evenodd", "ellipse_thin", "wedge_fill_10", "wedge_fill_35", "wedge_fill_60",
        "wedge_fill_90", "reveal_10", "reveal_50", "reveal_90",
    ]

    /// Checks `mask` against the goldens `name` (cairo's anti-aliasing) and `name_exact`.
    static func expectMatch(_ mask: Mask, golden name: String, sourceLocation: SourceLocation = #_sourceLocation) throws
    {
        let ours = mask.denseCoverage()
        let antialiased = try Goldens.a8(name)
        let exact = try Goldens.a8(name + "_exact")
        let a = compare(ours, antialiased.bytes, width: antialiased.width, height: antialiased.height)
        let e = compare(ours, exact.bytes, width: exact.width, height: exact.height)
        #expect(a.maximum <= 32, "\(name): max difference from cairo \(a.maximum)/255", sourceLocation: sourceLocation)
        #expect(a.interiorMismatches == 0, "\(name): interior pixels differ", sourceLocation: sourceLocation)
        #expect(e.maximum <= 32, "\(name): max difference \(e.maximum)/255", sourceLocation: sourceLocation)
        #expect(e.mean <= 0.05, "\(name): mean difference \(e.mean)/255", sourceLocation: sourceLocation)
        #expect(e.interiorMismatches == 0, "\(name): interior pixels differ", sourceLocation: sourceLocation)
    }

    @Test(arguments: fills)
    func fillMatchesCairo(name: String) throws {
        let shape = try #require(try Goldens.shapes().first { $0.name == name })
        let rule: FillRule = shape.style[1] == "evenodd" ? .evenOdd : .nonZero
        let mask = TestShapes.mask(TestShapes.flatten(shape.commands), shape.width, shape.height, rule: rule)
        try Self.expectMatch(mask, golden: name)
    }

    /// The seed-000 clock wipe — an arc of radius R/2 stroked R wide and trimmed — covers the same
    /// pixels as the filled pie wedge of radius R.
    @Test(arguments: ["10", "35", "60", "90"])
    func pieWedgeMatchesCairosStrokedArc(end: String) throws {
        let shape = try #require(try Goldens.shapes().first { $0.name == "wedge_fill_" + end })
        let mask = TestShapes.mask(TestShapes.flatten(shape.commands), shape.width, shape.height)
        try Self.expectMatch(mask, golden: "wedge_stroke_" + end)
    }

    /// Given cairo's own mask, the one-pass "B through mask over A" equals cairo's `mask_surface`
    /// bit for bit (same premultiplied arithmetic and rounding).
    @Test func compositeEqualsCairoGivenTheSameMask() throws {
        let golden = try Goldens.bgra("composite")
        let maskBytes = try Goldens.a8("composite_mask")
        let size = 64
        let alpha = Bitmap(width: size, height: size)
        for y in 0..<size {
            for x in 0..<size { alpha[x, y] = Pixel(maskBytes.bytes[y * size + x]) << 24 }
        }
        let mask = Mask(width: size, height: size)
        mask.setCoverage(fromAlphaOf: alpha)
        let out = Bitmap(width: size, height: size)
        out.composite(TestPatterns.bitmap("b", size, size), through: mask, over: TestPatterns.bitmap("a", size, size))
        var mismatches = 0
        for y in 0..<size {
            for x in 0..<size where out[x, y] != golden[y * size + x] { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    /// A rotated bilinear sprite over A is within 3/255 per channel of cairo's (`FILTER_BILINEAR`,
    /// `EXTEND_NONE`; pixman weighs with 7-bit fractions, we with 8-bit ones).
    @Test func rotatedSpriteMatchesCairo() throws {
        let golden = try Goldens.bgra("sprite")
        let size = 64
        let out = TestPatterns.bitmap("a", size, size)
        let transform = CGAffineTransform(translationX: -12, y: -12).concatenating(
            CGAffineTransform(rotationAngle: 0.7)
        )
        .concatenating(CGAffineTransform(translationX: 32.4, y: 31.8))
        out.draw(TestPatterns.bitmap("sprite", 24, 24), transform: transform)
        var worst = 0
        for y in 0..<size {
            for x in 0..<size {
                let ours = out[x, y]
                let theirs = golden[y * size + x]
                for shift in stride(from: 0, to: 32, by: 8) {
                    worst = max(worst, abs(Int((ours >> UInt32(shift)) & 255) - Int((theirs >> UInt32(shift)) & 255)))
                }
            }
        }
        #expect(worst <= 3, "max channel difference \(worst)")
    }
}
