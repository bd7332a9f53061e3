import Foundation

/// An immutable picture, as Core Graphics' `CGImage`: `width × height` premultiplied BGRA8 pixels
/// (the 32-bit word `0xAARRGGBB` per pixel, as the rasterizer's bitmaps), rows `bytesPerRow` apart.
/// What `layer.contents` holds. It lives in this small module, below both LayerKit (which only holds
/// it) and Raster (which draws it), so neither depends on the other.
///
/// The pixels belong to `storage`, which the image keeps alive: a decoded bitmap, shared without a
/// copy, or memory the image allocated itself. Nobody may write them once the image exists, which is
/// why it is `@unchecked Sendable`.
public final class CGImage: @unchecked Sendable {
    public let width: Int
    public let height: Int
    public let bytesPerRow: Int
    /// The first pixel of the first row.
    public let baseAddress: UnsafeRawPointer
    /// The object that owns the pixels.
    public let storage: AnyObject

    /// Core Graphics' figures for this layout.
    public var bitsPerComponent: Int { 8 }
    public var bitsPerPixel: Int { 32 }

    /// An image over `baseAddress`, owned by `storage`, which must keep the memory valid and unchanged
    /// for `bytesPerRow × height` bytes while the image lives.
    public init(width: Int, height: Int, bytesPerRow: Int, baseAddress: UnsafeRawPointer, storage: AnyObject) {
        precondition(width >= 0 && height >= 0 && bytesPerRow >= 4 * width, "bad image layout")
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
        self.baseAddress = baseAddress
        self.storage = storage
    }

    /// An image holding a copy of `pixels` (premultiplied, `0xAARRGGBB`), row by row.
    public convenience init(width: Int, height: Int, pixels: [UInt32]) {
        precondition(pixels.count == width * height, "\(pixels.count) pixels for a \(width)x\(height) image")
        let memory = PixelMemory(count: max(1, pixels.count))
        memory.pointer.initialize(from: pixels, count: pixels.count)
        self.init(
            width: width, height: height, bytesPerRow: 4 * width, baseAddress: UnsafeRawPointer(memory.pointer),
            storage: memory)
    }

    /// The pixel at column `x`, row `y` (both in range).
    public func pixel(x: Int, y: Int) -> UInt32 {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
        return baseAddress.load(fromByteOffset: y * bytesPerRow + 4 * x, as: UInt32.self)
    }

    /// The part of the image inside `rect` (in pixels, rounded out to whole pixels and clipped to the
    /// image), sharing these pixels; nil when nothing is left (Core Graphics' `cropping(to:)`).
    public func cropping(to rect: CGRect) -> CGImage? {
        let r = rect.standardized
        guard r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { return nil }
        let x0 = max(0, Int(max(-1e9, r.minX).rounded(.down)))
        let y0 = max(0, Int(max(-1e9, r.minY).rounded(.down)))
        let x1 = min(width, Int(min(1e9, r.maxX).rounded(.up)))
        let y1 = min(height, Int(min(1e9, r.maxY).rounded(.up)))
        guard x1 > x0, y1 > y0 else { return nil }
        return CGImage(
            width: x1 - x0, height: y1 - y0, bytesPerRow: bytesPerRow,
            baseAddress: baseAddress + y0 * bytesPerRow + 4 * x0, storage: storage)
    }
}

/// Pixel memory a `CGImage` allocated for itself.
final class PixelMemory {
    let pointer: UnsafeMutablePointer<UInt32>

    init(count: Int) { pointer = .allocate(capacity: count) }

    deinit { pointer.deallocate() }
}
