import Dispatch
import Geometry

/// Images drawn under a projective map: a layer's contents under a 3D transform with perspective.
extension Bitmap {
    /// Draws `image` over this bitmap through `projection` (image pixels → device pixels), sampled
    /// bilinearly as `draw(_:transform:opacity:in:visibleTexels:bands:)` samples (texel centres at
    /// + 0.5) but with each device pixel's centre mapped back through the exact inverse, its own W
    /// divided out: no affine approximation. Without `mask`, texels outside the image are transparent,
    /// so edges fade over one pixel; with one (the exact-area coverage of the projected image
    /// rectangle, as a layer's contents are cut), samples are clamped to the edge texels and multiplied
    /// by the coverage, so edges are as crisp as the coverage. The part of the image at or behind the
    /// eye (W < `Homography.nearestW`) is not drawn. Only the bounding box of the projected, clipped
    /// image rectangle (inside `region`, `clip` and the mask's bounds) is visited; with `bands > 1` its
    /// rows are split into that many bands drawn concurrently. A singular projection draws nothing; an
    /// affine one gives the affine drawing's pixels (to within 1/65536 texel of position).
    public func draw(
        _ image: Bitmap, projection: Homography, opacity: UInt8 = 255, mask: Mask? = nil, in region: Region? = nil,
        within clip: PixelRect? = nil, bands: Int = 1
    ) {
        guard opacity > 0, image.width > 0, image.height > 0, let inverse = projection.inverted else { return }
        let canvas = PixelRect(x: 0, y: 0, width: width, height: height)
        let bounds = Self.deviceBounds(ofImageWidth: image.width, height: image.height, projection: projection)
            .intersection(clip.map { canvas.intersection($0) } ?? canvas).intersection(mask?.bounds ?? canvas)
        guard !bounds.isEmpty else { return }
        let job = ProjectiveRows(
            sampler: BilinearSampler(image: image, opacity: UInt32(opacity)), inverse: inverse, bounds: bounds,
            region: region, mask: mask)
        RowBands.forEach(bounds.rows, bands: bands, minimumRows: 32) { job.draw(rows: $0, into: self) }
    }

