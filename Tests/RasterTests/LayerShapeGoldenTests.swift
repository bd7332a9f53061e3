import Foundation
import Geometry
import Testing

@testable import Raster

/// Layer outlines from `CGPath(roundedRect:cornerRadius:maskedCorners:cornerCurve:)`, flattened and
/// rasterized, against cairo's coverage of the same outlines built independently by
/// `Goldens/make_goldens.py` (LAYER_SHAPES), with `GoldenTests`' thresholds (32/255 per pixel, mean
/// 0.05/255 from the supersampled golden, interiors exact).
@Suite struct LayerShapeGoldenTests {
    static let card = CGRect(x: 10.5, y: 8.25, width: 80, height: 60)

    static let shapes: [(String, CGPath, FillRule)] = [
        ("layer_circular", CGPath(roundedRect: card, cornerRadius: 14), .nonZero),
        ("layer_continuous", CGPath(roundedRect: card, cornerRadius: 14, cornerCurve: .continuous), .nonZero),
        (
            "layer_blended",
            CGPath(
                roundedRect: CGRect(x: 6.5, y: 20.5, width: 88, height: 36), cornerRadius: 16, cornerCurve: .continuous),
            .nonZero
        ),
        (
            "layer_masked",
            CGPath(
                roundedRect: card, cornerRadius: 20, maskedCorners: [.layerMinXMinYCorner, .layerMaxXMaxYCorner],
                cornerCurve: .continuous),
            .nonZero
        ),
        ("layer_border", border(card, cornerRadius: 14, width: 6), .evenOdd),
    ]

    /// A border of `width` inside the outline (Core Animation insets it): the outline, and the rect inset by
    /// the width with radius max(0, r − width), filled even-odd.
    static func border(_ rect: CGRect, cornerRadius: CGFloat, width: CGFloat) -> CGPath {
        let path = CGMutablePath()
        path.addRoundedRect(in: rect, cornerRadius: cornerRadius, cornerCurve: .continuous)
        path.addRoundedRect(
            in: rect.insetBy(dx: width, dy: width), cornerRadius: max(0, cornerRadius - width), cornerCurve: .continuous
        )
        return path
    }

    @Test(arguments: 0..<5)
    func outlineMatchesCairo(index: Int) throws {
        let (name, path, rule) = Self.shapes[index]
        let mask = TestShapes.mask(path.flattened(tolerance: 0.01), 100, 80, rule: rule)
        try GoldenTests.expectMatch(mask, golden: name)
    }
}
