import Geometry

extension Rasterizer {
    /// Fills `path` mapped by `transform` (path space → device pixels): flattens it within
    /// `tolerance` device pixels into a polygon the rasterizer keeps for reuse, then fills that as
    /// `fill(_:rule:into:clip:)` does.
    public func fill(
        _ path: CGPath, transform: CGAffineTransform = .identity, rule: FillRule, into mask: Mask,
        clip: PixelRect? = nil, tolerance: CGFloat = defaultFlatteningTolerance
    ) {
        scratchPolygon.removeAll()
        path.flatten(into: &scratchPolygon, transform: transform, tolerance: tolerance)
        fill(scratchPolygon, rule: rule, into: mask, clip: clip)
    }
}
