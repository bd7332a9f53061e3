import Geometry
import LayerscopeTestSupport
import Raster
import Testing

private let rect = CGPath(rect: CGRect(x: 10, y: 10, width: 40, height: 30))

private func line(from a: CGPoint, to b: CGPoint) -> CGPath {
    let path = CGMutablePath()
    path.move(to: a)
    path.addLine(to: b)
    return path
}

private func square(side: CGFloat) -> CGPath { CGPath(rect: CGRect(x: 0, y: 0, width: side, height: side)) }

@Test(arguments: [(1.0, 560.0), (0.5, 280.0), (0.25, 140.0)] as [(CGFloat, Double)])
func rectangleStrokeCoversCoreAnimationsPixelCount(strokeEnd: CGFloat, area: Double) {
    let outline = Stroker.outline(of: rect, style: StrokeStyle(lineWidth: 4), strokeEnd: strokeEnd)
    #expect(abs(StrokeArea.nonZero(outline) - area) < 1e-9)
}

@Test func strokeStartTrimsTheOtherEnd() {
    // From 0.5 to 1: the bottom edge and the closing left edge, 70 units with one inner corner.
    let outline = Stroker.outline(of: rect, style: StrokeStyle(lineWidth: 4), strokeStart: 0.5, strokeEnd: 1)
    #expect(abs(StrokeArea.nonZero(outline) - 280) < 1e-9)
    #expect(
        Stroker.outline(of: rect, style: StrokeStyle(lineWidth: 4), strokeStart: 0.6, strokeEnd: 0.6).points.isEmpty)
}

@Test func capsAddTheirAreaAtBothEnds() {
    let path = line(from: CGPoint(x: 5, y: 5), to: CGPoint(x: 45, y: 35))  // length 50
    func area(_ cap: LineCap) -> Double {
        StrokeArea.nonZero(Stroker.outline(of: path, style: StrokeStyle(lineWidth: 4, lineCap: cap), tolerance: 0.001))
    }
    #expect(abs(area(.butt) - 200) < 1e-9)
    #expect(abs(area(.square) - (200 + 2 * 16 / 2)) < 1e-9)
    // Round: π(w/2)²/2 per end; the chords lie inside the arc by at most the tolerance (0.001 px).
    let round = area(.round)
    let disc = 4 * Double.pi  // two half discs of radius 2
    #expect(round < 200 + disc && round > 200 + disc - 2 * Double.pi * 2 * 0.001)
}

@Test func joinsOnAClosedSquare() {
    func area(_ join: LineJoin, limit: CGFloat = 10) -> Double {
        let style = StrokeStyle(lineWidth: 4, lineJoin: join, miterLimit: limit)
        return StrokeArea.nonZero(Stroker.outline(of: square(side: 40), style: style, tolerance: 0.001))
    }
    // Miter: the 44×44 square minus the 36×36 one; bevel cuts a 2×2 half square at each corner; round
    // leaves a quarter disc of radius 2 there.
    #expect(abs(area(.miter) - 640) < 1e-9)
    #expect(abs(area(.bevel) - 632) < 1e-9)
    let round = area(.round)
    #expect(round < 640 - 4 * (4 - .pi) && round > 640 - 4 * (4 - .pi) - 4 * .pi * 0.001)
    // A right angle's miter is √2 line widths long.
    #expect(abs(area(.miter, limit: 1.42) - 640) < 1e-9)
    #expect(abs(area(.miter, limit: 1.41) - 632) < 1e-9)
}

@Test func miterLimitSwitchesASharpCornerToABevel() {
    // Turning by 150°: the miter is 1/sin(15°) = 3.864 line widths long, and adds h²·sin³(75°)/cos(75°)
    // beyond the bevel.
    let path = CGMutablePath()
    path.move(to: CGPoint(x: 0, y: 0))
    path.addLine(to: CGPoint(x: 100, y: 0))
    path.addLine(to: CGPoint(x: 100 - 100 * cos(CGFloat.pi / 6), y: 100 * sin(CGFloat.pi / 6)))
    func area(limit: CGFloat) -> Double {
        StrokeArea.nonZero(Stroker.outline(of: path, style: StrokeStyle(lineWidth: 4, miterLimit: limit)))
    }
    let half = 75.0 * .pi / 180
    let tip = 4 * pow(sin(half), 3) / cos(half)
    #expect(abs(area(limit: 3.87) - area(limit: 3.86) - tip) < 1e-9)
    #expect(abs(area(limit: 3.86) - area(limit: 1)) < 1e-12)
}

