/// The frame times of a frame-exact recording: frame k at media time `start + k / fps`, the formula
/// `layerscope record --from start` uses, each handed out once and in order as the media clock passes
/// it, however many display ticks that took (none are skipped after a stall, none repeated while the
/// display waits). When media time goes back (a step back, a scrub, a replay, a loop) the grid starts
/// again at the new time; the file goes on.
struct ExactFrameGrid: Equatable {
    private(set) var start: Double
    /// Frames handed out since `start`.
    private(set) var next = 0
    let fps: Double

    init(start: Double, fps: Double) {
        self.start = start
        self.fps = fps
    }

    /// The time of frame `index` of the grid.
    private func time(_ index: Int) -> Double { start + Double(index) / fps }

    /// The next frame's time if the media clock, at `mediaTime`, has reached it (and counts it handed
    /// out), else nil.
    mutating func nextTime(upTo mediaTime: Double) -> Double? {
        if next > 0, mediaTime < time(next - 1) {
            start = mediaTime
            next = 0
        }
        let t = time(next)
        guard t <= mediaTime else { return nil }
        next += 1
        return t
    }
}
