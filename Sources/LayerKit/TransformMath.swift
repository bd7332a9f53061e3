/// A transform split into scale, rotation, translation and perspective (`M = S · R · T · P` for row
/// vectors, with `P` the identity but for its last column (p₁, p₂, p₃, s)), so the perspective applies
/// after the rotation, as in the unmatrix decomposition CSS and WebKit use: a card's
/// `transform.m34 = −1/500` keeps its depth while `transform.rotation.y` animates. Rotation is held as Euler angles `R = Rx(x) · Ry(y) · Rz(z)`
/// (x applied first), so a pure z rotation by θ reads back θ in (−π, π]. Shear is not represented:
/// setting one component of a sheared transform drops the shear.
struct TransformComponents: Equatable {
    var scale: (x: Double, y: Double, z: Double) = (1, 1, 1)
    var rotation: (x: Double, y: Double, z: Double) = (0, 0, 0)
    var translation: (x: Double, y: Double, z: Double) = (0, 0, 0)
    /// P's last column (p₁, p₂, p₃, s): M's column (m14, m24, m34) is (S · R) · p and m44 = T · p + s.
    var perspective: (m14: Double, m24: Double, m34: Double, m44: Double) = (0, 0, 0, 1)

    static func == (l: TransformComponents, r: TransformComponents) -> Bool {
        l.scale == r.scale && l.rotation == r.rotation && l.translation == r.translation
            && l.perspective == r.perspective
    }

    init() {}

    init(_ m: CATransform3D) {
        translation = (m.m41, m.m42, m.m43)
        var r1 = (m.m11, m.m12, m.m13)
        var r2 = (m.m21, m.m22, m.m23)
        var r3 = (m.m31, m.m32, m.m33)
        var sx = (r1.0 * r1.0 + r1.1 * r1.1 + r1.2 * r1.2).squareRoot()
        let sy = (r2.0 * r2.0 + r2.1 * r2.1 + r2.2 * r2.2).squareRoot()
        let sz = (r3.0 * r3.0 + r3.1 * r3.1 + r3.2 * r3.2).squareRoot()
        let determinant =
            r1.0 * (r2.1 * r3.2 - r2.2 * r3.1) - r1.1 * (r2.0 * r3.2 - r2.2 * r3.0)
            + r1.2 * (r2.0 * r3.1 - r2.1 * r3.0)
        if determinant < 0 {
            sx = -sx
        }
        perspective = Self.perspective(of: m, rows: (r1, r2, r3), determinant: determinant)
        scale = (sx, sy, sz)
        if sx != 0 { r1 = (r1.0 / sx, r1.1 / sx, r1.2 / sx) }
        if sy != 0 { r2 = (r2.0 / sy, r2.1 / sy, r2.2 / sy) }
        if sz != 0 { r3 = (r3.0 / sz, r3.1 / sz, r3.2 / sz) }
        // R = Rx·Ry·Rz: m13 = −sin y, m12/m11 = tan z, m23/m33 = tan x.
        let sinY = min(max(-r1.2, -1), 1)
        let y = asin(sinY)
        if abs(sinY) < 1 - 1e-12 {
            rotation = (atan2(r2.2, r3.2), y, atan2(r1.1, r1.0))
        } else {
            rotation = (atan2(-r3.1, r2.1), y, 0)
        }
    }