@Test(arguments: [0.1, 0.25, 0.5, 0.8, 1.0] as [CGFloat])
func clockWipeIsAPieWedge(strokeEnd: CGFloat) {
    let (path, center, r) = SeedPaths.clockWipe(width: 1920, height: 1080)
    let outline = Stroker.outline(of: path, style: StrokeStyle(lineWidth: r), strokeEnd: strokeEnd)
    let area = StrokeArea.nonZero(outline)
    let expected = Double.pi * r * r * strokeEnd
    #expect(abs(area - expected) < 1e-3 * expected)
    #expect(abs(abs(StrokeArea.signed(outline)) - expected) < 1e-3 * expected)
    // Around the centre, covered exactly inside the swept angle (12 o'clock, clockwise on screen), and no
    // speck outside it. The four-cubic circle's normals are up to 1.26e-3 rad off the radius, so the butt
    // cap at a cut inside a cubic passes up to 0.7 px from the centre: points that close to an edge of the
    // wedge are not judged.
    for distance in [0.8, 1.2, 1.5, 2, 3, 10, 50] as [CGFloat] {
        let margin = asin(min(1, 0.75 / distance))
        for step in 0..<96 {
            let angle = (CGFloat(step) + 0.5) / 96 * 2 * .pi  // clockwise from 12 o'clock
            let p = CGPoint(x: center.x + distance * sin(angle), y: center.y - distance * cos(angle))
            let sweep = 2 * .pi * strokeEnd
            if angle > margin && angle < sweep - margin { #expect(StrokeArea.winding(outline, at: p) != 0) }
            if angle > sweep + margin && angle < 2 * .pi - margin {
                #expect(StrokeArea.winding(outline, at: p) == 0)
            }
        }
    }
    // The full turn leaves no hole at the centre.
    if strokeEnd == 1 {
        for step in 0..<16 {
            let angle = CGFloat(step) / 16 * 2 * .pi
            let p = CGPoint(x: center.x + 0.3 * cos(angle), y: center.y + 0.3 * sin(angle))
            #expect(StrokeArea.winding(outline, at: p) != 0)
        }
        #expect(StrokeArea.winding(outline, at: center) != 0)
    }
}

@Test(arguments: [0.25, 0.5, 0.75] as [CGFloat])
func clockWipeCentrePixelsAreClean(strokeEnd: CGFloat) {
    // At quarter turns the ideal wedge is pixel-aligned at the centre (960, 540) and the cut falls on a
    // cubic joint, where the cap is exactly radial: the 4×4 pixels around the centre must be within 16/255
    // of fully covered or empty (the four-cubic circle's inner side wanders 0.7 px around the centre).
    let (path, center, r) = SeedPaths.clockWipe(width: 1920, height: 1080)
    let outline = Stroker.outline(of: path, style: StrokeStyle(lineWidth: r), strokeEnd: strokeEnd)
    for j in 538..<542 {
        for i in 958..<962 {
            let coverage = StrokeArea.nonZero(outline, within: CGRect(x: i, y: j, width: 1, height: 1))
            var angle = atan2(CGFloat(i) + 0.5 - center.x, center.y - CGFloat(j) - 0.5)
            if angle < 0 { angle += 2 * .pi }
            let ideal: Double = angle < 2 * .pi * strokeEnd ? 1 : 0
            #expect(abs(coverage - ideal) * 255 <= 16, "pixel (\(i), \(j))")
        }
    }
}

@Test(arguments: [40, 22] as [CGFloat])
func strokeWiderThanTheCircleFillsTheDisc(width: CGFloat) {
    // Radius 10, width 40 (or 22, just 10 % wider than the diameter): every point within 10 + w/2 of the
    // centre is within w/2 of the circle, the centre included.
    let circle = CGPath(ellipseIn: CGRect(x: -10, y: -10, width: 20, height: 20))
    let outline = Stroker.outline(of: circle, style: StrokeStyle(lineWidth: width), tolerance: 0.02)
    let outer = 10 + width / 2
    let expected = Double.pi * outer * outer
    #expect(abs(StrokeArea.nonZero(outline) - expected) < 2e-3 * expected)
    for p in [CGPoint.zero, CGPoint(x: 0.3, y: 0.2), CGPoint(x: -0.7, y: 0.1), CGPoint(x: 0, y: outer - 1)] {
        #expect(StrokeArea.winding(outline, at: p) != 0)
    }
    #expect(StrokeArea.winding(outline, at: CGPoint(x: 0, y: outer + 1)) == 0)
}

@Test(arguments: [(CGFloat.pi, 500.0), (3 * CGFloat.pi / 2, 700.0)] as [(CGFloat, Double)])
func openArcWiderThanItsDiameterSweepsItsNormals(sweep: CGFloat, areaOverPi: Double) {
    // An arc of radius 10 stroked with width 40 covers s·u(θ) for s in [−10, 30]: the sector of radius 30
    // over the sweep, plus the sector of radius 10 opposite it (a half turn on), less their overlap:
    // 450π + 50π for a half turn; 675π + 25π for three quarters (only a quarter of the small disc is new).
    let arc = CGMutablePath()
    arc.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: sweep, clockwise: false)
    let outline = Stroker.outline(of: arc, style: StrokeStyle(lineWidth: 40), tolerance: 0.01)
    let expected = Double.pi * areaOverPi
    #expect(abs(StrokeArea.nonZero(outline) - expected) < 2e-3 * expected)
}