    /// The device pixels that drawing an image of `width × height` through `projection` can touch: the
    /// bounding box of its projected rectangle (the part in front of the eye), widened by one pixel for
    /// the bilinear fringe; empty when all of it is behind the eye.
    public static func deviceBounds(ofImageWidth width: Int, height: Int, projection: Homography) -> PixelRect {
        guard let box = projectedBounds(width: CGFloat(width), height: CGFloat(height), projection) else {
            return PixelRect(x: 0, y: 0, width: 0, height: 0)
        }
        let clamp = { (v: CGFloat) in min(max(v, -1e9), 1e9) }
        let (x0, y0, x1, y1) = (clamp(box.minX), clamp(box.minY), clamp(box.maxX), clamp(box.maxY))
        return PixelRect(enclosing: CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)).insetBy(-1)
    }

    /// The bounding box of the rectangle 0 … width × 0 … height after `projection`, its part behind the
    /// eye clipped away (the corners in front and the points where the edges cross the near W); nil when
    /// all of it is behind. Allocates nothing.
    private static func projectedBounds(width w: CGFloat, height h: CGFloat, _ projection: Homography) -> CGRect? {
        let near = Homography.nearestW
        var (x0, y0, x1, y1) = (CGFloat.infinity, CGFloat.infinity, -CGFloat.infinity, -CGFloat.infinity)
        func include(_ x: CGFloat, _ y: CGFloat, _ w: CGFloat) {
            x0 = min(x0, x / w)
            x1 = max(x1, x / w)
            y0 = min(y0, y / w)
            y1 = max(y1, y / w)
        }
        let corners = (CGPoint(x: 0, y: 0), CGPoint(x: w, y: 0), CGPoint(x: w, y: h), CGPoint(x: 0, y: h))
        let p = (
            projection.homogeneous(corners.0), projection.homogeneous(corners.1), projection.homogeneous(corners.2),
            projection.homogeneous(corners.3)
        )
        for (a, b) in [(p.0, p.1), (p.1, p.2), (p.2, p.3), (p.3, p.0)] {
            if a.w >= near { include(a.x, a.y, a.w) }
            if (a.w >= near) != (b.w >= near) {
                let t = (near - a.w) / (b.w - a.w)
                include(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, near)
            }
        }
        guard x1 >= x0, y1 >= y0 else { return nil }
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

/// Drawing one image through a projective map over rows of a bitmap. `@unchecked Sendable` because it
/// holds the source bitmap and the mask, which the bands drawing rows concurrently only read.
struct ProjectiveRows: @unchecked Sendable {
    let sampler: BilinearSampler
    /// Device → image pixels.
    let inverse: Homography
    let bounds: PixelRect
    let region: Region?
    /// The coverage that cuts the image (samples then clamped to the edge texels); nil for none.
    let mask: Mask?

    /// Draws rows `rows` (inside `bounds`) of the image into `bitmap`.
    func draw(rows: Range<Int>, into bitmap: Bitmap) {
        let band = PixelRect(x: bounds.minX, y: rows.lowerBound, width: bounds.width, height: rows.count)
        bitmap.forEachRow(in: region, within: band) { y, x0, x1 in draw(row: y, from: x0, to: x1, into: bitmap) }
    }

    /// Draws columns `x0 ..< x1` of row `y` (nothing when empty), through the mask's spans if any.
    @inline(__always)
    private func draw(row y: Int, from x0: Int, to x1: Int, into bitmap: Bitmap) {
        guard x1 > x0 else { return }
        guard let mask else {
            draw(row: y, columns: x0..<x1, into: bitmap)
            return
        }
        let bytes = mask.coverageBytes(inRow: y)
        for span in mask.spans(inRow: y) {
            let (start, end) = (max(x0, Int(span.x)), min(x1, Int(span.end)))
            guard start < end else { continue }
            draw(row: y, columns: start..<end, coverage: span.coverage, bytes: bytes, into: bitmap)
        }
    }

    /// Samples the pixels `columns` of row `y`: each pixel centre mapped back through `inverse`
    /// (stepped along the row, divided per pixel). With `coverage` (a mask span's: 1…255, or
    /// `CoverageSpan.varying` to read `bytes[x]`) the sample is clamped to the image and weighted by
    /// it; without, taps outside the image are transparent.
    private func draw(
        row y: Int, columns: Range<Int>, coverage: Int32? = nil, bytes: UnsafePointer<UInt8>? = nil,
        into bitmap: Bitmap
    ) {
        let w = CGFloat(sampler.width)
        let h = CGFloat(sampler.height)
        let scale: CGFloat = 65536
        let i = inverse
        let out = bitmap.row(y)
        let cy = CGFloat(y) + 0.5
        let cx = CGFloat(columns.lowerBound) + 0.5
        var qx = cx * i.m11 + cy * i.m21 + i.m31
        var qy = cx * i.m12 + cy * i.m22 + i.m32
        var qw = cx * i.m13 + cy * i.m23 + i.m33
        for x in columns {
            defer {
                qx += i.m11
                qy += i.m12
                qw += i.m13
            }
            // W of the inverse is 1 / W of the forward map: positive only in front of the eye.
            guard qw > 0 else { continue }
            var u = qx / qw - 0.5
            var v = qy / qw - 0.5
            guard let coverage else {
                // Every tap of a sample outside (−1, w) × (−1, h) is transparent.
                guard u > -1, u < w, v > -1, v < h else { continue }
                sampler.drawSample(into: out + x, u: Int(u * scale), v: Int(v * scale))
                continue
            }
            let c = coverage == CoverageSpan.varying ? UInt32(bytes![x]) : UInt32(coverage)
            guard c > 0, u.isFinite, v.isFinite else { continue }
            u = min(max(u, 0), w - 1)
            v = min(max(v, 0), h - 1)
            if c == 255 {
                sampler.drawSample(into: out + x, u: Int(u * scale), v: Int(v * scale))
            } else {
                let t = sampler.opacity * c + 128
                BilinearSampler(sampler, opacity: ((t >> 8) + t) >> 8)
                    .drawSample(into: out + x, u: Int(u * scale), v: Int(v * scale))
            }
        }
    }
}
