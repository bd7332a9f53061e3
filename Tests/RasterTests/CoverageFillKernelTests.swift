import Testing

@testable import Raster

/// The four-pixel coverage fill (text's and masked shapes' kernel) gives exactly
/// `PixelMath.over(PixelMath.scale(color, mul255(coverage, opacity)), dst)` per pixel, for every coverage,
/// opacities and colours of every alpha, and leaves pixels of zero coverage alone.
@Suite struct CoverageFillKernelTests {
    @Test func fourPixelFillIsExact() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt32 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt32(truncatingIfNeeded: seed >> 33)
        }
        func premultiplied(_ raw: UInt32) -> UInt32 {
            let a = raw >> 24
            return PixelMath.premultiplied(
                red: (raw >> 16) & 0xFF, green: (raw >> 8) & 0xFF, blue: raw & 0xFF, alpha: a)
        }
        for round in 0..<200 {
            let count = 1 + round % 37
            let color = premultiplied(round % 3 == 0 ? next() | 0xFF00_0000 : next())
            var coverage = (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) }
            if round % 5 == 0 { coverage = coverage.map { $0 < 128 ? 0 : 255 } }
            let before = (0..<count).map { _ in premultiplied(next()) }
            // Opaque, then a layer's opacity (a translucent disc's) times the coverage.
            for opacity in [255, 1 + next() % 254, 204] as [UInt32] {
                var after = before
                coverage.withUnsafeBufferPointer { cover in
                    after.withUnsafeMutableBufferPointer { dst in
                        RowKernels.fill(
                            dst.baseAddress!, color: color, coverage: cover.baseAddress!, opacity: opacity, count)
                    }
                }
                for i in 0..<count {
                    let m = PixelMath.mul255(UInt32(coverage[i]), opacity)
                    let expected = PixelMath.over(PixelMath.scale(color, by: m), before[i])
                    #expect(after[i] == expected, "round \(round) opacity \(opacity) pixel \(i)")
                }
            }
        }
    }
}
