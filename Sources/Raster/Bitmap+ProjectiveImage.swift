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
        guard let box = Self.projectedBounds(width: w, height: h, projection) else { return }
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
