import Geometry
import Testing

/// The handle length of one cubic of an arc of `angle` radians on a unit circle.
private func handle(_ angle: CGFloat) -> CGFloat { 4 / 3 * tan(angle / 4) }

@Test func seedArcIsAFullCircleFromTwelveOClockRunningClockwiseOnScreen() throws {
    let path = CGMutablePath()
    path.addArc(
        center: CGPoint(x: 100, y: 100), radius: 50, startAngle: 3 * .pi / 2, endAngle: -.pi / 2, clockwise: false)
    let elements = path.elements
    #expect(elements.count == 5)
    guard case .moveTo(let start) = elements[0] else { throw ArcShapeError() }
    #expect(distance(start, CGPoint(x: 100, y: 50)) < 1e-12)
    // Quarter by quarter: 3, 6, 9 and back to 12 o'clock (y down, so clockwise on screen).
    let hours = [CGPoint(x: 150, y: 100), CGPoint(x: 100, y: 150), CGPoint(x: 50, y: 100), CGPoint(x: 100, y: 50)]
    for (element, hour) in zip(elements.dropFirst(), hours) {
        guard case .curveTo(_, _, let end) = element else { throw ArcShapeError() }
        #expect(distance(end, hour) < 1e-12)
    }
    // The first handle leaves 12 o'clock towards +x with length 4/3·tan(π/8)·r.
    guard case .curveTo(let c1, let c2, _) = elements[1] else { throw ArcShapeError() }
    #expect(abs(c1.x - 100 - 50 * handle(.pi / 2)) < 1e-12 && abs(c1.y - 50) < 1e-12)
    #expect(abs(c2.x - 150) < 1e-12 && abs(c2.y - (100 - 50 * handle(.pi / 2))) < 1e-12)
    #expect(abs(handle(.pi / 2) - 0.5522847498307936) < 1e-15)
}

private struct ArcShapeError: Error {}

@Test(
    arguments: [
        (0.0, CGFloat.pi / 2, false, CGFloat.pi / 2), (0.0, CGFloat.pi / 2, true, -3 * CGFloat.pi / 2),
        (3 * CGFloat.pi / 2, -CGFloat.pi / 2, false, 2 * CGFloat.pi),
        (3 * CGFloat.pi / 2, -CGFloat.pi / 2, true, -2 * CGFloat.pi),
        (1.0, 1.0, false, 0.0), (0.0, 5 * CGFloat.pi, false, 2 * CGFloat.pi),
        (0.0, -CGFloat.pi / 2, false, 3 * CGFloat.pi / 2),
    ] as [(CGFloat, CGFloat, Bool, CGFloat)])
func arcSweepFollowsCoreGraphicsRule(start: CGFloat, end: CGFloat, clockwise: Bool, sweep: CGFloat) {
    let path = CGMutablePath()
    path.addArc(center: .zero, radius: 1, startAngle: start, endAngle: end, clockwise: clockwise)
    // The swept angle, from the total arc length of the unit circle cubics (each within 0.015 % of its angle).
    var swept: CGFloat = 0
    var lastEnd = CGPoint(x: cos(start), y: sin(start))
    var turning: CGFloat = 0
    for element in path.elements {
        guard case .curveTo(_, _, let end) = element else { continue }
        let step = atan2(lastEnd.x * end.y - lastEnd.y * end.x, lastEnd.x * end.x + lastEnd.y * end.y)
        turning += step
        swept += abs(step)
        lastEnd = end
    }
    #expect(abs(turning - sweep) < 1e-9)
    #expect(abs(path.length - abs(sweep)) < 1.5e-4 * max(1, abs(sweep)))
}

@Test func ovalIsAMoveFourCubicsAndACloseFromThreeOClock() throws {
    let oval = UIBezierPath(ovalIn: CGRect(x: 10, y: 20, width: 200, height: 100)).cgPath
    let elements = oval.elements
    #expect(elements.count == 6)
    #expect(elements[0] == .moveTo(CGPoint(x: 210, y: 70)))
    #expect(elements[5] == .closeSubpath)
    // Clockwise on screen: 3 → 6 → 9 → 12 → 3 o'clock, handles 0.5523 of the half-axes.
    let ends = [CGPoint(x: 110, y: 120), CGPoint(x: 10, y: 70), CGPoint(x: 110, y: 20), CGPoint(x: 210, y: 70)]
    for (element, end) in zip(elements[1...4], ends) {
        guard case .curveTo(_, _, let e) = element else { throw ArcShapeError() }
        #expect(distance(e, end) < 1e-12)
    }
    guard case .curveTo(let c1, let c2, _) = elements[1] else { throw ArcShapeError() }
    let k = handle(.pi / 2)
    #expect(distance(c1, CGPoint(x: 210, y: 70 + 50 * k)) < 1e-12)
    #expect(distance(c2, CGPoint(x: 110 + 100 * k, y: 120)) < 1e-12)
}

@Test func smallArcsUseOneCubicWithTheirOwnHandle() throws {
    let path = CGMutablePath()
    path.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: 0.6, clockwise: false)
    #expect(path.elements.count == 2)
    guard case .curveTo(let c1, _, _) = path.elements[1] else { throw ArcShapeError() }
    #expect(abs(c1.y - 10 * handle(0.6)) < 1e-12)
    let bigger = CGMutablePath()
    bigger.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: 2.0, clockwise: false)
    #expect(bigger.elements.count == 3)  // two cubics of 1 rad each
}

@Test(
    arguments: [(0.0, 0.5), (0.25, 191.797), (0.5, 383.094), (0.75, 574.392), (1.0, 765.689)] as [(CGFloat, CGFloat)])
func seed003RevealRadiusGrowsLinearly(progress: CGFloat, radius: CGFloat) throws {
    let (width, height): (CGFloat, CGFloat) = (375, 667)
    let diagonal = (width * width + height * height).squareRoot()
    let origin = CGRect(x: width, y: height, width: 1, height: 1)
    let from = UIBezierPath(ovalIn: origin).cgPath
    let to = UIBezierPath(ovalIn: origin.insetBy(dx: -diagonal, dy: -diagonal)).cgPath
    let blended = try #require(from.interpolated(to: to, fraction: progress))
    guard case .moveTo(let start) = blended.elements[0], case .curveTo(_, _, let bottom) = blended.elements[1] else {
        throw ArcShapeError()
    }
    #expect(abs(start.x - 375.5 - radius) < 1e-3 && abs(start.y - 667.5) < 1e-12)
    #expect(abs(bottom.y - 667.5 - radius) < 1e-3 && abs(bottom.x - 375.5) < 1e-9)
}

@Test func tangentArcRoundsACorner() throws {
    let path = CGMutablePath()
    path.move(to: CGPoint(x: 0, y: 0))
    path.addArc(tangent1End: CGPoint(x: 100, y: 0), tangent2End: CGPoint(x: 100, y: 100), radius: 20)
    #expect(path.elements[1] == .lineTo(CGPoint(x: 80, y: 0)))
    guard case .curveTo(_, _, let end) = try #require(path.elements.last) else { throw ArcShapeError() }
    #expect(distance(end, CGPoint(x: 100, y: 20)) < 1e-12)
    // The cubic quarter arc is 0.014 % longer than the true one.
    #expect(abs(path.length - (80 + 20 * .pi / 2)) < 1.5e-4 * 20 * .pi / 2)
}
