/// Premultiplied pixel arithmetic on whole 32-bit pixels, two 8-bit channels per 16-bit lane (SWAR).
/// Every product is divided by 255 with cairo's and pixman's rounding: t = x·m + 128,
/// result = (t + (t >> 8)) >> 8, which is exact rounding of x·m / 255 for x, m ≤ 255.
enum PixelMath {
    /// Each channel of `p` times `m / 255`, rounded.
    @inline(__always)
    static func scale(_ p: UInt32, by m: UInt32) -> UInt32 {
        var rb = (p & 0x00FF_00FF) &* m &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var ag = ((p >> 8) & 0x00FF_00FF) &* m &+ 0x0080_0080
        ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return rb | ag
    }

    /// Porter–Duff source-over of premultiplied pixels: `s + d · (255 − αs) / 255`.
    @inline(__always)
    static func over(_ s: UInt32, _ d: UInt32) -> UInt32 {
        s &+ scale(d, by: 255 &- (s >> 24))
    }

    /// `a + (b − a) · w / 256` per channel, rounded, for `w` in 0…255.
    @inline(__always)
    static func lerp(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
        let iw = 256 &- w
        let rb = ((a & 0x00FF_00FF) &* iw &+ (b & 0x00FF_00FF) &* w &+ 0x0080_0080) >> 8
        let ag = ((a >> 8) & 0x00FF_00FF) &* iw &+ ((b >> 8) & 0x00FF_00FF) &* w &+ 0x0080_0080
        return (rb & 0x00FF_00FF) | (ag & 0xFF00_FF00)
    }

    /// `x · m / 255` rounded, for `x`, `m` ≤ 255.
    @inline(__always)
    static func mul255(_ x: UInt32, _ m: UInt32) -> UInt32 {
        let t = x &* m &+ 128
        return (t &+ (t >> 8)) >> 8
    }
}
