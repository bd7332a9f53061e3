/// Reads 2 × 2 texels around 16.16 sample positions and blends them over a row of pixels.
///
/// A sample weighs its texels t00, t10, t01, t11 with 8-bit weights summing to 256 (w11 = fx·fy / 256,
/// w10 = fx − w11, w01 = fy − w11, w00 = 256 − fx − fy + w11, from the fractions fx, fy of its
/// position), rounds the sum to 8 bits per channel, scales it by the opacity and blends it
/// source-over, every division by 255 rounded as `PixelMath`. Where all four texels of four
/// consecutive samples lie inside the image, the four pixels are computed at once in 16-bit vector
/// lanes (`SampleLanes`); elsewhere, and for the few pixels left over, one at a time in 64-bit SWAR.
/// Both give the same bits.
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

    /// The same image read with another opacity.
    init(_ other: BilinearSampler, opacity: UInt32) {
        pixels = other.pixels
        stride = other.stride
        width = other.width
        height = other.height
        self.opacity = opacity
    }

    /// Blends `count` samples over `dst`, the first at (u, v), then stepping by (du, dv).
    func drawRow(into dst: UnsafeMutablePointer<UInt32>, count: Int, u: Int, v: Int, du: Int, dv: Int) {
        // `drawInside` keeps positions in 32 bits, which holds them for images up to 2¹⁶ texels a side.
        let fits = width <= 1 << 16 && height <= 1 << 16
        let inside =
            fits
            ? Self.steps(from: u, by: du, count: count, within: (width - 1) << 16)
                .clamped(to: Self.steps(from: v, by: dv, count: count, within: (height - 1) << 16)) : 0..<0
        if inside.lowerBound > 0 {
            drawEach(into: dst, columns: 0..<inside.lowerBound, u: u, v: v, du: du, dv: dv)
        }
        drawInside(into: dst, columns: inside, u: u, v: v, du: du, dv: dv)
        if inside.upperBound < count {
            drawEach(into: dst, columns: inside.upperBound..<count, u: u, v: v, du: du, dv: dv)
        }
    }

    /// The steps k in 0 ..< count where `start + k · step` lies in 0 ..< limit (a range, the
    /// sequence being monotonic). Empty when `limit` is not positive, or when the numbers are so
    /// large that the sequence could wrap around (no image is that large).
    static func steps(from start: Int, by step: Int, count: Int, within limit: Int) -> Range<Int> {
        let bounded = start > -(1 << 50) && start < 1 << 50 && step > -(1 << 40) && step < 1 << 40
        guard bounded, count > 0, count < 1 << 20, limit > 0 else { return 0..<0 }
        let last = start + (count - 1) * step
        if start >= 0, start < limit, last >= 0, last < limit { return 0..<count }
        let first: Int
        let end: Int
        if step > 0 {
            first = ceilingDivision(-start, step)
            end = ceilingDivision(limit - start, step)
        } else if step < 0 {
            first = floorDivision(start - limit, -step) + 1
            end = floorDivision(start, -step) + 1
        } else {
            return start >= 0 && start < limit ? 0..<count : 0..<0
        }
        let lower = min(max(first, 0), count)
        return lower..<max(lower, min(end, count))
    }

    /// ⌊n / d⌋ for d > 0.
    private static func floorDivision(_ n: Int, _ d: Int) -> Int {
        n >= 0 ? n / d : -((d - 1 - n) / d)
    }

    /// ⌈n / d⌉ for d > 0.
    private static func ceilingDivision(_ n: Int, _ d: Int) -> Int {
        -floorDivision(-n, d)
    }

    /// Samples columns `columns` (k counted from the row's first sample at (u, v)) whose texels all
    /// lie inside the image, four at a time, the last one to three together too.
    private func drawInside(
        into dst: UnsafeMutablePointer<UInt32>, columns: Range<Int>, u: Int, v: Int, du: Int, dv: Int
    ) {
        guard !columns.isEmpty else { return }
        let u = u &+ columns.lowerBound &* du
        let v = v &+ columns.lowerBound &* dv
        var positions = QuadPositions(u: u, v: v, du: du, dv: dv)
        // Inside an image of at most 2¹⁶ texels a side u and v lie in 0 ..< 2³², so v · 2³² + u holds
        // both, and adding dv · 2³² + du (modulo 2⁶⁴) steps both at once.
        var uv = UInt64(truncatingIfNeeded: v) &<< 32 &+ UInt64(truncatingIfNeeded: u)
        let step = UInt64(truncatingIfNeeded: dv) &<< 32 &+ UInt64(truncatingIfNeeded: du)
        let opacity = self.opacity
        var k = columns.lowerBound
        while columns.upperBound - k >= 4 {
            drawQuad(
                into: dst + k, count: 4, uv: uv, step: step, positions: positions, opacity: opacity, du: du, dv: dv)
            uv &+= step &* 4
            positions.advance()
            k += 4
        }
        if k < columns.upperBound {
            drawQuad(
                into: dst + k, count: columns.upperBound - k, uv: uv, step: step, positions: positions,
                opacity: opacity, du: du, dv: dv)
        }
    }

    /// Samples `count` (1 … 4) consecutive columns from `dst` on, all with texels inside the image:
    /// the first at `uv` (v · 2³² + u), then stepping by `step` (du, dv), their positions also in
    /// `positions`. Below four, the missing samples read the last one's texels and are not stored.
    @inline(__always)
    private func drawQuad(
        into dst: UnsafeMutablePointer<UInt32>, count: Int, uv: UInt64, step: UInt64, positions: QuadPositions,
        opacity: UInt32, du: Int, dv: Int
    ) {
        let uv1 = count > 1 ? uv &+ step : uv
        let uv2 = count > 2 ? uv1 &+ step : uv1
        let uv3 = count > 3 ? uv2 &+ step : uv2
        let pitch = stride >> 2
        let t0 = topLeft(uv, pitch: pitch)
        let t1 = topLeft(uv1, pitch: pitch)
        let t2 = topLeft(uv2, pitch: pitch)
        let t3 = topLeft(uv3, pitch: pitch)
        let top01 = SampleLanes.texelPairs(t0, t1)
        let bottom01 = SampleLanes.texelPairs(t0 + pitch, t1 + pitch)
        let top23 = SampleLanes.texelPairs(t2, t3)
        let bottom23 = SampleLanes.texelPairs(t2 + pitch, t3 + pitch)
        guard !SampleLanes.isZero(top01 | bottom01 | top23 | bottom23) else { return }
        var sample01 = SampleLanes.sample(
            top: top01, bottom: bottom01, weights: SamplePairWeights(u: positions.u01, v: positions.v01))
        var sample23 = SampleLanes.sample(
            top: top23, bottom: bottom23, weights: SamplePairWeights(u: positions.u23, v: positions.v23))
        if opacity < 255 {
            let opacity = SampleLanes(repeating: UInt16(opacity))
            sample01 = SampleLanes.divideBy255(sample01 &* opacity)
            sample23 = SampleLanes.divideBy255(sample23 &* opacity)
        }
        let below = SampleLanes.widen(unsafeBitCast(Self.load(count, from: dst), to: SIMD16<UInt8>.self))
        let result01 = sample01 &+ SampleLanes.divideBy255(below.0 &* (255 &- sample01.alphas))
        let result23 = sample23 &+ SampleLanes.divideBy255(below.1 &* (255 &- sample23.alphas))
        guard SampleLanes.isZero(unsafeBitCast((result01 | result23) & 0xFF00, to: SIMD16<UInt8>.self)) else {
            // A channel above its alpha in the image overflowed; the one-at-a-time blend carries the
            // overflow the way the 32-bit pixel arithmetic does.
            let (u, v) = (Int(truncatingIfNeeded: uv & 0xFFFF_FFFF), Int(truncatingIfNeeded: uv >> 32))
            return drawEach(into: dst, columns: 0..<count, u: u, v: v, du: du, dv: dv)
        }
        Self.store(count, of: unsafeBitCast(SampleLanes.narrow(result01, result23), to: SIMD4<UInt32>.self), to: dst)
    }

    /// The `count` (1 … 4) pixels from `pixels` on, zeros after them.
    @inline(__always)
    private static func load(_ count: Int, from pixels: UnsafeMutablePointer<UInt32>) -> SIMD4<UInt32> {
        let raw = UnsafeRawPointer(pixels)
        switch count {
        case 4: return raw.loadUnaligned(as: SIMD4<UInt32>.self)
        case 1: return SIMD4<UInt32>(pixels[0], 0, 0, 0)
        default:
            let firstTwo = unsafeBitCast(SIMD2<UInt64>(raw.loadUnaligned(as: UInt64.self), 0), to: SIMD4<UInt32>.self)
            return count == 2 ? firstTwo : firstTwo &+ SIMD4<UInt32>(0, 0, pixels[2], 0)
        }
    }

    /// Stores the first `count` (1 … 4) lanes of `lanes` from `pixels` on.
    @inline(__always)
    private static func store(_ count: Int, of lanes: SIMD4<UInt32>, to pixels: UnsafeMutablePointer<UInt32>) {
        let raw = UnsafeMutableRawPointer(pixels)
        switch count {
        case 4: raw.storeBytes(of: lanes, as: SIMD4<UInt32>.self)
        case 1: pixels[0] = lanes[0]
        default:
            raw.storeBytes(of: unsafeBitCast(lanes, to: SIMD2<UInt64>.self)[0], as: UInt64.self)
            if count == 3 { pixels[2] = lanes[2] }
        }
    }

    /// The address of the top-left texel of a sample at `uv` (v · 2³² + u) inside the image, with
    /// `pitch` texels a row (the row and column are those of a texel, so the offset cannot overflow).
    @inline(__always)
    private func topLeft(_ uv: UInt64, pitch: Int) -> UnsafePointer<UInt32> {
        let column = Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: uv) >> 16)
        let row = Int(truncatingIfNeeded: uv >> 48)
        return UnsafePointer(pixels.assumingMemoryBound(to: UInt32.self)) + (row &* pitch &+ column)
    }

    /// Texel (i, j), transparent outside the image.
    @inline(__always)
    private func texel(_ i: Int, _ j: Int) -> UInt32 {
        guard UInt(bitPattern: i) < UInt(width), UInt(bitPattern: j) < UInt(height) else { return 0 }
        return (pixels + j &* stride).assumingMemoryBound(to: UInt32.self)[i]
    }

    /// A pixel's channels in four 16-bit lanes: B, R, G, A from the low end.
    @inline(__always)
    private static func spread(_ p: UInt32) -> UInt64 {
        let q = UInt64(p)
        return (q | q << 24) & 0x00FF_00FF_00FF_00FF
    }

    /// The inverse of `spread` for lanes holding a value × 256.
    @inline(__always)
    private static func gather(_ x: UInt64) -> UInt32 {
        let y = ((x &+ 0x0080_0080_0080_0080) >> 8) & 0x00FF_00FF_00FF_00FF
        return UInt32(truncatingIfNeeded: y | y >> 24)
    }

    /// Blends one sample at (u, v) (16.16 texel-index position) over `dst[0]`, with transparent texels
    /// outside the image, exactly as a sample of `drawRow` at the same position.
    func drawSample(into dst: UnsafeMutablePointer<UInt32>, u: Int, v: Int) {
        drawEach(into: dst, columns: 0..<1, u: u, v: v, du: 0, dv: 0)
    }

    /// Samples columns `columns` (k counted from the row's first sample at (u, v)) one at a time,
    /// with transparent texels outside the image: four 64-bit multiplications a sample, each texel
    /// spread into four 16-bit lanes.
    private func drawEach(
        into dst: UnsafeMutablePointer<UInt32>, columns: Range<Int>, u: Int, v: Int, du: Int, dv: Int
    ) {
        var u = u &+ columns.lowerBound &* du
        var v = v &+ columns.lowerBound &* dv
        let innerWidth = UInt(max(0, width - 1))
        let innerHeight = UInt(max(0, height - 1))
        for k in columns {
            let i = u >> 16
            let j = v >> 16
            let fx = UInt64(truncatingIfNeeded: (u >> 8) & 0xFF)
            let fy = UInt64(truncatingIfNeeded: (v >> 8) & 0xFF)
            u &+= du
            v &+= dv
            let t00: UInt32
            let t10: UInt32
            let t01: UInt32
            let t11: UInt32
            if UInt(bitPattern: i) < innerWidth, UInt(bitPattern: j) < innerHeight {
                let top = (pixels + j * stride).assumingMemoryBound(to: UInt32.self) + i
                let bottom = (pixels + (j + 1) * stride).assumingMemoryBound(to: UInt32.self) + i
                (t00, t10, t01, t11) = (top[0], top[1], bottom[0], bottom[1])
            } else {
                (t00, t10, t01, t11) = (texel(i, j), texel(i + 1, j), texel(i, j + 1), texel(i + 1, j + 1))
            }
            guard t00 | t10 | t01 | t11 != 0 else { continue }
            let w11 = (fx &* fy) >> 8
            let w10 = fx &- w11
            let w01 = fy &- w11
            let w00 = 256 &- fx &- fy &+ w11
            let sum =
                Self.spread(t00) &* w00 &+ Self.spread(t10) &* w10 &+ Self.spread(t01) &* w01 &+ Self.spread(t11)
                &* w11
            if opacity < 255 {
                dst[k] = PixelMath.over(PixelMath.scale(Self.gather(sum), by: opacity), dst[k])
                continue
            }
            // Source-over in the spread form: sample + dst · (255 − α) / 255, rounded as `PixelMath`.
            let lanes: UInt64 = 0x00FF_00FF_00FF_00FF
            let sample = ((sum &+ 0x0080_0080_0080_0080) >> 8) & lanes
            let t = Self.spread(dst[k]) &* (255 &- (sample >> 48)) &+ 0x0080_0080_0080_0080
            let below = ((t &+ ((t >> 8) & lanes)) >> 8) & lanes
            let x = sample &+ below
            dst[k] = UInt32(truncatingIfNeeded: x | x >> 24)
        }
    }
}

