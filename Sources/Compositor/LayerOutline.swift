import LayerKit
import Raster

/// A layer's outline as Core Animation shapes its background, `masksToBounds` clip and border: the
/// bounds with `cornerRadius`, `maskedCorners` and `cornerCurve` (plain data, so it keys cached coverage). Its
/// fields and `init(_:)` are alike `RootTiming`'s (ScenePlayer.swift) on purpose: each copies a few layer properties.
struct LayerOutline: Hashable {
    var rect: CGRect
    var radius: CGFloat
    var corners: UInt
    var continuous: Bool

    init(_ layer: CALayer) {
        rect = layer.bounds
        radius = layer.cornerRadius
        corners = layer.maskedCorners.rawValue
        continuous = layer.cornerCurve == .continuous
    }

    /// True when no corner is rounded, so the outline is the plain bounds rectangle.
    var isRectangle: Bool { !(radius > 0) || corners & 15 == 0 }

    /// The outline inset by `inset` on every side with radius max(0, r − inset), nil when nothing is left.
    func path(insetBy inset: CGFloat) -> CGPath? {
        let r = rect.standardized
        guard r.width > 2 * inset, r.height > 2 * inset else { return nil }
        return CGPath(
            roundedRect: r.insetBy(dx: inset, dy: inset), cornerRadius: max(0, radius - inset),
            maskedCorners: CACornerMask(rawValue: corners), cornerCurve: continuous ? .continuous : .circular)
    }
}

extension DisplayListBuilder {
    /// The coverage of `layer`'s outline under `transform`: its bounds, rounded as the layer says.
    func outlineCoverage(of layer: CALayer, transform: CGAffineTransform) -> Coverage {
        let outline = LayerOutline(layer)
        guard !outline.isRectangle else { return rectCoverage(layer.bounds, transform: transform) }
        let key = CoverageKey(path: [], transform: transform, source: .outline(outline), canvas: frame)
        return cachedCoverage(key, owner: nil) {
            polygon.removeAll()
            outline.path(insetBy: 0)?.flatten(into: &polygon, transform: transform)
            return .nonZero
        }
    }

    /// The border of `layer`, nil when it has none: the outline minus the outline inset by `borderWidth`
    /// (inner radius max(0, r − borderWidth)), even-odd, as Core Animation insets it rather than
    /// centring a stroke on the edge.
    func borderItem(of layer: CALayer, transform: CGAffineTransform) -> DrawItem? {
        let width = layer.borderWidth
        guard width > 0, width.isFinite, let color = layer.borderColor, color.alpha > 0 else { return nil }
        let outline = LayerOutline(layer)
        let key = CoverageKey(path: [], transform: transform, source: .border(outline, width: width), canvas: frame)
        let coverage = cachedCoverage(key, owner: nil) {
            polygon.removeAll()
            if outline.isRectangle {
                LayerGeometry.polygon(of: outline.rect, transform: transform, into: &polygon)
            } else {
                outline.path(insetBy: 0)?.flatten(into: &polygon, transform: transform)
            }
            outline.path(insetBy: width)?.flatten(into: &polygon, transform: transform)
            return .evenOdd
        }
        return .fill(color.premultipliedPixel, opacity: 255, coverage: coverage)
    }
}
