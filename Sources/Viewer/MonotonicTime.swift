import Glibc

/// CLOCK_MONOTONIC, the display link's time base.
enum MonotonicTime {
    /// Now, in nanoseconds.
    static func nanoseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }

    /// `nanoseconds` as seconds.
    static func seconds(_ nanoseconds: Int64) -> Double {
        Double(nanoseconds) / 1e9
    }
}
