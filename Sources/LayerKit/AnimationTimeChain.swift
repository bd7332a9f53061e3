/// One layer's timing on the way from media time to an animated layer's local time.
public struct LayerTimingLink: Equatable, Sendable {
    /// The layer's name, if any.
    public var name: String?
    /// The layer's `beginTime`, in its superlayer's time.
    public var beginTime: Double
    /// The layer's `speed`.
    public var speed: Double
    /// The layer's `timeOffset`, in seconds.
    public var timeOffset: Double
    /// The layer's local time: `(parent − beginTime) · speed + timeOffset`.
    public var localTime: Double
    /// True for speed 0: the layer's time, and so every animation below it, stands still.
    public var isPaused: Bool { speed == 0 }
}

/// How an animation turns media time into a value at one moment, step by step, as CAMediaTiming
/// defines it: media time → each layer's beginTime / speed / timeOffset (root first) → the layer's
/// local time → the animation's active time, repeat and leg → input fraction → eased fraction → value.
public struct AnimationTimeChain: Equatable, Sendable {
    /// The media time the chain starts from (`CACurrentMediaTime()` at that frame).
    public var mediaTime = 0.0
    /// The root's link first, the animated layer's last.
    public var links: [LayerTimingLink] = []
    /// The animation's own timing (add-time defaulting applied: beginTime in the layer's time).
    public var beginTime = 0.0
    /// The animation's own `speed`.
    public var speed = 1.0
    /// The animation's own `timeOffset`, in seconds.
    public var timeOffset = 0.0
    /// Time since the active period began, in the animation's time (0…active duration), nil when the
    /// layer's time is not a number (under a paused ancestor before any offset).
    public var activeTime: Double?
    /// The active time with `timeOffset` added, before it wraps into a cycle.
    public var offsetTime: Double?
    /// The repeat the active time is in (0 for the first), counted without `timeOffset`.
    public var repeatIndex: Int?
    /// True when `timeOffset` carried the time across a cycle boundary: a wrap, not a repeat.
    public var wrapsByTimeOffset = false
    /// Where the animation is at this time: before, filled, active, after or removed.
    public var phase = AnimationPhase.before
    /// The fraction of the simple duration given to the timing function (0…1), nil when it does not show.
    public var inputFraction: Double?
    /// The timing function's output for `inputFraction`, nil when the animation does not show.
    public var easedFraction: Double?
    /// The value's components as the animation computes them on the model (empty when not numeric); a
    /// `transform.…` component as the animation drives it (an angle unwrapped).
    public var value: [Double] = []
    /// For a `path` animation, how many points the drawn path has (its eased fraction is the morph
    /// fraction); nil for other key paths.
    public var pathPointCount: Int?

    /// An empty chain, at media time 0, to be filled by `CALayer.timeChain(forKey:at:)`.
    public init() {}

    /// The first paused layer on the way, if any.
    public var pausedLink: LayerTimingLink? { links.first { $0.isPaused } }
}

extension AnimationSampler {
    /// Fills `chain` for media time `t`, reusing its arrays' storage (no allocation once warm).
    public func timeChain(atMediaTime t: Double, into chain: inout AnimationTimeChain) {
        chain.mediaTime = t
        chain.links.removeAll(keepingCapacity: true)
        // Root first: each layer's local time from its parent's, by the engine's own rule.
        func appendLinks(from current: CALayer) -> Double {
            let parentTime = current.superlayer.map(appendLinks) ?? t
            let timing = current.state.timing
            let time = timing.localTime(fromParent: parentTime)
            chain.links.append(
                LayerTimingLink(
                    name: current.name, beginTime: timing.beginTime, speed: Double(timing.speed),
                    timeOffset: timing.timeOffset, localTime: time))
            return time
        }
        let time = appendLinks(from: layer)
        chain.beginTime = facts.beginTime
        chain.speed = facts.speed
        chain.timeOffset = facts.timeOffset
        let sample = sample(atLocalTime: time, values: &chain.value)
        chain.phase = sample.phase
        chain.inputFraction = sample.inputFraction
        chain.easedFraction = sample.progress
        chain.pathPointCount = pathPointCount(atLocalTime: time)
        // The rest reads the engine's own evaluation of the same local time.
        let resolved = program.timing
        let s = resolved.sample(time)
        guard time.isFinite else {
            chain.activeTime = nil
            chain.offsetTime = nil
            chain.repeatIndex = nil
            chain.wrapsByTimeOffset = false
            return
        }
        chain.activeTime = s.activeTime
        chain.offsetTime = s.cycleTime
        let cycle = resolved.cycle
        guard cycle > 0, cycle.isFinite else {
            chain.repeatIndex = 0
            chain.wrapsByTimeOffset = false
            return
        }
        guard resolved.speed >= 0 else {
            chain.repeatIndex = Self.whole(s.iteration)
            chain.wrapsByTimeOffset = false
            return
        }
        // Repeats count the active time without the offset; the end of the active period on a cycle
        // boundary is the end of the last repeat.
        let a = s.activeTime
        let atEnd = a > 0 && a >= resolved.activeDuration
        let repeats = atEnd ? Self.whole((a / cycle).rounded(.up)) - 1 : Self.whole(a / cycle)
        chain.repeatIndex = repeats
        chain.wrapsByTimeOffset = s.shown && resolved.timeOffset != 0 && Self.whole(s.iteration) != repeats
    }

    /// `x` rounded down to an Int (0 when it is too large or not a number).
    private static func whole(_ x: Double) -> Int {
        x.isFinite && abs(x) < 1e15 ? Int(x.rounded(.down)) : 0
    }
}
