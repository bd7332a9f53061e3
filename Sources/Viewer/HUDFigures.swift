/// The live figures the HUD shows besides the scene and clock: measured over the last half second.
struct HUDFigures {
    private(set) var framesPerSecond = 0.0
    private(set) var frameMilliseconds = 0.0
    private var windowStart: Int64 = 0
    private var framesInWindow = 0
    private var costInWindow: Int64 = 0

    /// Records a frame that started at `start` and cost `cost` ns; returns true when the figures changed.
    mutating func record(start: Int64, cost: Int64) -> Bool {
        if framesInWindow == 0 && windowStart == 0 { windowStart = start }
        framesInWindow += 1
        costInWindow += cost
        let elapsed = start - windowStart
        guard elapsed >= 500_000_000 else { return false }
        framesPerSecond = Double(framesInWindow - 1) / (Double(elapsed) / 1e9)
        frameMilliseconds = Double(costInWindow) / Double(framesInWindow) / 1e6
        windowStart = start
        framesInWindow = 1
        costInWindow = cost
        return true
    }
}
