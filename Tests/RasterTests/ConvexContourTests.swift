import Foundation
import Geometry
import LayerscopeTestSupport
import Testing

@testable import Raster

/// One convex contour is rasterized without the search for crossing edges, with the same coverage.
@Suite struct ConvexContourTests {
    /// An ellipse of radii `rx`, `ry` about (`cx`, `cy`) turned by `angle`, flattened as layers are.
    static func oval(cx: Double, cy: Double, rx: Double, ry: Double, angle: Double) -> Polygon {
        let transform = CGAffineTransform(translationX: -rx, y: -ry).concatenating(
            CGAffineTransform(rotationAngle: angle)
        )
        .concatenating(CGAffineTransform(translationX: cx, y: cy))
        return CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 2 * rx, height: 2 * ry)).flattened(transform: transform)
    }

    static func polygon(_ points: [(Double, Double)]) -> Polygon {
        Polygon(points: points.map { CGPoint(x: $0.0, y: $0.1) }, contourStarts: [0])
    }

    @Test func convexContoursAreRecognised() {
        #expect(ConvexContour.isConvex(Self.oval(cx: 20, cy: 20, rx: 20, ry: 20, angle: 0)))
        #expect(ConvexContour.isConvex(Self.oval(cx: 7.3, cy: 9.1, rx: 30, ry: 2, angle: 0.4)))
        #expect(ConvexContour.isConvex(TestShapes.rect(1.5, 2.25, 10, 4)))
        // A straight run through an extra vertex still turns one way.
        #expect(ConvexContour.isConvex(Self.polygon([(0, 0), (5, 0), (10, 0), (10, 10), (0, 10)])))
        // Anticlockwise too.
        #expect(ConvexContour.isConvex(Self.polygon([(0, 0), (0, 10), (10, 10), (10, 0)])))
        // The many-layer benchmark's discs: ovals moved anywhere by fractions of a pixel.
        var random = SeededGenerator(seed: 40)
        for _ in 0..<50 {
            let (x, y) = (random.unit() * 1800, random.unit() * 1000)
            #expect(ConvexContour.isConvex(Self.oval(cx: x, cy: y, rx: 20, ry: 20, angle: 0)), "\(x), \(y)")
        }
    }

    @Test func otherContoursAreNot() {
        // Wound twice: every turn the same way, but four changes of vertical direction.
        #expect(!ConvexContour.isConvex(TestShapes.pentagram(cx: 20, cy: 20, r: 15)))
        let square = [(0.0, 0.0), (10, 0), (10, 10), (0, 10)]
        #expect(!ConvexContour.isConvex(Self.polygon(square + square)))
        // Concave (an L), a bow tie, a spike doubling back on itself.
        #expect(!ConvexContour.isConvex(Self.polygon([(0, 0), (10, 0), (10, 4), (4, 4), (4, 10), (0, 10)])))
        #expect(!ConvexContour.isConvex(Self.polygon([(0, 0), (10, 10), (10, 0), (0, 10)])))
        #expect(!ConvexContour.isConvex(Self.polygon([(0, 0), (10, 0), (10, 10), (10, 5), (10, 10), (0, 10)])))
        // Two contours, too few points, a point that is not finite.
        var two = TestShapes.rect(0, 0, 4, 4)
        two.beginContour()
        for point in TestShapes.rect(10, 10, 4, 4).points { two.append(point) }
        #expect(!ConvexContour.isConvex(two))
        #expect(!ConvexContour.isConvex(Self.polygon([(0, 0), (10, 0)])))
        #expect(!ConvexContour.isConvex(Self.polygon([(0, 0), (10, 0), (.nan, 5)])))
    }

    /// Random ovals, slivers and convex polygons, inside the mask and cut by its sides, under both
    /// rules: the mask equals the one the general path gives (forced by a second contour of zero
    /// area above the mask, which adds no edge), both in a mask short enough to be rasterized in one
    /// pass (`Rasterizer.directRows`) and in a taller one rasterized in bands.
    @Test(arguments: [48, 120]) func convexContoursGiveTheGeneralPathsCoverage(height: Int) {
        #expect((height <= Rasterizer.directRows) == (height == 48))
        var random = SeededGenerator(seed: 15)
        let rasterizer = Rasterizer()
        let bounds = PixelRect(x: 3, y: 2, width: 64, height: height)
        var checked = 0
        for round in 0..<400 {
            let cx = -10 + random.unit() * 90
            let cy = -10 + random.unit() * 70
            var shape: Polygon
            if round % 3 == 2 {
                // A convex polygon: points at increasing angles on an ellipse.
                let count = 3 + random.below(12)
                var angles = (0..<count).map { _ in random.unit() * 2 * Double.pi }
                angles.sort()
                let (rx, ry) = (1 + random.unit() * 30, 0.2 + random.unit() * 30)
                shape = Self.polygon(angles.map { (cx + rx * cos($0), cy + ry * sin($0)) })
            } else {
                let rx = 0.3 + random.unit() * (round % 3 == 0 ? 4 : 30)
                let ry = 0.3 + random.unit() * 30
                shape = Self.oval(cx: cx, cy: cy, rx: rx, ry: ry, angle: random.unit() * Double.pi)
            }
            // A turned oval often ends a hair (1e-15) off its start, an edge that turns the wrong way:
            // such contours keep the general path.
            guard ConvexContour.isConvex(shape) else { continue }
            checked += 1
            var general = shape
            general.beginContour()
            for x in [0.0, 5, 2] { general.append(CGPoint(x: x, y: -10)) }
            let rule: FillRule = round % 2 == 0 ? .nonZero : .evenOdd
            let fast = Mask(bounds: bounds)
            let reference = Mask(bounds: bounds)
            rasterizer.fill(shape, rule: rule, into: fast)
            rasterizer.fill(general, rule: rule, into: reference)
            #expect(fast.denseCoverage() == reference.denseCoverage(), "round \(round)")
        }
        #expect(checked > 200)
    }
}
