/// One display-link tick, in CLOCK_MONOTONIC nanoseconds, like CADisplayLink's `timestamp` (the deadline
/// this frame was due at) and `targetTimestamp` (when the next one is due).
struct FrameTick: Equatable {
    var timestamp: Int64
    var targetTimestamp: Int64
}

/// The display link's deadline arithmetic, with no clock inside: whole missed periods are skipped and
/// counted, and an idle link has no deadline at all (the event loop then sleeps without a timeout).
struct FrameScheduler {
    /// Nanoseconds between frames.
    let period: Int64
    /// The next frame's deadline, or nil while the link is stopped.
    private(set) var nextDeadline: Int64?
    /// Deadlines skipped because the loop woke up a whole period (or more) late.
    private(set) var droppedFrames = 0

    /// A stopped link ticking `framesPerSecond` times a second once started.
    init(framesPerSecond: Double) {
        precondition(framesPerSecond > 0, "frame rate must be positive")
        period = Int64((1e9 / framesPerSecond).rounded())
    }

    /// Starts the link with a frame due at `now`; a running link keeps its phase.
    mutating func start(at now: Int64) {
        if nextDeadline == nil { nextDeadline = now }
    }

    /// Stops the link; the next `start` begins a new phase.
    mutating func stop() {
        nextDeadline = nil
    }

    /// The tick due at `now`, if any, advancing the deadline past it. A wake-up `k` whole periods late
    /// reports the latest passed deadline and counts `k` dropped frames.
    mutating func tick(at now: Int64) -> FrameTick? {
        guard let deadline = nextDeadline, now >= deadline else { return nil }
        let missed = (now - deadline) / period
        droppedFrames += Int(missed)
        let timestamp = deadline + missed * period
        nextDeadline = timestamp + period
        return FrameTick(timestamp: timestamp, targetTimestamp: timestamp + period)
    }

    /// Nanoseconds to sleep from `now` until the next deadline (0 when due), or nil when stopped.
    func timeout(at now: Int64) -> Int64? {
        nextDeadline.map { max(0, $0 - now) }
    }
}
