import LayerKit
import Raster

/// The items of a layer whose plane reaches the screen through a projective map (a 3-D transform
/// with perspective): outlines, borders and shapes are flattened in the layer's plane and their points
/// projected (exact for straight edges; curves flattened finely enough for the map's magnification),
/// clipped at the eye plane first; pictures are resampled through the exact inverse map.
extension DisplayListBuilder {
    /// `image` (pixels) drawn through `projection` to the device, cut by the exact-area coverage of its
    /// projected rectangle (as flat contents are cut), its edge texels extended up to the cut.
    func projectedImageItem(_ image: Bitmap, projection: Homography, opacity: UInt8 = 255) -> DrawItem {
        let rect = CGRect(x: 0, y: 0, width: image.width, height: image.height)
        let key = CoverageKey(
            path: [], transform: .identity, source: .rect(rect), canvas: frame, projection: projection)
        let cut = cachedCoverage(key, owner: nil) {
            polygon.removeAll()
            LayerGeometry.polygon(of: rect, transform: .identity, into: &planePolygon)
            projection.project(planePolygon, into: &polygon, clipped: &projectionScratch.clipped)
            return .nonZero
        }
        return .projectedImage(image, projection, opacity: opacity, coverage: cut)
    }

    /// A shape layer's fill or stroke through `projection`: the fill flattened and projected, the stroke
    /// outlined in the layer's plane (so its width foreshortens with the plane) and projected.
    func projectedShapeCoverage(
        _ path: CGPath, projection: Homography, source: CoverageKey.Source, owner: CoverageOwner
    ) -> Coverage {
        let key = CoverageKey(
            path: path.elements, transform: .identity, source: source, canvas: frame, projection: projection)
        return cachedCoverage(key, owner: owner) {
            polygon.removeAll()
            switch source {
            case .fill(let rule):
                path.flatten(into: &polygon, projection: projection, scratch: &projectionScratch)
                return rule
            case .stroke(let style, let start, let end):
                planePolygon.removeAll()
                stroker.stroke(
                    path, style: style, strokeStart: start, strokeEnd: end, transform: .identity, into: &planePolygon)
                projection.project(planePolygon, into: &polygon, clipped: &projectionScratch.clipped)
                return .nonZero
            default:
                return .nonZero
            }
        }
    }

    /// The coverage of `layer`'s outline (its bounds, rounded as the layer says) through `map`.
    func outlineCoverage(of layer: CALayer, map: PlaneMap) -> Coverage {
        switch map {
        case .affine(let transform):
            return outlineCoverage(of: layer, transform: transform)
        case .projective(let projection):
            let outline = LayerOutline(layer)
            let key = CoverageKey(
                path: [], transform: .identity, source: .outline(outline), canvas: frame, projection: projection)
            return cachedCoverage(key, owner: nil) {
                polygon.removeAll()
                outline.path(insetBy: 0)?.flatten(into: &polygon, projection: projection, scratch: &projectionScratch)
                return .nonZero
            }
        }
    }

    /// The border of `layer` through `map`, nil when it has none (see `borderItem(of:transform:)`).
    func borderItem(of layer: CALayer, map: PlaneMap) -> DrawItem? {
        switch map {
        case .affine(let transform):
            return borderItem(of: layer, transform: transform)
        case .projective(let projection):
            let width = layer.borderWidth
            guard width > 0, width.isFinite, let color = layer.borderColor, color.alpha > 0 else { return nil }
            let outline = LayerOutline(layer)
            let key = CoverageKey(
                path: [], transform: .identity, source: .border(outline, width: width), canvas: frame,
                projection: projection)
            let coverage = cachedCoverage(key, owner: nil) {
                polygon.removeAll()
                outline.path(insetBy: 0)?.flatten(into: &polygon, projection: projection, scratch: &projectionScratch)
                outline.path(insetBy: width)?.flatten(
                    into: &polygon, projection: projection, scratch: &projectionScratch)
                return .evenOdd
            }
            return .fill(color.premultipliedPixel, opacity: 255, coverage: coverage)
        }
    }
}