@Test func zeroLengthSubpathsAreDotsExceptWithButtCaps() {
    let dot = line(from: CGPoint(x: 7, y: 7), to: CGPoint(x: 7, y: 7))
    func outline(_ cap: LineCap) -> Polygon { Stroker.outline(of: dot, style: StrokeStyle(lineWidth: 6, lineCap: cap)) }
    #expect(outline(.butt).points.isEmpty)
    #expect(abs(StrokeArea.nonZero(outline(.square)) - 36) < 1e-12)
    let round = StrokeArea.nonZero(outline(.round))
    #expect(round < 9 * .pi && round > 9 * .pi - 2 * .pi * 3 * 0.05)
    // A dot turns the same way as a stroke, so overlapping both adds up instead of cancelling.
    let both = CGMutablePath()
    both.addPath(line(from: CGPoint(x: 0, y: 7), to: CGPoint(x: 14, y: 7)))
    both.addPath(dot)
    let union = Stroker.outline(of: both, style: StrokeStyle(lineWidth: 6, lineCap: .square))
    #expect(abs(StrokeArea.nonZero(union) - 20 * 6) < 1e-12)
}

@Test func dashesAreStrokedAsSeparatePieces() {
    let style = StrokeStyle(lineWidth: 2, dashPattern: [10, 10])
    let outline = Stroker.outline(of: line(from: .zero, to: CGPoint(x: 100, y: 0)), style: style)
    #expect(outline.contourCount == 5)
    #expect(abs(StrokeArea.nonZero(outline) - 100) < 1e-9)
}

@Test func transformScalesTheWholeStroke() {
    let scaled = Stroker.outline(
        of: rect, style: StrokeStyle(lineWidth: 4), transform: CGAffineTransform(scaleX: 2, y: 3))
    #expect(abs(StrokeArea.nonZero(scaled) - 560 * 6) < 1e-9)
    let rotated = Stroker.outline(
        of: rect, style: StrokeStyle(lineWidth: 4), transform: CGAffineTransform(rotationAngle: 0.3))
    #expect(abs(StrokeArea.nonZero(rotated) - 560) < 1e-9)
    let mirrored = Stroker.outline(
        of: rect, style: StrokeStyle(lineWidth: 4), transform: CGAffineTransform(scaleX: -1, y: 1))
    #expect(abs(StrokeArea.nonZero(mirrored) - 560) < 1e-9)
}

@Test func degenerateInputGivesADefinedResult() {
    #expect(Stroker.outline(of: rect, style: StrokeStyle(lineWidth: .nan)).points.isEmpty)
    #expect(Stroker.outline(of: rect, style: StrokeStyle(lineWidth: 0)).points.isEmpty)
    #expect(
        Stroker.outline(of: rect, style: StrokeStyle(lineWidth: 4), transform: CGAffineTransform(scaleX: 0, y: 0))
            .points.isEmpty)
    let broken = CGMutablePath()
    broken.move(to: .zero)
    broken.addLine(to: CGPoint(x: CGFloat.nan, y: 3))
    broken.addCurve(to: CGPoint(x: 1, y: 1), control1: CGPoint(x: CGFloat.infinity, y: 0), control2: .zero)
    #expect(Stroker.outline(of: broken, style: StrokeStyle(lineWidth: 4, lineCap: .round)).points.isEmpty)
    let huge = CGMutablePath()
    huge.move(to: CGPoint(x: -1e12, y: 0))
    huge.addCurve(to: CGPoint(x: 1e12, y: 0), control1: CGPoint(x: 0, y: 1e12), control2: CGPoint(x: 5e11, y: -1e12))
    let hugeOutline = Stroker.outline(of: huge, style: StrokeStyle(lineWidth: 1e9, lineCap: .round, lineJoin: .round))
    #expect(hugeOutline.points.allSatisfy { $0.x.isFinite && $0.y.isFinite })
    // A cusp (the tangent reverses mid-curve) is stroked with round corners, no NaN.
    let cusp = CGMutablePath()
    cusp.move(to: .zero)
    cusp.addCurve(to: CGPoint(x: 0, y: 0.0001), control1: CGPoint(x: 100, y: 0), control2: CGPoint(x: 100, y: 0))
    let cuspOutline = Stroker.outline(of: cusp, style: StrokeStyle(lineWidth: 4))
    #expect(!cuspOutline.points.isEmpty && cuspOutline.points.allSatisfy { $0.x.isFinite && $0.y.isFinite })
}

