import Glibc
import Pictures

/// A premultiplied BGRA8 pixel, as a little-endian 32-bit word `0xAARRGGBB` (memory order B, G, R, A:
/// X11's 32-bit TrueColor layout and cairo's ARGB32).
public typealias Pixel = UInt32

extension Pixel {
    /// Packs premultiplied channels (each 0…255, colour ≤ alpha) into a pixel.
    @inlinable
    public static func premultiplied(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) -> Pixel {
        Pixel(alpha) << 24 | Pixel(red) << 16 | Pixel(green) << 8 | Pixel(blue)
    }

    @inlinable public var alpha: UInt8 { UInt8(truncatingIfNeeded: self >> 24) }
    @inlinable public var red: UInt8 { UInt8(truncatingIfNeeded: self >> 16) }
    @inlinable public var green: UInt8 { UInt8(truncatingIfNeeded: self >> 8) }
    @inlinable public var blue: UInt8 { UInt8(truncatingIfNeeded: self) }
}

/// A 2-D image of premultiplied BGRA8 pixels with an explicit row stride. It either owns its memory
/// or wraps memory owned by someone else (an X11 shared-memory image), so a frame can be drawn
/// straight into what is shown. Rows are `stride` bytes apart; `stride` is a multiple of 4.
///
/// `@unchecked Sendable`: its size never changes and its pixels are plain memory; threads that draw
/// into one bitmap at once (the banded composites) write disjoint rows, and a bitmap is handed to
/// another thread (the recorder's encoder) only once nobody writes it any more.
public final class Bitmap: @unchecked Sendable {
    public let width: Int
    public let height: Int
    /// Bytes from the start of one row to the start of the next.
    public let stride: Int
    /// The first pixel of the first row.
    public let baseAddress: UnsafeMutableRawPointer
    private let ownsMemory: Bool
    /// What keeps wrapped memory alive, when the bitmap is a view of a `CGImage`.
    private let keeper: AnyObject?
    /// A promise by whoever fills the bitmap that every pixel inside this rectangle has alpha 255
    /// (empty by default). Compositing copies instead of blending where an opaque source is fully
    /// covered; a picture that fills only part of a frame-sized bitmap promises its inside.
    public var opaqueBounds = PixelRect(x: 0, y: 0, width: 0, height: 0)

    /// Whether every pixel's alpha is 255 (`opaqueBounds` is the whole bitmap); setting it promises so,
    /// or withdraws every promise. `updateIsOpaque()` sets it by looking at every pixel.
    public var isOpaque: Bool {
        get { opaqueBounds.contains(PixelRect(x: 0, y: 0, width: width, height: height)) }
        set { opaqueBounds = newValue ? PixelRect(x: 0, y: 0, width: width, height: height) : .empty }
    }

    /// A bitmap that owns zeroed (transparent black) memory, rows packed.
    ///
    /// The memory comes from `calloc`, so a large bitmap's pages are zero until first written and cost
    /// nothing before: a damaged image whose header promises 16384×16384 pixels costs only the rows
    /// decoded before its data runs out, not 1 GiB.
    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0, "negative bitmap size \(width)x\(height)")
        self.width = width
        self.height = height
        self.stride = width * 4
        guard let memory = calloc(1, max(1, stride * height)) else {
            fatalError("out of memory for a \(width)x\(height) bitmap")
        }
        baseAddress = memory
        ownsMemory = true
        keeper = nil
    }

    /// A bitmap over memory it does not own; the caller keeps `memory` alive and valid for
    /// `stride × height` bytes while the bitmap is used.
    public init(wrapping memory: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int) {
        precondition(stride >= width * 4 && stride % 4 == 0, "bad stride \(stride) for width \(width)")
        self.width = width
        self.height = height
        self.stride = stride
        baseAddress = memory
        ownsMemory = false
        keeper = nil
    }

    /// A bitmap over the pixels of `image`, which it keeps alive. The image's pixels never change, so
    /// the bitmap is only ever drawn from, never into.
    public init(viewing image: CGImage) {
        width = image.width
        height = image.height
        stride = image.bytesPerRow
        baseAddress = UnsafeMutableRawPointer(mutating: image.baseAddress)
        ownsMemory = false
        keeper = image
    }

    deinit {
        if ownsMemory { free(baseAddress) }
    }

    /// The pixels of row `y` (not checked: `y` must be in `0 ..< height`, where the offset cannot
    /// overflow, so it is computed without a check).
    @inlinable
    public func row(_ y: Int) -> UnsafeMutablePointer<Pixel> {
        (baseAddress + y &* stride).assumingMemoryBound(to: Pixel.self)
    }

    /// The pixel at column `x`, row `y`.
    @inlinable
    public subscript(x: Int, y: Int) -> Pixel {
        get { row(y)[x] }
        set { row(y)[x] = newValue }
    }

    /// Sets every pixel to `pixel`.
    public func fill(_ pixel: Pixel) {
        for y in 0..<height {
            row(y).update(repeating: pixel, count: width)
        }
    }

    /// Sets `isOpaque` to whether every pixel's alpha is 255.
    public func updateIsOpaque() {
        updateOpaqueBounds(candidate: PixelRect(x: 0, y: 0, width: width, height: height))
    }

    /// Sets `opaqueBounds` to `candidate` (clipped to the bitmap) when every pixel inside it has alpha
    /// 255, else to the empty rectangle.
    public func updateOpaqueBounds(candidate: PixelRect) {
        let inside = candidate.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        var alphas: UInt32 = 0xFF00_0000
        for y in inside.rows {
            let pixels = row(y)
            for x in inside.columns { alphas &= pixels[x] }
        }
        opaqueBounds = alphas == 0xFF00_0000 ? inside : .empty
    }

    /// Copies `source` (of the same size) into this bitmap, row by row.
    public func copy(from source: Bitmap) {
        precondition(source.width == width && source.height == height, "bitmap sizes differ")
        for y in 0..<height {
            row(y).update(from: source.row(y), count: width)
        }
    }
}
