import Geometry
import Testing

/// The signed distance from `point` to the outline of `path` flattened at 0.001 px: negative inside
/// (non-zero winding), positive outside.
private func signedDistance(_ point: CGPoint, _ path: CGPath) -> CGFloat {
    let polygon = path.flattened(tolerance: 0.001)
    var nearest = CGFloat.infinity
    var winding = 0
    for c in 0..<polygon.contourCount {
        let range = polygon.contourRange(c)
        for i in range {
            let a = polygon.points[i]
            let b = polygon.points[i + 1 < range.upperBound ? i + 1 : range.lowerBound]
            let ab = CGPoint(x: b.x - a.x, y: b.y - a.y)
            let lengthSquared = ab.x * ab.x + ab.y * ab.y
            let t =
                lengthSquared > 0
                ? max(0, min(1, ((point.x - a.x) * ab.x + (point.y - a.y) * ab.y) / lengthSquared)) : 0
            nearest = min(nearest, hypot(point.x - a.x - t * ab.x, point.y - a.y - t * ab.y))
            if (a.y <= point.y) != (b.y <= point.y) {
                let x = a.x + (point.y - a.y) / (b.y - a.y) * ab.x
                if x > point.x { winding += b.y > a.y ? 1 : -1 }
            }
        }
    }
    return winding != 0 ? -nearest : nearest
}

/// Every point the path's elements carry, in order.
private func points(_ path: CGPath) -> [CGPoint] { path.elements.flatMap(\.points) }

private func near(_ a: CGPoint, _ b: CGPoint, _ tolerance: CGFloat = 1e-9) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

@Suite struct LayerShapeTests {
    let square = CGRect(x: 0, y: 0, width: 100, height: 100)

    /// Circular corners on all four corners are Core Graphics' rounded rectangle, element for element.
    @Test func circularCornersAreCoreGraphicsRoundedRect() {
        let ours = CGPath(roundedRect: square, cornerRadius: 10)
        let cg = CGPath(roundedRect: square, cornerWidth: 10, cornerHeight: 10)
        #expect(ours.elements.count == cg.elements.count)
        #expect(zip(points(ours), points(cg)).allSatisfy { near($0, $1, 1e-12) })
    }

    /// The notes' vectors: 100×100, radius 10, circular: (3, 3) is 0.10 inside the arc about
    /// (10, 10), (2, 2) is 1.31 outside (within 0.01: the cubic is 2.7e-4·r off the circle).
    @Test func circularCornerDistances() {
        let path = CGPath(roundedRect: square, cornerRadius: 10)
        #expect(abs(signedDistance(CGPoint(x: 3, y: 3), path) - (7 * 2.0.squareRoot() - 10)) < 0.01)
        #expect(abs(signedDistance(CGPoint(x: 2, y: 2), path) - (8 * 2.0.squareRoot() - 10)) < 0.01)
        #expect(abs(signedDistance(CGPoint(x: 3, y: 3), path) + 0.10) < 0.005)
        #expect(abs(signedDistance(CGPoint(x: 2, y: 2), path) - 1.31) < 0.005)
    }