/// Two pixels in 16-bit lanes, one channel a lane in memory order (B, G, R, A, B, G, R, A). Every
/// intermediate of a sample and its blend fits: a weighted sum is at most 255 · 256, a product
/// with 255 − α at most 255 · 255.
typealias SampleLanes = SIMD8<UInt16>

extension SampleLanes {
    /// Bytes 0–7 and 8–15 of `bytes`, each widened to a lane.
    @inline(__always)
    static func widen(_ bytes: SIMD16<UInt8>) -> (Self, Self) {
        (Self(truncatingIfNeeded: bytes.lowHalf), Self(truncatingIfNeeded: bytes.highHalf))
    }

    /// The low bytes of the lanes of `first` then `second` (lanes that hold at most 255).
    @inline(__always)
    static func narrow(_ first: Self, _ second: Self) -> SIMD16<UInt8> {
        SIMD16<UInt8>(truncatingIfNeeded: SIMD16<UInt16>(lowHalf: first, highHalf: second))
    }

    /// Whether every byte of `bytes` is zero.
    @inline(__always)
    static func isZero(_ bytes: SIMD16<UInt8>) -> Bool {
        let halves = unsafeBitCast(bytes, to: SIMD2<UInt64>.self)
        return halves[0] | halves[1] == 0
    }

