/// Frame timing collected by `--frames N --stats`: frame-start times, per-frame cost and CPU time.
struct FrameStatistics {
    private var frameStarts: [Int64] = []
    private var frameCosts: [Int64] = []

    init(expectedFrames: Int) {
        frameStarts.reserveCapacity(expectedFrames)
        frameCosts.reserveCapacity(expectedFrames)
    }

    var frameCount: Int { frameStarts.count }

    /// Records a frame that started at `start` and was on its way to the server at `end` (ns).
    mutating func record(start: Int64, end: Int64) {
        frameStarts.append(start)
        frameCosts.append(end - start)
    }

    /// Frames per second between the first and the last frame start.
    var framesPerSecond: Double {
        guard frameStarts.count > 1, let first = frameStarts.first, let last = frameStarts.last, last > first
        else { return 0 }
        return Double(frameStarts.count - 1) / (Double(last - first) / 1e9)
    }

    /// The `fraction` quantile (nearest rank) of the per-frame cost, in milliseconds.
    func frameCostMilliseconds(quantile fraction: Double) -> Double {
        guard !frameCosts.isEmpty else { return 0 }
        let sorted = frameCosts.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
        return Double(sorted[min(max(rank, 0), sorted.count - 1)]) / 1e6
    }

    /// Intervals between consecutive frame starts longer than 1.5 periods.
    func longIntervals(period: Int64) -> Int {
        zip(frameStarts, frameStarts.dropFirst()).filter { Double($1 - $0) > 1.5 * Double(period) }.count
    }

    /// Wall-clock seconds from the first to the last frame start.
    var elapsedSeconds: Double {
        guard let first = frameStarts.first, let last = frameStarts.last else { return 0 }
        return Double(last - first) / 1e9
    }
}
