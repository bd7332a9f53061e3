import Geometry

/// Images drawn under a projective map: a layer's contents under a 3D transform with perspective.
extension Bitmap {
    /// Draws `image` over this bitmap through `projection` (image pixels → device pixels), sampled
    /// bilinearly as `draw(_:transform:opacity:in:visibleTexels:bands:)` samples (texel centres at
    /// + 0.5, transparent outside, so edges fade over one pixel) but with each device pixel's centre
    /// mapped back through the exact inverse, its own W divided out: no affine approximation. The
    /// part of the image at or behind the eye (W < `Homography.nearestW`) is not drawn. Only the
    /// bounding box of the projected, clipped image rectangle is visited. A singular projection draws
    /// nothing; an affine one gives the affine drawing's pixels (to within 1/65536 texel of position).
    public func draw(_ image: Bitmap, projection: Homography, opacity: UInt8 = 255) {
        guard opacity > 0, image.width > 0, image.height > 0, let inverse = projection.inverted else { return }
        let (w, h) = (CGFloat(image.width), CGFloat(image.height))
        var corners: [CGPoint] = []
        projection.projectClipped(
            [CGPoint(x: 0, y: 0), CGPoint(x: w, y: 0), CGPoint(x: w, y: h), CGPoint(x: 0, y: h)], into: &corners)
        guard let first = corners.first else { return }
        var box = CGRect(origin: first, size: .zero)
        for p in corners.dropFirst() { box = box.union(CGRect(origin: p, size: .zero)) }
        let bounds = PixelRect(enclosing: box).insetBy(-1).intersection(
            PixelRect(x: 0, y: 0, width: width, height: height))
        guard !bounds.isEmpty else { return }
        let sampler = BilinearSampler(image: image, opacity: UInt32(opacity))
        let scale: CGFloat = 65536
        for y in bounds.rows {
            let out = row(y)
            let cy = CGFloat(y) + 0.5
            for x in bounds.columns {
                let cx = CGFloat(x) + 0.5
                let q = inverse.homogeneous(CGPoint(x: cx, y: cy))
                // W of the inverse is 1 / W of the forward map: positive only in front of the eye.
                guard q.w > 0 else { continue }
                let u = q.x / q.w - 0.5
                let v = q.y / q.w - 0.5
                // Every tap of a sample outside (−1, w) × (−1, h) is transparent.
                guard u > -1, u < w, v > -1, v < h else { continue }
                sampler.drawSample(into: out + x, u: Int(u * scale), v: Int(v * scale))
            }
        }
    }
}
