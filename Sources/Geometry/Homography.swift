/// A projective map of the plane: a point (x, y) maps to (X/W, Y/W) with [X Y W] = [x y 1] · H (row
/// vectors, as `CATransform3D`). What a layer's plane (z = 0) goes through on its way to the screen
/// under a 3D transform with perspective (`m34`).
public struct Homography: Hashable, Sendable {
    public var m11: CGFloat, m12: CGFloat, m13: CGFloat
    public var m21: CGFloat, m22: CGFloat, m23: CGFloat
    public var m31: CGFloat, m32: CGFloat, m33: CGFloat

    /// The smallest W a point may have and still be drawn: points at or behind the eye plane (W ≤ 0)
    /// have no image, and near it coordinates blow up, so geometry is clipped at this W.
    public static let nearestW: CGFloat = 1e-6

    public init(
        m11: CGFloat, m12: CGFloat, m13: CGFloat, m21: CGFloat, m22: CGFloat, m23: CGFloat, m31: CGFloat,
        m32: CGFloat, m33: CGFloat
    ) {
        (self.m11, self.m12, self.m13) = (m11, m12, m13)
        (self.m21, self.m22, self.m23) = (m21, m22, m23)
        (self.m31, self.m32, self.m33) = (m31, m32, m33)
    }

    /// The map of the plane z = 0 under `t`: rows 1, 2 and 4, columns 1, 2 and 4 (z is 0 on the plane,
    /// and the screen keeps x, y and w).
    public init(_ t: CATransform3D) {
        self.init(
            m11: t.m11, m12: t.m12, m13: t.m14, m21: t.m21, m22: t.m22, m23: t.m24, m31: t.m41, m32: t.m42,
            m33: t.m44)
    }

    /// The projective map that is `t`.
    public init(_ t: CGAffineTransform) {
        self.init(m11: t.a, m12: t.b, m13: 0, m21: t.c, m22: t.d, m23: 0, m31: t.tx, m32: t.ty, m33: 1)
    }

    /// [X Y W] for `p`.
    @inlinable
    public func homogeneous(_ p: CGPoint) -> (x: CGFloat, y: CGFloat, w: CGFloat) {
        (p.x * m11 + p.y * m21 + m31, p.x * m12 + p.y * m22 + m32, p.x * m13 + p.y * m23 + m33)
    }

    /// Where `p` lands, or nil when it is at or behind the eye (W below `nearestW`).
    public func apply(_ p: CGPoint) -> CGPoint? {
        let h = homogeneous(p)
        guard h.w >= Self.nearestW else { return nil }
        return CGPoint(x: h.x / h.w, y: h.y / h.w)
    }

    /// The inverse map, or nil when the map is singular (its image of the plane is a line).
    public var inverted: Homography? {
        // The adjugate divided by the determinant (rows and columns as in the row-vector layout).
        let c11 = m22 * m33 - m23 * m32
        let c12 = m13 * m32 - m12 * m33
        let c13 = m12 * m23 - m13 * m22
        let determinant = m11 * c11 + m21 * c12 + m31 * c13
        guard determinant.isFinite, abs(determinant) > 1e-300 else { return nil }
        let s = 1 / determinant
        return Homography(
            m11: c11 * s, m12: c12 * s, m13: c13 * s,
            m21: (m23 * m31 - m21 * m33) * s, m22: (m11 * m33 - m13 * m31) * s, m23: (m13 * m21 - m11 * m23) * s,
            m31: (m21 * m32 - m22 * m31) * s, m32: (m12 * m31 - m11 * m32) * s, m33: (m11 * m22 - m12 * m21) * s)
    }

    /// `self` then `other`.
    public func concatenating(_ other: Homography) -> Homography {
        let a = self
        let b = other
        return Homography(
            m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31, m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32,
            m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33,
            m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31, m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32,
            m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33,
            m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31, m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32,
            m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33)
    }

