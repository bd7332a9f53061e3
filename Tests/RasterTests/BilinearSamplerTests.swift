import Foundation
import Geometry
import LayerscopeTestSupport
import Testing

@testable import Raster

/// The vectorised bilinear sampler against a plain scalar reference of the same formula: every
/// pixel must be bit-identical, for any transform, opacity, clip and image (including images whose
/// channels exceed their alpha, where the blend overflows a channel).
@Suite struct BilinearSamplerTests {
    /// Random images, transforms, opacities and clips drawn through `Bitmap.draw` and the reference.
    @Test func drawingMatchesTheScalarReference() {
        var random = SeededGenerator(seed: 0x5EED_0002)
        for round in 0..<600 {
            let image = Self.randomImage(&random)
            let transform = Self.randomTransform(&random, imageWidth: image.width, imageHeight: image.height)
            let opacity: UInt8 = random.below(3) == 0 ? UInt8(random.below(256)) : 255
            let size = 24 + random.below(80)
            let region: Region? =
                random.below(2) == 0
                ? nil
                : Region(
                    height: size,
                    rect: PixelRect(
                        x: random.below(size) - 4, y: random.below(size) - 4, width: random.below(size),
                        height: random.below(size)))
            let visible: PixelRect? = random.below(2) == 0 ? nil : image.nonTransparentBounds()
            let background = Self.randomImage(&random, width: size, height: size, premultiplied: true)
            let fast = Bitmap(width: size, height: size)
            let reference = Bitmap(width: size, height: size)
            fast.copy(from: background)
            reference.copy(from: background)
            fast.draw(image, transform: transform, opacity: opacity, in: region, visibleTexels: visible)
            ReferenceSampler.draw(
                image, into: reference, transform: transform, opacity: opacity, in: region, visibleTexels: visible)
            let mismatch = Self.firstMismatch(fast, reference)
            #expect(mismatch == nil, "round \(round): \(transform), opacity \(opacity), first mismatch \(mismatch!)")
            if mismatch != nil { return }
        }
    }

    /// Rows sampled directly, with steps and starts far outside the image (near-singular transforms).
    @Test func rowsMatchTheScalarReference() {
        var random = SeededGenerator(seed: 0xB11E_A400)
        for round in 0..<4000 {
            let image = Self.randomImage(&random)
            let count = 1 + random.below(70)
            let scale = [1 << 8, 1 << 16, 1 << 18, 1 << 24, 1 << 40][random.below(5)]
            let du = random.signed(below: scale)
            let dv = random.signed(below: random.below(3) == 0 ? 1 << 8 : scale)
            let u = random.signed(below: (image.width + 4) << 16) - du * random.below(count)
            let v = random.signed(below: (image.height + 4) << 16) - dv * random.below(count)
            let opacity = UInt32(random.below(4) == 0 ? 1 + random.below(255) : 255)
            let background = Self.randomImage(&random, width: count, height: 1, premultiplied: true)
            let mismatch = Self.rowMismatch(image, opacity, over: background, u: u, v: v, du: du, dv: dv)
            #expect(mismatch == nil, "round \(round): u \(u) v \(v) du \(du) dv \(dv), mismatch \(mismatch!)")
            if mismatch != nil { return }
        }
    }

    /// Rows across an image wider than 2¹⁶ texels, whose positions no longer fit 32 bits.
    @Test func wideImageRowsMatchTheScalarReference() {
        var random = SeededGenerator(seed: 0x0001_0000)
        let image = Bitmap(width: 70_000, height: 3)
        for y in 0..<3 {
            for x in 65_400..<66_000 { image[x, y] = UInt32(truncatingIfNeeded: random.next()) | 0xFF00_0000 }
        }
        for round in 0..<200 {
            let count = 1 + random.below(60)
            let du = random.signed(below: 3 << 16)
            let u = (65_500 << 16) + random.signed(below: 400 << 16)
            let v = random.below(2 << 16)
            let opacity = UInt32(random.below(2) == 0 ? 255 : 1 + random.below(255))
            let background = Self.randomImage(&random, width: count, height: 1, premultiplied: true)
            let mismatch = Self.rowMismatch(image, opacity, over: background, u: u, v: v, du: du, dv: 0)
            #expect(mismatch == nil, "round \(round): u \(u) du \(du), mismatch \(mismatch!)")
            if mismatch != nil { return }
        }
    }

    /// The first pixel where `a` and `b` differ, described.
    static func firstMismatch(_ a: Bitmap, _ b: Bitmap) -> String? {
        for y in 0..<a.height {
            for x in 0..<a.width where a[x, y] != b[x, y] {
                return "pixel \(x), \(y): \(String(a[x, y], radix: 16)) ≠ \(String(b[x, y], radix: 16))"
            }
        }
        return nil
    }

