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

    /// The rectangle of `bounds` that a picture of `size` points fills under `gravity`, in the layer's
    /// bounds coordinates, as iOS draws it: `resize` fills the bounds, `resizeAspect` fits the picture
    /// inside them and `resizeAspectFill` covers them (both centred, aspect kept), and the nine positional
    /// gravities keep the picture's size (it may overflow). Core Animation's "top" means maximum y and
    /// "bottom" minimum y (CALayer.h); in iOS's y-down layers that puts `top`, `topLeft` and `topRight` at
    /// the visual bottom and the `bottom…` ones at the visual top (core-animation-breadth.md §3).
    static func destination(of size: CGSize, in bounds: CGRect, gravity: CALayerContentsGravity) -> CGRect {
        let (w, h) = (size.width, size.height)
        guard w > 0, h > 0 else { return .zero }
        switch gravity {
        case .resize: return bounds
        case .resizeAspect, .resizeAspectFill:
            let sx = bounds.width / w
            let sy = bounds.height / h
            let s = gravity == .resizeAspect ? min(sx, sy) : max(sx, sy)
            let fitted = CGSize(width: w * s, height: h * s)
            return CGRect(
                x: bounds.midX - fitted.width / 2, y: bounds.midY - fitted.height / 2, width: fitted.width,
                height: fitted.height)
        default:
            // Where the picture sits on each axis: 0 at the minimum, ½ centred, 1 at the maximum.
            let (fx, fy): (CGFloat, CGFloat)
            switch gravity {
            case .left: (fx, fy) = (0, 0.5)
            case .right: (fx, fy) = (1, 0.5)
            case .top: (fx, fy) = (0.5, 1)
            case .bottom: (fx, fy) = (0.5, 0)
            case .topLeft: (fx, fy) = (0, 1)
            case .topRight: (fx, fy) = (1, 1)
            case .bottomLeft: (fx, fy) = (0, 0)
            case .bottomRight: (fx, fy) = (1, 0)
            default: (fx, fy) = (0.5, 0.5)
            }
            let x = bounds.minX + (bounds.width - w) * fx
            let y = bounds.minY + (bounds.height - h) * fy
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
