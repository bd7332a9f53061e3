import Foundation
import Testing

@testable import Geometry

/// UIBezierPath's and CGPath's operations for pasted code: rounded corners by corner, append,
/// reversing, apply, bounds, containment.
@Suite struct PathOperationTests {
    /// `byRoundingCorners:` (its shape is pinned in LayerShapeTests): radii beyond half the shorter side
    /// are clamped, so a 40 × 20 rectangle with radius 50 is a capsule.
    @Test func roundedCornersClampToACapsule() {
        let capsule = UIBezierPath(
            roundedRect: CGRect(x: 0, y: 0, width: 40, height: 20), byRoundingCorners: .allCorners,
            cornerRadii: CGSize(width: 50, height: 50))
        #expect(capsule.bounds == CGRect(x: 0, y: 0, width: 40, height: 20))
        #expect(capsule.contains(CGPoint(x: 20, y: 10)) && capsule.contains(CGPoint(x: 1, y: 10)))
        #expect(!capsule.contains(CGPoint(x: 1, y: 1)) && !capsule.contains(CGPoint(x: 39, y: 19)))
    }

    /// bounds includes control points (UIKit's documented rule); boundingBoxOfPath does not.
    @Test func boundsAndTightBounds() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addCurve(to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 0, y: 100), control2: CGPoint(x: 100, y: 100))
        path.addQuadCurve(to: CGPoint(x: 100, y: -40), control: CGPoint(x: 140, y: -20))
        #expect(path.boundingBox == CGRect(x: 0, y: -40, width: 140, height: 140))
        // The cubic peaks at t = 0.5, y = 75; the quadratic reaches x = 100 + 40·2·0.5·0.5 = 120 at t = 0.5.
        #expect(path.boundingBoxOfPath == CGRect(x: 0, y: -40, width: 120, height: 115))
        #expect(UIBezierPath(cgPath: path).bounds == path.boundingBox)
        #expect(CGMutablePath().boundingBoxOfPath.isNull)
    }

    @Test func containmentByRule() {
        let rings = CGMutablePath()
        rings.addRect(CGRect(x: 0, y: 0, width: 100, height: 100))
        rings.addRect(CGRect(x: 25, y: 25, width: 50, height: 50))
        let centre = CGPoint(x: 50, y: 50)
        #expect(rings.contains(centre))  // both rectangles run the same way: winding 2
        #expect(!rings.contains(centre, using: .evenOdd))
        #expect(rings.contains(CGPoint(x: 10, y: 10), using: .evenOdd))
        #expect(!rings.contains(CGPoint(x: 150, y: 50)))
        let moved = CGAffineTransform(translationX: 200, y: 0)
        #expect(rings.contains(CGPoint(x: 210, y: 10), transform: moved))
        #expect(!rings.contains(CGPoint(x: 10, y: 10), transform: moved))
        // A circle of radius 100 (four cubics): 0.1 inside and outside the outline.
        let circle = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 200, height: 200))
        for angle in stride(from: 0.0, to: 2 * Double.pi, by: 0.37) {
            let inside = CGPoint(x: 100 + 99.9 * cos(angle), y: 100 + 99.9 * sin(angle))
            let outside = CGPoint(x: 100 + 100.1 * cos(angle), y: 100 + 100.1 * sin(angle))
            #expect(circle.contains(inside) && !circle.contains(outside), "at \(angle)")
        }
        let bezier = UIBezierPath(cgPath: rings)
        bezier.usesEvenOddFillRule = true
        #expect(!bezier.contains(centre))
        // An open subpath counts as closed.
        let open = UIBezierPath()
        open.move(to: .zero)
        open.addLine(to: CGPoint(x: 10, y: 0))
        open.addLine(to: CGPoint(x: 10, y: 10))
        #expect(open.contains(CGPoint(x: 8, y: 2)) && !open.contains(CGPoint(x: 2, y: 8)))
    }

    @Test func reversing() {
        let rect = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 20))
        #expect(
            rect.reversing().cgPath.elements == [
                .moveTo(CGPoint(x: 0, y: 0)), .lineTo(CGPoint(x: 0, y: 20)), .lineTo(CGPoint(x: 10, y: 20)),
                .lineTo(CGPoint(x: 10, y: 0)), .closeSubpath,
            ])
        let open = UIBezierPath()
        open.move(to: CGPoint(x: 1, y: 1))
        open.addQuadCurve(to: CGPoint(x: 5, y: 1), controlPoint: CGPoint(x: 3, y: 4))
        open.addCurve(to: CGPoint(x: 9, y: 9), controlPoint1: CGPoint(x: 6, y: 2), controlPoint2: CGPoint(x: 7, y: 8))
        open.move(to: CGPoint(x: 20, y: 20))
        open.addLine(to: CGPoint(x: 30, y: 20))
        #expect(
            open.reversing().cgPath.elements == [
                .moveTo(CGPoint(x: 9, y: 9)),
                .curveTo(control1: CGPoint(x: 7, y: 8), control2: CGPoint(x: 6, y: 2), end: CGPoint(x: 5, y: 1)),
                .quadCurveTo(control: CGPoint(x: 3, y: 4), end: CGPoint(x: 1, y: 1)),
                .moveTo(CGPoint(x: 30, y: 20)), .lineTo(CGPoint(x: 20, y: 20)),
            ])
        #expect(open.reversing().reversing().cgPath.elements == open.cgPath.elements)
        // Same length, same area.
        let oval = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 50, height: 30))
        #expect(abs(oval.reversing().cgPath.length - oval.cgPath.length) < 1e-9)
    }

    @Test func appendAndApply() {
        let path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        path.append(UIBezierPath(ovalIn: CGRect(x: 20, y: 0, width: 10, height: 10)))
        #expect(path.bounds == CGRect(x: 0, y: 0, width: 30, height: 10))
        #expect(path.cgPath.elements.count == 5 + 6)
        path.apply(CGAffineTransform(scaleX: 2, y: 3))
        #expect(path.bounds == CGRect(x: 0, y: 0, width: 60, height: 30))
        #expect(path.currentPoint == CGPoint(x: 60, y: 15) && !path.isEmpty)
    }
}