    /// One row of `image` at `opacity` drawn over `background` (one row) by the sampler and by the
    /// reference, from (u, v) by (du, dv) a pixel in 16.16 texels: the first pixel where they differ.
    static func rowMismatch(
        _ image: Bitmap, _ opacity: UInt32, over background: Bitmap, u: Int, v: Int, du: Int, dv: Int
    ) -> String? {
        let count = background.width
        let fast = Bitmap(width: count, height: 1)
        let reference = Bitmap(width: count, height: 1)
        fast.copy(from: background)
        reference.copy(from: background)
        BilinearSampler(image: image, opacity: opacity).drawRow(
            into: fast.row(0), count: count, u: u, v: v, du: du, dv: dv)
        ReferenceSampler(image: image, opacity: opacity).drawRow(
            into: reference.row(0), count: count, u: u, v: v, du: du, dv: dv)
        return firstMismatch(fast, reference)
    }

    /// An image with transparent holes and margins, premultiplied or (sometimes) with channels above
    /// alpha.
    static func randomImage(
        _ random: inout SeededGenerator, width: Int? = nil, height: Int? = nil, premultiplied: Bool? = nil
    ) -> Bitmap {
        let width = width ?? 1 + random.below(random.below(4) == 0 ? 4 : 40)
        let height = height ?? 1 + random.below(random.below(4) == 0 ? 4 : 40)
        let valid = premultiplied ?? (random.below(4) != 0)
        let holes = random.below(3)
        let margin = random.below(3)
        let image = Bitmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                if min(x, y, width - 1 - x, height - 1 - y) < margin || (holes > 0 && random.below(4) < holes) {
                    continue
                }
                let alpha = random.below(4) == 0 ? 255 : random.below(256)
                let channel = { (r: inout SeededGenerator) in valid ? r.below(alpha + 1) : r.below(256) }
                image[x, y] =
                    UInt32(alpha) << 24 | UInt32(channel(&random)) << 16 | UInt32(channel(&random)) << 8
                    | UInt32(channel(&random))
            }
        }
        return image
    }

    /// Rotations, scales 0.3–3, flips, shears, near-singular maps, and integer or fractional moves.
    static func randomTransform(_ random: inout SeededGenerator, imageWidth: Int, imageHeight: Int) -> CGAffineTransform
    {
        var t = CGAffineTransform(translationX: -CGFloat(imageWidth) / 2, y: -CGFloat(imageHeight) / 2)
        let sx = 0.3 + 2.7 * random.unit()
        let sy = random.below(3) == 0 ? sx : 0.3 + 2.7 * random.unit()
        t = t.concatenating(
            CGAffineTransform(scaleX: random.below(4) == 0 ? -sx : sx, y: random.below(4) == 0 ? -sy : sy))
        switch random.below(5) {
        case 0: break
        case 1: t = t.concatenating(CGAffineTransform(rotationAngle: CGFloat(random.below(4)) * .pi / 2))
        case 2:
            t = t.concatenating(CGAffineTransform(a: 1, b: 0.3 * random.unit(), c: random.unit(), d: 1, tx: 0, ty: 0))
        case 3: t = t.concatenating(CGAffineTransform(a: 1, b: 1, c: 1, d: 1 + 1e-3 * random.unit(), tx: 0, ty: 0))
        default: t = t.concatenating(CGAffineTransform(rotationAngle: 2 * .pi * random.unit()))
        }
        let fractional = random.below(3) != 0
        let move = { (r: inout SeededGenerator) -> CGFloat in
            fractional ? 10 + 60 * r.unit() : CGFloat(10 + r.below(60))
        }
        return t.concatenating(CGAffineTransform(translationX: move(&random), y: move(&random)))
    }
}

/// The sampler as first written, one pixel at a time in 64-bit SWAR, with its row and column
/// selection: the reference the vectorised sampler must match bit for bit. Its fields, init and row
/// selection are alike `BilinearSampler`'s (Raster) on purpose: a reference kept apart from the code
/// it checks.
struct ReferenceSampler {
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

