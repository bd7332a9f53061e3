import Geometry
import Testing

/// The lengths of a path's subpaths, in order.
private func subpathLengths(_ path: CGPath) -> [CGFloat] {
    var lengths: [CGFloat] = []
    path.forEachSubpath { subpath in
        var length: CGFloat = 0
        subpath.forEachSegment { length += $0.length }
        lengths.append(length)
    }
    return lengths
}

private func line(length: CGFloat) -> CGPath {
    let path = CGMutablePath()
    path.move(to: .zero)
    path.addLine(to: CGPoint(x: length, y: 0))
    return path
}

@Test func dashesAlternateDrawnAndSkippedLengths() {
    let dashed = line(length: 100).dashed(pattern: [10, 5], phase: 0)
    // Dashes at 0, 15, 30, 45, 60, 75, 90 (the last cut to 10 by the end).
    let lengths = subpathLengths(dashed)
    #expect(lengths.count == 7)
    for length in lengths { #expect(abs(length - 10) < 1e-12) }
    #expect(dashed.elements[2] == .moveTo(CGPoint(x: 15, y: 0)))
}

@Test func phaseShiftsThePatternAndOddPatternsRepeat() {
    let shifted = line(length: 30).dashed(pattern: [10, 5], phase: 12)
    // 12 into the pattern: 3 of gap left, then 10 drawn from 3, gap, 10 drawn from 18, 2 of gap.
    #expect(subpathLengths(shifted) == [10, 10])
    #expect(shifted.elements.first == .moveTo(CGPoint(x: 3, y: 0)))
    let odd = line(length: 40).dashed(pattern: [10], phase: 0)
    #expect(subpathLengths(odd) == [10, 10])
    // A negative phase counts back from the pattern's start: −3 is 12 into the 15-long period.
    #expect(line(length: 30).dashed(pattern: [10, 5], phase: -3) == shifted)
}

@Test func dashesFollowCurvesAndCornersByArcLength() {
    let circle = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 200, height: 200))
    let period = circle.length / 8
    let dashed = circle.dashed(pattern: [period / 2, period / 2], phase: 0)
    let lengths = subpathLengths(dashed)
    #expect(lengths.count == 8)
    for length in lengths { #expect(abs(length - period / 2) < 1e-9 * period) }
    // Around a rectangle's corner, a dash continues as one open subpath.
    let rect = CGPath(rect: CGRect(x: 0, y: 0, width: 40, height: 30))
    let corner = rect.dashed(pattern: [50, 20], phase: 0)
    #expect(subpathLengths(corner) == [50, 50])
    #expect(corner.elements[0...2] == [.moveTo(.zero), .lineTo(CGPoint(x: 40, y: 0)), .lineTo(CGPoint(x: 40, y: 10))])
}

@Test func zeroLengthDashesAreDots() {
    // A dash that would start exactly at the subpath's end is not drawn.
    let dots = line(length: 20).dashed(pattern: [0, 10], phase: 0)
    #expect(
        dots.elements == [
            .moveTo(.zero), .lineTo(.zero), .moveTo(CGPoint(x: 10, y: 0)), .lineTo(CGPoint(x: 10, y: 0)),
        ])
}

@Test func invalidOrExcessivePatternsLeaveThePathSolid() {
    let path = line(length: 100)
    #expect(path.dashed(pattern: [], phase: 0) == path)
    #expect(path.dashed(pattern: [0, 0], phase: 0) == path)
    #expect(path.dashed(pattern: [5, -1], phase: 0) == path)
    #expect(path.dashed(pattern: [5, .nan], phase: 0) == path)
    #expect(path.dashed(pattern: [5, 5], phase: .infinity) == path)
    // At most 100 000 pattern periods along the path: 125 000 is too many, 2 500 is fine (the last may be
    // a dot at the very end, by rounding).
    #expect(path.dashed(pattern: [4e-4, 4e-4], phase: 0) == path)
    #expect((2_500...2_501).contains(subpathLengths(path.dashed(pattern: [0.02, 0.02], phase: 0)).count))
}

@Test func dashesAreMeasuredAlongTheUntrimmedPath() {
    let scratch = CGMutablePath()
    line(length: 100).trim(from: 0.12, to: 0.5, dashPattern: [10, 10], dashPhase: 0, into: scratch)
    // Dashes [0,10] [20,30] [40,50] cut to [12, 50]: [20,30] and [40,50].
    #expect(subpathLengths(scratch) == [10, 10])
    #expect(scratch.elements.first == .moveTo(CGPoint(x: 20, y: 0)))
}

@Test func aDashRunningThroughAClosedSubpathsStartIsOnePiece() {
    // Around the 140-long rectangle, dashes of 25 every 35 from phase 3: [0, 22], [32, 57], [67, 92],
    // [102, 127] and [137, 162] — the last runs over the start corner and continues as the first, so they
    // are one piece that turns the corner (10, 10) with a join, not two with caps.
    let rect = CGPath(rect: CGRect(x: 10, y: 10, width: 40, height: 30))
    let dashed = rect.dashed(pattern: [25, 10], phase: 3)
    let lengths = subpathLengths(dashed)
    #expect(lengths.count == 4 && lengths.allSatisfy { abs($0 - 25) < 1e-12 })
    #expect(
        Array(dashed.elements.suffix(3)) == [
            .moveTo(CGPoint(x: 10, y: 13)), .lineTo(CGPoint(x: 10, y: 10)), .lineTo(CGPoint(x: 32, y: 10)),
        ])
    // A dash that does not reach the start stays apart.
    #expect(subpathLengths(rect.dashed(pattern: [25, 10], phase: 0)).count == 4)
}

@Test func zeroLengthDashesKeepThePathsDirection() {
    let diagonal = CGMutablePath()
    diagonal.move(to: .zero)
    diagonal.addLine(to: CGPoint(x: 30, y: 40))  // length 50
    diagonal.addCurve(to: CGPoint(x: 30, y: 130), control1: CGPoint(x: 30, y: 70), control2: CGPoint(x: 30, y: 100))
    let scratch = CGMutablePath()
    var dots: [ZeroLengthDash] = []
    diagonal.trim(from: 0, to: 1, dashPattern: [0, 25], dashPhase: 0, into: scratch, zeroLengthDashes: &dots)
    // Dots at 0 and 25 on the line, then at 50 (the line's end, the curve's start), 75, 100, 125 on the
    // straight 90-long cubic.
    #expect(dots.map(\.elementIndex) == [0, 2, 4, 6, 8, 10])
    for dot in dots.prefix(2) { #expect(distance(dot.direction, CGPoint(x: 0.6, y: 0.8)) < 1e-12) }
    for dot in dots.suffix(4) { #expect(distance(dot.direction, CGPoint(x: 0, y: 1)) < 1e-12) }
}
