import ImageFiles
import Raster
import Testing

/// Every PNG colour type, bit depth, tRNS variant and Adam7 interlacing, decoded exactly.
@Suite struct PNGColorTypeTests {
    typealias P = FixturePatterns

    func expectDecoded(_ name: String, _ expected: (Int, Int) -> Pixel) throws {
        let bitmap = try ImageFile.read(P.fixture(name))
        #expect(bitmap.width == P.width && bitmap.height == P.height)
        let mismatches = P.mismatches(bitmap, expected)
        #expect(mismatches.isEmpty, "\(name): \(mismatches.prefix(4))")
    }

    func gray(_ v: Int, alpha: Int = 255) -> Pixel { P.premultiplied(v, v, v, alpha) }

    @Test func gray1Bit() throws {
        try expectDecoded("gray1.png") { x, y in gray(P.lowBits(x, y, depth: 1) * 255) }
    }

    @Test func gray2BitInterlaced() throws {
        try expectDecoded("gray2_interlaced.png") { x, y in gray(P.lowBits(x, y, depth: 2) * 85) }
    }

    @Test func gray4Bit() throws {
        try expectDecoded("gray4.png") { x, y in gray(P.lowBits(x, y, depth: 4) * 17) }
    }

    @Test func gray8BitWithTransparentKey() throws {
        let key = P.sample8(2, 1, 0)
        try expectDecoded("gray8_trns.png") { x, y in
            let v = P.sample8(x, y, 0)
            return v == key ? 0 : gray(v)
        }
    }

    @Test func gray16Bit() throws {
        try expectDecoded("gray16.png") { x, y in gray(P.scaled(P.sample16(x, y, 0))) }
    }

    @Test func grayAlpha8Bit() throws {
        try expectDecoded("grayalpha8.png") { x, y in gray(P.sample8(x, y, 0), alpha: P.alpha8(x, y)) }
    }

    @Test func grayAlpha16BitInterlaced() throws {
        try expectDecoded("grayalpha16_interlaced.png") { x, y in
            gray(P.scaled(P.sample16(x, y, 0)), alpha: P.scaled(P.alpha16(x, y)))
        }
    }

    @Test func palette1Bit() throws {
        try expectDecoded("palette1.png") { x, y in
            let (r, g, b) = P.paletteRGB(P.lowBits(x, y, depth: 1))
            return P.premultiplied(r, g, b, 255)
        }
    }

    @Test func palette4BitWithTransparency() throws {
        try expectDecoded("palette4_trns.png") { x, y in
            let index = P.lowBits(x, y, depth: 4)
            let (r, g, b) = P.paletteRGB(index)
            return P.premultiplied(r, g, b, index < P.paletteAlphas.count ? P.paletteAlphas[index] : 255)
        }
    }

    /// Indices 0 ..< 16 (as make_fixtures.py writes them) read like `palette1Bit`'s on purpose: each case spells
    /// out its own fixture's pixels.
    @Test func palette8BitInterlaced() throws {
        try expectDecoded("palette8_interlaced.png") { x, y in
            let (r, g, b) = P.paletteRGB(P.lowBits(x, y, depth: 4))
            return P.premultiplied(r, g, b, 255)
        }
    }

    @Test func rgb8Bit() throws {
        try expectDecoded("rgb8.png") { x, y in
            P.premultiplied(P.sample8(x, y, 0), P.sample8(x, y, 1), P.sample8(x, y, 2), 255)
        }
    }

    @Test func rgb8BitWithTransparentKey() throws {
        let key = (0..<3).map { P.sample8(3, 2, $0) }
        try expectDecoded("rgb8_trns.png") { x, y in
            let rgb = (0..<3).map { P.sample8(x, y, $0) }
            return rgb == key ? 0 : P.premultiplied(rgb[0], rgb[1], rgb[2], 255)
        }
    }

    @Test func rgb16Bit() throws {
        try expectDecoded("rgb16.png") { x, y in
            let rgb = (0..<3).map { P.scaled(P.sample16(x, y, $0)) }
            return P.premultiplied(rgb[0], rgb[1], rgb[2], 255)
        }
    }

    @Test(arguments: ["rgba8.png", "rgba8_interlaced.png"])
    func rgba8Bit(name: String) throws {
        try expectDecoded(name) { x, y in
            P.premultiplied(P.sample8(x, y, 0), P.sample8(x, y, 1), P.sample8(x, y, 2), P.alpha8(x, y))
        }
    }

    @Test func rgba16Bit() throws {
        try expectDecoded("rgba16.png") { x, y in
            let rgb = (0..<3).map { P.scaled(P.sample16(x, y, $0)) }
            return P.premultiplied(rgb[0], rgb[1], rgb[2], P.scaled(P.alpha16(x, y)))
        }
    }
}
