#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The source of media time (seconds) for the engine. Time is passed in, never read inside the
/// evaluation: the viewer uses a `MonotonicClock`, rendering, evaluation and tests a `ManualClock`.
public protocol MediaClock: AnyObject {
    /// The current media time in seconds.
    var now: CFTimeInterval { get }
}

/// A clock that only moves when told to, so every frame is reproducible to the bit.
public final class ManualClock: MediaClock {
    public var now: CFTimeInterval

    /// A clock that reads `now` until it is set again.
    public init(now: CFTimeInterval = 0) { self.now = now }

    /// Moves the clock forward (or back, for a negative interval).
    public func advance(by interval: CFTimeInterval) { now += interval }
}

/// `CLOCK_MONOTONIC` in seconds, the Linux counterpart of mach absolute time.
public final class MonotonicClock: MediaClock {
    /// The system's monotonic clock (`CLOCK_MONOTONIC`).
    public init() {}

    public var now: CFTimeInterval {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return CFTimeInterval(spec.tv_sec) + CFTimeInterval(spec.tv_nsec) * 1e-9
    }
}

/// The current engine's media time: `CAEngine.clock.now`.
public func CACurrentMediaTime() -> CFTimeInterval { LayerEngine.current.clock.now }
