import Geometry
import Testing

@testable import Scenes

/// SVG path data: every command, relative forms, implicit repeats, number syntax and errors.
struct SVGPathParserTests {
    static func p(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y) }

    @Test func linesAndRelativeForms() throws {
        let path = try SVGPathParser.parse("M10 20 L30 40 l5 5 H 0 h-2 V 1 v+3 Z m 1 1 z")
        #expect(
            path.elements == [
                .moveTo(Self.p(10, 20)), .lineTo(Self.p(30, 40)), .lineTo(Self.p(35, 45)), .lineTo(Self.p(0, 45)),
                .lineTo(Self.p(-2, 45)), .lineTo(Self.p(-2, 1)), .lineTo(Self.p(-2, 4)), .closeSubpath,
                .moveTo(Self.p(11, 21)), .closeSubpath,
            ])
    }

    @Test func implicitRepeatsAfterMoveAreLines() throws {
        let path = try SVGPathParser.parse("M0,0 10,0 10,10 m1-1 2 2")
        #expect(
            path.elements == [
                .moveTo(Self.p(0, 0)), .lineTo(Self.p(10, 0)), .lineTo(Self.p(10, 10)), .moveTo(Self.p(11, 9)),
                .lineTo(Self.p(13, 11)),
            ])
    }

    @Test func numberSyntax() throws {
        let path = try SVGPathParser.parse("M.5.5L-1e1-2.5E-1")
        #expect(path.elements == [.moveTo(Self.p(0.5, 0.5)), .lineTo(Self.p(-10, -0.25))])
    }

    @Test func cubicsAndSmoothCubicsReflectTheLastControl() throws {
        let path = try SVGPathParser.parse("M0 0 C 1 2 3 4 5 6 S 9 10 11 12 s 1 1 2 2")
        #expect(
            path.elements == [
                .moveTo(Self.p(0, 0)), .curveTo(control1: Self.p(1, 2), control2: Self.p(3, 4), end: Self.p(5, 6)),
                .curveTo(control1: Self.p(7, 8), control2: Self.p(9, 10), end: Self.p(11, 12)),
                .curveTo(control1: Self.p(13, 14), control2: Self.p(12, 13), end: Self.p(13, 14)),
            ])
    }

    @Test func smoothCubicWithoutAPreviousCubicUsesTheCurrentPoint() throws {
        let path = try SVGPathParser.parse("M 1 1 S 2 2 3 3")
        #expect(path.elements.last == .curveTo(control1: Self.p(1, 1), control2: Self.p(2, 2), end: Self.p(3, 3)))
    }

    @Test func quadraticsAndSmoothQuadratics() throws {
        let path = try SVGPathParser.parse("M0 0 Q 1 1 2 0 T 4 0 t 2 0")
        #expect(
            path.elements == [
                .moveTo(Self.p(0, 0)), .quadCurveTo(control: Self.p(1, 1), end: Self.p(2, 0)),
                .quadCurveTo(control: Self.p(3, -1), end: Self.p(4, 0)),
                .quadCurveTo(control: Self.p(5, 1), end: Self.p(6, 0)),
            ])
    }

    @Test func halfCircleArcBecomesTwoQuarterCubics() throws {
        let path = try SVGPathParser.parse("M 10 0 A 10 10 0 0 1 -10 0")
        #expect(path.elements.count == 3)
        let k: CGFloat = 4 / 3 * tan(.pi / 8) * 10
        guard case .curveTo(let c1, let c2, let end) = path.elements[1] else {
            Issue.record("expected a cubic")
            return
        }
        #expect(abs(c1.x - 10) < 1e-9 && abs(c1.y - k) < 1e-9)
        #expect(abs(c2.x - k) < 1e-9 && abs(c2.y - 10) < 1e-9)
        #expect(abs(end.x) < 1e-9 && abs(end.y - 10) < 1e-9, "sweep 1 runs by increasing angle: through (0, 10)")
        #expect(path.elements[2].points.last == Self.p(-10, 0))
    }

    /// `a.5.5 0 011 0` packs the flags without separators; `A .1 .1 …` has radii too small for the
    /// chord, scaled up to 0.5 (SVG F.6.6). Both are the half circle above the x axis (sweep 1 runs by
    /// increasing angle, from angle π through 3π/2 on a y-down screen).
    @Test(arguments: ["M0 0a.5.5 0 011 0", "M0 0 A 0.1 0.1 0 0 1 1 0"])
    func arcFlagsWithoutSeparatorsAndRadiusScaling(text: String) throws {
        let path = try SVGPathParser.parse(text)
        #expect(path.elements.count == 3)
        #expect(path.elements.last?.points.last == Self.p(1, 0))
        guard case .curveTo(_, _, let middle) = path.elements[1] else {
            Issue.record("expected a cubic")
            return
        }
        #expect(abs(middle.x - 0.5) < 1e-9 && abs(middle.y + 0.5) < 1e-9)
    }

    @Test func zeroRadiusArcIsALine() throws {
        let path = try SVGPathParser.parse("M0 0 A 0 5 0 0 0 3 4")
        #expect(path.elements == [.moveTo(Self.p(0, 0)), .lineTo(Self.p(3, 4))])
    }

    @Test(
        arguments: [
            ("", nil),
            ("L 1 1", "path data must start with M at character 1"),
            ("M 1", "expected a number at character 3"),
            ("M 1 1 X", "unknown path command 'X' at character 6"),
            ("M 1 1 A 1 1 0 2 0 3 3", "expected an arc flag (0 or 1) at character 14"),
            ("M 1 1 L 1e999 0", "number 1e999 is out of range at character 8"),
            ("M 1 1 #", "unexpected character '#' at character 6"),
        ] as [(String, String?)])
    func errorsNameTheCharacter(text: String, message: String?) {
        do {
            let path = try SVGPathParser.parse(text)
            #expect(message == nil)
            #expect(path.isEmpty)
        } catch {
            #expect(error.description == message)
        }
    }
}
