import LayerKit
import Raster

/// Where a layer's plane (its bounds coordinates, z = 0) lands in device pixels: an affine map, drawn
/// by the fast paths, or a projective one (a 3-D transform with perspective), drawn projected.
enum PlaneMap {
    case affine(CGAffineTransform)
    case projective(Homography)

    /// The map of homography `h`: affine when its W does not vary over the plane (W divided out), nil
    /// when that W puts the whole plane at or behind the eye.
    init?(_ h: Homography) {
        if h.m13 == 0, h.m23 == 0 {
            guard h.m33 >= Homography.nearestW else { return nil }
            let w = h.m33
            self = .affine(
                CGAffineTransform(a: h.m11 / w, b: h.m12 / w, c: h.m21 / w, d: h.m22 / w, tx: h.m31 / w, ty: h.m32 / w))
        } else {
            self = .projective(h)
        }
    }

    var homography: Homography {
        switch self {
        case .affine(let t): return Homography(t)
        case .projective(let h): return h
        }
    }

    /// The affine map that agrees with this one to first order at `point` of the plane (its Jacobian
    /// there): how lengths given in the layer's space (a shadow's radius and offset) reach the screen
    /// near that point. Nil when the point is at or behind the eye.
    func affine(at point: CGPoint) -> CGAffineTransform? {
        switch self {
        case .affine(let t): return t
        case .projective(let h):
            let (x, y) = (point.x, point.y)
            let bigX = x * h.m11 + y * h.m21 + h.m31
            let bigY = x * h.m12 + y * h.m22 + h.m32
            let w = x * h.m13 + y * h.m23 + h.m33
            guard w >= Homography.nearestW else { return nil }
            let ww = w * w
            let a = (h.m11 * w - bigX * h.m13) / ww
            let b = (h.m12 * w - bigY * h.m13) / ww
            let c = (h.m21 * w - bigX * h.m23) / ww
            let d = (h.m22 * w - bigY * h.m23) / ww
            let (u, v) = (bigX / w, bigY / w)
            return CGAffineTransform(a: a, b: b, c: c, d: d, tx: u - a * x - c * y, ty: v - b * x - d * y)
        }
    }

    /// True when the plane's front (+z) faces the viewer: the map keeps the plane's orientation, the
    /// sign of its determinant (the Jacobian of (X/W, Y/W) is det / W³, and W > 0 wherever it is seen).
    var facesViewer: Bool {
        switch self {
        case .affine(let t): return t.a * t.d - t.b * t.c > 0
        case .projective(let h):
            let determinant =
                h.m11 * (h.m22 * h.m33 - h.m23 * h.m32) - h.m12 * (h.m21 * h.m33 - h.m23 * h.m31)
                + h.m13 * (h.m21 * h.m32 - h.m22 * h.m31)
            return determinant > 0
        }
    }
}

/// Where a superlayer puts its sublayers, as Core Animation composes 3-D transforms: the plane they are
/// flattened into (an ordinary superlayer's own plane: each ordinary layer renders its subtree into its
/// plane) and the 3-D transform from the superlayer's bounds coordinates into that plane's space — the
/// superlayer's `sublayerTransform` about its anchor point and, inside `CATransformLayer`s, their own
/// chains, which are not flattened. Row vectors throughout, as `CATransform3D`.
struct SublayerSpace {
    var plane: PlaneMap
    /// Nil for the identity (the common case, whose layers take the affine fast path).
    var toPlane: CATransform3D?

    /// The space of the root layer: the device itself.
    static let device = SublayerSpace(plane: .affine(.identity), toPlane: nil)

    /// Where `layer`'s plane lands: `[x y 0 1] · M · toPlane`, flattened into the plane (z dropped) and
    /// mapped to the device; nil when none of it is in front of the eye. A layer with an affine
    /// transform in an affine space with no 3-D transform between is mapped exactly as a flat layer.
    func map(of layer: CALayer) -> PlaneMap? {
        if toPlane == nil, case .affine(let parent) = plane, CATransform3DIsAffine(layer.transform) {
            return .affine(LayerGeometry.localToSuperlayer(layer).concatenating(parent))
        }
        return PlaneMap(Homography(toPlaneSpace(layer)).concatenating(plane.homography))
    }

    /// `layer`'s bounds coordinates (3-D) to the plane's space.
    private func toPlaneSpace(_ layer: CALayer) -> CATransform3D {
        let local = LayerPlacement.toSuperlayer(layer)
        return toPlane.map { CATransform3DConcat(local, $0) } ?? local
    }

    /// The space an ordinary `layer` drawn through `map` gives its sublayers: its own plane, entered
    /// through its `sublayerTransform`.
    static func sublayers(of layer: CALayer, map: PlaneMap) -> SublayerSpace {
        SublayerSpace(plane: map, toPlane: LayerPlacement.sublayerTransform(of: layer))
    }

    /// The space a `CATransformLayer` in this space gives its sublayers: this one's plane, reached
    /// through the transform layer's own chain (no flattening at it).
    func inside(transformLayer layer: CALayer) -> SublayerSpace {
        var chain = toPlaneSpace(layer)
        if let sublayer = LayerPlacement.sublayerTransform(of: layer) { chain = CATransform3DConcat(sublayer, chain) }
        return SublayerSpace(plane: plane, toPlane: chain)
    }

    /// The depth of `layer`'s bounds centre in the plane's space after the 3-D chain (perspective
    /// divided out): higher is nearer the viewer; −∞ at or behind the eye.
    func depth(of layer: CALayer) -> CGFloat {
        let m = toPlaneSpace(layer)
        let b = layer.bounds
        let (x, y) = (b.midX, b.midY)
        let z = x * m.m13 + y * m.m23 + m.m43
        let w = x * m.m14 + y * m.m24 + m.m44
        guard w >= Homography.nearestW else { return -.infinity }
        return z / w
    }

    /// This space with a layer moved by `offset` in the superlayer's coordinates first (a transition's
    /// slide).
    func translated(by offset: CGPoint) -> SublayerSpace {
        guard offset != .zero else { return self }
        if toPlane == nil, case .affine(let t) = plane {
            return SublayerSpace(
                plane: .affine(CGAffineTransform(translationX: offset.x, y: offset.y).concatenating(t)), toPlane: nil)
        }
        let move = CATransform3DMakeTranslation(offset.x, offset.y, 0)
        return SublayerSpace(plane: plane, toPlane: toPlane.map { CATransform3DConcat(move, $0) } ?? move)
    }
}
