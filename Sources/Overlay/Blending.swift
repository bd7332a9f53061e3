import Raster

/// Premultiplied source-over compositing of solid colours into a Bitmap, clipped to its bounds, and
/// copies of cached images into it.
public enum Blending {
    /// A premultiplied pixel from straight (non-premultiplied) 8-bit channels (`PixelMath.premultiplied`).
    public static func color(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) -> Pixel {
        PixelMath.premultiplied(red: UInt32(red), green: UInt32(green), blue: UInt32(blue), alpha: UInt32(alpha))
    }

    /// `source` (premultiplied) scaled by `coverage`/255, over `destination`.
    @inline(__always)
    public static func over(_ source: Pixel, coverage: UInt32, onto destination: Pixel) -> Pixel {
        if coverage == 0 { return destination }
        let s = coverage == 255 ? source : PixelMath.scale(source, by: coverage)
        if s >> 24 == 255 { return s }
        return PixelMath.over(s, destination)
    }

    /// Fills the rectangle (clipped to the bitmap) with `color` over what is there.
    public static func fill(
        _ bitmap: Bitmap, x: Int, y: Int, width: Int, height: Int, color: Pixel
    ) {
        let x0 = max(0, x)
        let y0 = max(0, y)
        let x1 = min(bitmap.width, x + width)
        let y1 = min(bitmap.height, y + height)
        guard x0 < x1, y0 < y1 else { return }
        let opaque = color >> 24 == 255
        for row in y0..<y1 {
            let pixels = bitmap.row(row)
            if opaque {
                (pixels + x0).update(repeating: color, count: x1 - x0)
            } else {
                for column in x0..<x1 { pixels[column] = over(color, coverage: 255, onto: pixels[column]) }
            }
        }
    }

    /// Draws a one-pixel rectangle outline.
    public static func outline(
        _ bitmap: Bitmap, x: Int, y: Int, width: Int, height: Int, color: Pixel
    ) {
        fill(bitmap, x: x, y: y, width: width, height: 1, color: color)
        fill(bitmap, x: x, y: y + height - 1, width: width, height: 1, color: color)
        fill(bitmap, x: x, y: y + 1, width: 1, height: height - 2, color: color)
        fill(bitmap, x: x + width - 1, y: y + 1, width: 1, height: height - 2, color: color)
    }

    /// Copies `image` into `bitmap` with its top-left corner at (x, y), clipped to the bitmap (a cached
    /// panel drawn into the window).
    public static func copy(_ image: Bitmap, into bitmap: Bitmap, x: Int, y: Int) {
        let x0 = max(0, x)
        let x1 = min(bitmap.width, x + image.width)
        let y0 = max(0, y)
        let y1 = min(bitmap.height, y + image.height)
        guard x1 > x0, y1 > y0 else { return }
        for row in y0..<y1 {
            (bitmap.row(row) + x0).update(from: image.row(row - y) + (x0 - x), count: x1 - x0)
        }
    }
}
