import LayerscopeTestSupport
import Testing

@testable import LayerKit

@Suite struct TimingFunctionTests {
    /// core-animation.md §4: exact solves (Apple-measured where available), tolerance 1e-6. The rows are alike
    /// on purpose: each named curve has its reference values written out.
    @Test func namedCurvesMatchTheReferenceTable() {
        let table: [(CAMediaTimingFunctionName, [(Double, Double)])] = [
            (.linear, [(0.1, 0.1), (0.25, 0.25), (0.5, 0.5), (0.67, 0.67), (0.9, 0.9)]),
            (
                .easeIn,
                [
                    (0.1, 0.017027), (0.2, 0.062282), (0.25, 0.093465), (0.5, 0.315357), (0.67, 0.515911),
                    (0.75, 0.621862), (0.9, 0.839428),
                ]
            ),
            (
                .easeOut,
                [
                    (0.1, 0.160572), (0.2, 0.308366), (0.25, 0.378138), (0.5, 0.684643), (0.67, 0.846581),
                    (0.75, 0.906535), (0.9, 0.982973),
                ]
            ),
            (
                .easeInEaseOut,
                [
                    (0.1, 0.019722), (0.2, 0.081660), (0.25, 0.129162), (0.5, 0.5), (0.67, 0.772850),
                    (0.75, 0.870838), (0.9, 0.980278),
                ]
            ),
            (
                .default,
                [
                    (0.1, 0.094796), (0.2, 0.295244), (0.25, 0.408511), (0.5, 0.802403), (0.67, 0.926526),
                    (0.75, 0.960459), (0.9, 0.994316),
                ]
            ),
        ]
        for (name, rows) in table {
            let f = CAMediaTimingFunction(name: name)
            for (x, y) in rows {
                #expect(close(f.solve(x), y, 1e-6), "\(name.rawValue)(\(x)) = \(f.solve(x)), want \(y)")
            }
        }
        let custom = CAMediaTimingFunction(controlPoints: 0.5, 0, 0.5, 1)
        for (x, y) in [(0.1, 0.014622), (0.25, 0.105893), (0.5, 0.5), (0.75, 0.894107), (0.9, 0.985378)] {
            #expect(close(custom.solve(x), y, 1e-6))
        }
        // gnustep's Apple-derived vector: (0.1, 1, 1, 0.2) at 0.67 → 0.589449.
        #expect(close(CAMediaTimingFunction(controlPoints: 0.1, 1, 1, 0.2).solve(0.67), 0.589449, 1e-5))
    }

    @Test func controlPointsAreApplesDocumentedOnes() {
        let expected: [(CAMediaTimingFunctionName, [Float])] = [
            (.linear, [0, 0, 0, 0, 1, 1, 1, 1]), (.easeIn, [0, 0, 0.42, 0, 1, 1, 1, 1]),
            (.easeOut, [0, 0, 0, 0, 0.58, 1, 1, 1]), (.easeInEaseOut, [0, 0, 0.42, 0, 0.58, 1, 1, 1]),
            (.default, [0, 0, 0.25, 0.1, 0.25, 1, 1, 1]),
        ]
        for (name, points) in expected {
            let f = CAMediaTimingFunction(name: name)
            var got: [Float] = []
            var pair: [Float] = [0, 0]
            for index in 0..<4 {
                f.getControlPoint(at: index, values: &pair)
                got += pair
            }
            #expect(got == points, "\(name.rawValue)")
        }
    }

    /// Apple clamps the input: linear(−0.5) = 0, linear(1.5) = 1; same for every curve.
    @Test func inputIsClampedAsApple() {
        for name in [CAMediaTimingFunctionName.linear, .easeIn, .easeOut, .easeInEaseOut, .default] {
            let f = CAMediaTimingFunction(name: name)
            #expect(f.solve(-0.5) == 0)
            #expect(f.solve(1.5) == 1)
            #expect(f.solve(-.infinity) == 0)
            #expect(f.solve(.infinity) == 1)
            #expect(f.solve(.nan) == 0)
        }
    }

