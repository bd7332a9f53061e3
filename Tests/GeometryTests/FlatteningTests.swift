import Geometry
import Testing

/// The distance from `p` to the segment `a`–`b`.
private func distance(from p: CGPoint, toSegment a: CGPoint, _ b: CGPoint) -> CGFloat {
    let (dx, dy) = (b.x - a.x, b.y - a.y)
    let squared = dx * dx + dy * dy
    let t = squared == 0 ? 0 : max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / squared))
    return hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy))
}

/// The largest distance between `curve` and the chords of its flattening: flattening steps uniformly in
/// the parameter, so the curve between chord ends i and i + 1 is sampled densely and measured to that chord.
extension CubicBezier {
    fileprivate func applying(_ t: CGAffineTransform) -> CubicBezier {
        CubicBezier(p0.applying(t), p1.applying(t), p2.applying(t), p3.applying(t))
    }
}

private func flatteningError(of curve: CubicBezier, transform: CGAffineTransform, tolerance: CGFloat) -> (CGFloat, Int)
{
    let path = CGMutablePath()
    path.move(to: curve.p0)
    path.addCurve(to: curve.p3, control1: curve.p1, control2: curve.p2)
    let polygon = path.flattened(transform: transform, tolerance: tolerance)
    let points = polygon.points
    let steps = points.count - 1
    let device = CubicBezier(
        curve.p0.applying(transform), curve.p1.applying(transform), curve.p2.applying(transform),
        curve.p3.applying(transform))
    var worst: CGFloat = 0
    for i in 0..<steps {
        for j in 0...64 {
            let t = (CGFloat(i) + CGFloat(j) / 64) / CGFloat(steps)
            worst = max(worst, distance(from: device.point(at: t), toSegment: points[i], points[i + 1]))
        }
    }
    return (worst, steps)
}

@Test(arguments: [
    CubicBezier(CGPoint(x: 0, y: 0), CGPoint(x: 0, y: 552.28), CGPoint(x: 447.72, y: 1000), CGPoint(x: 1000, y: 1000)),
    CubicBezier(CGPoint(x: 0, y: 0), CGPoint(x: 300, y: 400), CGPoint(x: -200, y: 400), CGPoint(x: 100, y: 0)),
    CubicBezier(CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 100), CGPoint(x: 0, y: 100), CGPoint(x: 100, y: 0)),
    CubicBezier(CGPoint(x: 5, y: 5), CGPoint(x: 5.2, y: 5.1), CGPoint(x: 5.3, y: 4.9), CGPoint(x: 5.5, y: 5)),
])
func flatteningStaysWithinTolerance(curve: CubicBezier) {
    for (transform, tolerance) in [
        (CGAffineTransform.identity, 0.05), (CGAffineTransform(scaleX: 3, y: 0.5), 0.05),
        (CGAffineTransform(rotationAngle: 0.7).translatedBy(x: 30, y: -20), 0.01), (.identity, 0.5),
    ] as [(CGAffineTransform, CGFloat)] {
        let (error, steps) = flatteningError(of: curve, transform: transform, tolerance: tolerance)
        #expect(error <= tolerance)
        #expect(steps == curve.applying(transform).flatteningSegmentCount(tolerance: tolerance))
    }
}

@Test func quarterCircleOf550PixelsNeedsAboutEightySteps() {
    let path = CGMutablePath()
    path.addArc(center: .zero, radius: 550, startAngle: 0, endAngle: .pi / 2, clockwise: false)
    let polygon = path.flattened()
    // Wang's bound for this cubic: ⌈√(3·M/(4·0.05))⌉ with M = 550·‖(k − 1, 1 − 2k)‖, k = 0.5523.
    let k = 4.0 / 3.0 * tan(Double.pi / 8)
    let m = 550 * hypot(k - 1, 1 - 2 * k)
    #expect(polygon.points.count == 1 + Int((3 * m / (4 * 0.05)).squareRoot().rounded(.up)))
}

@Test func flatteningMakesOneClosedContourPerSubpath() {
    let path = CGMutablePath()
    path.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
    path.move(to: CGPoint(x: 20, y: 0))  // a lone move draws nothing
    path.move(to: CGPoint(x: 30, y: 0))
    path.addLine(to: CGPoint(x: 40, y: 0))
    path.addLine(to: CGPoint(x: 40, y: 10))
    var polygon = Polygon()
    path.flatten(into: &polygon, transform: CGAffineTransform(translationX: 1, y: 2))
    #expect(polygon.contourStarts == [0, 4])
    #expect(polygon.points.first == CGPoint(x: 1, y: 2))
    #expect(polygon.points.last == CGPoint(x: 41, y: 12))
    #expect(polygon.points.count == 7)
}

@Test func flatteningSurvivesNonFiniteHugeAndManySegments() {
    let path = CGMutablePath()
    path.move(to: CGPoint(x: CGFloat.nan, y: 0))
    path.addLine(to: CGPoint(x: 5, y: 5))
    path.move(to: .zero)
    path.addCurve(
        to: CGPoint(x: 1, y: 0), control1: CGPoint(x: 1e300, y: 1e300), control2: CGPoint(x: -1e300, y: 1e300))
    path.move(to: .zero)
    path.addCurve(to: CGPoint(x: 1, y: 0), control1: CGPoint(x: CGFloat.infinity, y: 0), control2: .zero)
    let polygon = path.flattened()
    // The NaN and infinite subpaths are skipped; the huge curve is capped at the maximum step count.
    #expect(polygon.contourCount == 1)
    #expect(polygon.points.count == CubicBezier.maximumSegments + 1)

    let many = CGMutablePath()
    many.move(to: .zero)
    for i in 1...200_000 { many.addLine(to: CGPoint(x: CGFloat(i), y: CGFloat(i % 2))) }
    #expect(many.flattened().points.count == 200_001)
}

@Test func nonFiniteTransformFlattensToNothing() {
    let path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
    #expect(path.flattened(transform: CGAffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)).points.isEmpty)
    #expect(path.flattened(transform: CGAffineTransform(translationX: .infinity, y: 0)).points.isEmpty)
}
