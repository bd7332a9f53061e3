import Foundation
import Testing

@testable import LayerKit

/// Keyframe fidelity: discrete keyframes in Apple's documented form (one more key time than values),
/// and the paced modes at constant speed along the path or spline, measured.
@Suite struct KeyframePacingTests {
    /// Apple's example: values [A, B, C], keyTimes [0, 0.25, 0.75, 1]: each value from its key time to
    /// the next; the penultimate key time holds the last value until the end.
    @Test func discreteWithOneMoreKeyTimeThanValues() {
        let sample = keyframeSampler("position.x") {
            $0.values = [1, 2, 3]
            $0.keyTimes = [0, 0.25, 0.75, 1]
            $0.calculationMode = .discrete
        }
        for (t, want) in [(0.0, 1.0), (0.1, 1), (0.2499, 1), (0.25, 2), (0.5, 2), (0.7499, 2), (0.75, 3), (0.8, 3)] {
            #expect(Double(sample(t).position.x) == want, "at \(t)")
        }
        #expect(sample(1.5).position.x == 3)
        // The same values as colours (the general, non-number path).
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let colours = keyframeSampler("backgroundColor") {
            $0.values = [red, green, blue]
            $0.keyTimes = [0, 0.25, 0.75, 1]
            $0.calculationMode = .discrete
        }
        #expect(colours(0.1).backgroundColor == red)
        #expect(colours(0.5).backgroundColor == green)
        #expect(colours(0.8).backgroundColor == blue)
    }

    /// The research note's vectors: paced numbers and points.
    @Test func pacedReferenceVectors() {
        let numbers = keyframeSampler("position.x") {
            $0.values = [0, 10, 30]
            $0.calculationMode = .paced
        }
        #expect(close(numbers(0.5).position.x, 15))
        #expect(close(numbers(0.25).position.x, 7.5))
        let points = keyframeSampler("position") {
            $0.values = [CGPoint(x: 0, y: 0), CGPoint(x: 30, y: 40), CGPoint(x: 30, y: 100)]
            $0.keyTimes = [0, 0.9, 1]
            $0.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .easeOut)]
            $0.calculationMode = .paced
        }
        let p = points(0.5).position
        #expect(close(p.x, 30) && close(p.y, 45))
    }

    /// Paced along a curved path: the speed |dP/dt| is the path's length everywhere (finite
    /// differences, relative error below 1e-8), and the circle's eighth and quarter points come at
    /// those fractions of the time.
    @Test func pacedPathHasConstantSpeed() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addCurve(to: CGPoint(x: 300, y: 0), control1: CGPoint(x: 20, y: 200), control2: CGPoint(x: 290, y: -50))
        path.addQuadCurve(to: CGPoint(x: 300, y: 300), control: CGPoint(x: 500, y: 100))
        path.addLine(to: CGPoint(x: 100, y: 250))
        let length = Double(path.length)
        let sample = keyframeSampler("position") {
            $0.path = path
            $0.calculationMode = .paced
        }
        // One-sided chords, the longer of the two: a chord straddling a corner between segments is
        // shorter than the path; the other one is not.
        let h = 1e-6
        for t in stride(from: 0.02, through: 0.98, by: 0.04) {
            let (a, p, b) = (sample(t - h).position, sample(t).position, sample(t + h).position)
            let speed = max(hypot(b.x - p.x, b.y - p.y), hypot(p.x - a.x, p.y - a.y)) / h
            #expect(abs(speed / length - 1) < 1e-8, "at \(t): speed \(speed), length \(length)")
        }
        let circle = keyframeSampler("position") {
            $0.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 200, height: 200), transform: nil)
            $0.calculationMode = .paced
        }
        let eighth = circle(0.125).position
        #expect(
            close(eighth.x, 100 + 100 / 2.0.squareRoot(), 1e-9) && close(eighth.y, 100 + 100 / 2.0.squareRoot(), 1e-9))
        let quarter = circle(0.25).position
        #expect(close(quarter.x, 100, 1e-9) && close(quarter.y, 200, 1e-9))
    }

    /// cubicPaced on points: the speed along the Catmull-Rom spline (written out here, its length
    /// summed over 200,000 chords) is constant, relative error below 1e-7; the values are passed at
    /// the arc-length fractions; keyTimes and timing functions are ignored.
    @Test func cubicPacedHasConstantSpeedAlongTheSpline() {
        let points = [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 100), CGPoint(x: 400, y: 50)]
        func catmullRom(_ i: Int, _ t: Double) -> CGPoint {
            let p0 = points[max(i - 1, 0)]
            let (p1, p2) = (points[i], points[i + 1])
            let p3 = points[min(i + 2, points.count - 1)]
            func axis(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Double {
                0.5 * (2 * b + (c - a) * t + (2 * a - 5 * b + 4 * c - d) * t * t + (3 * b - a - 3 * c + d) * t * t * t)
            }
            return CGPoint(x: axis(p0.x, p1.x, p2.x, p3.x), y: axis(p0.y, p1.y, p2.y, p3.y))
        }
        var lengths: [Double] = []
        for i in 0..<3 {
            var sum = 0.0
            var previous = catmullRom(i, 0)
            for step in 1...200_000 {
                let p = catmullRom(i, Double(step) / 200_000)
                sum += hypot(p.x - previous.x, p.y - previous.y)
                previous = p
            }
            lengths.append(sum)
        }
        let total = lengths.reduce(0, +)
        let sample = keyframeSampler("position") {
            $0.values = points
            $0.keyTimes = [0, 0.1, 0.2, 1]
            $0.timingFunctions = Array(repeating: CAMediaTimingFunction(name: .easeIn), count: 3)
            $0.calculationMode = .cubicPaced
        }
        let h = 1e-5
        for t in stride(from: 0.015, through: 0.985, by: 0.035) {
            let (a, b) = (sample(t - h).position, sample(t + h).position)
            let speed = hypot(b.x - a.x, b.y - a.y) / (2 * h)
            #expect(abs(speed / total - 1) < 1e-7, "at \(t): speed \(speed), length \(total)")
        }
        let second = sample(lengths[0] / total).position
        #expect(close(second.x, 100, 1e-6) && close(second.y, 0, 1e-6))
        let third = sample((lengths[0] + lengths[1]) / total).position
        #expect(close(third.x, 100, 1e-6) && close(third.y, 100, 1e-6))
    }
}
