/// Receives an animation's start and stop. The layer holds its copy of the animation, and the copy
/// holds the delegate strongly. Both methods have empty default implementations.
public protocol CAAnimationDelegate: AnyObject {
    /// The animation's active period began.
    func animationDidStart(_ anim: CAAnimation)
    /// The animation stopped: `flag` is true when it reached the end of its active period, false when
    /// it was removed (explicitly, by `removeAllAnimations`, or replaced under the same key) first.
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}
