/// The option bits UIKit's `UIView.AnimationOptions` and `UIView.KeyframeAnimationOptions` share (the
/// raw values are UIKit's).
public protocol UIViewAnimationOptionBits: OptionSet, Sendable where RawValue == UInt {}

extension UIViewAnimationOptionBits {
    /// Accepted for ported code (layout runs in every frame step anyway).
    public static var layoutSubviews: Self { Self(rawValue: 1 << 0) }
    /// Accepted for ported code; there is no user interaction to allow.
    public static var allowUserInteraction: Self { Self(rawValue: 1 << 1) }
    /// Accepted for ported code.
    public static var beginFromCurrentState: Self { Self(rawValue: 1 << 2) }
    /// Repeats the animations without end.
    public static var `repeat`: Self { Self(rawValue: 1 << 3) }
    /// Plays each animation backwards after forwards.
    public static var autoreverse: Self { Self(rawValue: 1 << 4) }
    /// Accepted for ported code.
    public static var overrideInheritedDuration: Self { Self(rawValue: 1 << 5) }
}

extension UIView {
    /// UIKit's animation options (the raw values are UIKit's).
    public struct AnimationOptions: UIViewAnimationOptionBits {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Accepted for ported code.
        public static let overrideInheritedCurve = Self(rawValue: 1 << 6)
        /// Accepted for ported code.
        public static let allowAnimatedContent = Self(rawValue: 1 << 7)
        /// An ease-in-ease-out curve (the default).
        public static let curveEaseInOut = Self([])
        /// An ease-in curve.
        public static let curveEaseIn = Self(rawValue: 1 << 16)
        /// An ease-out curve.
        public static let curveEaseOut = Self(rawValue: 2 << 16)
        /// A linear curve.
        public static let curveLinear = Self(rawValue: 3 << 16)

        /// The timing curve the options name (bits 16–19; ease-in-ease-out when none is named).
        var timingFunction: CAMediaTimingFunction {
            switch (rawValue >> 16) & 0xF {
            case 1: return CAMediaTimingFunction(name: .easeIn)
            case 2: return CAMediaTimingFunction(name: .easeOut)
            case 3: return CAMediaTimingFunction(name: .linear)
            default: return CAMediaTimingFunction(name: .easeInEaseOut)
            }
        }
    }

    /// Animates the view changes made in `animations`, as UIKit does since iOS 8: each property change
    /// of a view's layer becomes an additive `CABasicAnimation` from (old − new) to zero on top of the new
    /// model value, under a key of its own, so a change made while another runs blends in instead of
    /// jumping. `delay` starts the animations later (they fill backwards, holding the old value);
    /// `completion` runs from a later frame step, once every animation of the block has stopped, with
    /// `true` when all of them finished (false when one was removed first, and true at once when the
    /// block animated nothing).
    public class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval = 0, options: AnimationOptions = [],
        animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        run(ViewAnimationBlock(duration: duration, delay: delay, options: options), animations, completion)
    }

    /// `animate(withDuration:animations:)`.
    public class func animate(withDuration duration: TimeInterval, animations: () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    /// `animate(withDuration:animations:completion:)`.
    public class func animate(
        withDuration duration: TimeInterval, animations: () -> Void, completion: ((Bool) -> Void)?
    ) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    /// `animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:animations:completion:)`:
    /// the changes follow a spring of damping ratio `dampingRatio` (clipped to 0.01…1) that settles in
    /// `duration`, starting at `velocity` animation distances per second. Apple does not document its
    /// spring; this one is mass 1, stiffness (ln 1500)²/(duration²·ζ²), damping 2ζ√stiffness, so the
    /// oscillation has shrunk to 1/1500 at `duration`, when the animation ends.
    public class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
        initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [], animations: () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        let zeta = Double(min(max(dampingRatio, 0.01), 1))
        let stiffness = duration > 0 ? pow(log(1500), 2) / (duration * duration * zeta * zeta) : 100
        let spring = ViewAnimationBlock.Spring(
            mass: 1, stiffness: stiffness, damping: 2 * zeta * stiffness.squareRoot(), velocity: Double(velocity),
            allowsOverdamping: false)
        run(
            ViewAnimationBlock(duration: duration, delay: delay, options: options, spring: spring), animations,
            completion)
    }

    /// iOS 17's `animate(springDuration:bounce:initialSpringVelocity:delay:options:animations:completion:)`:
    /// the spring of `CASpringAnimation(perceptualDuration:bounce:)`, running until it settles.
    public class func animate(
        springDuration duration: TimeInterval = 0.5, bounce: CGFloat = 0, initialSpringVelocity velocity: CGFloat = 0,
        delay: TimeInterval = 0, options: AnimationOptions = [], animations: () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        let model = CASpringAnimation(perceptualDuration: duration, bounce: bounce)
        let spring = ViewAnimationBlock.Spring(
            mass: Double(model.mass), stiffness: Double(model.stiffness), damping: Double(model.damping),
            velocity: Double(velocity), allowsOverdamping: true)
        run(
            ViewAnimationBlock(duration: model.settlingDuration, delay: delay, options: options, spring: spring),
            animations, completion)
    }

    /// Runs `animations` with `block` as the innermost animation block, in a transaction whose
    /// completion reports the block's outcome.
    class func run(
        _ block: ViewAnimationBlock, _ animations: () -> Void, _ completion: ((Bool) -> Void)?
    ) {
        let engine = LayerEngine.current
        CATransaction.begin()
        CATransaction.setCompletionBlock { completion?(block.allFinished) }
        engine.viewAnimationBlocks.append(block)
        animations()
        engine.viewAnimationBlocks.removeLast()
        CATransaction.commit()
    }
}

