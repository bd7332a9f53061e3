import LayerKit
import Raster
import Testing

@testable import Overlay

struct CurvePlotTests {
    static let named = TimingFunctionNames.all.enumerated().map { index, entry in
        CurvePlotEntry(
            label: entry.name, function: CAMediaTimingFunction(name: CAMediaTimingFunctionName(rawValue: entry.name)),
            color: CurvePlotStyle.palette[index])
    }

    @Test func numbersArePrintedShortAndExact() {
        #expect(CurvePlotNumbers.text(0.5) == "0.5")
        #expect(CurvePlotNumbers.text(2) == "2")
        #expect(CurvePlotNumbers.text(0.05) == "0.05")
        #expect(CurvePlotNumbers.text(12.25) == "12.25")
        #expect(CurvePlotNumbers.text(-0.125, decimals: 2) == "-0.13")
        #expect(CurvePlotNumbers.text(-0.0001) == "0")
        #expect(CurvePlotNumbers.text(1234.5678, decimals: 1) == "1234.6")
        #expect(CurvePlotNumbers.text(.infinity) == "inf")
        #expect(CurvePlotNumbers.text(.nan) == "nan")
    }

    @Test func progressRangeGrowsOnlyForOvershoot() {
        let named = Self.named.map(\.function)
        #expect(CurvePlot.progressRange(of: named) == (0, 1))
        let back = CAMediaTimingFunction(controlPoints: CGPoint(x: 0.3, y: 1.5), CGPoint(x: 0.8, y: 1.5))
        // y(t) = 4.5·t·(1 − t) + t³ peaks at t = (9 − √27) / 6.
        let t = (9 - 27.0.squareRoot()) / 6
        let peak = 4.5 * t * (1 - t) + t * t * t
        let range = CurvePlot.progressRange(of: [back])
        #expect(range.min == 0)
        #expect(abs(range.max - (peak + (peak - 0) * 0.04)) < 1e-4)
        let under = CAMediaTimingFunction(controlPoints: CGPoint(x: 0.4, y: -0.8), CGPoint(x: 0.7, y: 1))
        #expect(CurvePlot.progressRange(of: [under]).min < -0.2)
    }

    @Test func overshootIsDrawnAboveTheUnitSquare() {
        let bitmap = Bitmap(width: 200, height: 200)
        let plot = CurvePlot(text: nil)
        let color = CurvePlotStyle.palette[0]
        let back = CAMediaTimingFunction(controlPoints: CGPoint(x: 0.3, y: 1.5), CGPoint(x: 0.8, y: 1.5))
        plot.draw(
            [CurvePlotEntry(label: "back", function: back, color: color)],
            in: PixelRect(x: 0, y: 0, width: 200, height: 200),
            compact: true, into: bitmap)
        let top = Int(plot.mapping.point(x: 0, y: 1).y)
        #expect(plot.mapping.yMax > 1.3)
        var above = 0
        for y in 0..<(top - 3) {
            for x in 0..<200 where bitmap[x, y] == color { above += 1 }
        }
        #expect(above > 20, "solid curve pixels above progress 1")
    }

    @Test func namedCurvesGolden() throws {
        let bitmap = Bitmap(width: 480, height: 300)
        CurvePlot(text: CurveGoldens.font(11)).draw(
            Self.named, in: PixelRect(x: 0, y: 0, width: 480, height: 300), into: bitmap)
        try CurveGoldens.check(bitmap, named: "curve_named")
    }

    @Test func overshootGolden() throws {
        let bitmap = Bitmap(width: 480, height: 280)
        let entries = [
            CurvePlotEntry(
                label: "cubic(0.3, 1.5, 0.8, 1.5)",
                function: CAMediaTimingFunction(controlPoints: CGPoint(x: 0.3, y: 1.5), CGPoint(x: 0.8, y: 1.5)),
                color: CurvePlotStyle.palette[1]),
            CurvePlotEntry(
                label: "cubic(0.4, -0.6, 0.7, 1)",
                function: CAMediaTimingFunction(controlPoints: CGPoint(x: 0.4, y: -0.6), CGPoint(x: 0.7, y: 1)),
                color: CurvePlotStyle.palette[3]),
        ]
        let plot = CurvePlot(text: CurveGoldens.font(11))
        plot.draw(entries, in: PixelRect(x: 0, y: 0, width: 480, height: 280), into: bitmap)
        plot.drawPlayhead(entries[0].function, x: 0.5, into: bitmap)
        try CurveGoldens.check(bitmap, named: "curve_overshoot")
    }
}
