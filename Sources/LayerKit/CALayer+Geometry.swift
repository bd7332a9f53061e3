/// Where Core Animation places a layer in 3-D (core-animation-breadth.md §6), row vectors as
/// `CATransform3D`: the one statement of it, for `convert` and the Compositor.
public enum LayerPlacement {
    /// The transform from `layer`'s bounds coordinates to its superlayer's: Tr(−anchor, −anchorPointZ) ·
    /// `transform` · Tr(`position`, `zPosition`).
    public static func toSuperlayer(_ layer: CALayer) -> CATransform3D {
        let s = layer.state
        let toAnchor = CATransform3DMakeTranslation(
            -(s.bounds.minX + s.anchorPoint.x * s.bounds.width), -(s.bounds.minY + s.anchorPoint.y * s.bounds.height),
            -s.anchorPointZ)
        return CATransform3DConcat(
            CATransform3DConcat(toAnchor, s.transform),
            CATransform3DMakeTranslation(s.position.x, s.position.y, s.zPosition))
    }

    /// `layer`'s `sublayerTransform` applied about its anchor point, Tr(−A) · U · Tr(A) with A the
    /// anchor in bounds coordinates (the bounds centre by default: a perspective's vanishing point sits
    /// there); nil for the identity.
    public static func sublayerTransform(of layer: CALayer) -> CATransform3D? {
        let s = layer.state
        guard !CATransform3DIsIdentity(s.sublayerTransform) else { return nil }
        let (ax, ay) = (
            s.bounds.minX + s.anchorPoint.x * s.bounds.width, s.bounds.minY + s.anchorPoint.y * s.bounds.height
        )
        return CATransform3DConcat(
            CATransform3DConcat(CATransform3DMakeTranslation(-ax, -ay, 0), s.sublayerTransform),
            CATransform3DMakeTranslation(ax, ay, 0))
    }
}

extension CALayer {
    /// The projective map of this layer's plane into its superlayer's plane (flattened there) when a
    /// plain 2-D map does not give it: under a superlayer's `sublayerTransform`, or with an
    /// `anchorPointZ`; nil otherwise.
    private var planeToSuperlayer: Homography? {
        let sublayer = superlayerStorage.flatMap { LayerPlacement.sublayerTransform(of: $0) }
        guard sublayer != nil || state.anchorPointZ != 0 else { return nil }
        let local = LayerPlacement.toSuperlayer(self)
        return Homography(sublayer.map { CATransform3DConcat(local, $0) } ?? local)
    }

    /// Maps a point from this layer's coordinates to its superlayer's: the bounds point relative to
    /// the anchor is transformed by `transform` (with the perspective divide) and placed at `position`;
    /// through the full 3-D placement and the superlayer's `sublayerTransform` when they matter.
    func pointInSuperlayer(_ p: CGPoint) -> CGPoint {
        if let map = planeToSuperlayer {
            var h = map.homogeneous(p)
            if h.w == 0 { h.w = 1 }
            return CGPoint(x: h.x / h.w, y: h.y / h.w)
        }
        let s = state
        let anchor = CGPoint(
            x: s.bounds.origin.x + s.anchorPoint.x * s.bounds.size.width,
            y: s.bounds.origin.y + s.anchorPoint.y * s.bounds.size.height)
        let x = p.x - anchor.x
        let y = p.y - anchor.y
        let t = s.transform
        var w = x * t.m14 + y * t.m24 + t.m44
        if w == 0 { w = 1 }
        return CGPoint(
            x: (x * t.m11 + y * t.m21 + t.m41) / w + s.position.x,
            y: (x * t.m12 + y * t.m22 + t.m42) / w + s.position.y)
    }

    /// The inverse of `pointInSuperlayer` (through the inverted transform).
    func pointFromSuperlayer(_ p: CGPoint) -> CGPoint {
        if let map = planeToSuperlayer {
            guard let inverse = map.inverted else { return p }
            var h = inverse.homogeneous(p)
            if h.w == 0 { h.w = 1 }
            return CGPoint(x: h.x / h.w, y: h.y / h.w)
        }
        let s = state
        let inverse = CATransform3DInvert(s.transform)
        let x = p.x - s.position.x
        let y = p.y - s.position.y
        var w = x * inverse.m14 + y * inverse.m24 + inverse.m44
        if w == 0 { w = 1 }
        let anchor = CGPoint(
            x: s.bounds.origin.x + s.anchorPoint.x * s.bounds.size.width,
            y: s.bounds.origin.y + s.anchorPoint.y * s.bounds.size.height)
        return CGPoint(
            x: (x * inverse.m11 + y * inverse.m21 + inverse.m41) / w + anchor.x,
            y: (x * inverse.m12 + y * inverse.m22 + inverse.m42) / w + anchor.y)
    }

    /// The point in the coordinates of the tree's root (the topmost superlayer).
    private func pointInRoot(_ p: CGPoint) -> CGPoint {
        var point = p
        var layer: CALayer = self
        while let parent = layer.superlayer {
            point = layer.pointInSuperlayer(point)
            layer = parent
        }
        return point
    }

    /// A point of the root's coordinates in this layer's.
    private func pointFromRoot(_ p: CGPoint) -> CGPoint {
        var chain: [CALayer] = []
        var layer: CALayer = self
        while let parent = layer.superlayer {
            chain.append(layer)
            layer = parent
        }
        var point = p
        for layer in chain.reversed() { point = layer.pointFromSuperlayer(point) }
        return point
    }

    /// Converts a point from `layer`'s coordinates (this layer's tree root when nil) to this layer's.
    /// Each step flattens into the superlayer's plane, as an ordinary layer draws its sublayers (a
    /// `CATransformLayer`'s sublayers are mapped as if it flattened them too).
    public func convert(_ p: CGPoint, from layer: CALayer?) -> CGPoint {
        pointFromRoot(layer.map { $0.pointInRoot(p) } ?? p)
    }

    /// Converts a point from this layer's coordinates to `layer`'s (the tree root's when nil).
    public func convert(_ p: CGPoint, to layer: CALayer?) -> CGPoint {
        let root = pointInRoot(p)
        return layer.map { $0.pointFromRoot(root) } ?? root
    }

    /// Converts a rectangle from `layer`'s coordinates: the bounding box of its converted corners.
    public func convert(_ r: CGRect, from layer: CALayer?) -> CGRect {
        boundingBox(of: r) { convert($0, from: layer) }
    }

    /// Converts a rectangle to `layer`'s coordinates: the bounding box of its converted corners.
    public func convert(_ r: CGRect, to layer: CALayer?) -> CGRect {
        boundingBox(of: r) { convert($0, to: layer) }
    }

    private func boundingBox(of r: CGRect, _ map: (CGPoint) -> CGPoint) -> CGRect {
        let corners = [
            CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY), CGPoint(x: r.minX, y: r.maxY),
            CGPoint(x: r.maxX, y: r.maxY),
        ].map(map)
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// Whether `p` (in this layer's own coordinates) falls inside its bounds.
    public func contains(_ p: CGPoint) -> Bool { bounds.contains(p) }
}
