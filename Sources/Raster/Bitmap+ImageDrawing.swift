import Geometry

/// Images drawn under an affine transform with bilinear sampling.
extension Bitmap {
    /// Draws `image` over this bitmap, mapped by `transform` (image pixels → device pixels), with
    /// bilinear sampling: texel (i, j) is centred at (i + 0.5, j + 0.5), and outside the image the
    /// samples are transparent, so edges fade over one pixel (anti-aliased, as cairo's
    /// `EXTEND_NONE`). Only the transformed image's bounding box (inside `region`) is visited, each
    /// device pixel centre is mapped back into the image in 16.16 fixed point, and samples are
    /// weighted with 8-bit fractions. A transform that cannot be inverted draws nothing.
    public func draw(_ image: Bitmap, transform: CGAffineTransform, opacity: UInt8 = 255, in region: Region? = nil) {
        let determinant = transform.a * transform.d - transform.b * transform.c
        guard opacity > 0, image.width > 0, image.height > 0, determinant.isFinite, abs(determinant) > 1e-12 else {
            return
        }
        let bounds = Self.deviceBounds(ofImageWidth: image.width, height: image.height, transform: transform)
            .intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        guard !bounds.isEmpty else { return }
        let inverse = transform.inverted()
        // Sample position (in texel-index space, texel centres at integers) of device pixel (x, y):
        // inverse(x + 0.5, y + 0.5) − 0.5.
        let du = inverse.a
        let dv = inverse.b
        let sampler = BilinearSampler(image: image, opacity: UInt32(opacity))
        let iw = Double(image.width)
        let ih = Double(image.height)
        for y in bounds.minY..<bounds.maxY {
            var x0 = bounds.minX
            var x1 = bounds.maxX
            if let region {
                let c = region.columns(inRow: y)
                x0 = max(x0, c.lowerBound)
                x1 = min(x1, c.upperBound)
            }
            let cy = Double(y) + 0.5
            let u0 = inverse.a * 0.5 + inverse.c * cy + inverse.tx - 0.5
            let v0 = inverse.b * 0.5 + inverse.d * cy + inverse.ty - 0.5
            // Columns whose sample lies within (−1, size) on both axes: elsewhere every tap is outside.
            guard let us = Self.columns(where: u0, step: du, liesIn: -1, iw),
                let vs = Self.columns(where: v0, step: dv, liesIn: -1, ih)
            else { continue }
            x0 = max(x0, us.lowerBound, vs.lowerBound)
            x1 = min(x1, us.upperBound, vs.upperBound)
            guard x1 > x0 else { continue }
            let u = u0 + du * Double(x0)
            let v = v0 + dv * Double(x0)
            sampler.drawRow(
                into: row(y) + x0, count: x1 - x0, u: Int(u * 65536), v: Int(v * 65536), du: Int(du * 65536),
                dv: Int(dv * 65536))
        }
    }

    /// The device pixels that drawing an image of `width × height` under `transform` can touch:
    /// the transformed image rectangle, widened by one pixel for the bilinear fringe.
    public static func deviceBounds(ofImageWidth width: Int, height: Int, transform: CGAffineTransform) -> PixelRect {
        let rect = CGRect(x: 0, y: 0, width: width, height: height).applying(transform)
        return PixelRect(enclosing: rect).insetBy(-1)
    }

    /// The columns x (a range of Ints) where `start + step · x` lies strictly between `low` and
    /// `high`, widened by one column each way; nil when there are none.
    private static func columns(where start: Double, step: Double, liesIn low: Double, _ high: Double) -> Range<Int>? {
        let limit = 1.0e9
        if abs(step) < 1e-12 {
            return start > low && start < high ? Int(-limit)..<Int(limit) : nil
        }
        var a = (low - start) / step
        var b = (high - start) / step
        if a > b { swap(&a, &b) }
        guard b.isFinite, a.isFinite else { return nil }
        let lo = Int(max(-limit, min(limit, a.rounded(.down))))
        let hi = Int(max(-limit, min(limit, b.rounded(.up)))) + 1
        return hi > lo ? lo..<hi : nil
    }
}

/// Reads 2 × 2 texels around a 16.16 sample position and blends them over a row of pixels.
struct BilinearSampler {
    let pixels: UnsafeMutableRawPointer
    let stride: Int
    let width: Int
    let height: Int
    let opacity: UInt32

    init(image: Bitmap, opacity: UInt32) {
        pixels = image.baseAddress
        stride = image.stride
        width = image.width
        height = image.height
        self.opacity = opacity
    }

    /// Texel (i, j), transparent outside the image.
    @inline(__always)
    func texel(_ i: Int, _ j: Int) -> UInt32 {
        guard UInt(bitPattern: i) < UInt(width), UInt(bitPattern: j) < UInt(height) else { return 0 }
        return (pixels + j * stride).assumingMemoryBound(to: UInt32.self)[i]
    }

    /// Blends `count` samples over `dst`, the first at (u, v), then stepping by (du, dv).
    func drawRow(into dst: UnsafeMutablePointer<UInt32>, count: Int, u: Int, v: Int, du: Int, dv: Int) {
        var u = u
        var v = v
        for k in 0..<count {
            let i = u >> 16
            let j = v >> 16
            let fx = UInt32(truncatingIfNeeded: (u >> 8) & 0xFF)
            let fy = UInt32(truncatingIfNeeded: (v >> 8) & 0xFF)
            let top = PixelMath.lerp(texel(i, j), texel(i + 1, j), fx)
            let bottom = PixelMath.lerp(texel(i, j + 1), texel(i + 1, j + 1), fx)
            var sample = PixelMath.lerp(top, bottom, fy)
            if opacity < 255 { sample = PixelMath.scale(sample, by: opacity) }
            if sample != 0 { dst[k] = PixelMath.over(sample, dst[k]) }
            u &+= du
            v &+= dv
        }
    }
}
