/// A delegate callback as the engine delivered it, with the exact media time at which it happened
/// (computed from the timing, e.g. the end of the active period, not the frame time that found it).
public struct CAAnimationEvent {
    /// Which delegate method was called.
    public enum Kind: Equatable, Sendable {
        /// `animationDidStart(_:)` was delivered.
        case didStart
        /// `animationDidStop(_:finished:)` was delivered: `finished` is false when the animation was removed early.
        case didStop(finished: Bool)
    }

    /// The callback.
    public var kind: Kind
    /// The layer the animation is attached to.
    public var layer: CALayer
    /// The key it was added under.
    public var key: String?
    /// The layer's copy of the animation (the object the delegate receives).
    public var animation: CAAnimation
    /// Media time of the event.
    public var mediaTime: CFTimeInterval
    /// The layer's local time the event is dated from (the start or the end of the active period); nil
    /// when the step that found it dates it (a removal). Under a paused ancestor, where no media time
    /// maps to it, this is the event's only exact time.
    public var localTime: CFTimeInterval?
}

/// An animation attached to a layer: the layer's copy, its compiled program and its life so far.
final class AttachedAnimation {
    let key: String?
    let animation: CAAnimation
    let program: AnimationProgram
    /// Media time at which it was added (no callback is dated earlier).
    let addedAt: CFTimeInterval
    var life: AnimationLife

    init(key: String?, animation: CAAnimation, program: AnimationProgram, addedAt: CFTimeInterval) {
        self.key = key
        self.animation = animation
        self.program = program
        self.addedAt = addedAt
        life = AnimationLife(lastSeen: addedAt)
    }
}

/// An attached animation's life so far. One rule advances it (`advance(to:at:)`), for the tree walk
/// and for the frame cache, which keeps a copy per item.
struct AnimationLife {
    var started = false
    var stopped = false
    /// Media time of the last lifecycle pass that saw it (its callbacks are dated after this).
    var lastSeen: CFTimeInterval

    /// What one step found: the callbacks now due, and the previous `lastSeen` to date them after.
    struct Step {
        var started = false
        var stopped = false
        var lastSeen: CFTimeInterval
        var isEmpty: Bool { !started && !stopped }
    }

    /// The lifecycle rule: the animation starts when `sample` first leaves "not started" and stops
    /// (finished) when it first reaches "finished"; a pass at media time `now` saw it.
    @inline(__always)
    mutating func advance(to sample: ResolvedTiming.Sample, at now: CFTimeInterval) -> Step {
        var step = Step(lastSeen: lastSeen)
        if !started, sample.travel != .notStarted {
            started = true
            step.started = true
        }
        if sample.travel == .finished, !stopped {
            stopped = true
            step.stopped = true
        }
        lastSeen = now
        return step
    }
}