    /// `Bitmap.draw(_:transform:opacity:in:visibleTexels:bands:)` with one band.
    static func draw(
        _ image: Bitmap, into bitmap: Bitmap, transform: CGAffineTransform, opacity: UInt8, in region: Region?,
        visibleTexels: PixelRect?
    ) {
        let determinant = transform.a * transform.d - transform.b * transform.c
        guard opacity > 0, image.width > 0, image.height > 0, determinant.isFinite, abs(determinant) > 1e-12 else {
            return
        }
        let bounds = Bitmap.deviceBounds(ofImageWidth: image.width, height: image.height, transform: transform)
            .intersection(PixelRect(x: 0, y: 0, width: bitmap.width, height: bitmap.height))
        guard !bounds.isEmpty else { return }
        let texels = (visibleTexels ?? PixelRect(x: 0, y: 0, width: image.width, height: image.height))
            .intersection(PixelRect(x: 0, y: 0, width: image.width, height: image.height))
        guard !texels.isEmpty else { return }
        let sampler = ReferenceSampler(image: image, opacity: UInt32(opacity))
        let inverse = transform.inverted()
        let du = inverse.a
        let dv = inverse.b
        let u0Limit = Double(texels.minX - 1)
        let u1Limit = Double(texels.maxX)
        let v0Limit = Double(texels.minY - 1)
        let v1Limit = Double(texels.maxY)
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
            guard let us = columns(where: u0, step: du, liesIn: u0Limit, u1Limit),
                let vs = columns(where: v0, step: dv, liesIn: v0Limit, v1Limit)
            else { continue }
            x0 = max(x0, us.lowerBound, vs.lowerBound)
            x1 = min(x1, us.upperBound, vs.upperBound)
            guard x1 > x0 else { continue }
            let u = u0 + du * Double(x0)
            let v = v0 + dv * Double(x0)
            sampler.drawRow(
                into: bitmap.row(y) + x0, count: x1 - x0, u: Int(u * 65536), v: Int(v * 65536), du: Int(du * 65536),
                dv: Int(dv * 65536))
        }
    }

    /// The columns where `start + step · x` lies strictly between `low` and `high`, widened by one.
    static func columns(where start: Double, step: Double, liesIn low: Double, _ high: Double) -> Range<Int>? {
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

    /// Texel (i, j), transparent outside the image.
    func texel(_ i: Int, _ j: Int) -> UInt32 {
        guard UInt(bitPattern: i) < UInt(width), UInt(bitPattern: j) < UInt(height) else { return 0 }
        return (pixels + j * stride).assumingMemoryBound(to: UInt32.self)[i]
    }

    /// A pixel's channels in four 16-bit lanes: B, R, G, A from the low end.
    static func spread(_ p: UInt32) -> UInt64 {
        let q = UInt64(p)
        return (q | q << 24) & 0x00FF_00FF_00FF_00FF
    }

    /// The inverse of `spread` for lanes holding a value × 256, rounded.
    static func gather(_ x: UInt64) -> UInt32 {
        let y = ((x &+ 0x0080_0080_0080_0080) >> 8) & 0x00FF_00FF_00FF_00FF
        return UInt32(truncatingIfNeeded: y | y >> 24)
    }

    /// Each channel of `p` times `m / 255`, rounded.
    static func scale(_ p: UInt32, by m: UInt32) -> UInt32 {
        var rb = (p & 0x00FF_00FF) &* m &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var ag = ((p >> 8) & 0x00FF_00FF) &* m &+ 0x0080_0080
        ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return rb | ag
    }

    /// Blends `count` samples over `dst`, the first at (u, v), then stepping by (du, dv).
    func drawRow(into dst: UnsafeMutablePointer<UInt32>, count: Int, u: Int, v: Int, du: Int, dv: Int) {
        var u = u
        var v = v
        for k in 0..<count {
            let i = u >> 16
            let j = v >> 16
            let fx = UInt64(truncatingIfNeeded: (u >> 8) & 0xFF)
            let fy = UInt64(truncatingIfNeeded: (v >> 8) & 0xFF)
            u &+= du
            v &+= dv
            let (t00, t10, t01, t11) = (texel(i, j), texel(i + 1, j), texel(i, j + 1), texel(i + 1, j + 1))
            guard t00 | t10 | t01 | t11 != 0 else { continue }
            let w11 = (fx &* fy) >> 8
            let w10 = fx &- w11
            let w01 = fy &- w11
            let w00 = 256 &- fx &- fy &+ w11
            let sum =
                Self.spread(t00) &* w00 &+ Self.spread(t10) &* w10 &+ Self.spread(t01) &* w01 &+ Self.spread(t11)
                &* w11
            if opacity < 255 {
                let s = Self.scale(Self.gather(sum), by: opacity)
                dst[k] = s &+ Self.scale(dst[k], by: 255 &- (s >> 24))
                continue
            }
            let lanes: UInt64 = 0x00FF_00FF_00FF_00FF
            let sample = ((sum &+ 0x0080_0080_0080_0080) >> 8) & lanes
            let t = Self.spread(dst[k]) &* (255 &- (sample >> 48)) &+ 0x0080_0080_0080_0080
            let below = ((t &+ ((t >> 8) & lanes)) >> 8) & lanes
            let x = sample &+ below
            dst[k] = UInt32(truncatingIfNeeded: x | x >> 24)
        }
    }
}