/// The settings of one `UIView.animate` call and what became of its animations.
final class ViewAnimationBlock: CAAnimationDelegate {
    let duration: TimeInterval
    let delay: TimeInterval
    let options: UIView.AnimationOptions
    /// For a spring block: the spring its animations follow.
    let spring: Spring?
    /// False once one of the block's animations stopped before finishing.
    private(set) var allFinished = true
    /// When set, the block's property changes are recorded here instead of animated (keyframe blocks
    /// and property animators make their own animations of them).
    var recorder: ViewChangeRecorder?

    /// A spring's coefficients (`CASpringAnimation`'s).
    struct Spring {
        var mass: Double
        var stiffness: Double
        var damping: Double
        var velocity: Double
        var allowsOverdamping: Bool
    }

    init(duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions, spring: Spring? = nil) {
        self.duration = duration
        self.delay = delay
        self.options = options
        self.spring = spring
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        if !flag { allFinished = false }
    }
}

/// The action a view answers inside an animation block: on the change, an additive animation of the
/// property from (old − new) to zero (colours and other values that do not add: from the old value to
/// the new one).
final class ViewPropertyAction: CAAction {
    let block: ViewAnimationBlock
    /// The model value before the change (read when the layer asked for the action).
    let oldValue: Any?

    init(block: ViewAnimationBlock, oldValue: Any?) {
        self.block = block
        self.oldValue = oldValue
    }

    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard let layer = anObject as? CALayer else { return }
        if let recorder = block.recorder {
            recorder.record(layer: layer, key: event, from: oldValue, to: layer.value(forKeyPath: event))
            return
        }
        let old = AnimatableValue(oldValue)
        let new = AnimatableValue(layer.value(forKeyPath: event))
        let animation: CABasicAnimation
        if let spring = block.spring {
            let springAnimation = CASpringAnimation(keyPath: event)
            springAnimation.mass = CGFloat(spring.mass)
            springAnimation.stiffness = CGFloat(spring.stiffness)
            springAnimation.damping = CGFloat(spring.damping)
            springAnimation.initialVelocity = CGFloat(spring.velocity)
            springAnimation.allowsOverdamping = spring.allowsOverdamping
            animation = springAnimation
        } else {
            animation = CABasicAnimation(keyPath: event)
        }
        switch (old, new) {
        case (.number, .number), (.point, .point), (.size, .size), (.rect, .rect):
            animation.isAdditive = true
            animation.fromValue = old.subtracting(new).anyValue
            animation.toValue = new.subtracting(new).anyValue
        case (.transform(let a), .transform(let b)):
            // Presentation = animated · model, so animated = old · new⁻¹ makes it start at the old value.
            animation.isAdditive = true
            animation.fromValue = CATransform3DConcat(a, CATransform3DInvert(b))
            animation.toValue = CATransform3DIdentity
        default:
            animation.fromValue = oldValue
            animation.toValue = layer.value(forKeyPath: event)
        }
        animation.duration = block.duration
        animation.timingFunction = block.options.timingFunction
        if block.options.contains(.repeat) { animation.repeatCount = .infinity }
        animation.autoreverses = block.options.contains(.autoreverse)
        if block.delay > 0 {
            animation.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) + block.delay
            animation.fillMode = .backwards
        }
        animation.delegate = block
        layer.add(animation, forKey: Self.freeKey(event, on: layer))
    }

    /// `event`, or `event-2`, `event-3`, … when an animation already runs under it (or it is in `taken`).
    static func freeKey(_ event: String, on layer: CALayer, avoiding taken: Set<String> = []) -> String {
        func free(_ key: String) -> Bool { layer.animation(forKey: key) == nil && !taken.contains(key) }
        guard !free(event) else { return event }
        var index = 2
        while !free("\(event)-\(index)") { index += 1 }
        return "\(event)-\(index)"
    }
}

/// The view property changes made inside a recording block, in order, each with the keyframe window
/// (start and length, as fractions of the whole) that was current when it was made.
final class ViewChangeRecorder {
    struct Change {
        let layer: CALayer
        let key: String
        let from: Any?
        let to: Any?
        let start: Double
        let length: Double
    }

    private(set) var changes: [Change] = []
    /// The window of `UIView.addKeyframe` running now (the whole animation outside one).
    var window = (start: 0.0, length: 1.0)

    func record(layer: CALayer, key: String, from: Any?, to: Any?) {
        changes.append(Change(layer: layer, key: key, from: from, to: to, start: window.start, length: window.length))
    }

    /// Runs `animations` with a recording block innermost; returns what it changed.
    static func recording(_ animations: () -> Void, into recorder: ViewChangeRecorder = ViewChangeRecorder())
        -> ViewChangeRecorder
    {
        let block = ViewAnimationBlock(duration: 0, delay: 0, options: [])
        block.recorder = recorder
        let engine = LayerEngine.current
        engine.viewAnimationBlocks.append(block)
        animations()
        engine.viewAnimationBlocks.removeLast()
        return recorder
    }

    /// The changes grouped by layer and key, in the order each pair was first changed, each group in
    /// time order.
    var byProperty: [[Change]] {
        var order: [String] = []
        var groups: [String: [Change]] = [:]
        for change in changes {
            let id = "\(ObjectIdentifier(change.layer).hashValue)|\(change.key)"
            if groups[id] == nil { order.append(id) }
            groups[id, default: []].append(change)
        }
        return order.map { id in
            groups[id]!.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }
                .map(\.element)
        }
    }
}
