import Foundation
import Raster
import Testing

@testable import ImageFiles

/// JPEG photographs come out upright: the Exif orientation tag is found and applied.
@Suite struct ExifOrientationTests {
    /// The fixture is a 48×16 strip, red | green | blue, tagged "turn 90° clockwise".
    @Test func taggedJPEGIsTurnedUpright() throws {
        let bitmap = try ImageFile.read(FixturePatterns.fixture("exif_orientation6.jpg"))
        #expect(bitmap.width == 16 && bitmap.height == 48)
        let expected = [(7, 7, (220, 40, 30)), (7, 24, (40, 180, 60)), (7, 40, (30, 60, 200))]
        for (x, y, (r, g, b)) in expected {
            let pixel = bitmap[x, y]
            let difference = max(abs(Int(pixel.red) - r), abs(Int(pixel.green) - g), abs(Int(pixel.blue) - b))
            #expect(difference <= JPEGDecodeTests.tolerance, "(\(x),\(y)) \(FixturePatterns.hex(pixel))")
        }
    }

    func app1(bigEndian: Bool, tag: UInt16 = 0x0112, type: UInt16 = 3, value: UInt16) -> [UInt8] {
        func u16(_ v: UInt16) -> [UInt8] {
            bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)]
        }
        func u32(_ v: UInt32) -> [UInt8] {
            bigEndian ? u16(UInt16(v >> 16)) + u16(UInt16(v & 0xFFFF)) : u16(UInt16(v & 0xFFFF)) + u16(UInt16(v >> 16))
        }
        let order: [UInt8] = bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]
        let otherEntry = u16(0x010F) + u16(2) + u32(4) + u32(0)
        let entry = u16(tag) + u16(type) + u32(1) + u16(value) + u16(0)
        return Array("Exif".utf8) + [0, 0] + order + u16(42) + u32(8) + u16(2) + otherEntry + entry + u32(0)
    }

    func orientation(_ bytes: [UInt8]) -> ExifOrientation? {
        bytes.withUnsafeBufferPointer { ExifOrientation(app1: $0) }
    }

    @Test func parsesBothByteOrders() {
        #expect(orientation(app1(bigEndian: true, value: 8)) == .rotate90CounterClockwise)
        #expect(orientation(app1(bigEndian: false, value: 3)) == .rotate180)
    }

    @Test func rejectsMalformedSegments() {
        #expect(orientation(app1(bigEndian: true, value: 9)) == nil)
        #expect(orientation(app1(bigEndian: true, type: 4, value: 6)) == nil)
        #expect(orientation(app1(bigEndian: true, tag: 0x0113, value: 6)) == nil)
        let full = app1(bigEndian: false, value: 6)
        let endOfValue = full.count - 6
        for length in 0..<endOfValue { #expect(orientation(Array(full.prefix(length))) == nil) }
        #expect(orientation(Array(full.prefix(endOfValue))) == .rotate90Clockwise)
        var wrongOffset = full
        wrongOffset[10] = 0xF0
        #expect(orientation(wrongOffset) == nil)
    }

    /// Where the stored top-left and top-right pixels of a W×H picture land, per the Exif specification.
    @Test(arguments: [
        (1, (0, 0), (3, 0)), (2, (3, 0), (0, 0)), (3, (3, 1), (0, 1)), (4, (0, 1), (3, 1)),
        (5, (0, 0), (0, 3)), (6, (1, 0), (1, 3)), (7, (1, 3), (1, 0)), (8, (0, 3), (0, 0)),
    ])
    func cornersLandWhereTheSpecificationSays(value: Int, topLeft: (Int, Int), topRight: (Int, Int)) throws {
        let source = Bitmap(width: 4, height: 2)
        for y in 0..<2 {
            for x in 0..<4 { source[x, y] = Pixel(0xFF00_0000) | Pixel(y * 4 + x) }
        }
        let turned = try #require(ExifOrientation(rawValue: value)).applied(to: source)
        #expect(value >= 5 ? (turned.width == 2 && turned.height == 4) : (turned.width == 4 && turned.height == 2))
        #expect(turned[topLeft.0, topLeft.1] == source[0, 0])
        #expect(turned[topRight.0, topRight.1] == source[3, 0])
        var seen = Set<Pixel>()
        for y in 0..<turned.height {
            for x in 0..<turned.width { seen.insert(turned[x, y]) }
        }
        #expect(seen.count == 8)
    }
}
