import Foundation
import Pictures
import Raster

/// Images drawn into a rectangle of user space, sampled bilinearly.
extension CGContext {
    /// Draws `image` stretched over `rect` (user space) as Core Graphics draws it: the image's first row
    /// at the rectangle's maximum y, so the picture is upright in a y-up space (a bitmap context) and
    /// upside down in a UIKit-flipped one unless the caller flips it (UIKit's `UIImage.draw(in:)` does).
    /// With `byTiling`, copies of the image at `rect`'s size tile the whole clip, one of them on `rect`.
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false) {
        let r = rect.standardized
        guard image.width > 0, image.height > 0, r.width > 0, r.height > 0 else { return }
        guard byTiling else { return drawImage(image, in: [r]) }
        let box = boundingBoxOfClipPath
        guard box.width.isFinite, box.height.isFinite else { return }
        let columns =
            Int(((box.minX - r.minX) / r.width).rounded(.down))...Int(((box.maxX - r.minX) / r.width).rounded(.up))
        let rows =
            Int(((box.minY - r.minY) / r.height).rounded(.down))...Int(((box.maxY - r.minY) / r.height).rounded(.up))
        guard columns.count * rows.count <= 1 << 16 else { return }
        var tiles: [CGRect] = []
        for j in rows {
            for i in columns {
                tiles.append(r.offsetBy(dx: CGFloat(i) * r.width, dy: CGFloat(j) * r.height))
            }
        }
        drawImage(image, in: tiles)
    }

    /// Draws `image` into each of `rects` in the scratch bitmap, then paints the result once.
    private func drawImage(_ image: CGImage, in rects: [CGRect]) {
        guard let area = place(image, in: rects) else { return }
        paint(.pixels(scratch.source), coverage: nil, area: area)
    }

    /// Intersects the clip with `mask`'s alpha stretched over `rect` (user space), the mask placed as
    /// `draw(_:in:)` places an image (its first row at the rectangle's maximum y); outside the rectangle
    /// nothing is left. Core Graphics takes a gray image's samples or an image's alpha; every picture here
    /// has alpha, which is what is used.
    public func clip(to rect: CGRect, mask: CGImage) {
        let r = rect.standardized
        let old = state.clip
        guard mask.width > 0, mask.height > 0, r.width > 0, r.height > 0, let placed = place(mask, in: [r]) else {
            state.clip = ClipMask(bounds: PixelRect(x: 0, y: 0, width: 0, height: 0), coverage: [])
            return
        }
        let bounds = placed.intersection(old?.bounds ?? canvas)
        var coverage = [UInt8](repeating: 0, count: max(0, bounds.area))
        for y in bounds.rows {
            let row = scratch.source.row(y)
            for x in bounds.columns {
                let alpha = row[x] >> 24
                let kept = old.map { UInt32($0.value(x: x, y: y)) } ?? 255
                coverage[(y - bounds.minY) * bounds.width + (x - bounds.minX)] = UInt8(PixelMath.mul255(alpha, kept))
            }
        }
        state.clip = ClipMask(bounds: bounds, coverage: coverage)
    }

    /// Draws `image` into each of `rects` in the scratch bitmap (cleared first over what they cover); returns
    /// the raster pixels they cover (nil when none). Each copy covers its rectangle exactly (anti-aliased
    /// edges, the exact-area coverage of the rectangle) and is sampled with its edge texels clamped, so
    /// nothing bleeds past the rectangle.
    private func place(_ image: CGImage, in rects: [CGRect]) -> PixelRect? {
        let bitmap = image.bitmap
        let source = scratch.source
        // Image pixels → user space (top row at maxY) → raster pixels, for each rectangle.
        let placements = rects.compactMap { r -> (CGAffineTransform, PixelRect)? in
            let toUser = CGAffineTransform(
                a: r.width / CGFloat(image.width), b: 0, c: 0, d: -r.height / CGFloat(image.height), tx: r.minX,
                ty: r.maxY)
            let transform = toUser.concatenating(rasterFromUser)
            let bounds = Bitmap.deviceBounds(ofImageWidth: image.width, height: image.height, transform: transform)
                .intersection(canvas)
            return bounds.isEmpty ? nil : (transform, bounds)
        }
        guard let first = placements.first?.1 else { return nil }
        let area = placements.dropFirst().reduce(first) { $0.union($1.1) }
        source.fill(replacingWith: 0, in: nil, within: area)
        for (transform, bounds) in placements {
            let outline = CGMutablePath()
            outline.addRect(CGRect(x: 0, y: 0, width: image.width, height: image.height), transform: transform)
            guard rasterize(outline, rule: .winding) != nil else { continue }
            source.draw(bitmap, projection: Homography(transform), mask: scratch.mask, within: bounds)
        }
        return area
    }
}
