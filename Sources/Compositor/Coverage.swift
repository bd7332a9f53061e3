import LayerKit
import Raster
import Synchronization

/// What a coverage mask was made from: two masks with equal keys hold the same coverage, so an unchanged
/// shape is not rasterized again. The canvas is part of the key: a mask covers the shape's bounds
/// clipped to the canvas, so the same shape on a canvas of another size has other coverage.
struct CoverageKey: Hashable {
    enum Source: Hashable {
        case fill(FillRule)
        case stroke(StrokeStyle, start: CGFloat, end: CGFloat)
        case rect(CGRect)
        /// A layer's rounded outline (background, `masksToBounds`).
        case outline(LayerOutline)
        /// A layer's border ring.
        case border(LayerOutline, width: CGFloat)
        /// A `shadowPath`'s shadow: blurred by `sigma`, moved by (`dx`, `dy`) device pixels.
        case shadow(sigma: Double, dx: Int, dy: Int)
        /// The shadow of a layer drawn by solid fills alone (its composited alpha), blurred and moved so.
        case castShadow([CastFill], sigma: Double, dx: Int, dy: Int)
        /// The alpha of a mask drawn by solid fills alone (placeholders for a shimmer, say).
        case maskFills([CastFill])
    }

    /// One solid fill of a shadow's caster or a mask: its colour, opacity and coverage determine its alpha.
    struct CastFill: Hashable {
        var color: Pixel
        var opacity: UInt8
        var coverage: CoverageKey
    }
    var path: [PathElement]
    var transform: CGAffineTransform
    var source: Source
    var canvas: PixelRect
    /// The projective map the shape was drawn through (then `transform` is the identity); nil for affine.
    var projection: Homography? = nil
}

/// A coverage mask over the shape's own bounds (clipped to the frame), leased from a `MaskPool`: it
/// goes back to the pool when the last display list that uses it is dropped, so masks are reused from
/// frame to frame without allocating, and a small shape costs its own pixels, not the frame's. A
/// coverage no display list holds any more may be refilled for a shape's new frame (`refill`).
final class Coverage {
    let mask: Mask
    /// The device pixels the shape can touch (its polygon's bounding box), for damage.
    private(set) var bounds: PixelRect
    /// What it was made from; nil for coverage taken from a rendered bitmap (always re-made).
    private(set) var key: CoverageKey?
    private let pool: MaskPool

    init(mask: Mask, bounds: PixelRect, key: CoverageKey?, pool: MaskPool) {
        self.mask = mask
        self.bounds = bounds
        self.key = key
        self.pool = pool
    }

    deinit { pool.recycle(mask) }

    /// Makes this coverage (held by nothing else) describe other bounds and key: its mask is moved to
    /// `bounds` for the caller to fill.
    func refill(bounds: PixelRect, key: CoverageKey) {
        mask.reset(bounds: bounds)
        self.bounds = bounds
        self.key = key
    }
}

/// Masks kept for reuse. A mask taken from the pool is moved to the bounds asked for, so each mask grows
/// to the largest bounds it served and then serves any shape without allocating.
final class MaskPool {
    private var free: [Mask] = []

    /// An empty mask over `bounds`, recycled when possible.
    func acquire(bounds: PixelRect) -> Mask {
        guard let mask = free.popLast() else { return Mask(bounds: bounds) }
        mask.reset(bounds: bounds)
        return mask
    }

    func recycle(_ mask: Mask) {
        free.append(mask)
    }

    /// Drops the free masks whose storage exceeds `bytes` (after the canvas shrank), so a pool never
    /// keeps more memory than the largest mask it can be asked for.
    func trim(toCapacity bytes: Int) {
        free.removeAll { $0.capacity > bytes }
    }
}

/// Frame-sized scratch bitmaps for layer groups (opacity groups and masked subtrees). Bands of a frame
/// drawn concurrently take and return bitmaps from one pool, so it holds its list under a lock.
final class BitmapPool: Sendable {
    private let free = Mutex<[Bitmap]>([])

