import Geometry
import Testing

/// [x y 0 1] · t, divided by w, computed here on its own from the 16 numbers.
private func project(_ p: CGPoint, _ t: CATransform3D) -> CGPoint {
    let m = t.rowMajor
    let v = (0..<4).map { c in p.x * m[c] + p.y * m[4 + c] + m[12 + c] }
    return CGPoint(x: v[0] / v[3], y: v[1] / v[3])
}

/// A card turned 0.6 rad about the y axis under a perspective of 200 px, as in a card flip.
let card: CATransform3D = {
    var perspective = CATransform3DIdentity
    perspective.m34 = -1.0 / 200
    return CATransform3DConcat(
        CATransform3DConcat(CATransform3DMakeTranslation(-20, -20, 0), CATransform3DMakeRotation(0.6, 0, 1, 0)),
        CATransform3DConcat(perspective, CATransform3DMakeTranslation(60, 50, 0)))
}()

@Suite struct HomographyTests {
    @Test func planeMapIsTheTransformsDivideByW() throws {
        let h = Homography(card)
        for p in [CGPoint(x: 0, y: 0), CGPoint(x: 40, y: 0), CGPoint(x: 13.5, y: 27.25), CGPoint(x: 40, y: 40)] {
            let expected = project(p, card)
            let got = try #require(h.apply(p))
            #expect(abs(got.x - expected.x) < 1e-9 && abs(got.y - expected.y) < 1e-9)
        }
        // The turned card's near edge is longer on screen than its far edge: perspective, not affine.
        let near = project(CGPoint(x: 0, y: 40), card).y - project(CGPoint(x: 0, y: 0), card).y
        let far = project(CGPoint(x: 40, y: 40), card).y - project(CGPoint(x: 40, y: 0), card).y
        #expect(abs(near - far) > 4)
    }

    @Test func inverseUndoesTheMap() throws {
        let h = Homography(card)
        let inverse = try #require(h.inverted)
        let p = CGPoint(x: 7.25, y: 31)
        let forward = try #require(h.apply(p))
        let back = try #require(inverse.apply(forward))
        #expect(abs(back.x - p.x) < 1e-9 && abs(back.y - p.y) < 1e-9)
        let identity = h.concatenating(inverse)
        #expect(abs(identity.m11 - 1) < 1e-12 && abs(identity.m22 - 1) < 1e-12 && abs(identity.m33 - 1) < 1e-12)
        #expect(abs(identity.m12) < 1e-12 && abs(identity.m31) < 1e-9 && abs(identity.m13) < 1e-12)
        #expect(Homography(CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0)).inverted == nil)
    }

    /// A rectangle's outline projects to its projected corners; the part behind the eye is clipped at
    /// the near W, so every point is finite and in front.
    @Test func pathsAreProjectedAndClipped() throws {
        let square = CGPath(rect: CGRect(x: 0, y: 0, width: 40, height: 40))
        var polygon = Polygon()
        square.flatten(into: &polygon, projection: Homography(card))
        let corners = [CGPoint(x: 0, y: 0), CGPoint(x: 40, y: 0), CGPoint(x: 40, y: 40), CGPoint(x: 0, y: 40)]
        #expect(polygon.contourCount == 1 && polygon.points.count == 4)
        for (got, corner) in zip(polygon.points, corners) {
            let expected = project(corner, card)
            #expect(abs(got.x - expected.x) < 1e-9 && abs(got.y - expected.y) < 1e-9)
        }
        // Tilted back 1.2 rad about x under a 30 px perspective, the far half is behind the eye.
        var steep = CATransform3DIdentity
        steep.m34 = -1.0 / 30
        let tilted = CATransform3DConcat(CATransform3DMakeRotation(1.2, 1, 0, 0), steep)
        var clipped = Polygon()
        square.flatten(into: &clipped, projection: Homography(tilted))
        let h = Homography(tilted)
        let inverse = try #require(h.inverted)
        #expect(clipped.points.count >= 3)
        for p in clipped.points {
            #expect(p.x.isFinite && p.y.isFinite)
            // Mapped back, each point is in front of the eye: its source lies where W ≥ the near W.
            let source = try #require(inverse.apply(p))
            #expect(h.homogeneous(source).w >= Homography.nearestW * 0.999)
        }
        #expect(h.magnification(over: CGRect(x: 0, y: 0, width: 40, height: 40)) == .infinity)
    }
}