    /// Chromium's CubicBezierTest vectors (tolerance 1.5e-4 as there), and y outside [0, 1].
    @Test func chromiumVectors() {
        let f = CAMediaTimingFunction(controlPoints: 0.25, 0, 0.75, 1)
        let rows: [(Double, Double)] = [
            (0.05, 0.01136), (0.1, 0.03978), (0.2, 0.12803), (0.3, 0.24115), (0.4, 0.36761), (0.6, 0.63238),
            (0.8, 0.87196), (0.9, 0.96021),
        ]
        for (x, y) in rows { #expect(close(f.solve(x), y, 1.5e-4)) }
        #expect(close(CAMediaTimingFunction(controlPoints: 0.5, 1, 0.5, 1).solve(0.5), 0.875, 1e-12))
        #expect(close(CAMediaTimingFunction(controlPoints: 0.5, 2, 0.5, 2).solve(0.5), 1.625, 1e-12))
        #expect(close(CAMediaTimingFunction(controlPoints: 0.5, -1, 0.5, -1).solve(0.5), -0.625, 1e-12))
    }

    /// Input: the solver's parameter satisfies x(t) = x to 1e-12 (the brief asks 1e-7). Output: y is
    /// within 1e-7 of a 64-bit-mantissa (Float80) bisection reference wherever the inverse is
    /// well conditioned (dx/dt ≥ 1e-3 at the root); at a flat inflection (dx/dt = 0) y(x) has infinite
    /// slope and no finite-precision solver can promise 1e-7, so there the bound is 1e-5.
    /// Named curves and 200 random curves with x control points in [0, 1], y in [−2, 2].
    @Test func solverIsAccurateTo1e7InInputAndOutput() {
        var generator = SeededGenerator(seed: 42)
        var curves: [(Double, Double, Double, Double)] = [
            (0.42, 0, 1, 1), (0, 0, 0.58, 1), (0.42, 0, 0.58, 1), (0.25, 0.1, 0.25, 1), (1, 0, 0, 1),
            (0, 1, 1, 0), (1, 1, 0, 0), (0, 0, 0, 0), (1, 1, 1, 1), (0.99, 0, 0.01, 1), (0, 4, 1, -3),
            (0.7, -2, 1, -1.5), (0.3, 1.5, 0.8, 1.5),
        ]
        for _ in 0..<200 {
            curves.append((generator.unit(), generator.unit() * 4 - 2, generator.unit(), generator.unit() * 4 - 2))
        }
        var checked = 0
        for (x1, y1, x2, y2) in curves {
            let bezier = UnitBezier(x1: x1, y1: y1, x2: x2, y2: y2)
            for i in 0...200 {
                let x = Double(i) / 200
                let t = bezier.parameter(for: x)
                #expect(abs(bezier.x(t) - x) <= 1e-12, "x error for \((x1, y1, x2, y2)) at \(x)")
                let (reference, slope) = referenceSolve(x1, y1, x2, y2, x)
                let tolerance = slope >= 1e-3 ? 1e-7 : 1e-5
                #expect(abs(bezier.solve(x) - reference) <= tolerance, "y error for \((x1, y1, x2, y2)) at \(x)")
                checked += 1
            }
        }
        #expect(checked == 213 * 201)
        // The flat inflection of (1, 0, 0, 1) at x = 0.5 is solved exactly (t = 0.5, y = 0.5).
        #expect(CAMediaTimingFunction(controlPoints: 1, 0, 0, 1).solve(0.5) == 0.5)
    }

    /// Any control points (huge, tiny, infinite, NaN, x outside [0, 1]) give a finite answer, quickly.
    @Test func solverNeverReturnsNaNForAnyControlPoints() {
        let extremes: [Double] = [0, 1, -1, 2, 1e-300, -1e300, 1e300, .infinity, -.infinity, .nan, 0.5, 1e-9]
        var count = 0
        for x1 in extremes {
            for y1 in [0.0, 1e300, .nan, -3] {
                for x2 in extremes {
                    let f = CAMediaTimingFunction(controlPoints: CGPoint(x: x1, y: y1), CGPoint(x: x2, y: 1))
                    for x in [-1.0, 0, 1e-12, 0.3, 0.5, 0.999999, 1, 2, .nan] {
                        let y = f.solve(x)
                        #expect(!y.isNaN, "NaN for \((x1, y1, x2)) at \(x)")
                        count += 1
                    }
                }
            }
        }
        #expect(count == 12 * 4 * 12 * 9)
    }

    /// 128 halvings of [0, 1] on x(t) − x in Float80 (x(t) is monotone for x control points in [0, 1]);
    /// returns y at the root and dx/dt there.
    private func referenceSolve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double) -> (Double, Double)
    {
        func coefficients(_ p1: Double, _ p2: Double) -> (Float80, Float80, Float80) {
            let c = 3 * Float80(p1)
            let b = 3 * (Float80(p2) - Float80(p1)) - c
            return (1 - c - b, b, c)
        }
        let (ax, bx, cx) = coefficients(x1, x2)
        let (ay, by, cy) = coefficients(y1, y2)
        var lo: Float80 = 0
        var hi: Float80 = 1
        for _ in 0..<128 {
            let mid = (lo + hi) / 2
            if ((ax * mid + bx) * mid + cx) * mid < Float80(x) { lo = mid } else { hi = mid }
        }
        let t = (lo + hi) / 2
        return (Double(((ay * t + by) * t + cy) * t), Double((3 * ax * t + 2 * bx) * t + cx))
    }
}
