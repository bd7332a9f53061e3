extension Bitmap {
    /// Multiplies every pixel inside `region` (everywhere when nil) by a colour, channel by channel: `tint` gives the red,
    /// green, blue and alpha multipliers as bytes (255 = 1). On premultiplied pixels a colour channel
    /// is multiplied by its own multiplier and by alpha's (`PixelMath.mul255` twice, folded into one
    /// factor per channel), so the straight colour is multiplied by the tint's colour and the alpha
    /// by the tint's alpha, as a replicator's instance colour modulates its copies.
    public func multiply(
        byRed red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8, in region: Region?, within clip: PixelRect? = nil
    ) {
        let tint = Tint(Pixel(alpha) << 24 | Pixel(red) << 16 | Pixel(green) << 8 | Pixel(blue))
        forEachRow(in: region, within: clip) { y, x0, x1 in
            tint.apply(to: row(y) + x0, x1 - x0)
        }
    }
}

/// A colour multiplying premultiplied pixels channel by channel (a replicator instance's or a
/// particle's colour): from its straight multipliers `0xAARRGGBB` (255 = 1), each colour channel's
/// factor is its multiplier times alpha's (`PixelMath.mul255`), so the straight colour is multiplied
/// by the tint's colour and the alpha by the tint's alpha.
public struct Tint: Sendable {
    let alpha: UInt32
    let red: UInt32
    let green: UInt32
    let blue: UInt32

    /// The tint of straight multipliers `multipliers` (`0xAARRGGBB`).
    public init(_ multipliers: Pixel) {
        alpha = multipliers >> 24
        red = PixelMath.mul255((multipliers >> 16) & 0xFF, alpha)
        green = PixelMath.mul255((multipliers >> 8) & 0xFF, alpha)
        blue = PixelMath.mul255(multipliers & 0xFF, alpha)
    }

    /// Multiplies `count` pixels from `pixels` on, four at a time in 16-bit lanes of two channels
    /// each (B and G, R and A), each product divided by 255 with `PixelMath.mul255`'s rounding.
    @inline(__always)
    func apply(to pixels: UnsafeMutablePointer<Pixel>, _ count: Int) {
        let (r, g, b, a) = (
            UInt16(truncatingIfNeeded: red), UInt16(truncatingIfNeeded: green), UInt16(truncatingIfNeeded: blue),
            UInt16(truncatingIfNeeded: alpha)
        )
        let low = SIMD8<UInt16>(b, r, b, r, b, r, b, r)
        let high = SIMD8<UInt16>(g, a, g, a, g, a, g, a)
        let half = SIMD8<UInt16>(repeating: 0x80)
        var x = 0
        while x &+ 4 <= count {
            let raw = UnsafeMutableRawPointer(pixels + x)
            let lanes = raw.loadUnaligned(as: SIMD8<UInt16>.self)
            var l = (lanes & 0x00FF) &* low &+ half
            l = (l &+ (l &>> 8)) &>> 8
            var h = (lanes &>> 8) &* high &+ half
            h = (h &+ (h &>> 8)) & 0xFF00
            raw.storeBytes(of: l | h, as: SIMD8<UInt16>.self)
            x &+= 4
        }
        while x < count {
            let p = pixels[x]
            pixels[x] =
                PixelMath.mul255(p >> 24, alpha) << 24 | PixelMath.mul255((p >> 16) & 0xFF, red) << 16
                | PixelMath.mul255((p >> 8) & 0xFF, green) << 8 | PixelMath.mul255(p & 0xFF, blue)
            x &+= 1
        }
    }
}

extension Bitmap {
    /// Adds `source`'s premultiplied pixels to this bitmap's inside `region` (everywhere when nil) and
    /// `clip`, each channel saturating at 255 (the "plus lighter" blend of an additive particle emitter).
    public func add(_ source: Bitmap, in region: Region?, within clip: PixelRect? = nil) {
        precondition(source.width == width && source.height == height, "bitmap sizes differ")
        forEachRow(in: region, within: clip) { y, x0, x1 in
            RowKernels.add(row(y) + x0, UnsafePointer(source.row(y)) + x0, x1 - x0)
        }
    }
}