    /// P's last column for `m` whose upper 3 × 3 block has rows `rows`: p solves (S · R) · p = (m14, m24,
    /// m34) by Cramer's rule and s = m44 − T · p; a singular block keeps m's column as is.
    private static func perspective(
        of m: CATransform3D,
        rows: ((CGFloat, CGFloat, CGFloat), (CGFloat, CGFloat, CGFloat), (CGFloat, CGFloat, CGFloat)),
        determinant: CGFloat
    ) -> (m14: Double, m24: Double, m34: Double, m44: Double) {
        let (c1, c2, c3) = (m.m14, m.m24, m.m34)
        guard c1 != 0 || c2 != 0 || c3 != 0 else { return (0, 0, 0, m.m44) }
        guard abs(determinant) > 1e-12 else { return (c1, c2, c3, m.m44) }
        let (a, b, c) = rows
        func det(_ x: (CGFloat, CGFloat, CGFloat), _ y: (CGFloat, CGFloat, CGFloat), _ z: (CGFloat, CGFloat, CGFloat))
            -> CGFloat
        {
            x.0 * (y.1 * z.2 - y.2 * z.1) - x.1 * (y.0 * z.2 - y.2 * z.0) + x.2 * (y.0 * z.1 - y.1 * z.0)
        }
        // Column j of A replaced by the right-hand side, A's rows being a, b, c.
        let p1 = det((c1, a.1, a.2), (c2, b.1, b.2), (c3, c.1, c.2)) / determinant
        let p2 = det((a.0, c1, a.2), (b.0, c2, b.2), (c.0, c3, c.2)) / determinant
        let p3 = det((a.0, a.1, c1), (b.0, b.1, c2), (c.0, c.1, c3)) / determinant
        return (p1, p2, p3, m.m44 - (m.m41 * p1 + m.m42 * p2 + m.m43 * p3))
    }

    /// The rotation block `Rx(x) · Ry(y) · Rz(z)`, rows.
    private var rotationRows: ((Double, Double, Double), (Double, Double, Double), (Double, Double, Double)) {
        let (ca, sa) = (cos(rotation.x), sin(rotation.x))
        let (cb, sb) = (cos(rotation.y), sin(rotation.y))
        let (cg, sg) = (cos(rotation.z), sin(rotation.z))
        return (
            (cb * cg, cb * sg, -sb),
            (-ca * sg + sa * sb * cg, ca * cg + sa * sb * sg, sa * cb),
            (sa * sg + ca * sb * cg, -sa * cg + ca * sb * sg, ca * cb)
        )
    }

    /// The recomposed transform.
    var transform: CATransform3D {
        let (r1, r2, r3) = rotationRows
        let a = (
            (scale.x * r1.0, scale.x * r1.1, scale.x * r1.2), (scale.y * r2.0, scale.y * r2.1, scale.y * r2.2),
            (scale.z * r3.0, scale.z * r3.1, scale.z * r3.2)
        )
        let p = perspective
        let t = translation
        // No perspective (the common case) keeps m44 exactly.
        let plain = p.m14 == 0 && p.m24 == 0 && p.m34 == 0
        func column(_ row: (Double, Double, Double)) -> Double {
            plain ? 0 : row.0 * p.m14 + row.1 * p.m24 + row.2 * p.m34
        }
        return CATransform3D(
            m11: a.0.0, m12: a.0.1, m13: a.0.2, m14: column(a.0),
            m21: a.1.0, m22: a.1.1, m23: a.1.2, m24: column(a.1),
            m31: a.2.0, m32: a.2.1, m33: a.2.2, m34: column(a.2),
            m41: t.x, m42: t.y, m43: t.z, m44: plain ? p.m44 : t.x * p.m14 + t.y * p.m24 + t.z * p.m34 + p.m44)
    }

