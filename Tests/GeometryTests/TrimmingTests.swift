import Geometry
import LayerscopeTestSupport
import Testing

/// 12 → 3 → 6 → 9 o'clock, clockwise on a y-down screen: after a quarter turn the hand points to +x,
/// after half a turn to +y, after three quarters to −x, after a whole turn back to −y.
@Test(
    arguments: [(0.25, 1.0, 0.0), (0.5, 0.0, 1.0), (0.75, -1.0, 0.0), (1.0, 0.0, -1.0)] as [(CGFloat, CGFloat, CGFloat)]
)
func clockWipeStrokeEndLandsOnTheHour(strokeEnd: CGFloat, handX: CGFloat, handY: CGFloat) throws {
    let (path, center, radius) = SeedPaths.clockWipe(width: 1920, height: 1080)
    let trimmed = path.trimmed(from: 0, to: strokeEnd)
    let end = try #require(lastPoint(of: trimmed))
    let expected = CGPoint(x: center.x + handX * radius / 2, y: center.y + handY * radius / 2)
    #expect(distance(end, expected) < 1e-9 * radius)
    #expect(abs(trimmed.length - strokeEnd * path.length) < 1e-9 * path.length)
}

@Test func trimmedCubicKeepsTheTrueTangentAtTheCut() throws {
    // The butt cap at strokeEnd must be perpendicular to the curve, not to a chord: the cut curve's last
    // handle points along B′(t) at the cut.
    let (path, center, _) = SeedPaths.clockWipe(width: 1920, height: 1080)
    let trimmed = path.trimmed(from: 0, to: 0.1)
    guard case .curveTo(_, let control2, let end) = try #require(trimmed.elements.last) else {
        Issue.record("the cut piece should end with a curve")
        return
    }
    let tangent = CGPoint(x: end.x - control2.x, y: end.y - control2.y)
    let radial = CGPoint(x: end.x - center.x, y: end.y - center.y)
    // On a (near) circle the tangent is perpendicular to the radius; the four-cubic circle's normal is off
    // the radial direction by at most ~1e-3 rad.
    let cosine =
        (tangent.x * radial.x + tangent.y * radial.y) / (hypot(tangent.x, tangent.y) * hypot(radial.x, radial.y))
    #expect(abs(cosine) < 2e-3)
    // The cut lies 36° clockwise from 12 o'clock.
    let angle = atan2(radial.y, radial.x)
    #expect(abs(angle - (-CGFloat.pi / 2 + 0.2 * .pi)) < 1e-3)
}

@Test func rectangleTrimmedHalfwayIsTopAndRightEdges() {
    let rect = CGPath(rect: CGRect(x: 10, y: 10, width: 40, height: 30))
    let half = rect.trimmed(from: 0, to: 0.5)
    #expect(
        half.elements == [
            .moveTo(CGPoint(x: 10, y: 10)), .lineTo(CGPoint(x: 50, y: 10)), .lineTo(CGPoint(x: 50, y: 40)),
        ])
    let middle = rect.trimmed(from: 0.25, to: 0.75)
    #expect(
        middle.elements == [
            .moveTo(CGPoint(x: 45, y: 10)), .lineTo(CGPoint(x: 50, y: 10)), .lineTo(CGPoint(x: 50, y: 40)),
            .lineTo(CGPoint(x: 15, y: 40)),
        ])
    // The closing segment counts: the last quarter (35 units) is 5 of the bottom edge and the left edge.
    let last = rect.trimmed(from: 0.75, to: 1)
    #expect(
        last.elements == [
            .moveTo(CGPoint(x: 15, y: 40)), .lineTo(CGPoint(x: 10, y: 40)), .lineTo(CGPoint(x: 10, y: 10)),
        ])
}

@Test func wholeRangeKeepsThePathAndEmptyRangesDrawNothing() {
    let rect = CGPath(rect: CGRect(x: 10, y: 10, width: 40, height: 30))
    #expect(rect.trimmed(from: 0, to: 1) == rect)
    #expect(rect.trimmed(from: -3, to: 7) == rect)
    #expect(rect.trimmed(from: 0.5, to: 0.5).isEmpty)
    #expect(rect.trimmed(from: 0.6, to: 0.4).isEmpty)
    #expect(rect.trimmed(from: .nan, to: 1).isEmpty)
    #expect(rect.trimmed(from: 0, to: .nan).isEmpty)
}

@Test func trimmingRunsAcrossSubpathsAndKeepsWholeClosedOnes() {
    let path = CGMutablePath()
    path.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))  // 0 ..< 40
    path.move(to: CGPoint(x: 100, y: 0))
    path.addLine(to: CGPoint(x: 160, y: 0))  // 40 ..< 100
    let trimmed = path.trimmed(from: 0, to: 0.7)  // 0 ..< 70
    #expect(
        trimmed.elements == [
            .moveTo(.zero), .lineTo(CGPoint(x: 10, y: 0)), .lineTo(CGPoint(x: 10, y: 10)),
            .lineTo(CGPoint(x: 0, y: 10)), .closeSubpath, .moveTo(CGPoint(x: 100, y: 0)),
            .lineTo(CGPoint(x: 130, y: 0)),
        ])
    let tail = path.trimmed(from: 0.3, to: 1)  // 30 ..< 100: the left edge, then the whole line
    #expect(
        tail.elements == [
            .moveTo(CGPoint(x: 0, y: 10)), .lineTo(.zero), .moveTo(CGPoint(x: 100, y: 0)),
            .lineTo(CGPoint(x: 160, y: 0)),
        ])
}

@Test func trimmingIntoAReusedPathReplacesItsElements() {
    let (path, _, _) = SeedPaths.clockWipe(width: 640, height: 480)
    let scratch = CGMutablePath()
    path.trim(from: 0, to: 0.5, into: scratch)
    let first = scratch.elements
    path.trim(from: 0, to: 0.5, into: scratch)
    #expect(scratch.elements == first)
    path.trim(from: 0.5, to: 0.5, into: scratch)
    #expect(scratch.isEmpty)
}

@Test func trimmingHugeNonFiniteAndLongPathsGivesDefinedResults() {
    let huge = CGMutablePath()
    huge.move(to: CGPoint(x: -1e300, y: 0))
    huge.addLine(to: CGPoint(x: 1e300, y: 0))
    // The length overflows to infinity: no fraction can be placed, the path is kept whole.
    #expect(huge.trimmed(from: 0, to: 0.5) == huge)
    let broken = CGMutablePath()
    broken.move(to: .zero)
    broken.addLine(to: CGPoint(x: CGFloat.nan, y: 0))
    // Its only subpath has a NaN point, so the measurable length is 0: the path is kept as it is (and
    // skipped again when stroked or flattened).
    #expect(broken.trimmed(from: 0.2, to: 0.5).elements.count == 2)
    let long = CGMutablePath()
    long.move(to: .zero)
    for i in 1...200_000 { long.addLine(to: CGPoint(x: CGFloat(i), y: 0)) }
    let half = long.trimmed(from: 0.25, to: 0.5)
    #expect(half.elements.count == 50_001)
    #expect(half.elements.first == .moveTo(CGPoint(x: 50_000, y: 0)))
    #expect(half.elements.last == .lineTo(CGPoint(x: 100_000, y: 0)))
}
