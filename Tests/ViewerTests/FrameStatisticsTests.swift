import Testing

@testable import Viewer

@Suite struct FrameStatisticsTests {
    @Test func quantilesUseNearestRank() {
        var statistics = FrameStatistics(expectedFrames: 100)
        for index in 0..<100 {
            let start = Int64(index) * 20_000_000
            statistics.record(start: start, end: start + Int64(index + 1) * 100_000)
        }
        #expect(statistics.frameCostMilliseconds(quantile: 0.5) == 5.0)
        #expect(statistics.frameCostMilliseconds(quantile: 0.99) == 9.9)
        #expect(abs(statistics.framesPerSecond - 50) < 1e-9)
        #expect(statistics.longIntervals(period: 20_000_000) == 0)
    }

    @Test func longIntervalsCountGapsOverOneAndAHalfPeriods() {
        var statistics = FrameStatistics(expectedFrames: 4)
        for start: Int64 in [0, 20_000_000, 60_000_000, 80_000_000] {
            statistics.record(start: start, end: start + 1)
        }
        #expect(statistics.longIntervals(period: 20_000_000) == 1)
    }

    @Test func hudFiguresUpdateEveryHalfSecond() {
        var figures = HUDFigures()
        for index in 0..<25 {
            let updated = figures.record(start: Int64(index) * 20_000_000, cost: 2_000_000)
            #expect(!updated)
        }
        let updated = figures.record(start: 25 * 20_000_000, cost: 2_000_000)
        #expect(updated)
        #expect(abs(figures.framesPerSecond - 50) < 1e-9)
        #expect(abs(figures.frameMilliseconds - 2) < 1e-9)
    }
}
