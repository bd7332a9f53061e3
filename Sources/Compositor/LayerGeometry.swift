import LayerKit
import Raster

/// Where a layer's own coordinate space (its `bounds` coordinates) lands in device pixels.
enum LayerGeometry {
    /// The transform from `layer`'s bounds coordinates to its superlayer's, as Core Animation places a
    /// layer: the anchor point of `bounds` goes to `position`, and `transform` turns about it. Only the
    /// affine part of a 3-D transform is used: the map of a layer whose transform is affine (3-D ones
    /// go through `LayerPlacement.toSuperlayer`).
    static func localToSuperlayer(_ layer: CALayer) -> CGAffineTransform {
        let bounds = layer.bounds
        let anchor = layer.anchorPoint
        let toAnchor = CGAffineTransform(
            translationX: -(bounds.minX + anchor.x * bounds.width), y: -(bounds.minY + anchor.y * bounds.height))
        let position = layer.position
        return toAnchor.concatenating(CATransform3DGetAffineTransform(layer.transform))
            .concatenating(CGAffineTransform(translationX: position.x, y: position.y))
    }

    /// The map of `image`'s pixels into `layer`'s bounds coordinates, as its `contents` (placed by
    /// `contentsGravity`).
    static func contentsToLayer(_ image: Bitmap, of layer: CALayer) -> CGAffineTransform {
        let rect = contentsRect(
            imageSize: CGSize(width: image.width, height: image.height), bounds: layer.bounds,
            gravity: layer.contentsGravity)
        return CGAffineTransform(
            a: rect.width / CGFloat(image.width), b: 0, c: 0, d: rect.height / CGFloat(image.height), tx: rect.minX,
            ty: rect.minY)
    }

    /// The rectangle of `bounds` that an image of `imageSize` pixels fills under `gravity`, in the
    /// layer's bounds coordinates. Edge gravities are taken literally in y-down space (`top` is the top
    /// of the layer on screen).
    static func contentsRect(imageSize: CGSize, bounds: CGRect, gravity: CALayerContentsGravity) -> CGRect {
        let (w, h) = (imageSize.width, imageSize.height)
        guard w > 0, h > 0 else { return .zero }
        switch gravity {
        case .resize: return bounds
        case .resizeAspect, .resizeAspectFill:
            let sx = bounds.width / w
            let sy = bounds.height / h
            let s = gravity == .resizeAspect ? min(sx, sy) : max(sx, sy)
            let size = CGSize(width: w * s, height: h * s)
            return CGRect(
                x: bounds.midX - size.width / 2, y: bounds.midY - size.height / 2, width: size.width,
                height: size.height)
        default:
            let name = gravity.rawValue.lowercased()
            let x: CGFloat =
                name.hasSuffix("left") ? bounds.minX : name.hasSuffix("right") ? bounds.maxX - w : bounds.midX - w / 2
            let y: CGFloat =
                name.hasPrefix("top") ? bounds.minY : name.hasPrefix("bottom") ? bounds.maxY - h : bounds.midY - h / 2
            return CGRect(x: x, y: y, width: w, height: h)
        }
    }

    /// The polygon of `rect` mapped to device pixels by `transform`.
    static func polygon(of rect: CGRect, transform: CGAffineTransform) -> Polygon {
        var polygon = Polygon()
        self.polygon(of: rect, transform: transform, into: &polygon)
        return polygon
    }

    /// Replaces `polygon`'s contents with the polygon of `rect` mapped by `transform`, reusing its storage.
    static func polygon(of rect: CGRect, transform: CGAffineTransform, into polygon: inout Polygon) {
        polygon.removeAll()
        polygon.beginContour()
        polygon.append(CGPoint(x: rect.minX, y: rect.minY).applying(transform))
        polygon.append(CGPoint(x: rect.maxX, y: rect.minY).applying(transform))
        polygon.append(CGPoint(x: rect.maxX, y: rect.maxY).applying(transform))
        polygon.append(CGPoint(x: rect.minX, y: rect.maxY).applying(transform))
    }

    /// `rect` mapped to device pixels by `transform` when that keeps it an axis-aligned rectangle
    /// (no rotation or shear) with finite corners within ±1e9; nil otherwise (it is then rasterized).
    static func axisAlignedDeviceRect(_ rect: CGRect, transform: CGAffineTransform) -> CGRect? {
        guard isAxisAligned(transform) else { return nil }
        let a = CGPoint(x: rect.minX, y: rect.minY).applying(transform)
        let b = CGPoint(x: rect.maxX, y: rect.maxY).applying(transform)
        func usable(_ v: CGFloat) -> Bool { v.isFinite && abs(v) < 1e9 }
        guard usable(a.x), usable(a.y), usable(b.x), usable(b.y) else { return nil }
        return CGRect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }

    /// True when `transform` keeps axes aligned (no rotation or shear).
    static func isAxisAligned(_ transform: CGAffineTransform) -> Bool {
        transform.b == 0 && transform.c == 0
    }
}

extension CGColor {
    /// The colour as a premultiplied pixel, channels rounded to 8 bits and premultiplied as cairo does.
    var premultipliedPixel: Pixel {
        func byte(_ value: CGFloat) -> UInt32 {
            guard value.isFinite else { return 0 }
            return UInt32((min(1, max(0, value)) * 255).rounded())
        }
        return PixelMath.premultiplied(red: byte(red), green: byte(green), blue: byte(blue), alpha: byte(alpha))
    }
}
