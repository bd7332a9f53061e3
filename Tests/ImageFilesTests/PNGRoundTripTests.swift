import Foundation
import LayerscopeTestSupport
import Raster
import Testing

@testable import ImageFiles

/// Writing a bitmap as PNG and reading it back gives exactly the same premultiplied pixels.
@Suite struct PNGRoundTripTests {
    /// Every valid premultiplied value of every alpha: 256 columns (the colour) by 256 rows (alpha),
    /// with the colour channels clamped to alpha and differing from each other.
    static func everyPremultipliedValue() -> Bitmap {
        let bitmap = Bitmap(width: 256, height: 256)
        for a in 0..<256 {
            for c in 0..<256 {
                let r = UInt8(min(c, a))
                let g = UInt8(min(255 - c, a))
                let b = UInt8(min((c * 7) % 256, a))
                bitmap[c, a] = .premultiplied(red: r, green: g, blue: b, alpha: UInt8(a))
            }
        }
        return bitmap
    }

    static func opaqueGradient(width: Int, height: Int) -> Bitmap {
        let bitmap = Bitmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                bitmap[x, y] = .premultiplied(
                    red: UInt8(x % 256), green: UInt8(y % 256), blue: UInt8((x * y) % 256), alpha: 255)
            }
        }
        return bitmap
    }

    func roundTrip(_ bitmap: Bitmap) throws -> Bitmap {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.file("round-trip.png")
        try ImageFile.writePNG(bitmap, to: file)
        return try ImageFile.read(file)
    }

    @Test func partiallyTransparentPixelsSurviveExactly() throws {
        let original = Self.everyPremultipliedValue()
        let decoded = try roundTrip(original)
        let mismatches = FixturePatterns.mismatches(decoded) { x, y in original[x, y] }
        #expect(mismatches.isEmpty, "\(mismatches.count) pixels differ: \(mismatches.prefix(4))")
    }

    @Test func opaquePixelsSurviveExactly() throws {
        let original = Self.opaqueGradient(width: 300, height: 70)
        let decoded = try roundTrip(original)
        #expect(FixturePatterns.mismatches(decoded) { x, y in original[x, y] }.isEmpty)
    }

    @Test func aWrappedBitmapWithPaddedRowsIsWrittenWithoutThePadding() throws {
        let stride = 64
        let memory = UnsafeMutableRawPointer.allocate(byteCount: stride * 3, alignment: 16)
        defer { memory.deallocate() }
        memory.initializeMemory(as: UInt8.self, repeating: 0xEE, count: stride * 3)
        let wrapped = Bitmap(wrapping: memory, width: 5, height: 3, stride: stride)
        for y in 0..<3 {
            for x in 0..<5 {
                wrapped[x, y] = .premultiplied(red: UInt8(x * 40), green: UInt8(y * 90), blue: 7, alpha: 255)
            }
        }
        let decoded = try ImageFile.read(try ImageFile.encodePNG(wrapped), name: "wrapped")
        #expect(decoded.width == 5 && decoded.height == 3)
        #expect(FixturePatterns.mismatches(decoded) { x, y in wrapped[x, y] }.isEmpty)
    }

    @Test func sameBitmapGivesSameBytes() throws {
        let first = try ImageFile.encodePNG(Self.everyPremultipliedValue())
        let second = try ImageFile.encodePNG(Self.everyPremultipliedValue())
        #expect(first == second)
    }

    /// Byte 25 of a PNG is the IHDR colour type: 2 is RGB, 6 is RGBA.
    @Test func opaqueBitmapsAreWrittenAsRGBAndOthersAsRGBA() throws {
        let opaque = try ImageFile.encodePNG(Self.opaqueGradient(width: 4, height: 4))
        let translucent = try ImageFile.encodePNG(Self.everyPremultipliedValue())
        #expect(opaque[25] == 2)
        #expect(translucent[25] == 6)
        #expect(opaque[24] == 8 && translucent[24] == 8)
    }

    /// The rows handed to libpng carry straight alpha: 64/128 premultiplied is 128 straight.
    @Test func rowsAreUnpremultipliedForTheFile() {
        let bitmap = Bitmap(width: 3, height: 1)
        bitmap[0, 0] = .premultiplied(red: 64, green: 32, blue: 0, alpha: 128)
        bitmap[1, 0] = .premultiplied(red: 1, green: 0, blue: 1, alpha: 1)
        bitmap[2, 0] = .premultiplied(red: 9, green: 9, blue: 9, alpha: 0)
        var row = [UInt8](repeating: 0xEE, count: 12)
        row.withUnsafeMutableBufferPointer {
            Premultiply.unpremultiplyRow(of: bitmap, 0, withAlpha: true, into: $0.baseAddress!)
        }
        #expect(row == [128, 64, 0, 128, 255, 0, 255, 1, 0, 0, 0, 0])
    }

    @Test func overwritesAnExistingFileAndLeavesNoTemporaryFiles() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.file("frame.png")
        try ImageFile.writePNG(Self.opaqueGradient(width: 2, height: 2), to: file)
        try ImageFile.writePNG(Self.opaqueGradient(width: 3, height: 5), to: file)
        let decoded = try ImageFile.read(file)
        #expect(decoded.width == 3 && decoded.height == 5)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["frame.png"])
    }
}