@Test func manySegmentsStrokeInLinearTime() {
    let path = CGMutablePath()
    path.move(to: .zero)
    for i in 1...100_000 { path.addLine(to: CGPoint(x: CGFloat(i), y: CGFloat(i % 3))) }
    let outline = Stroker.outline(of: path, style: StrokeStyle(lineWidth: 2, lineJoin: .round))
    #expect(outline.points.count > 200_000)
}

@Test func strokingAgainIntoTheSamePolygonReusesItsStorage() {
    let (path, _, r) = SeedPaths.clockWipe(width: 640, height: 480)
    let stroker = Stroker()
    var polygon = Polygon()
    stroker.stroke(path, style: StrokeStyle(lineWidth: r), strokeEnd: 0.9, into: &polygon)
    let first = polygon
    let capacity = polygon.points.capacity
    for end in stride(from: 0.9, through: 0.1, by: -0.1) as StrideThrough<CGFloat> {
        polygon.removeAll()
        stroker.stroke(path, style: StrokeStyle(lineWidth: r), strokeEnd: end, into: &polygon)
    }
    #expect(polygon.points.capacity == capacity)
    polygon.removeAll()
    stroker.stroke(path, style: StrokeStyle(lineWidth: r), strokeEnd: 0.9, into: &polygon)
    #expect(polygon == first)
}

@Test func squareDotsOfADashTurnWithThePath() {
    // Zero-length dashes every 20 along a 45° line, square caps of width 6: squares turned 45°.
    let path = line(from: CGPoint(x: 0, y: 0), to: CGPoint(x: 100, y: 100))
    let style = StrokeStyle(lineWidth: 6, lineCap: .square, dashPattern: [0, 20])
    let outline = Stroker.outline(of: path, style: style)
    let step = 20 / 2.squareRoot()
    #expect(outline.contourCount == 8)  // at 0, 20, …, 140 along the 141.4-long line
    #expect(abs(StrokeArea.nonZero(outline) - 8 * 36) < 1e-9)
    let dot = CGPoint(x: step, y: step)
    #expect(StrokeArea.winding(outline, at: CGPoint(x: dot.x + 4, y: dot.y)) != 0)
    #expect(StrokeArea.winding(outline, at: CGPoint(x: dot.x + 2.9, y: dot.y + 2.9)) == 0)
}

@Test(arguments: [0.3, 0.7, 1.0] as [CGFloat])
func clockWipeInnerSideCollapsesToOnePointPerCubic(strokeEnd: CGFloat) {
    // The inner side of seed 000's arc wanders within 0.7 px of the centre at 1080p; sampled like the
    // outer side it would put hundreds of tiny edges there. It keeps one point per cubic (plus its start).
    let (path, center, r) = SeedPaths.clockWipe(width: 1920, height: 1080)
    let outline = Stroker.outline(of: path, style: StrokeStyle(lineWidth: r), strokeEnd: strokeEnd)
    let nearCentre = outline.points.filter { hypot($0.x - center.x, $0.y - center.y) < 2 }
    #expect(nearCentre.count <= 6)
    #expect(Double(outline.points.count - nearCentre.count) > 250 * strokeEnd)
}

@Test func innerSideOfAThinArcKeepsItsStations() {
    // Radius 100, width 20: the inner side is an arc of radius 90, sampled as finely as the outer one.
    let path = CGMutablePath()
    path.addArc(center: CGPoint(x: 200, y: 200), radius: 100, startAngle: 0, endAngle: .pi, clockwise: false)
    let outline = Stroker.outline(of: path, style: StrokeStyle(lineWidth: 20))
    let inner = outline.points.filter { abs(hypot($0.x - 200, $0.y - 200) - 90) < 0.01 }
    let outer = outline.points.filter { abs(hypot($0.x - 200, $0.y - 200) - 110) < 0.01 }
    #expect(inner.count >= 20)
    #expect(inner.count == outer.count)
}
