import Geometry
import Testing

/// The arc length of a cubic by composite Simpson's rule on `intervals` steps: a slow, independent
/// reference for the Gauss–Legendre measure.
private func simpsonLength(of c: CubicBezier, intervals: Int = 200_000) -> Double {
    let h = 1.0 / Double(intervals)
    var sum = 0.0
    for i in 0...intervals {
        let t = Double(i) * h
        let d = c.derivative(at: t)
        let speed = (d.x * d.x + d.y * d.y).squareRoot()
        let weight: Double = i == 0 || i == intervals ? 1 : (i % 2 == 1 ? 4 : 2)
        sum += weight * speed
    }
    return sum * h / 3
}

@Test func circleOfFourCubicsHasTheCubicsArcLength() throws {
    let path = CGMutablePath()
    path.addEllipse(in: CGRect(x: -100, y: -100, width: 200, height: 200))
    var reference = 0.0
    path.forEachSubpath { subpath in
        subpath.forEachSegment { segment in
            if case .cubic(let c) = segment { reference += simpsonLength(of: c) }
        }
    }
    // Simpson on 200 000 steps is exact to ~1e-13 here; the quadrature must agree to 1e-10 relative.
    #expect(abs(path.length - reference) <= 1e-10 * reference)
    // The four-cubic circle is 2.7e-4 of the radius away from the true one at worst, and its length is
    // within 0.015 % of 2πr (it is not the circle's length).
    #expect(abs(path.length - 2 * .pi * 100) / (2 * .pi * 100) < 1.5e-4)
    #expect(path.length != 2 * .pi * 100)
}

@Test func lengthCountsTheClosingSegmentAndNotMoves() {
    let rect = CGPath(rect: CGRect(x: 10, y: 10, width: 40, height: 30))
    #expect(rect.length == 140)
    #expect(rect.elementLengths == [0, 40, 30, 40, 30])
    let twoLines = CGMutablePath()
    twoLines.move(to: .zero)
    twoLines.addLine(to: CGPoint(x: 3, y: 4))
    twoLines.move(to: CGPoint(x: 100, y: 100))
    twoLines.addLine(to: CGPoint(x: 100, y: 110))
    #expect(twoLines.length == 15)
}

@Test func lineAndQuadLengthsAreExact() {
    let line = CubicBezier(lineFrom: .zero, to: CGPoint(x: 30, y: 40))
    #expect(abs(line.length() - 50) < 1e-12)
    // y = x² from 0 to 1 as a quadratic Bézier: length (2√5 + asinh 2)/4.
    let quad = CubicBezier(quadFrom: .zero, control: CGPoint(x: 0.5, y: 0), end: CGPoint(x: 1, y: 1))
    let exact = (2 * 5.0.squareRoot() + asinh(2.0)) / 4
    #expect(abs(quad.length() - exact) < 1e-12)
}

@Test func parameterAtLengthInvertsLength() {
    let c = CubicBezier(CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 80), CGPoint(x: 90, y: -40), CGPoint(x: 100, y: 30))
    let total = c.length()
    for fraction in [0.1, 0.25, 0.5, 0.7, 0.99] {
        let t = c.parameter(atLength: fraction * total)
        #expect(abs(c.length(upTo: t) - fraction * total) <= 1e-9 * total)
    }
    #expect(c.parameter(atLength: 0) == 0)
    #expect(c.parameter(atLength: total * 2) == 1)
}

@Test func nonFiniteSubpathsMeasureZero() {
    let path = CGMutablePath()
    path.move(to: .zero)
    path.addLine(to: CGPoint(x: 10, y: 0))
    path.move(to: CGPoint(x: 0, y: 5))
    path.addLine(to: CGPoint(x: CGFloat.nan, y: 5))
    path.addLine(to: CGPoint(x: 3, y: 5))
    path.move(to: CGPoint(x: 0, y: 9))
    path.addLine(to: CGPoint(x: CGFloat.infinity, y: 9))
    #expect(path.length == 10)
    #expect(path.elementLengths == [0, 10, 0, 0, 0, 0, 0])
}

@Test func aLineAfterACloseStartsAtTheClosedSubpathsStart() {
    let path = CGMutablePath()
    path.move(to: CGPoint(x: 0, y: 0))
    path.addLine(to: CGPoint(x: 10, y: 0))
    path.closeSubpath()
    path.addLine(to: CGPoint(x: 0, y: 7))
    var starts: [CGPoint] = []
    path.forEachSubpath { starts.append($0.start) }
    #expect(starts == [.zero, .zero])
    #expect(path.length == 27)  // 10 out, 10 back by the close, 7 down
    #expect(path.elementLengths == [0, 10, 10, 7])
}
