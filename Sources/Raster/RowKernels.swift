/// The per-row loops behind compositing: plain loops over unsafe pointers with `PixelMath`'s wrapping
/// arithmetic, which the compiler vectorizes (SSE2, the x86-64 baseline) with no check in the loop,
/// one job each.
enum RowKernels {
    /// `dst[i] = src[i]`.
    @inline(__always)
    static func copy(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, _ count: Int) {
        if dst != src { dst.update(from: src, count: count) }
    }

    /// `dst[i] = src[i] over dst[i]`.
    static func over(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, _ count: Int) {
        for i in 0..<count { dst[i] = PixelMath.over(src[i], dst[i]) }
    }

    /// `dst[i] = (src[i] · m) over dst[i]`.
    static func over(
        _ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, scale m: UInt32, _ count: Int
    ) {
        for i in 0..<count { dst[i] = PixelMath.over(PixelMath.scale(src[i], by: m), dst[i]) }
    }

    /// `dst[i] = (src[i] · coverage[i] · opacity) over dst[i]`.
    static func over(
        _ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, coverage: UnsafePointer<UInt8>,
        opacity: UInt32, _ count: Int
    ) {
        if opacity == 255 {
            for i in 0..<count {
                dst[i] = PixelMath.over(PixelMath.scale(src[i], by: UInt32(coverage[i])), dst[i])
            }
        } else {
            for i in 0..<count {
                let m = PixelMath.mul255(UInt32(coverage[i]), opacity)
                dst[i] = PixelMath.over(PixelMath.scale(src[i], by: m), dst[i])
            }
        }
    }

    /// `out[i] = (b[i] · m) over a[i]`.
    static func blend(
        _ out: UnsafeMutablePointer<UInt32>, _ b: UnsafePointer<UInt32>, _ a: UnsafePointer<UInt32>, scale m: UInt32,
        _ count: Int
    ) {
        for i in 0..<count { out[i] = PixelMath.over(PixelMath.scale(b[i], by: m), a[i]) }
    }

    /// `out[i] = (b[i] · coverage[i]) over a[i]`.
    static func blend(
        _ out: UnsafeMutablePointer<UInt32>, _ b: UnsafePointer<UInt32>, _ a: UnsafePointer<UInt32>,
        coverage: UnsafePointer<UInt8>, _ count: Int
    ) {
        for i in 0..<count { out[i] = PixelMath.over(PixelMath.scale(b[i], by: UInt32(coverage[i])), a[i]) }
    }

    /// `out[i] = b[i] over a[i]`.
    static func blend(
        _ out: UnsafeMutablePointer<UInt32>, _ b: UnsafePointer<UInt32>, _ a: UnsafePointer<UInt32>, _ count: Int
    ) {
        for i in 0..<count { out[i] = PixelMath.over(b[i], a[i]) }
    }

    /// `dst[i] = src[i] + dst[i]`, each channel saturating at 255 (the "plus lighter" blend), four
    /// pixels at a time: min(d, 255 − s) + s per byte is min(255, d + s) and never carries.
    @inline(__always)
    static func add(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, _ count: Int) {
        var i = 0
        while i &+ 4 <= count {
            let s = UnsafeRawPointer(src + i).loadUnaligned(as: SIMD16<UInt8>.self)
            let raw = UnsafeMutableRawPointer(dst + i)
            let d = raw.loadUnaligned(as: SIMD16<UInt8>.self)
            raw.storeBytes(of: pointwiseMin(d, ~s) &+ s, as: SIMD16<UInt8>.self)
            i &+= 4
        }
        while i < count {
            let s = SIMD4<UInt8>(truncatingIfNeeded: SIMD4<UInt32>(repeating: src[i]) &>> SIMD4(0, 8, 16, 24))
            let d = SIMD4<UInt8>(truncatingIfNeeded: SIMD4<UInt32>(repeating: dst[i]) &>> SIMD4(0, 8, 16, 24))
            dst[i] = unsafeBitCast(pointwiseMin(d, ~s) &+ s, to: UInt32.self)
            i &+= 1
        }
    }

    /// `dst[i] = color over dst[i]`.
    static func fill(_ dst: UnsafeMutablePointer<UInt32>, color: UInt32, _ count: Int) {
        fill(dst, first: color, middle: color, last: color, count)
    }

