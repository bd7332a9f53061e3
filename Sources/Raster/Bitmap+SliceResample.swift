import Geometry

/// One axis of a nine-slice: the piecewise-linear map taking output positions (pixels of the bitmap
/// being filled) to source positions (pixels of the picture). The three output pieces
/// `output.0 … output.3` map onto the source pieces `source.0 … source.3`, each linearly: the ends
/// stay fixed in size and the middle stretches, as `contentsCenter` slices a layer's picture; with
/// the middle alone it is a plain scale (a `contentsRect`). Positions before the first piece or after
/// the last follow the first or last piece's line.
public struct SliceAxis: Sendable, Hashable {
    /// The four output edges and the four source edges, stored inline (a layout is made every frame).
    private var o0, o1, o2, o3: Double
    private var s0, s1, s2, s3: Double

    /// The axis mapping the output edges `output` onto the source edges `source` (four each, increasing).
    public init(output: (Double, Double, Double, Double), source: (Double, Double, Double, Double)) {
        (o0, o1, o2, o3) = output
        (s0, s1, s2, s3) = source
    }

    /// The same from arrays of four edges each.
    public init(output: [Double], source: [Double]) {
        precondition(output.count == 4 && source.count == 4, "a slice axis has four edges")
        self.init(
            output: (output[0], output[1], output[2], output[3]), source: (source[0], source[1], source[2], source[3]))
    }

    /// The output edges.
    public var output: [Double] { [o0, o1, o2, o3] }
    /// The source edges.
    public var source: [Double] { [s0, s1, s2, s3] }

    /// The same axis with its output edges mapped by `x ↦ (x − start) · scale`.
    public func scalingOutput(from start: Double, by scale: Double) -> SliceAxis {
        SliceAxis(
            output: ((o0 - start) * scale, (o1 - start) * scale, (o2 - start) * scale, (o3 - start) * scale),
            source: (s0, s1, s2, s3))
    }

    /// The source position of output position `p`.
    public func sourcePosition(at p: Double) -> Double {
        // The piece p falls in; an empty piece is never it, unless all before it are empty too.
        let (a0, a1, b0, b1): (Double, Double, Double, Double)
        if p >= o2, o3 > o2 || (o2 <= o1 && o1 <= o0) {
            (a0, a1, b0, b1) = (o2, o3, s2, s3)
        } else if p >= o1, o2 > o1 || o1 <= o0 {
            (a0, a1, b0, b1) = (o1, o2, s1, s2)
        } else {
            (a0, a1, b0, b1) = (o0, o1, s0, s1)
        }
        let span = a1 - a0
        let f = span > 0 ? (p - a0) / span : 0
        return b0 + f * (b1 - b0)
    }
}

extension Bitmap {
    /// Replaces every pixel with `image` resampled through the separable map `columns` × `rows`: pixel
    /// (i, j) is the bilinear sample of `image` at (columns(i + ½), rows(j + ½)), texel k centred at
    /// k + ½, the picture's edge pixels extended beyond it (as cairo's `EXTEND_PAD`: Core Animation
    /// extends the edges of `contents` when `contentsRect` reaches outside it). Weights are 8-bit
    /// fractions; each channel is rounded once, after both axes.
    public func resample(_ image: Bitmap, columns: SliceAxis, rows: SliceAxis) {
        guard image.width > 0, image.height > 0, width > 0, height > 0 else { return }
        /// For each output index: the two texels along the axis and the weight of the second (0…256).
        func taps(count: Int, axis: SliceAxis, size: Int) -> [(Int, Int, UInt64)] {
            (0..<count).map { i in
                let u = axis.sourcePosition(at: Double(i) + 0.5) - 0.5
                guard u.isFinite else { return (0, 0, 0) }
                let clamped = min(max(u, -1), Double(size))
                let k = PixelGrid.floor(clamped)
                let weight = UInt64(((clamped - Double(k)) * 256).rounded())
                return (min(max(k, 0), size - 1), min(max(k + 1, 0), size - 1), weight)
            }
        }
        let columnTaps = taps(count: width, axis: columns, size: image.width)
        let down = taps(count: height, axis: rows, size: image.height)
        // Two channels per word, 32 bits apart (alpha and green, red and blue), so one multiply weighs
        // both and the two passes' sums (at most 255 · 256 · 256) fit before the one rounding.
        @inline(__always) func lanes(_ p: Pixel) -> (UInt64, UInt64) {
            let v = UInt64(p)
            return ((v >> 24) << 32 | (v >> 8 & 0xFF), (v >> 16 & 0xFF) << 32 | (v & 0xFF))
        }
        @inline(__always) func across(_ a: Pixel, _ b: Pixel, _ w: UInt64) -> (UInt64, UInt64) {
            let (a0, a1) = lanes(a)
            let (b0, b1) = lanes(b)
            return (a0 &* (256 - w) &+ b0 &* w, a1 &* (256 - w) &+ b1 &* w)
        }
        let mask: UInt64 = 0xFF_0000_00FF
        for j in 0..<height {
            let (y0, y1, wy) = down[j]
            let top = image.row(y0)
            let bottom = image.row(y1)
            let out = row(j)
            for i in 0..<width {
                let (x0, x1, wx) = columnTaps[i]
                let upper = across(top[x0], top[x1], wx)
                let lower = across(bottom[x0], bottom[x1], wx)
                let ag = ((upper.0 &* (256 - wy) &+ lower.0 &* wy &+ 0x8000_0000_8000) >> 16) & mask
                let rb = ((upper.1 &* (256 - wy) &+ lower.1 &* wy &+ 0x8000_0000_8000) >> 16) & mask
                out[i] = Pixel(truncatingIfNeeded: (ag >> 32) << 24 | (rb >> 32) << 16 | (ag & 0xFF) << 8 | (rb & 0xFF))
            }
        }
        updateIsOpaque()
    }
}
