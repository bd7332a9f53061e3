import Raster

/// Lays a bitmap's pixels out as one tightly packed BGRA buffer with straight (not premultiplied)
/// alpha, as GIF and APNG want: straight from the bitmap's memory when its rows are packed and every
/// pixel is opaque, else through a scratch buffer.
struct FramePacker {
    private let width: Int
    private let height: Int
    private var scratch: [UInt32] = []

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Calls `body` with the packed bytes of `frame` (which must have this packer's size).
    mutating func withPackedBytes<Result>(of frame: Bitmap, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        precondition(frame.width == width && frame.height == height, "frame size differs from the recording's")
        let rowBytes = width * 4
        if frame.stride == rowBytes && !hasTranslucentPixel(frame) {
            return body(UnsafeRawBufferPointer(start: frame.baseAddress, count: rowBytes * height))
        }
        if scratch.count != width * height { scratch = [UInt32](repeating: 0, count: width * height) }
        return scratch.withUnsafeMutableBufferPointer { packed in
            for y in 0..<height {
                let source = frame.row(y)
                let target = packed.baseAddress! + y * width
                for x in 0..<width { target[x] = FramePacker.straightAlpha(source[x]) }
            }
            return body(UnsafeRawBufferPointer(packed))
        }
    }

    private func hasTranslucentPixel(_ frame: Bitmap) -> Bool {
        for y in 0..<height {
            let row = frame.row(y)
            for x in 0..<width where row[x] >> 24 != 0xFF { return true }
        }
        return false
    }

    /// `pixel` with its colour divided by its alpha, rounded to nearest.
    static func straightAlpha(_ pixel: Pixel) -> Pixel {
        let alpha = UInt32(pixel >> 24)
        if alpha == 0xFF { return pixel }
        if alpha == 0 { return 0 }
        func channel(_ shift: UInt32) -> UInt32 {
            PixelMath.unpremultiplied((pixel >> shift) & 0xFF, alpha: alpha) << shift
        }
        return alpha << 24 | channel(16) | channel(8) | channel(0)
    }
}