    /// `dst[i] = p(i) over dst[i]` where p(0) = `first`, p(count − 1) = `last` and every other p(i) =
    /// `middle` (a row of an axis-aligned rectangle: its partly covered edge pixels and the fully
    /// covered ones between); with one pixel, `first` alone.
    ///
    /// Four pixels at a time in 16-bit lanes (`fourOver`), the first and last four included: their
    /// original pixels are read before any is written and blended last, so the overlap with the
    /// pixels between (blended from the same originals) gets the same values, and no pixel is left to
    /// a one-at-a-time loop once the row has five.
    @inline(__always)
    static func fill(
        _ dst: UnsafeMutablePointer<UInt32>, first: UInt32, middle: UInt32, last: UInt32, _ count: Int
    ) {
        guard count >= 5 else {
            for i in 0..<count {
                let s = i == 0 ? first : i == count &- 1 ? last : middle
                dst[i] = PixelMath.over(s, dst[i])
            }
            return
        }
        let head = UnsafeMutableRawPointer(dst)
        let tail = UnsafeMutableRawPointer(dst + (count &- 4))
        let headPixels = head.loadUnaligned(as: SIMD8<UInt16>.self)
        let tailPixels = tail.loadUnaligned(as: SIMD8<UInt16>.self)
        if middle >> 24 == 255 {
            (dst + 1).update(repeating: middle, count: count &- 2)
        } else {
            let inverse = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: 255 &- middle >> 24))
            let source = SIMD4<UInt32>(repeating: middle)
            // Between the head's four and the tail's: whole fours, then the four ending at the tail
            // (read now, so from their originals) for the one to three pixels left over.
            let between = count &- 8
            let rest = UnsafeMutableRawPointer(dst + max(0, count &- 8))
            let restPixels = rest.loadUnaligned(as: SIMD8<UInt16>.self)
            var i = 4
            while i &+ 4 <= count &- 4 {
                let raw = UnsafeMutableRawPointer(dst + i)
                raw.storeBytes(
                    of: fourOver(raw.loadUnaligned(as: SIMD8<UInt16>.self), source, inverse), as: SIMD8<UInt16>.self)
                i &+= 4
            }
            if between > 0, between & 3 != 0 {
                rest.storeBytes(of: fourOver(restPixels, source, inverse), as: SIMD8<UInt16>.self)
            }
        }
        let headSource = SIMD4<UInt32>(first, middle, middle, middle)
        let tailSource = SIMD4<UInt32>(middle, middle, middle, last)
        tail.storeBytes(of: fourOver(tailPixels, tailSource, inverses(tailSource)), as: SIMD8<UInt16>.self)
        head.storeBytes(of: fourOver(headPixels, headSource, inverses(headSource)), as: SIMD8<UInt16>.self)
    }

    /// `255 − α` of each of four pixels, in both 16-bit lanes of the pixel.
    @inline(__always)
    private static func inverses(_ s: SIMD4<UInt32>) -> SIMD8<UInt16> {
        let inverse = 255 &- (s &>> 24)
        return unsafeBitCast(inverse | inverse &<< 16, to: SIMD8<UInt16>.self)
    }

    /// `s + d · inverse / 255` for four pixels at once, rounded exactly as `PixelMath.scale`: each
    /// 16-bit lane holds two channels of one pixel, split into lanes of one channel (0…255) so the
    /// products stay within 16 bits (SSE2's 16-bit multiply), then joined again; adding `s` per pixel
    /// cannot carry between channels (premultiplied `over` stays within 255). `inverse` holds each
    /// pixel's factor in both of its lanes.
    @inline(__always)
    private static func fourOver(_ d: SIMD8<UInt16>, _ s: SIMD4<UInt32>, _ m: SIMD8<UInt16>) -> SIMD8<UInt16> {
        let half = SIMD8<UInt16>(repeating: 0x80)
        var low = (d & 0x00FF) &* m &+ half
        low = (low &+ (low &>> 8)) &>> 8
        var high = (d &>> 8) &* m &+ half
        high = (high &+ (high &>> 8)) & 0xFF00
        let scaled = unsafeBitCast(low | high, to: SIMD4<UInt32>.self)
        return unsafeBitCast(scaled &+ s, to: SIMD8<UInt16>.self)
    }

    /// `dst[i] = (color · coverage[i] · opacity) over dst[i]`.
    static func fill(
        _ dst: UnsafeMutablePointer<UInt32>, color: UInt32, coverage: UnsafePointer<UInt8>, opacity: UInt32,
        _ count: Int
    ) {
        let whole = count & ~3
        var i = 0
        // The coverage times the opacity, rounded as `PixelMath.mul255` (in 16 bits: 255 · 255 + 128
        // and that plus its high byte stay below 65,536).
        let op = SIMD4<UInt16>(repeating: UInt16(truncatingIfNeeded: opacity))
        while i < whole {
            // Eight uncovered pixels at once (text and blurred planes are mostly empty): left as they are.
            if i &+ 8 <= whole, UnsafeRawPointer(coverage + i).loadUnaligned(as: UInt64.self) == 0 {
                i &+= 8
                continue
            }
            let raw = UnsafeMutableRawPointer(dst + i)
            var cover = UnsafeRawPointer(coverage + i).loadUnaligned(as: SIMD4<UInt8>.self)
            if opacity != 255 {
                let t = SIMD4<UInt16>(truncatingIfNeeded: cover) &* op &+ 128
                cover = SIMD4<UInt8>(truncatingIfNeeded: ((t &>> 8) &+ t) &>> 8)
            }
            if cover != .zero {
                raw.storeBytes(
                    of: fourCoveredOver(raw.loadUnaligned(as: SIMD8<UInt16>.self), color: color, cover: cover),
                    as: SIMD8<UInt16>.self)
            }
            i &+= 4
        }
        while i < count {
            let m = PixelMath.mul255(UInt32(coverage[i]), opacity)
            dst[i] = PixelMath.over(PixelMath.scale(color, by: m), dst[i])
            i &+= 1
        }
    }

    /// `(color · cover[k]) over d[k]` for four pixels at once, rounded exactly as `PixelMath.scale` and
    /// `PixelMath.over`: in 16-bit lanes of two channels each, split into lanes of one channel as
    /// `fourOver` does, the colour is scaled by each pixel's coverage, then the destination by each
    /// scaled colour's inverse alpha.
    @inline(__always)
    private static func fourCoveredOver(_ d: SIMD8<UInt16>, color: UInt32, cover: SIMD4<UInt8>) -> SIMD8<UInt16> {
        let c0 = UInt16(cover[0])
        let c1 = UInt16(cover[1])
        let c2 = UInt16(cover[2])
        let c3 = UInt16(cover[3])
        let source = unsafeBitCast(SIMD4<UInt32>(repeating: color), to: SIMD8<UInt16>.self)
        let s = scaled(source, by: SIMD8<UInt16>(c0, c0, c1, c1, c2, c2, c3, c3))
        let inverse = SIMD4<UInt32>(repeating: 255) &- (unsafeBitCast(s, to: SIMD4<UInt32>.self) &>> 24)
        let m = unsafeBitCast(inverse | (inverse &<< 16), to: SIMD8<UInt16>.self)
        return unsafeBitCast(
            unsafeBitCast(scaled(d, by: m), to: SIMD4<UInt32>.self) &+ unsafeBitCast(s, to: SIMD4<UInt32>.self),
            to: SIMD8<UInt16>.self)
    }

    /// Each channel of four pixels (two per 16-bit lane) times its lane's factor / 255, rounded as
    /// `PixelMath.scale`.
    @inline(__always)
    private static func scaled(_ p: SIMD8<UInt16>, by m: SIMD8<UInt16>) -> SIMD8<UInt16> {
        let half = SIMD8<UInt16>(repeating: 0x80)
        var low = (p & 0x00FF) &* m &+ half
        low = (low &+ (low &>> 8)) &>> 8
        var high = (p &>> 8) &* m &+ half
        high = (high &+ (high &>> 8)) & 0xFF00
        return low | high
    }

    /// `dst[i] = dst[i] · m`.
    static func scale(_ dst: UnsafeMutablePointer<UInt32>, by m: UInt32, _ count: Int) {
        if m == 0 {
            dst.update(repeating: 0, count: count)
        } else if m < 255 {
            for i in 0..<count { dst[i] = PixelMath.scale(dst[i], by: m) }
        }
    }

    /// `dst[i] = dst[i] · coverage[i]`.
    static func scale(_ dst: UnsafeMutablePointer<UInt32>, coverage: UnsafePointer<UInt8>, _ count: Int) {
        for i in 0..<count { dst[i] = PixelMath.scale(dst[i], by: UInt32(coverage[i])) }
    }
}
