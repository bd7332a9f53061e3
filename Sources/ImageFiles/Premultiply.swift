import Raster

/// Conversions between the straight alpha of image files and the premultiplied alpha of `Bitmap`,
/// rounded exactly as cairo does, so that writing a bitmap and reading it back gives the same pixels.
enum Premultiply {
    /// `round(c × a / 255)` for 8-bit values, computed as cairo does: t = c·a + 128, ((t >> 8) + t) >> 8.
    @inline(__always)
    static func multiply(_ c: UInt32, _ a: UInt32) -> UInt32 {
        let t = c * a + 128
        return ((t >> 8) + t) >> 8
    }

    /// `round(c × 255 / a)`, clamped to 255, for a premultiplied channel `c` of alpha `a` > 0.
    @inline(__always)
    static func divide(_ c: UInt32, _ a: UInt32) -> UInt32 {
        min(255, (c * 255 + a / 2) / a)
    }

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
                let r = multiply((pixel >> 16) & 0xFF, a)
                let g = multiply((pixel >> 8) & 0xFF, a)
                let b = multiply(pixel & 0xFF, a)
                row[x] = a << 24 | r << 16 | g << 8 | b
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
                (r, g, b) = (divide(r, a), divide(g, a), divide(b, a))
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