    /// The rotation as a unit quaternion (x, y, z, w).
    var quaternion: (Double, Double, Double, Double) {
        let (r1, r2, r3) = rotationRows
        // Column-vector matrix C = Rᵀ: C[i][j] = R[j][i].
        let (c00, c01, c02) = (r1.0, r2.0, r3.0)
        let (c10, c11, c12) = (r1.1, r2.1, r3.1)
        let (c20, c21, c22) = (r1.2, r2.2, r3.2)
        let trace = c00 + c11 + c22
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            return ((c21 - c12) / s, (c02 - c20) / s, (c10 - c01) / s, s / 4)
        } else if c00 > c11, c00 > c22 {
            let s = (1 + c00 - c11 - c22).squareRoot() * 2
            return (s / 4, (c01 + c10) / s, (c02 + c20) / s, (c21 - c12) / s)
        } else if c11 > c22 {
            let s = (1 + c11 - c00 - c22).squareRoot() * 2
            return ((c01 + c10) / s, s / 4, (c12 + c21) / s, (c02 - c20) / s)
        } else {
            let s = (1 + c22 - c00 - c11).squareRoot() * 2
            return ((c02 + c20) / s, (c12 + c21) / s, s / 4, (c10 - c01) / s)
        }
    }

    /// Sets the rotation from a unit quaternion (x, y, z, w).
    mutating func setQuaternion(_ q: (Double, Double, Double, Double)) {
        let (x, y, z, w) = q
        let c00 = 1 - 2 * (y * y + z * z)
        let c10 = 2 * (x * y + z * w)
        let c11 = 1 - 2 * (x * x + z * z)
        let c20 = 2 * (x * z - y * w)
        let c21 = 2 * (y * z + x * w)
        let c22 = 1 - 2 * (x * x + y * y)
        // Row-vector R = Cᵀ: m11 = c00, m12 = c10, m13 = c20, m22 = c11, m23 = c21, m32 = c12, m33 = c22.
        let sinY = min(max(-c20, -1), 1)
        let angleY = asin(sinY)
        if abs(sinY) < 1 - 1e-12 {
            rotation = (atan2(c21, c22), angleY, atan2(c10, c00))
        } else {
            rotation = (atan2(-2 * (y * z - x * w), c11), angleY, 0)
        }
    }

    /// Decomposed interpolation: translation, scale and perspective linearly, rotation by quaternion
    /// slerp along the shorter arc (so identity → a 2π turn shows no motion, as in Core Animation).
    static func interpolate(_ a: CATransform3D, _ b: CATransform3D, _ t: Double) -> CATransform3D {
        if a == b { return a }
        let ca = TransformComponents(a)
        let cb = TransformComponents(b)
        var out = TransformComponents()
        func mix(_ u: Double, _ v: Double) -> Double { u + (v - u) * t }
        out.translation = (
            mix(ca.translation.x, cb.translation.x), mix(ca.translation.y, cb.translation.y),
            mix(ca.translation.z, cb.translation.z)
        )
        out.scale = (mix(ca.scale.x, cb.scale.x), mix(ca.scale.y, cb.scale.y), mix(ca.scale.z, cb.scale.z))
        out.perspective = (
            mix(ca.perspective.m14, cb.perspective.m14), mix(ca.perspective.m24, cb.perspective.m24),
            mix(ca.perspective.m34, cb.perspective.m34), mix(ca.perspective.m44, cb.perspective.m44)
        )
        out.setQuaternion(slerp(ca.quaternion, cb.quaternion, t))
        return out.transform
    }

    private static func slerp(
        _ p: (Double, Double, Double, Double), _ q0: (Double, Double, Double, Double), _ t: Double
    ) -> (Double, Double, Double, Double) {
        var q = q0
        var dot = p.0 * q.0 + p.1 * q.1 + p.2 * q.2 + p.3 * q.3
        if dot < 0 {
            q = (-q.0, -q.1, -q.2, -q.3)
            dot = -dot
        }
        let (wp, wq): (Double, Double)
        if dot > 0.9995 {
            (wp, wq) = (1 - t, t)
        } else {
            let theta = acos(min(dot, 1))
            let s = sin(theta)
            (wp, wq) = (sin((1 - t) * theta) / s, sin(t * theta) / s)
        }
        var r = (p.0 * wp + q.0 * wq, p.1 * wp + q.1 * wq, p.2 * wp + q.2 * wq, p.3 * wp + q.3 * wq)
        let length = (r.0 * r.0 + r.1 * r.1 + r.2 * r.2 + r.3 * r.3).squareRoot()
        if length > 0 { r = (r.0 / length, r.1 / length, r.2 / length, r.3 / length) }
        return r
    }
}
