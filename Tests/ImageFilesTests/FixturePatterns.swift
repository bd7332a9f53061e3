import Foundation
import Raster

/// The pixel formulas of `Fixtures/make_fixtures.py`, repeated here so each decoded fixture can be
/// checked pixel by pixel, and the helpers the tests share.
enum FixturePatterns {
    static let width = 9
    static let height = 7
    static let alphas = [0, 255, 1, 128, 254, 60, 200, 17, 99]
    static let paletteAlphas = [0, 64, 128, 192, 255, 10]

    static func sample8(_ x: Int, _ y: Int, _ c: Int) -> Int { (x * 37 + y * 71 + c * 97 + x * y * 13) % 256 }
    static func alpha8(_ x: Int, _ y: Int) -> Int { alphas[(x + 2 * y) % 9] }
    static func sample16(_ x: Int, _ y: Int, _ c: Int) -> Int {
        (x * 7919 + y * 4099 + c * 28657 + x * y * 613) % 65536
    }
    static func alpha16(_ x: Int, _ y: Int) -> Int { (x + y) % 3 != 0 ? alpha8(x, y) * 257 : sample16(x, y, 3) }
    static func lowBits(_ x: Int, _ y: Int, depth: Int) -> Int { (x * 3 + y * 5) % (1 << depth) }
    static func paletteRGB(_ i: Int) -> (Int, Int, Int) { ((i * 67) % 256, (i * 131 + 29) % 256, (i * 29 + 200) % 256) }

    /// A 16-bit sample scaled to 8 bits with rounding, as libpng's `png_set_scale_16` specifies.
    static func scaled(_ v: Int) -> Int { (v * 255 + 32895) / 65535 }

    /// The premultiplied pixel for straight-alpha channels, rounded to nearest (computed in floating
    /// point, independently of the cairo-style integer formula the library uses).
    static func premultiplied(_ r: Int, _ g: Int, _ b: Int, _ a: Int) -> Pixel {
        func times(_ c: Int) -> UInt8 { UInt8((Double(c * a) / 255).rounded()) }
        return .premultiplied(red: times(r), green: times(g), blue: times(b), alpha: UInt8(a))
    }

    /// The committed fixture file called `name`.
    static func fixture(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
    }

    /// The coordinates of every pixel whose decoded value differs from `expected`'s, with both values.
    static func mismatches(_ bitmap: Bitmap, _ expected: (Int, Int) -> Pixel) -> [String] {
        var found: [String] = []
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where bitmap[x, y] != expected(x, y) {
                found.append("(\(x),\(y)) got \(hex(bitmap[x, y])) want \(hex(expected(x, y)))")
            }
        }
        return found
    }

    static func hex(_ pixel: Pixel) -> String { "0x" + String(pixel, radix: 16, uppercase: true) }
}
