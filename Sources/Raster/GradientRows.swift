import Dispatch
import Geometry

extension GradientShading {
    /// Writes the colours of `count` pixels of device row `y` from column `x` into `out`, each sampled
    /// at its pixel centre.
    public func shade(row y: Int, from x: Int, count: Int, into out: UnsafeMutablePointer<Pixel>) {
        let m = spaceFromDevice
        let cx = Double(x) + 0.5
        let cy = Double(y) + 0.5
        let u0 = m.a * cx + m.c * cy + m.tx
        let v0 = m.b * cx + m.d * cy + m.ty
        let last = Double(GradientTable.size - 1)
        table.colors.withUnsafeBufferPointer { colors in
            let colors = colors.baseAddress!
            @inline(__always) func color(_ t: Double) -> Pixel {
                colors[Int(min(last, max(0, t * last)) + 0.5)]
            }
            switch kind {
            case .axial:
                for i in 0..<count { out[i] = color(u0 + m.a * Double(i)) }
            case .radial:
                for i in 0..<count {
                    let u = u0 + m.a * Double(i)
                    let v = v0 + m.b * Double(i)
                    out[i] = color((u * u + v * v).squareRoot())
                }
            case .conic:
                for i in 0..<count {
                    let turn = FastAngle.atan2(v0 + m.b * Double(i), u0 + m.a * Double(i)) * (0.5 / Double.pi)
                    out[i] = color(turn < 0 ? turn + 1 : turn)
                }
            }
        }
    }
}

extension Bitmap {
    /// Draws `gradient` source-over into the pixels of `rect` (clipped to the bitmap, and to `region`
    /// when one is given), each scaled by `opacity` and, when `mask` is given, by its coverage (pixels it
    /// does not cover are left alone): how a gradient layer fills its bounds, its rounded corners given
    /// as the mask. An opaque gradient at full opacity and coverage is stored without blending. With
    /// `bands > 1` the rows are split into that many bands drawn concurrently (shading is compute-bound).
    public func drawGradient(
        _ gradient: GradientShading, in rect: PixelRect, opacity: UInt8 = 255, mask: Mask? = nil,
        region: Region? = nil, bands: Int = 1
    ) {
        let area = rect.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        guard !area.isEmpty, opacity > 0 else { return }
        RowBands.forEach(area.rows, bands: bands, minimumRows: 32) {
            drawGradientRows(gradient, area, rows: $0, opacity, mask, region)
        }
    }

    /// Rows `rows` of `drawGradient` (inside `area`, which lies in the bitmap).
    private func drawGradientRows(
        _ gradient: GradientShading, _ area: PixelRect, rows: Range<Int>, _ opacity: UInt8, _ mask: Mask?,
        _ region: Region?
    ) {
        let chunk = 256
        withUnsafeTemporaryAllocation(of: Pixel.self, capacity: chunk) { buffer in
            let colors = buffer.baseAddress!
            // Shades columns x0 ..< x1 of row y a chunk at a time and hands each to `blend`.
            func each(_ y: Int, _ x0: Int, _ x1: Int, _ blend: (UnsafeMutablePointer<Pixel>, Int, Int) -> Void) {
                var x = x0
                while x < x1 {
                    let n = min(chunk, x1 - x)
                    gradient.shade(row: y, from: x, count: n, into: colors)
                    blend(row(y) + x, x, n)
                    x += n
                }
            }
            let scale = UInt32(opacity)
            // Shades columns x0 ..< x1 of row y (nothing when empty) over what is there.
            func shade(_ y: Int, _ x0: Int, _ x1: Int) {
                guard x1 > x0 else { return }
                guard let mask else {
                    if gradient.table.isOpaque && opacity == 255 {
                        gradient.shade(row: y, from: x0, count: x1 - x0, into: row(y) + x0)
                        return
                    }
                    each(y, x0, x1) { out, _, n in
                        for i in 0..<n { out[i] = PixelMath.over(PixelMath.scale(colors[i], by: scale), out[i]) }
                    }
                    return
                }
                walkSpans(
                    of: mask, row: y, from: x0, to: x1, gap: { _, _ in },
                    run: { s0, s1, m in
                        let weight = PixelMath.mul255(m, scale)
                        each(y, s0, s1) { out, _, n in
                            for i in 0..<n { out[i] = PixelMath.over(PixelMath.scale(colors[i], by: weight), out[i]) }
                        }
                    },
                    varying: { s0, s1, bytes in
                        each(y, s0, s1) { out, x, n in
                            for i in 0..<n {
                                let weight = PixelMath.mul255(UInt32(bytes[x + i]), scale)
                                out[i] = PixelMath.over(PixelMath.scale(colors[i], by: weight), out[i])
                            }
                        }
                    })
            }
            let band = PixelRect(x: area.minX, y: rows.lowerBound, width: area.width, height: rows.count)
            forEachRow(in: region, within: band, shade)
        }
    }
}

/// atan2 from a polynomial, for the conic gradient's per-pixel angle: the odd degree-11 minimax
/// polynomial of NVIDIA's Cg reference `atan2` (developer.download.nvidia.com/cg/atan2.html) on the
/// ratio of the smaller to the larger coordinate, then reflected into the right octant. Within 1e-5
/// radians of `atan2` (tested), several times faster than the library call.
enum FastAngle {
    @inline(__always)
    static func atan2(_ y: Double, _ x: Double) -> Double {
        let ax = abs(x)
        let ay = abs(y)
        let big = max(ax, ay)
        guard big > 0 else { return 0 }
        let r = min(ax, ay) / big
        let s = r * r
        var p = -0.013480470
        p = p * s + 0.057477314
        p = p * s - 0.121239071
        p = p * s + 0.195635925
        p = p * s - 0.332994597
        p = p * s + 0.999995630
        var angle = p * r
        if ay > ax { angle = Double.pi / 2 - angle }
        if x < 0 { angle = Double.pi - angle }
        return y < 0 ? -angle : angle
    }
}
