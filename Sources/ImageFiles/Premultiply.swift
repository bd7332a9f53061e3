import Raster

/// Conversions between the straight alpha of image files and the premultiplied alpha of `Bitmap`,
/// rounded exactly as cairo does, so that writing a bitmap and reading it back gives the same pixels.
enum Premultiply {
    /// Premultiplies every pixel of `bitmap` in place; its pixels hold straight-alpha B, G, R, A bytes.
    static func premultiplyInPlace(_ bitmap: Bitmap) {
        for y in 0..<bitmap.height {
            let row = bitmap.row(y)
            for x in 0..<bitmap.width {
                let pixel = row[x]
                let a = pixel >> 24
                if a == 255 { continue }
                if a == 0 {
                    row[x] = 0
                    continue
                }
                row[x] = PixelMath.premultiplied(
                    red: (pixel >> 16) & 0xFF, green: (pixel >> 8) & 0xFF, blue: pixel & 0xFF, alpha: a)
            }
        }
    }

    /// Writes row `y` of `bitmap` as straight-alpha R, G, B, A bytes (or R, G, B when `withAlpha` is
    /// false) into `out`. Fully transparent pixels become 0, 0, 0, 0.
    static func unpremultiplyRow(
        of bitmap: Bitmap, _ y: Int, withAlpha: Bool, into out: UnsafeMutablePointer<UInt8>
    ) {
        let row = bitmap.row(y)
        let channels = withAlpha ? 4 : 3
        for x in 0..<bitmap.width {
            let pixel = row[x]
            let a = pixel >> 24
            var r = (pixel >> 16) & 0xFF
            var g = (pixel >> 8) & 0xFF
            var b = pixel & 0xFF
            if a == 0 {
                (r, g, b) = (0, 0, 0)
            } else if a != 255 {
                (r, g, b) = (
                    PixelMath.unpremultiplied(r, alpha: a), PixelMath.unpremultiplied(g, alpha: a),
                    PixelMath.unpremultiplied(b, alpha: a)
                )
            }
            let o = out + x * channels
            o[0] = UInt8(r)
            o[1] = UInt8(g)
            o[2] = UInt8(b)
            if withAlpha { o[3] = UInt8(a) }
        }
    }

    /// True when every pixel of `bitmap` has alpha 255.
    static func isOpaque(_ bitmap: Bitmap) -> Bool {
        for y in 0..<bitmap.height {
            let row = bitmap.row(y)
            for x in 0..<bitmap.width where row[x] >> 24 != 255 { return false }
        }
        return true
    }
}
