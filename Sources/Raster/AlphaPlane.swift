/// A dense 8-bit alpha plane (A8): `width × height` bytes, rows packed, zeroed when made. What a
/// shadow is built in: the caster's alpha is written into it, blurred in place (`GaussianBlur`), and
/// composited as the shadow colour's coverage.
///
/// `@unchecked Sendable`: its size never changes and its bytes are plain memory; the banded blur
/// passes write disjoint rows or columns of it.
public final class AlphaPlane: @unchecked Sendable {
    public let width: Int
    public let height: Int
    /// The first byte of the first row; row `y` starts `y × width` bytes later.
    public let baseAddress: UnsafeMutablePointer<UInt8>

    /// Whether the bytes are the plane's own (freed with it), not a view of another's memory.
    private let ownsBytes: Bool

    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0, "negative plane size \(width)x\(height)")
        self.width = width
        self.height = height
        baseAddress = .allocate(capacity: max(1, width * height))
        baseAddress.initialize(repeating: 0, count: max(1, width * height))
        ownsBytes = true
    }

    /// A plane over `width × height` bytes at `bytes`, which the caller keeps alive (and initialized)
    /// for as long as the plane is used; they are not zeroed.
    init(wrapping bytes: UnsafeMutablePointer<UInt8>, width: Int, height: Int) {
        self.width = width
        self.height = height
        baseAddress = bytes
        ownsBytes = false
    }

    deinit { if ownsBytes { baseAddress.deallocate() } }

    /// The bytes of row `y` (not checked: `0 ≤ y < height`).
    @inlinable
    public func row(_ y: Int) -> UnsafeMutablePointer<UInt8> { baseAddress + y &* width }

    /// The alpha at column `x`, row `y`.
    @inlinable
    public subscript(x: Int, y: Int) -> UInt8 {
        get { row(y)[x] }
        set { row(y)[x] = newValue }
    }

    /// Sets every byte to 0.
    public func clear() { baseAddress.update(repeating: 0, count: width * height) }

    /// Writes the coverage of `mask` into the plane: plane pixel (x, y) gets the mask's coverage at
    /// device pixel (x + origin.x, y + origin.y); pixels the mask does not cover become 0.
    public func setCoverage(from mask: Mask, origin: (x: Int, y: Int) = (0, 0)) {
        clear()
        for y in 0..<height {
            let deviceY = y + origin.y
            let bytes = mask.coverageBytes(inRow: deviceY)
            let out = row(y) - origin.x
            for span in mask.spans(inRow: deviceY) {
                let x0 = max(Int(span.x), origin.x)
                let x1 = min(Int(span.end), origin.x + width)
                guard x1 > x0 else { continue }
                if span.coverage == CoverageSpan.varying {
                    (out + x0).update(from: bytes + x0, count: x1 - x0)
                } else {
                    (out + x0).update(repeating: UInt8(span.coverage), count: x1 - x0)
                }
            }
        }
    }

    /// Composites the alpha of a solid fill into the plane as drawing it into a bitmap composites its
    /// alpha channel: a colour of alpha `alpha` at `opacity` through `mask` (device pixels, the plane's
    /// pixel (0, 0) on device pixel `origin`), source-over what the plane holds. Each pixel's result is
    /// the alpha `Bitmap.fill(_:opacity:mask:)` leaves: αs = alpha · (coverage · opacity), then
    /// αs + plane · (255 − αs), every product rounded as `PixelMath.mul255`. So a caster drawn by solid
    /// fills alone is built in a plane of its own bounds, with no bitmap of the frame's size.
    public func composite(alpha: UInt8, opacity: UInt8, through mask: Mask, origin: (x: Int, y: Int)) {
        let a = UInt32(alpha)
        let op = UInt32(opacity)
        let rows = max(0, mask.bounds.minY - origin.y)..<min(height, mask.bounds.maxY - origin.y)
        for y in rows {
            let deviceY = y + origin.y
            let out = row(y) - origin.x
            let x0 = max(mask.bounds.minX, origin.x)
            let x1 = min(mask.bounds.maxX, origin.x + width)
            guard x1 > x0 else { continue }
            walkSpans(
                of: mask, row: deviceY, from: x0, to: x1, gap: { _, _ in },
                run: { s0, s1, m in
                    let source = PixelMath.mul255(a, PixelMath.mul255(m, op))
                    let inverse = 255 - source
                    for x in s0..<s1 {
                        out[x] = UInt8(truncatingIfNeeded: source + PixelMath.mul255(UInt32(out[x]), inverse))
                    }
                },
                varying: { s0, s1, bytes in
                    for x in s0..<s1 {
                        let source = PixelMath.mul255(a, PixelMath.mul255(UInt32(bytes[x]), op))
                        out[x] = UInt8(truncatingIfNeeded: source + PixelMath.mul255(UInt32(out[x]), 255 - source))
                    }
                })
        }
    }

    /// Writes the alpha channel of `bitmap` into the plane: plane pixel (x, y) gets the alpha of bitmap
    /// pixel (x + origin.x, y + origin.y), 0 outside the bitmap (a shadow cast by a layer's composited
    /// alpha, its subtree drawn into `bitmap` first).
    public func setAlpha(from bitmap: Bitmap, origin: (x: Int, y: Int) = (0, 0)) {
        clear()
        let (x0, x1) = (max(0, -origin.x), min(width, bitmap.width - origin.x))
        let (y0, y1) = (max(0, -origin.y), min(height, bitmap.height - origin.y))
        guard x1 > x0, y1 > y0 else { return }
        for y in y0..<y1 {
            let pixels = bitmap.row(y + origin.y) + origin.x
            let out = row(y)
            for x in x0..<x1 { out[x] = UInt8(truncatingIfNeeded: pixels[x] >> 24) }
        }
    }
}