    func acquire(width: Int, height: Int) -> Bitmap {
        let reused = free.withLock { free -> Bitmap? in
            guard let index = free.lastIndex(where: { $0.width == width && $0.height == height }) else { return nil }
            return free.remove(at: index)
        }
        return reused ?? Bitmap(width: width, height: height)
    }

    func recycle(_ bitmap: Bitmap) {
        free.withLock { free in
            free.removeAll { $0.width != bitmap.width || $0.height != bitmap.height }
            free.append(bitmap)
        }
    }
}

/// Images resampled once to device pixels: an image drawn under an axis-aligned transform (a layer's
/// `contents` scaled to its bounds) is the same every frame, so it is resampled once into a
/// frame-sized bitmap that later frames copy or blend pixel for pixel.
final class PreparedImages {
    /// A frame-sized, device-aligned picture of one image under one transform. Its lets are alike `TruthRun`'s
    /// (ViewerTests' ReplayTruthTests.swift) on purpose: plain stored fields, no shared logic.
    final class Entry {
        let image: Bitmap
        let transform: CGAffineTransform
        let pixels: Bitmap
        /// The device pixels the image covers.
        let bounds: PixelRect
        var lastUse = 0

        init(image: Bitmap, transform: CGAffineTransform, pixels: Bitmap, bounds: PixelRect) {
            self.image = image
            self.transform = transform
            self.pixels = pixels
            self.bounds = bounds
        }
    }

    private var entries: [Entry] = []
    private var clock = 0
    /// How many prepared images are kept (each is a frame-sized bitmap).
    let capacity = 6

    /// The device-aligned picture of `image` under `transform` in a `width × height` frame.
    func entry(for image: Bitmap, transform: CGAffineTransform, width: Int, height: Int) -> Entry {
        clock += 1
        if let hit = entries.first(where: {
            $0.image === image && $0.transform == transform && $0.pixels.width == width && $0.pixels.height == height
        }) {
            hit.lastUse = clock
            return hit
        }
        let frame = PixelRect(x: 0, y: 0, width: width, height: height)
        let bounds = Bitmap.deviceBounds(ofImageWidth: image.width, height: image.height, transform: transform)
            .intersection(frame)
        let pixels: Bitmap
        if transform == .identity, image.width == width, image.height == height {
            pixels = image
            if !image.isOpaque { image.updateIsOpaque() }
        } else {
            pixels = Self.resample(image, transform: transform, width: width, height: height)
        }
        let entry = Entry(image: image, transform: transform, pixels: pixels, bounds: bounds)
        entry.lastUse = clock
        if entries.count >= capacity,
            let oldest = entries.indices.min(by: { entries[$0].lastUse < entries[$1].lastUse })
        {
            entries.remove(at: oldest)
        }
        entries.append(entry)
        return entry
    }

    /// `image` drawn under `transform` as a layer's contents are: sampled bilinearly with its edge
    /// pixels extended (so a scaled picture keeps crisp, fully opaque edges instead of fading into
    /// transparency), then cut to the transformed image rectangle with exact-area coverage.
    private static func resample(_ image: Bitmap, transform: CGAffineTransform, width: Int, height: Int) -> Bitmap {
        let padded = Bitmap(width: image.width + 2, height: image.height + 2)
        for y in 0..<padded.height {
            let source = image.row(min(max(y - 1, 0), image.height - 1))
            let row = padded.row(y)
            (row + 1).update(from: source, count: image.width)
            row[0] = source[0]
            row[image.width + 1] = source[image.width - 1]
        }
        let pixels = Bitmap(width: width, height: height)
        pixels.draw(padded, transform: CGAffineTransform(translationX: -1, y: -1).concatenating(transform), bands: 2)
        let rectangle = LayerGeometry.polygon(
            of: CGRect(x: 0, y: 0, width: image.width, height: image.height), transform: transform)
        let coverage = Mask(width: width, height: height)
        Rasterizer().fill(rectangle, rule: .nonZero, into: coverage)
        pixels.multiply(by: coverage)
        // Pixels wholly inside the image's rectangle are opaque where the image is.
        let rect = CGRect(x: 0, y: 0, width: image.width, height: image.height).applying(transform)
        pixels.updateOpaqueBounds(candidate: PixelRect(inside: rect))
        return pixels
    }
}