    /// Each lane `x` (at most 255 · 255) divided by 255, rounded as `PixelMath.mul255`:
    /// ((x + 128) + ((x + 128) >> 8)) >> 8 equals ((x + 128) · 257) >> 16, one high multiplication.
    @inline(__always)
    static func divideBy255(_ x: Self) -> Self {
        Self(truncatingIfNeeded: (SIMD8<UInt32>(truncatingIfNeeded: x &+ 128) &* 257) &>> 16)
    }

    /// Each pixel's alpha in all four of its lanes.
    @inline(__always)
    var alphas: Self {
        Self(self[3], self[3], self[3], self[3], self[7], self[7], self[7], self[7])
    }

    /// The texels at `first` and the one after it, and at `second` and the one after it, as
    /// (first's left, second's left, first's right, second's right).
    @inline(__always)
    static func texelPairs(_ first: UnsafePointer<UInt32>, _ second: UnsafePointer<UInt32>) -> SIMD16<UInt8> {
        let a = UnsafeRawPointer(first).loadUnaligned(as: SIMD2<UInt32>.self)
        let b = UnsafeRawPointer(second).loadUnaligned(as: SIMD2<UInt32>.self)
        return unsafeBitCast(SIMD4<UInt32>(a[0], b[0], a[1], b[1]), to: SIMD16<UInt8>.self)
    }

