import ImageFiles
import Raster
import Testing

/// JPEG fixtures are 32×32 pictures of four flat 16×16 quadrants, each one whole MCU, so the centre
/// of each quadrant decodes to its colour up to quantisation and colour-conversion rounding.
@Suite struct JPEGDecodeTests {
    /// Largest per-channel difference accepted for YCbCr and gray files written at quality 95.
    static let tolerance = 3
    /// CMYK goes through two naive conversions (ImageMagick's and ours) and four quantised channels.
    static let cmykTolerance = 6

    static let quadrants: [(Int, Int, Int)] = [(220, 40, 30), (40, 180, 60), (30, 60, 200), (240, 230, 210)]
    static let centres = [(7, 7), (24, 7), (7, 24), (24, 24)]

    /// The gray file's quadrants are these levels.
    static let grayLevels = [30, 100, 170, 240]

    func expectQuadrants(_ name: String, tolerance: Int, gray: Bool = false) throws {
        let bitmap = try ImageFile.read(FixturePatterns.fixture(name))
        #expect(bitmap.width == 32 && bitmap.height == 32)
        for (index, (x, y)) in Self.centres.enumerated() {
            var (r, g, b) = Self.quadrants[index]
            if gray { (r, g, b) = (Self.grayLevels[index], Self.grayLevels[index], Self.grayLevels[index]) }
            let pixel = bitmap[x, y]
            let differences = [Int(pixel.red) - r, Int(pixel.green) - g, Int(pixel.blue) - b].map(abs)
            #expect(pixel.alpha == 255)
            #expect(
                differences.max()! <= tolerance,
                "\(name) (\(x),\(y)): got \(FixturePatterns.hex(pixel)) want \(r),\(g),\(b)")
        }
    }

    @Test func baselineWithChromaSubsampling() throws {
        try expectQuadrants("baseline420.jpg", tolerance: Self.tolerance)
    }

    @Test func progressive() throws {
        try expectQuadrants("progressive.jpg", tolerance: Self.tolerance)
    }

    @Test func grayscale() throws {
        try expectQuadrants("gray.jpg", tolerance: Self.tolerance, gray: true)
    }

    @Test func adobeCMYK() throws {
        try expectQuadrants("cmyk.jpg", tolerance: Self.cmykTolerance)
    }

    @Test func everyPixelIsOpaque() throws {
        let bitmap = try ImageFile.read(FixturePatterns.fixture("progressive.jpg"))
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width { #expect(bitmap[x, y].alpha == 255) }
        }
    }
}