    /// A bound on how many device pixels one unit of the source plane becomes anywhere in `rect`
    /// (the largest derivative of (X/W, Y/W), reached at a corner since W is affine): infinite when part
    /// of `rect` is behind the eye.
    public func magnification(over rect: CGRect) -> CGFloat {
        let linear = (m11 * m11 + m12 * m12 + m21 * m21 + m22 * m22).squareRoot()
        let perspective = (m13 * m13 + m23 * m23).squareRoot()
        var worst: CGFloat = 0
        for corner in 0..<4 {
            let h = homogeneous(
                CGPoint(x: corner & 1 == 0 ? rect.minX : rect.maxX, y: corner & 2 == 0 ? rect.minY : rect.maxY))
            guard h.w >= Self.nearestW else { return .infinity }
            let screen = (h.x * h.x + h.y * h.y).squareRoot() / h.w
            worst = max(worst, (linear + screen * perspective) / h.w)
        }
        return worst
    }

    /// Appends `source`'s contours to `polygon`, each mapped by `projectClipped` (clipped at the eye
    /// plane, divided by W); contours wholly behind the eye are left out. `clipped` is scratch storage,
    /// so nothing is allocated once it has grown.
    public func project(_ source: Polygon, into polygon: inout Polygon, clipped: inout [CGPoint]) {
        for c in 0..<source.contourCount {
            projectClipped(source.points[source.contourRange(c)], into: &clipped)
            guard !clipped.isEmpty else { continue }
            polygon.beginContour()
            for p in clipped { polygon.append(p) }
        }
    }

    /// The points of a closed polygon after the map, clipped to W ≥ `nearestW` first (Sutherland–
    /// Hodgman against that plane in homogeneous coordinates, so what is behind the eye is cut away
    /// rather than folded through it).
    public func projectClipped(_ points: some BidirectionalCollection<CGPoint>, into out: inout [CGPoint]) {
        out.removeAll(keepingCapacity: true)
        guard let last = points.last else { return }
        var previous = homogeneous(last)
        for p in points {
            let current = homogeneous(p)
            let inPrevious = previous.w >= Self.nearestW
            let inCurrent = current.w >= Self.nearestW
            if inPrevious != inCurrent {
                let t = (Self.nearestW - previous.w) / (current.w - previous.w)
                let x = previous.x + (current.x - previous.x) * t
                let y = previous.y + (current.y - previous.y) * t
                out.append(CGPoint(x: x / Self.nearestW, y: y / Self.nearestW))
            }
            if inCurrent { out.append(CGPoint(x: current.x / current.w, y: current.y / current.w)) }
            previous = current
        }
    }
}

extension CGPath {
    /// Appends the path, mapped by `projection`, to `polygon`: flattened in its own space finely enough
    /// that, after the map, no chord is farther than `tolerance` device pixels from the curve (the
    /// tolerance divided by `magnification(over:)` of the path's bounds), every contour clipped at the
    /// eye plane and divided by W. A path partly behind the eye is flattened at `tolerance / 1000`.
    public func flatten(
        into polygon: inout Polygon, projection: Homography, tolerance: CGFloat = defaultFlatteningTolerance
    ) {
        var scratch = ProjectionScratch()
        flatten(into: &polygon, projection: projection, tolerance: tolerance, scratch: &scratch)
    }

    /// `flatten(into:projection:tolerance:)` with its working storage in `scratch`, so nothing is
    /// allocated once the scratch and `polygon` have grown.
    public func flatten(
        into polygon: inout Polygon, projection: Homography, tolerance: CGFloat = defaultFlatteningTolerance,
        scratch: inout ProjectionScratch
    ) {
        let magnification = projection.magnification(over: boundingBox)
        let local = magnification.isFinite && magnification > 0 ? tolerance / magnification : tolerance / 1000
        scratch.local.removeAll()
        flatten(into: &scratch.local, tolerance: local)
        projection.project(scratch.local, into: &polygon, clipped: &scratch.clipped)
    }
}

/// Reusable storage for projecting paths (the path flattened in its own plane, and one contour clipped
/// at the eye plane), kept by a caller that projects every frame.
public struct ProjectionScratch: Sendable {
    var local = Polygon()
    /// One contour after `Homography.projectClipped`; pass it to `project(_:into:clipped:)`.
    public var clipped: [CGPoint] = []

    public init() {}
}