    /// The bilinear samples of two pixels, rounded to 8 bits a channel, from their upper texels
    /// (`texelPairs` of t00, t10) and lower texels (t01, t11). The weighted sum
    /// t00·w00 + t10·w10 + t01·w01 + t11·w11 is regrouped as
    /// 256·t00 + fx·(t10 − t00) + fy·(t01 − t00) + w11·(t11 − t01 − t10 + t00), the same number in
    /// three multiplications; the differences wrap around in 16 bits, which the sum undoes.
    @inline(__always)
    static func sample(top: SIMD16<UInt8>, bottom: SIMD16<UInt8>, weights: SamplePairWeights) -> Self {
        let (t00, t10) = widen(top)
        let (t01, t11) = widen(bottom)
        let across = t10 &- t00
        let sum =
            t00 &<< 8 &+ weights.fx &* across &+ weights.fy &* (t01 &- t00) &+ weights.w11 &* (t11 &- t01 &- across)
        return (sum &+ 128) &>> 8
    }
}

/// The 16.16 positions of four consecutive samples, modulo 2¹⁶ (the fractions are bits 8–15), each
/// in the four lanes of its pixel: samples 0 and 1 in `u01`, `v01`, samples 2 and 3 in `u23`, `v23`.
struct QuadPositions {
    var u01: SampleLanes
    var v01: SampleLanes
    var u23: SampleLanes
    var v23: SampleLanes
    let uStep: SampleLanes
    let vStep: SampleLanes

