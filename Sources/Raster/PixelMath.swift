/// Premultiplied pixel arithmetic on whole 32-bit pixels, two 8-bit channels per 16-bit lane (SWAR).
/// Every product is divided by 255 with cairo's and pixman's rounding: t = x·m + 128,
/// result = (t + (t >> 8)) >> 8, which is exact rounding of x·m / 255 for x, m ≤ 255. The one place
/// pixel arithmetic is written: the rasterizer, compositor, image files and overlays all use it.
public enum PixelMath {
    /// Each channel of `p` times `m / 255`, rounded.
    @inlinable @inline(__always)
    public static func scale(_ p: UInt32, by m: UInt32) -> UInt32 {
        var rb = (p & 0x00FF_00FF) &* m &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var ag = ((p >> 8) & 0x00FF_00FF) &* m &+ 0x0080_0080
        ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return rb | ag
    }

    /// Porter–Duff source-over of premultiplied pixels: `s + d · (255 − αs) / 255`.
    @inlinable @inline(__always)
    public static func over(_ s: UInt32, _ d: UInt32) -> UInt32 {
        s &+ scale(d, by: 255 &- (s >> 24))
    }

    /// `a + (b − a) · w / 256` per channel, rounded, for `w` in 0…255.
    @inlinable @inline(__always)
    public static func lerp(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
        let iw = 256 &- w
        let rb = ((a & 0x00FF_00FF) &* iw &+ (b & 0x00FF_00FF) &* w &+ 0x0080_0080) >> 8
        let ag = ((a >> 8) & 0x00FF_00FF) &* iw &+ ((b >> 8) & 0x00FF_00FF) &* w &+ 0x0080_0080
        return (rb & 0x00FF_00FF) | (ag & 0xFF00_FF00)
    }

    /// `x · m / 255` rounded, for `x`, `m` ≤ 255.
    @inlinable @inline(__always)
    public static func mul255(_ x: UInt32, _ m: UInt32) -> UInt32 {
        let t = x &* m &+ 128
        return (t &+ (t >> 8)) >> 8
    }

    /// The premultiplied pixel of straight (not premultiplied) 8-bit channels, each colour channel
    /// times alpha / 255 rounded (`mul255`), as cairo premultiplies.
    @inlinable
    public static func premultiplied(red: UInt32, green: UInt32, blue: UInt32, alpha: UInt32) -> Pixel {
        alpha << 24 | mul255(red, alpha) << 16 | mul255(green, alpha) << 8 | mul255(blue, alpha)
    }

    /// A premultiplied channel `c` of alpha `a` > 0 back to straight alpha: `round(c × 255 / a)`,
    /// clamped to 255 (so a premultiplied pixel written to a file and read back is the same pixel).
    @inlinable @inline(__always)
    public static func unpremultiplied(_ c: UInt32, alpha a: UInt32) -> UInt32 {
        min(255, (c * 255 + a / 2) / a)
    }
}
