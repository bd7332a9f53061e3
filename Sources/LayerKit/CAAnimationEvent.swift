/// A delegate callback as the engine delivered it, with the exact media time at which it happened
/// (computed from the timing, e.g. the end of the active period, not the frame time that found it).
public struct CAAnimationEvent {
    /// Which delegate method was called.
    public enum Kind: Equatable, Sendable {
        case didStart
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
}

/// An animation attached to a layer: the layer's copy, its compiled program and its life so far.
final class AttachedAnimation {
    let key: String?
    let animation: CAAnimation
    let program: AnimationProgram
    /// Media time at which it was added (no callback is dated earlier).
    let addedAt: CFTimeInterval
    var started = false
    var stopped = false
    /// Media time of the last lifecycle pass that saw it (its callbacks are dated after this).
    var lastSeen: CFTimeInterval

    init(key: String?, animation: CAAnimation, program: AnimationProgram, addedAt: CFTimeInterval) {
        self.key = key
        self.animation = animation
        self.program = program
        self.addedAt = addedAt
        lastSeen = addedAt
    }
}
