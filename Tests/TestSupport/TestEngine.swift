import LayerKit

/// Gives the calling thread a new default engine (`LayerEngine.threadDefault`) on a manual clock at
/// `now`, and returns the clock: the layers a test makes from then on belong to that engine, and the
/// Core Animation statics act on it. Tests run in parallel on different threads, each with its own.
@discardableResult
public func freshEngine(at now: CFTimeInterval = 0) -> ManualClock {
    let clock = ManualClock(now: now)
    LayerEngine.threadDefault = LayerEngine(clock: clock)
    return clock
}
