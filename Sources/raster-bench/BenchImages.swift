import Raster

/// The benchmark's images, made from formulas that `cairo_bench.py` repeats, so both sides composite
/// the same pixels.
enum BenchImages {
    /// An opaque full-frame image: `kind` 0 is picture A, 1 is picture B.
    static func picture(_ kind: Int, width: Int, height: Int) -> Bitmap {
        let bitmap = Bitmap(width: width, height: height)
        for y in 0..<height {
            let row = bitmap.row(y)
            for x in 0..<width {
                let (r, g, b) =
                    kind == 0
                    ? ((x * 255 / max(1, width - 1)), (y * 255 / max(1, height - 1)), (x ^ y) & 255)
                    : ((x + y) & 255, 255 - (y * 255 / max(1, height - 1)), (x * 3) & 255)
                row[x] = Pixel.premultiplied(red: UInt8(r), green: UInt8(g), blue: UInt8(b), alpha: 255)
            }
        }
        bitmap.isOpaque = true
        return bitmap
    }

    /// The 128 × 128 ship sprite: a translucent disc inside a 6-pixel transparent margin.
    static func sprite() -> Bitmap {
        let size = 128
        let bitmap = Bitmap(width: size, height: size)
        for y in 6..<(size - 6) {
            for x in 6..<(size - 6) {
                let dx = Double(x) - 63.5
                let dy = Double(y) - 63.5
                guard dx * dx + dy * dy <= 57 * 57 else { continue }
                let a = 255 - (x + y) / 4
                bitmap[x, y] = Pixel.premultiplied(
                    red: UInt8(a), green: UInt8(x * a / 255), blue: UInt8(y * a / 255), alpha: UInt8(a))
            }
        }
        return bitmap
    }
}

extension BenchImages {
    /// The shadow benchmark's caster: alpha 255 over columns w/4 ..< 3w/4 and rows h/4 ..< 3h/4.
    static func card(width: Int, height: Int) -> AlphaPlane {
        let plane = AlphaPlane(width: width, height: height)
        for y in (height / 4)..<(3 * height / 4) {
            plane.row(y).advanced(by: width / 4).update(repeating: 255, count: 3 * width / 4 - width / 4)
        }
        return plane
    }
}
