import Foundation
import Geometry
import Testing

@testable import Raster

/// Analytic truths of the coverage rasterizer.
@Suite struct RasterizerTests {
    @Test func pixelAlignedRectangleIsExact() {
        let mask = TestShapes.mask(TestShapes.rect(10, 10, 40, 30), 64, 64)
        for y in 0..<64 {
            for x in 0..<64 {
                let inside = (10..<50).contains(x) && (10..<40).contains(y)
                #expect(mask.coverage(x: x, y: y) == (inside ? 255 : 0), "pixel \(x), \(y)")
            }
        }
        #expect(mask.totalCoverage == 1200)
        // Each covered row is one full span.
        #expect(mask.spans(inRow: 20).elementsEqual([CoverageSpan(x: 10, length: 40, coverage: 255)]))
        #expect(mask.spans(inRow: 9).isEmpty)
    }

    /// Exact area of pixel (x, y) on the right of the line through (x0, 0) and (x0 + k·h, h):
    /// the integral over the pixel's height of the covered width.
    static func areaRightOfLine(x: Int, y: Int, x0: Double, k: Double) -> Double {
        let steps = 20000
        var area = 0.0
        for i in 0..<steps {
            let t = Double(y) + (Double(i) + 0.5) / Double(steps)
            let edge = x0 + k * t
            area += max(0, min(1, Double(x + 1) - max(Double(x), edge)))
        }
        return area / Double(steps)
    }

    @Test(arguments: [0.0, 0.3, -0.7, 2.5])
    func halfPlaneEdgeGivesExactFractionalCoverage(slope k: Double) {
        // The region right of the line x = 20.37 + k·y, cut to rows 0 ..< 40 and a right side far away.
        let x0 = 20.37
        let polygon = Polygon(
            points: [
                CGPoint(x: x0, y: 0), CGPoint(x: 200, y: 0), CGPoint(x: 200, y: 40), CGPoint(x: x0 + k * 40, y: 40),
            ], contourStarts: [0])
        let mask = TestShapes.mask(polygon, 160, 40)
        for y in [0, 7, 21, 39] {
            for x in 0..<160 {
                let expected = Self.areaRightOfLine(x: x, y: y, x0: x0, k: k) * 255
                let got = Double(mask.coverage(x: x, y: y))
                #expect(abs(got - expected) <= 0.5 + 1e-3, "pixel \(x), \(y): \(got) vs \(expected)")
            }
        }
    }

    @Test func circleCoverageSumsToItsArea() {
        let r = 50.3
        let count = 4096
        let mask = TestShapes.mask(TestShapes.circle(cx: 60.2, cy: 61.7, r: r, count: count), 128, 128)
        // The area of the regular polygon, which is what the rasterizer is given (πr² within 4e-7).
        let polygonArea = Double(count) / 2 * r * r * sin(2 * .pi / Double(count))
        #expect(abs(mask.totalCoverage - .pi * r * r) / (.pi * r * r) < 0.001)
        #expect(abs(mask.totalCoverage - polygonArea) < 2)
    }

    @Test func evenOddLeavesTheCentreOfASelfIntersectingStarEmpty() {
        let star = TestShapes.pentagram(cx: 100, cy: 100, r: 90)
        let nonZero = TestShapes.mask(star, 200, 200, rule: .nonZero)
        let evenOdd = TestShapes.mask(star, 200, 200, rule: .evenOdd)
        // The centre has winding number 2; a spike, winding number 1.
        #expect(nonZero.coverage(x: 100, y: 100) == 255)
        #expect(evenOdd.coverage(x: 100, y: 100) == 0)
        #expect(nonZero.coverage(x: 100, y: 20) == 255)
        #expect(evenOdd.coverage(x: 100, y: 20) == 255)
        // The difference is the inner pentagon: circumradius R·sin(18°)/sin(126°)... its area, from the
        // outer radius R: (5/2)·ρ²·sin 72° with ρ = R·cos 72°/cos 36°.
        let rho = 90 * cos(0.4 * .pi) / cos(0.2 * .pi)
        let pentagon = 2.5 * rho * rho * sin(0.4 * .pi)
        #expect(abs((nonZero.totalCoverage - evenOdd.totalCoverage) - pentagon) / pentagon < 0.002)
    }

    @Test func windingTwoIsFullUnderNonZeroAndEmptyUnderEvenOdd() {
        var twice = TestShapes.rect(4, 4, 10, 10)
        twice.beginContour()
        for p in TestShapes.rect(4, 4, 10, 10).points { twice.append(p) }
        #expect(TestShapes.mask(twice, 20, 20, rule: .nonZero).totalCoverage == 100)
        #expect(TestShapes.mask(twice, 20, 20, rule: .evenOdd).totalCoverage == 0)
    }