    /// A radius beyond half the shorter side is clamped to it: 100×40 with radius 50 is the capsule of
    /// radius 20.
    @Test func radiusIsClampedToHalfTheShorterSide() {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 40)
        let path = CGPath(roundedRect: rect, cornerRadius: 50)
        #expect(path == CGPath(roundedRect: rect, cornerRadius: 20))
        #expect(signedDistance(CGPoint(x: 2, y: 2), path) > 0)
        #expect(signedDistance(CGPoint(x: 20, y: 0.5), path) < 0)
        #expect(CGPath(roundedRect: rect, cornerRadius: -3) == CGPath(rect: rect))
        #expect(CGPath(roundedRect: rect, cornerRadius: .nan) == CGPath(rect: rect))
    }

    /// The continuous corner of radius 10 leaves the straight edge 15.2866483 from the corner and
    /// passes through (6.3149399, 0.749110) and (0.749110, 6.3149399) measured from it.
    @Test func continuousCornerPoints() {
        let path = CGPath(roundedRect: square, cornerRadius: 10, cornerCurve: .continuous)
        let all = points(path)
        #expect(near(all[0], CGPoint(x: 100, y: 15.2866483)))
        // The top edge is one straight line from the min-X min-Y corner's end to the next corner's start.
        let topLine = path.elements.firstIndex { $0 == .lineTo(CGPoint(x: 100 - 15.2866483, y: 0)) }
        #expect(topLine != nil)
        if let topLine, case .curveTo(_, _, let end) = path.elements[topLine - 1] {
            #expect(near(end, CGPoint(x: 15.2866483, y: 0)))
        }
        #expect(all.contains { near($0, CGPoint(x: 6.3149399, y: 0.749110)) })
        #expect(all.contains { near($0, CGPoint(x: 0.749110, y: 6.3149399)) })
        // Every corner is three cubics and two lines: 1 move + 4 × (line + 5) + close.
        #expect(path.elements.count == 1 + 4 * 6 + 1)
        // On the diagonal the continuous corner passes 2.9151 from the corner on each axis (its middle
        // cubic's midpoint, 0.29151·r), the circle 2.9289 (1 − 1/√2 radii): between them a point is
        // inside the first and outside the second.
        let between = CGPoint(x: 2.922, y: 2.922)
        #expect(signedDistance(between, path) < -0.008)
        #expect(signedDistance(between, CGPath(roundedRect: square, cornerRadius: 10)) > 0.008)
        #expect(CALayerCornerCurve.continuous.expansionFactor == 1.52866483)
        #expect(CALayerCornerCurve.circular.expansionFactor == 1)
    }

    /// Where the continuous corner does not fit, it is blended toward the circle until it reaches
    /// exactly half the shorter side; at a radius of half the side it is the circular capsule.
    @Test func continuousCornerBlendsTowardACapsule() {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 40)
        let blended = CGPath(roundedRect: rect, cornerRadius: 16, cornerCurve: .continuous)
        let p = points(blended)
        #expect(near(p[0], CGPoint(x: 100, y: 20)))
        // The right edge has shrunk to nothing: the max-X max-Y corner starts where the path started.
        #expect(near(p[1], CGPoint(x: 100, y: 20)))
        #expect(blended.elements.contains(.lineTo(CGPoint(x: 80, y: 0))))
        #expect(
            CGPath(roundedRect: rect, cornerRadius: 20, cornerCurve: .continuous)
                == CGPath(roundedRect: rect, cornerRadius: 20))
        // Just below the fitting radius the corner is the continuous one; just above, nearly so.
        let fits = 20 / 1.52866483
        let below = CornerProfile(curve: .continuous, radius: fits * 0.999_999, halfSide: 20)
        let above = CornerProfile(curve: .continuous, radius: fits * 1.000_001, halfSide: 20)
        #expect(below.points.count == 12 && above.points.count == 12)
        #expect(zip(below.points, above.points).allSatisfy { near($0, $1, 1e-5) })
        #expect(abs(above.reach * fits * 1.000_001 - 20) < 1e-9)
    }

    /// Only the masked corners are rounded; the others are the rectangle's corner points.
    @Test func maskedCornersRoundOnlyThoseCorners() {
        let corners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMaxYCorner]
        let path = CGPath(roundedRect: square, cornerRadius: 10, maskedCorners: corners)
        #expect(path.elements.first == .moveTo(CGPoint(x: 100, y: 0)))
        #expect(path.elements.contains(.lineTo(CGPoint(x: 0, y: 100))))
        #expect(!path.elements.contains(.lineTo(CGPoint(x: 100, y: 100))))
        #expect(signedDistance(CGPoint(x: 99.5, y: 0.5), path) < 0)
        #expect(signedDistance(CGPoint(x: 0.5, y: 99.5), path) < 0)
        #expect(signedDistance(CGPoint(x: 0.5, y: 0.5), path) > 0)
        #expect(signedDistance(CGPoint(x: 99.5, y: 99.5), path) > 0)
        #expect(CGPath(roundedRect: square, cornerRadius: 10, maskedCorners: []) == CGPath(rect: square))
    }

    /// UIKit's initializers: `cornerRadius:` draws continuous corners, `byRoundingCorners:` circular
    /// ones on the named corners, with the radii's width.
    @Test func bezierPathRoundedRects() {
        #expect(
            UIBezierPath(roundedRect: square, cornerRadius: 10).cgPath
                == CGPath(roundedRect: square, cornerRadius: 10, cornerCurve: .continuous))
        #expect(
            UIBezierPath(
                roundedRect: square, byRoundingCorners: [.topLeft, .bottomRight],
                cornerRadii: CGSize(width: 8, height: 3)
            ).cgPath
                == CGPath(
                    roundedRect: square, cornerRadius: 8, maskedCorners: [.layerMinXMinYCorner, .layerMaxXMaxYCorner]))
    }

    /// The transform maps every point.
    @Test func transformMapsThePoints() {
        let t = CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 5, ty: -1)
        let mapped = CGPath(roundedRect: square, cornerRadius: 10, cornerCurve: .continuous, transform: t)
        let plain = CGPath(roundedRect: square, cornerRadius: 10, cornerCurve: .continuous)
        #expect(zip(points(mapped), points(plain)).allSatisfy { near($0, $1.applying(t), 1e-12) })
    }
}
