import Foundation
import Geometry

@testable import Raster

/// Polygons and path geometry for the tests, built directly (the tests do not depend on the
/// flattening of `Geometry`, so a flattening change cannot hide a rasterizer change).
enum TestShapes {
    static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Polygon {
        Polygon(
            points: [
                CGPoint(x: x, y: y), CGPoint(x: x + w, y: y), CGPoint(x: x + w, y: y + h), CGPoint(x: x, y: y + h),
            ],
            contourStarts: [0])
    }

    /// A regular polygon of `count` vertices on a circle (clockwise on screen).
    static func circle(cx: Double, cy: Double, r: Double, count: Int) -> Polygon {
        let points = (0..<count).map { i -> CGPoint in
            let a = 2 * Double.pi * Double(i) / Double(count)
            return CGPoint(x: cx + r * cos(a), y: cy + r * sin(a))
        }
        return Polygon(points: points, contourStarts: [0])
    }

    /// A pentagram {5/2}: its centre pentagon has winding number 2.
    static func pentagram(cx: Double, cy: Double, r: Double) -> Polygon {
        let points = (0..<5).map { i -> CGPoint in
            let a = -Double.pi / 2 + 4 * Double.pi * Double(i) / 5
            return CGPoint(x: cx + r * cos(a), y: cy + r * sin(a))
        }
        return Polygon(points: points, contourStarts: [0])
    }

    /// The polygon of path commands (`M x y`, `L x y`, `C x1 y1 x2 y2 x3 y3`, `Z`), cubics split
    /// uniformly into n pieces by Wang's bound n = ⌈√(3M / (4·tolerance))⌉.
    static func flatten(_ commands: [[String]], tolerance: Double = 0.01) -> Polygon {
        var polygon = Polygon()
        var current = CGPoint.zero
        for command in commands {
            let v = command.dropFirst().map { Double($0)! }
            switch command[0] {
            case "M":
                polygon.beginContour()
                current = CGPoint(x: v[0], y: v[1])
                polygon.append(current)
            case "L":
                current = CGPoint(x: v[0], y: v[1])
                polygon.append(current)
            case "C":
                let p = [current, CGPoint(x: v[0], y: v[1]), CGPoint(x: v[2], y: v[3]), CGPoint(x: v[4], y: v[5])]
                let m = max(
                    hypot(p[0].x - 2 * p[1].x + p[2].x, p[0].y - 2 * p[1].y + p[2].y),
                    hypot(p[1].x - 2 * p[2].x + p[3].x, p[1].y - 2 * p[2].y + p[3].y))
                let n = max(1, Int((3 * m / (4 * tolerance)).squareRoot().rounded(.up)))
                for i in 1...n {
                    let t = Double(i) / Double(n)
                    let u = 1 - t
                    let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
                    polygon.append(
                        CGPoint(
                            x: a * p[0].x + b * p[1].x + c * p[2].x + d * p[3].x,
                            y: a * p[0].y + b * p[1].y + c * p[2].y + d * p[3].y))
                }
                current = p[3]
            default:
                break
            }
        }
        return polygon
    }

    /// Fills `polygon` into a fresh mask of `width × height`.
    static func mask(_ polygon: Polygon, _ width: Int, _ height: Int, rule: FillRule = .nonZero) -> Mask {
        let mask = Mask(width: width, height: height)
        Rasterizer().fill(polygon, rule: rule, into: mask)
        return mask
    }
}

/// The premultiplied test patterns shared with `Goldens/make_goldens.py`.
enum TestPatterns {
    /// cairo's premultiplication: t = c·a + 128, ((t >> 8) + t) >> 8.
    static func premultiply(_ c: Int, _ a: Int) -> Int {
        let t = c * a + 128
        return ((t >> 8) + t) >> 8
    }

    static func pixel(_ kind: String, _ x: Int, _ y: Int) -> Pixel {
        var (r, g, b, a): (Int, Int, Int, Int)
        switch kind {
        case "a": (r, g, b, a) = ((x * 3 + y) & 255, (y * 5) & 255, (x * 7 + y * 2) & 255, 255)
        case "b": (r, g, b, a) = ((x * 11) & 255, (x + y * 9) & 255, (y * 13 + 40) & 255, (x * 4 + y * 3 + 30) & 255)
        default:
            let inside = (3..<21).contains(x) && (3..<21).contains(y)
            (r, g, b, a) = ((x * 10) & 255, (y * 10) & 255, 200, inside ? (160 + x * 3) & 255 : 0)
        }
        return Pixel.premultiplied(
            red: UInt8(premultiply(r, a)), green: UInt8(premultiply(g, a)), blue: UInt8(premultiply(b, a)),
            alpha: UInt8(a))
    }

    static func bitmap(_ kind: String, _ width: Int, _ height: Int) -> Bitmap {
        let bitmap = Bitmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width { bitmap[x, y] = pixel(kind, x, y) }
        }
        bitmap.updateIsOpaque()
        return bitmap
    }
}

extension Mask {
    /// A mask of `width × height` covering only `pixels` (column, row, coverage).
    static func covering(_ pixels: [(Int, Int, UInt8)], width: Int, height: Int) -> Mask {
        let alpha = Bitmap(width: width, height: height)
        for (x, y, coverage) in pixels { alpha[x, y] = Pixel(coverage) << 24 }
        let mask = Mask(width: width, height: height)
        mask.setCoverage(fromAlphaOf: alpha)
        return mask
    }
}