    @Test func coverageIsClippedToTheMaskAndTheClip() {
        let polygon = TestShapes.rect(-50.5, 5, 80, 10)
        let mask = TestShapes.mask(polygon, 40, 40)
        #expect(mask.coverage(x: 0, y: 5) == 255)
        #expect(mask.coverage(x: 28, y: 10) == 255)
        #expect(mask.coverage(x: 29, y: 10) == 128)
        #expect(mask.totalCoverage == Double(10 * (29 * 255 + 128)) / 255)
        let clipped = Mask(width: 40, height: 40)
        Rasterizer().fill(polygon, rule: .nonZero, into: clipped, clip: PixelRect(x: 10, y: 8, width: 5, height: 100))
        #expect(clipped.totalCoverage == 5 * 7)
        #expect(clipped.coverage(x: 9, y: 10) == 0)
        #expect(clipped.coverage(x: 10, y: 10) == 255)
    }

    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func shapesCutByTheRightSideMatchAWiderMask(rule: FillRule) {
        // Edges right of the mask are dropped, so rows end with the winding left after the last edge
        // inside: a star crossing the right side (its rows get sub-row treatment), a wedge and a ring.
        let ring = Polygon(
            points: TestShapes.circle(cx: 90, cy: 40, r: 30, count: 64).points
                + TestShapes.circle(cx: 90, cy: 40, r: 18, count: 48).points.reversed(),
            contourStarts: [0, 64])
        for shape in [TestShapes.pentagram(cx: 85, cy: 40, r: 38), DamageTests.wedge(0.6), ring] {
            let narrow = TestShapes.mask(shape, 100, 80, rule: rule).denseCoverage()
            let wide = TestShapes.mask(shape, 160, 80, rule: rule).denseCoverage()
            var worst = 0
            for y in 0..<80 {
                for x in 0..<100 { worst = max(worst, abs(Int(narrow[y * 100 + x]) - Int(wide[y * 160 + x]))) }
            }
            #expect(worst <= 1)
        }
    }

    @Test func maskWithOffsetBoundsUsesDeviceCoordinates() {
        let mask = Mask(bounds: PixelRect(x: 100, y: 50, width: 20, height: 20))
        Rasterizer().fill(TestShapes.rect(105, 55, 3, 2), rule: .nonZero, into: mask)
        #expect(mask.coverage(x: 105, y: 55) == 255)
        #expect(mask.coverage(x: 104, y: 55) == 0)
        #expect(mask.totalCoverage == 6)
    }

    @Test func reusingARasterizerLeavesNoTrace() {
        let rasterizer = Rasterizer()
        let mask = Mask(width: 100, height: 100)
        rasterizer.fill(TestShapes.circle(cx: 50, cy: 50, r: 40.3, count: 300), rule: .nonZero, into: mask)
        rasterizer.fill(TestShapes.rect(10.5, 10.5, 5, 5), rule: .nonZero, into: mask)
        // Corners a quarter covered (64/255), sides half (128/255), 4 × 4 inside.
        #expect(mask.totalCoverage == Double(4 * 64 + 16 * 128 + 16 * 255) / 255)
        let fresh = TestShapes.mask(TestShapes.rect(10.5, 10.5, 5, 5), 100, 100)
        #expect(mask.denseCoverage() == fresh.denseCoverage())
    }

    @Test func spansAreClassifiedEmptyFullOrPartial() {
        let mask = TestShapes.mask(TestShapes.rect(2.5, 0, 6, 1), 12, 1)
        #expect(
            Array(mask.spans(inRow: 0)) == [
                CoverageSpan(x: 2, length: 1, coverage: CoverageSpan.varying),
                CoverageSpan(x: 3, length: 5, coverage: 255),
                CoverageSpan(x: 8, length: 1, coverage: CoverageSpan.varying),
            ])
        #expect(mask.coverage(x: 2, y: 0) == 128)
        // A horizontal edge half way down a row: between the touched cells, one constant partial span.
        let half = TestShapes.mask(TestShapes.rect(1, 0.5, 20, 2), 24, 3)
        #expect((1..<21).allSatisfy { half.coverage(x: $0, y: 0) == 128 })
        #expect(half.spans(inRow: 0).contains(CoverageSpan(x: 3, length: 18, coverage: 128)))
    }
}

/// The path convenience and mask bounds.
@Suite struct RasterizerPathTests {
    @Test func pathIsFlattenedUnderItsTransform() {
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 4, height: 3))
        let mask = Mask(width: 30, height: 30)
        Rasterizer().fill(
            path, transform: CGAffineTransform(scaleX: 2, y: 2).concatenating(CGAffineTransform(translationX: 5, y: 6)),
            rule: .nonZero, into: mask)
        #expect(mask.totalCoverage == 48)
        #expect(mask.coveredBounds == PixelRect(x: 5, y: 6, width: 8, height: 6))
        #expect(Mask(width: 5, height: 5).coveredBounds.isEmpty)
    }
}
