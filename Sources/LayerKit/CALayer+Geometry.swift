extension CALayer {
    /// Maps a point from this layer's coordinates to its superlayer's: the bounds point relative to
    /// the anchor is transformed by `transform` (with the perspective divide) and placed at `position`.
    func pointInSuperlayer(_ p: CGPoint) -> CGPoint {
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
    /// Each step is `pointInSuperlayer`'s map: `sublayerTransform`, `anchorPointZ` and `zPosition` are
    /// not part of it (the Compositor draws them).
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
