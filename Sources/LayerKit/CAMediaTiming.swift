/// The timing properties shared by layers and animations. A layer's or an animation's local time is
/// `(parentTime − beginTime) · speed + timeOffset`; animations add repetition, reversal and fill.
public protocol CAMediaTiming: AnyObject {
    /// Start, in the parent's time space. 0 on an animation added to a layer means "now".
    var beginTime: CFTimeInterval { get set }
    /// Length of one simple (forward) pass; 0 on an animation becomes 0.25 s when added.
    var duration: CFTimeInterval { get set }
    /// Rate of local time relative to the parent; 0 pauses, negative runs backwards.
    var speed: Float { get set }
    /// Offset added to local time after speed; wraps within an animation's active duration.
    var timeOffset: CFTimeInterval { get set }
    /// Number of repeats (each a forward pass, plus the reverse pass with `autoreverses`); 0 = once.
    var repeatCount: Float { get set }
    /// Length of the active period in seconds; 0 = decided by `repeatCount`.
    var repeatDuration: CFTimeInterval { get set }
    /// Plays each repeat forwards, then backwards.
    var autoreverses: Bool { get set }
    /// What is shown outside the active period.
    var fillMode: CAMediaTimingFillMode { get set }
}