    /// The positions of samples (u, v) + n · (du, dv), n = 0 … 3.
    init(u: Int, v: Int, du: Int, dv: Int) {
        u01 = Self.lanes(u, u &+ du)
        v01 = Self.lanes(v, v &+ dv)
        u23 = Self.lanes(u &+ 2 &* du, u &+ 3 &* du)
        v23 = Self.lanes(v &+ 2 &* dv, v &+ 3 &* dv)
        uStep = SampleLanes(repeating: UInt16(truncatingIfNeeded: 4 &* du))
        vStep = SampleLanes(repeating: UInt16(truncatingIfNeeded: 4 &* dv))
    }

    /// `first` in lanes 0–3, `second` in lanes 4–7, modulo 2¹⁶.
    private static func lanes(_ first: Int, _ second: Int) -> SampleLanes {
        let a = UInt16(truncatingIfNeeded: first)
        let b = UInt16(truncatingIfNeeded: second)
        return SampleLanes(a, a, a, a, b, b, b, b)
    }

    /// Moves on to the next four samples.
    @inline(__always)
    mutating func advance() {
        u01 &+= uStep
        v01 &+= vStep
        u23 &+= uStep
        v23 &+= vStep
    }
}

/// The bilinear weights of two samples, each in the four lanes of its pixel: the fractions fx, fy
/// and w11 = fx·fy / 256 (the others being w10 = fx − w11, w01 = fy − w11, w00 = 256 − fx − fy + w11).
struct SamplePairWeights {
    let fx: SampleLanes
    let fy: SampleLanes
    let w11: SampleLanes

    /// The weights of samples at positions `u`, `v` (as `QuadPositions` keeps them).
    @inline(__always)
    init(u: SampleLanes, v: SampleLanes) {
        fx = u &>> 8
        fy = v &>> 8
        w11 = (fx &* fy) &>> 8
    }
}
