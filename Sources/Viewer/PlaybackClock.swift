/// The viewer's media time as a pure function of the host clock (CLOCK_MONOTONIC seconds) and what the
/// user did: pause, resume, speed changes, frame steps and seeks. Time is recomputed from an anchor on
/// every call, never accumulated from frame deltas, so wake-up jitter never turns into drift.
struct PlaybackClock: Equatable {
    /// The slowest playback rate (slow motion 1/16).
    static let minimumSpeed = 1.0 / 16.0
    /// The fastest playback rate.
    static let maximumSpeed = 16.0

    private(set) var isPaused: Bool
    private(set) var speed: Double
    private var anchorHostTime: Double
    private var anchorMediaTime: Double

    /// A clock showing `mediaTime` (never before 0) at `hostTime`, running at `speed` (clamped to
    /// `minimumSpeed…maximumSpeed`) unless `paused`.
    init(mediaTime: Double, hostTime: Double, speed: Double = 1, paused: Bool = false) {
        self.isPaused = paused
        self.speed = Self.clamped(speed: speed)
        self.anchorHostTime = hostTime
        self.anchorMediaTime = Self.clamped(mediaTime: mediaTime)
    }

    /// `speed` within `minimumSpeed…maximumSpeed`; 1 for NaN.
    private static func clamped(speed: Double) -> Double {
        speed.isNaN ? 1 : min(max(speed, minimumSpeed), maximumSpeed)
    }

    /// `mediaTime` from 0 to the largest finite time; 0 for NaN.
    private static func clamped(mediaTime: Double) -> Double {
        mediaTime.isNaN ? 0 : min(max(mediaTime, 0), .greatestFiniteMagnitude)
    }

    /// The media time shown at host time `hostTime`. Before the anchor (a frame drawn for a display-link
    /// tick older than the seek, resume or speed change) a running clock shows the anchor's time: going
    /// back would make the scene again from scratch.
    func mediaTime(atHostTime hostTime: Double) -> Double {
        isPaused ? anchorMediaTime : anchorMediaTime + max(0, hostTime - anchorHostTime) * speed
    }

    /// Freezes media time at its value at `hostTime`.
    mutating func pause(atHostTime hostTime: Double) {
        guard !isPaused else { return }
        reanchor(atHostTime: hostTime)
        isPaused = true
    }

    /// Lets media time run again from where it was frozen, with no jump.
    mutating func resume(atHostTime hostTime: Double) {
        guard isPaused else { return }
        anchorHostTime = hostTime
        isPaused = false
    }

    /// Pauses when running, resumes when paused.
    mutating func togglePause(atHostTime hostTime: Double) {
        if isPaused { resume(atHostTime: hostTime) } else { pause(atHostTime: hostTime) }
    }

    /// Doubles the rate (up to `maximumSpeed`); media time does not jump.
    mutating func faster(atHostTime hostTime: Double) {
        setSpeed(speed * 2, atHostTime: hostTime)
    }

    /// Halves the rate (down to `minimumSpeed`); media time does not jump.
    mutating func slower(atHostTime hostTime: Double) {
        setSpeed(speed / 2, atHostTime: hostTime)
    }

    /// Changes the rate, clamped to `minimumSpeed…maximumSpeed`, keeping the current media time.
    mutating func setSpeed(_ newSpeed: Double, atHostTime hostTime: Double) {
        reanchor(atHostTime: hostTime)
        speed = Self.clamped(speed: newSpeed)
    }

    /// Moves a paused clock by `frames` frames of `frameDuration` media seconds (negative steps back),
    /// never before 0. Returns false, changing nothing, when the clock is running.
    @discardableResult
    mutating func step(frames: Int, frameDuration: Double) -> Bool {
        guard isPaused else { return false }
        anchorMediaTime = Self.clamped(mediaTime: anchorMediaTime + Double(frames) * frameDuration)
        return true
    }

    /// Shows `mediaTime` at `hostTime`, keeping the paused state and the speed.
    mutating func seek(to mediaTime: Double, atHostTime hostTime: Double) {
        anchorHostTime = hostTime
        anchorMediaTime = Self.clamped(mediaTime: mediaTime)
    }

    private mutating func reanchor(atHostTime hostTime: Double) {
        anchorMediaTime = mediaTime(atHostTime: hostTime)
        anchorHostTime = max(anchorHostTime, hostTime)
    }
}
