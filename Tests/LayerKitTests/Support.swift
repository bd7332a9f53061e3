import LayerscopeTestSupport
import Testing

@testable import LayerKit

/// A fresh engine on this thread with a manual clock at `now` (`LayerscopeTestSupport.freshEngine`).
@discardableResult
func freshEngine(at now: CFTimeInterval = 0) -> ManualClock { LayerscopeTestSupport.freshEngine(at: now) }

/// Records delegate callbacks and the engine's dated events.
final class Recorder: CAAnimationDelegate {
    enum Call: Equatable {
        case start
        case stop(Bool)
    }

    var calls: [Call] = []
    var events: [CAAnimationEvent] = []
    var onStop: ((CAAnimation, Bool) -> Void)?

    init(observing: Bool = true) {
        if observing { CAEngine.eventObserver = { [unowned self] in self.events.append($0) } }
    }

    func animationDidStart(_ anim: CAAnimation) { calls.append(.start) }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        calls.append(.stop(flag))
        onStop?(anim, flag)
    }

    /// Events as (kind, key, media time) for compact comparison.
    var dated: [(CAAnimationEvent.Kind, String?, Double)] { events.map { ($0.kind, $0.key, $0.mediaTime) } }
}

/// Steps `root` at media time `t` and returns it.
@discardableResult
func step(_ root: CALayer, _ clock: ManualClock, at t: CFTimeInterval) -> CALayer {
    clock.now = t
    CAEngine.step(root)
    return root
}

/// True when |a − b| ≤ tolerance.
func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

/// A basic animation in one line.
func basic(
    _ keyPath: String, from: Any? = nil, to: Any? = nil, by: Any? = nil, duration: CFTimeInterval = 1
) -> CABasicAnimation {
    let animation = CABasicAnimation(keyPath: keyPath)
    animation.fromValue = from
    animation.toValue = to
    animation.byValue = by
    animation.duration = duration
    return animation
}

/// A keyframe animation of `keyPath` (duration 1, held after its end), `configure`d and added to a new
/// layer on a fresh engine at time 0; returns a function stepping to a time and giving the presentation.
func keyframeSampler(_ keyPath: String, _ configure: (CAKeyframeAnimation) -> Void) -> (Double) -> CALayer {
    let clock = freshEngine(at: 0)
    let layer = CALayer()
    let animation = CAKeyframeAnimation(keyPath: keyPath)
    animation.duration = 1
    animation.fillMode = .forwards
    animation.isRemovedOnCompletion = false
    configure(animation)
    layer.add(animation, forKey: "k")
    return { t in
        step(layer, clock, at: t)
        return layer.presentation()!
    }
}

/// A view at x = 0 (40 × 40) whose layer a step at `t` has shown, so its changes can animate.
func shownView(_ clock: ManualClock, at t: Double) -> UIView {
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
    view.center = .zero
    step(view.layer, clock, at: t)
    return view
}
