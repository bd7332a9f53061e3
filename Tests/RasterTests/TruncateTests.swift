import Testing

@testable import Raster

/// The clamping conversions: exact toward zero in range, clamped outside it, 0 for NaN.
@Suite struct TruncateTests {
    @Test func byteTruncatesAndClamps() {
        #expect(Truncate.byte(0) == 0 && Truncate.byte(0.999) == 0 && Truncate.byte(127.5) == 127)
        #expect(Truncate.byte(255.49) == 255 && Truncate.byte(300) == 255 && Truncate.byte(-4) == 0)
        #expect(Truncate.byte(.nan) == 0 && Truncate.byte(.infinity) == 255 && Truncate.byte(-.infinity) == 0)
    }

    @Test func int32TruncatesTowardZeroAndClamps() {
        #expect(Truncate.int32(7.9) == 7 && Truncate.int32(-7.9) == -7 && Truncate.int32(-0.5) == 0)
        #expect(Truncate.int32(1e10) == 2_147_483_520 && Truncate.int32(-1e10) == Int32.min)
        #expect(Truncate.int32(.nan) == 0)
    }

    @Test func intTruncatesTowardZeroAndClamps() {
        #expect(Truncate.int(12345.99) == 12345 && Truncate.int(-12345.99) == -12345)
        #expect(Truncate.int(1e300) == 9_223_372_036_854_774_784 && Truncate.int(-1e300) == Int.min)
        #expect(Truncate.int(.nan) == 0)
    }
}
