extension Bitmap {
    /// Multiplies every pixel inside `region` (everywhere when nil) by a colour, channel by channel: `tint` gives the red,
    /// green, blue and alpha multipliers as bytes (255 = 1). On premultiplied pixels a colour channel
    /// is multiplied by its own multiplier and by alpha's (`PixelMath.mul255` twice, folded into one
    /// factor per channel), so the straight colour is multiplied by the tint's colour and the alpha
    /// by the tint's alpha, as a replicator's instance colour modulates its copies.
    public func multiply(
        byRed red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8, in region: Region?, within clip: PixelRect? = nil
    ) {
        let a = UInt32(alpha)
        let factors = (
            r: PixelMath.mul255(UInt32(red), a), g: PixelMath.mul255(UInt32(green), a),
            b: PixelMath.mul255(UInt32(blue), a)
        )
        forEachRow(in: region, within: clip) { y, x0, x1 in
            let pixels = row(y)
            for x in x0..<x1 {
                let p = pixels[x]
                guard p != 0 else { continue }
                pixels[x] =
                    PixelMath.mul255(p >> 24, a) << 24 | PixelMath.mul255((p >> 16) & 0xFF, factors.r) << 16
                    | PixelMath.mul255((p >> 8) & 0xFF, factors.g) << 8 | PixelMath.mul255(p & 0xFF, factors.b)
            }
        }
    }
}

extension Bitmap {
    /// Adds `source`'s premultiplied pixels to this bitmap's inside `region` (everywhere when nil) and
    /// `clip`, each channel
    /// saturating at 255 (the "plus lighter" blend of an additive particle emitter).
    public func add(_ source: Bitmap, in region: Region?, within clip: PixelRect? = nil) {
        precondition(source.width == width && source.height == height, "bitmap sizes differ")
        forEachRow(in: region, within: clip) { y, x0, x1 in
            let target = row(y)
            let from = source.row(y)
            for x in x0..<x1 {
                let s = from[x]
                guard s != 0 else { continue }
                let d = target[x]
                var sum: Pixel = 0
                for shift: Pixel in [0, 8, 16, 24] {
                    sum |= min(255, (s >> shift) & 0xFF + (d >> shift) & 0xFF) << shift
                }
                target[x] = sum
            }
        }
    }
}
