import Foundation
import Geometry
import Testing

@testable import Raster

/// Bad input gives a defined result, quickly.
@Suite struct RasterizerRobustnessTests {
    @Test func hugeCoordinatesAreClippedNotOverflowed() {
        let mask = TestShapes.mask(TestShapes.rect(-1e20, 5, 2e20, 10), 30, 30)
        #expect(mask.totalCoverage == 300)
        let beyond = TestShapes.mask(TestShapes.rect(-1e300, -1e300, 2e300, 2e300), 30, 30)
        #expect(beyond.totalCoverage == 900)
    }

    @Test func contoursWithNaNOrInfinityAreSkipped() {
        var polygon = TestShapes.rect(2, 2, 4, 4)
        polygon.beginContour()
        for p in [CGPoint(x: 10, y: 10), CGPoint(x: Double.nan, y: 12), CGPoint(x: 14, y: 14)] { polygon.append(p) }
        polygon.beginContour()
        for p in [CGPoint(x: 10, y: 10), CGPoint(x: Double.infinity, y: 12), CGPoint(x: 14, y: -Double.infinity)] {
            polygon.append(p)
        }
        #expect(TestShapes.mask(polygon, 20, 20).totalCoverage == 16)
    }

    @Test func zeroAreaCoversNothing() {
        let line = Polygon(points: [CGPoint(x: 1, y: 1), CGPoint(x: 15.3, y: 9.7)], contourStarts: [0])
        let point = Polygon(points: [CGPoint(x: 3, y: 3)], contourStarts: [0])
        let backAndForth = Polygon(
            points: [CGPoint(x: 1, y: 1), CGPoint(x: 15, y: 9), CGPoint(x: 1, y: 1), CGPoint(x: 15, y: 9)],
            contourStarts: [0])
        for polygon in [line, point, backAndForth, Polygon()] {
            #expect(TestShapes.mask(polygon, 20, 20).totalCoverage == 0)
        }
    }

    @Test func millionsOfSegmentsFinish() {
        let count = 1_000_000
        let r = 300.0
        let mask = TestShapes.mask(TestShapes.circle(cx: 320, cy: 320, r: r, count: count), 640, 640)
        #expect(abs(mask.totalCoverage - .pi * r * r) / (.pi * r * r) < 0.001)
    }

    @Test func emptyClipOrMaskGivesEmptyMask() {
        let mask = Mask(width: 10, height: 10)
        let rasterizer = Rasterizer()
        rasterizer.fill(TestShapes.rect(0, 0, 10, 10), rule: .nonZero, into: mask)
        rasterizer.fill(
            TestShapes.rect(0, 0, 10, 10), rule: .nonZero, into: mask, clip: PixelRect(x: 20, y: 0, width: 5, height: 5)
        )
        #expect(mask.totalCoverage == 0)
        Rasterizer().fill(TestShapes.rect(0, 0, 10, 10), rule: .nonZero, into: Mask(width: 0, height: 0))
    }
}
