extension CGPath {
    /// The smallest rectangle containing every point the path passes through, control points not
    /// included (Core Graphics' `boundingBoxOfPath`): the end points of every element and the extreme
    /// points of its curves; `.null` for an empty path.
    public var boundingBoxOfPath: CGRect {
        var box = BoxBuilder()
        var current = CGPoint.zero
        for element in elements {
            switch element {
            case .moveTo(let p), .lineTo(let p):
                box.add(p)
                current = p
            case .quadCurveTo(let c, let e):
                box.addCurve(CubicBezier(quadFrom: current, control: c, end: e))
                current = e
            case .curveTo(let c1, let c2, let e):
                box.addCurve(CubicBezier(current, c1, c2, e))
                current = e
            case .closeSubpath: break
            }
        }
        return box.rect
    }
}

/// Grows a rectangle point by point, and by a cubic's extreme points.
private struct BoxBuilder {
    var minX = CGFloat.infinity, minY = CGFloat.infinity
    var maxX = -CGFloat.infinity, maxY = -CGFloat.infinity

    mutating func add(_ p: CGPoint) {
        minX = min(minX, p.x)
        minY = min(minY, p.y)
        maxX = max(maxX, p.x)
        maxY = max(maxY, p.y)
    }

    /// The curve's end points and the points where its x or y derivative vanishes inside (0, 1).
    mutating func addCurve(_ curve: CubicBezier) {
        add(curve.p0)
        add(curve.p3)
        let xs = (curve.p0.x, curve.p1.x, curve.p2.x, curve.p3.x)
        let ys = (curve.p0.y, curve.p1.y, curve.p2.y, curve.p3.y)
        for t in Self.extrema(xs) + Self.extrema(ys) { add(curve.point(at: t)) }
    }

    /// The parameters in (0, 1) where one coordinate of a cubic with values `v` is stationary: the roots
    /// of its derivative a·t² + b·t + c.
    private static func extrema(_ v: (CGFloat, CGFloat, CGFloat, CGFloat)) -> [CGFloat] {
        let a = 3 * (-v.0 + 3 * v.1 - 3 * v.2 + v.3)
        let b = 6 * (v.0 - 2 * v.1 + v.2)
        let c = 3 * (v.1 - v.0)
        var roots: [CGFloat] = []
        if abs(a) < 1e-12 * (abs(b) + abs(c) + 1) {
            if b != 0 { roots.append(-c / b) }
        } else {
            let discriminant = b * b - 4 * a * c
            if discriminant >= 0 {
                let root = discriminant.squareRoot()
                roots += [(-b + root) / (2 * a), (-b - root) / (2 * a)]
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }

    var rect: CGRect {
        guard minX <= maxX else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
