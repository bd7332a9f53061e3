/// Where an animator's properties stand when it finishes (`UIViewAnimatingPosition`). With `UIViewAnimatingState`,
/// alike `LineCap` and `LineJoin` (StrokeStyle.swift) on purpose: UIKit's three-case enums, with UIKit's raw values.
public enum UIViewAnimatingPosition: Int, Sendable {
    /// The animations' end values.
    case end
    /// Their start values.
    case start
    /// What is on screen.
    case current
}

/// An animator's state (`UIViewAnimatingState`): inactive before it starts and after it finishes,
/// active while running or paused, stopped after `stopAnimation(false)` until `finishAnimation(at:)`.
public enum UIViewAnimatingState: Int, Sendable {
    /// Not started, or finished.
    case inactive
    /// Running or paused.
    case active
    /// Stopped, waiting for `finishAnimation(at:)`.
    case stopped
}

extension UIView {
    /// A named timing curve of UIKit's animators (`UIView.AnimationCurve`, UIKit's raw values).
    public enum AnimationCurve: Int, Sendable {
        /// Slow at both ends (the default).
        case easeInOut
        /// Slow at the start.
        case easeIn
        /// Slow at the end.
        case easeOut
        /// Even.
        case linear

        var timingFunction: CAMediaTimingFunction {
            switch self {
            case .easeInOut: return CAMediaTimingFunction(name: .easeInEaseOut)
            case .easeIn: return CAMediaTimingFunction(name: .easeIn)
            case .easeOut: return CAMediaTimingFunction(name: .easeOut)
            case .linear: return CAMediaTimingFunction(name: .linear)
            }
        }
    }
}

/// UIKit's interruptible, scrubbable view animator. The changes made by its animation blocks are
/// recorded, and each changed property of each layer gets a `CAKeyframeAnimation` from the old value
/// to the new one over `duration`, eased by the animator's curve (one started by `addAnimations(_:delayFactor:)`
/// holds the old value for that fraction of the duration first). The animator drives their time:
/// running forwards from `fractionComplete`, backwards when `isReversed`, or held when paused, so
/// `fractionComplete` is the fraction of the duration elapsed, as UIKit's is (the curve gives the
/// progress). Finishing calls the completions with the position reached; at `.start` the properties are
/// set back to their old values, at `.current` to what is on screen.
/// https://developer.apple.com/documentation/uikit/uiviewpropertyanimator
open class UIViewPropertyAnimator {
    /// The length of the animations in seconds.
    public let duration: TimeInterval
    /// The timing curve of the animations; nil for a spring animator, whose `spring` is set.
    private let curve: CAMediaTimingFunction?
    private let spring: CASpringAnimation?
    /// Inactive, active or stopped.
    public private(set) var state = UIViewAnimatingState.inactive
    /// Whether the animation runs from the end towards the start; changing it turns a running
    /// animation around where it is.
    open var isReversed = false {
        willSet { if isRunning { anchor.fraction = Double(fractionComplete) } }
        didSet { if isRunning, oldValue != isReversed { drive() } }
    }
    /// Kept for ported code: there are no touches here.
    open var isUserInteractionEnabled = true
    /// Whether a paused animator shows `fractionComplete` linearly (the curve left out) while it is
    /// scrubbed, as UIKit's default; resuming puts the curve back (the picture moves to the eased value).
    open var scrubsLinearly = true {
        didSet { if state == .active, !isRunning { drive() } }
    }
    /// Whether the animator stays active at the end (waiting for `finishAnimation(at:)`) instead of
    /// finishing by itself.
    open var pausesOnCompletion = false
    /// Whether the animations are running (not paused, stopped or finished).
    public private(set) var isRunning = false

    private var blocks: [(animations: () -> Void, delayFactor: Double)] = []
    private var completions: [(UIViewAnimatingPosition) -> Void] = []
    /// The animations made, one per changed property.
    private var tracks: [Track] = []
    /// The fraction of the duration elapsed when the animator was last driven, and the layer time then.
    private var anchor = (fraction: 0.0, mediaTime: 0.0)
    /// Bumped each time the animations are re-added, so stops of older copies are ignored.
    private var generation = 0

    /// One animated property.
    private struct Track {
        let change: ViewChangeRecorder.Change
        let key: String
        let delayFactor: Double
    }

    /// An animator of `duration` eased by `curve`.
    public init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.duration = duration
        self.curve = curve.timingFunction
        spring = nil
        if let animations { blocks.append((animations, 0)) }
    }

    /// An animator of `duration` eased by the cubic Bézier through `point1` and `point2`.
    public init(
        duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint,
        animations: (() -> Void)? = nil
    ) {
        self.duration = duration
        curve = CAMediaTimingFunction(
            controlPoints: Float(point1.x), Float(point1.y), Float(point2.x), Float(point2.y))
        spring = nil
        if let animations { blocks.append((animations, 0)) }
    }

    /// An animator whose changes follow a spring of damping ratio `ratio` that settles in `duration`
    /// (the spring of `UIView.animate(withDuration:delay:usingSpringWithDamping:…)`).
    public init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.duration = duration
        curve = nil
        let zeta = Double(min(max(ratio, 0.01), 1))
        let stiffness = duration > 0 ? pow(log(1500), 2) / (duration * duration * zeta * zeta) : 100
        let model = CASpringAnimation()
        model.mass = 1
        model.stiffness = CGFloat(stiffness)
        model.damping = CGFloat(2 * zeta * stiffness.squareRoot())
        spring = model
        if let animations { blocks.append((animations, 0)) }
    }

    /// An animator made and started at once, after `delay`, with `options`' curve.
    open class func runningPropertyAnimator(
        withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((UIViewAnimatingPosition) -> Void)? = nil
    ) -> UIViewPropertyAnimator {
        let curve: UIView.AnimationCurve =
            switch (options.rawValue >> 16) & 0xF {
            case 1: .easeIn
            case 2: .easeOut
            case 3: .linear
            default: .easeInOut
            }
        let animator = UIViewPropertyAnimator(duration: duration, curve: curve, animations: animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    /// Adds changes to animate; on a running animator they join from where it is.
    open func addAnimations(_ animation: @escaping () -> Void) { addAnimations(animation, delayFactor: 0) }

    /// Adds changes that start after `delayFactor` (0…1) of the duration.
    open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        let factor = min(max(Double(delayFactor), 0), 1)
        if state == .active {
            anchor.fraction = Double(fractionComplete)
            record(animation, delayFactor: factor)
            drive()
        } else {
            blocks.append((animation, factor))
        }
    }

    /// Adds a block called with the position reached when the animator finishes.
    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
        completions.append(completion)
    }

    /// Starts (or resumes) the animations from `fractionComplete`.
    open func startAnimation() { startAnimation(afterDelay: 0) }

    /// Starts the animations after `delay` seconds.
    open func startAnimation(afterDelay delay: TimeInterval) {
        guard state != .stopped else { return }
        activate()
        anchor.fraction = Double(fractionComplete)
        isRunning = true
        drive(delay: delay)
    }

    /// Holds the animations where they are (starting them, held at 0, when the animator is inactive).
    open func pauseAnimation() {
        guard state != .stopped else { return }
        activate()
        anchor.fraction = fractionComplete
        isRunning = false
        drive()
    }

    /// Resumes a paused animator; the timing parameters and duration factor are not used here (the
    /// animations keep their curve and the rest of their duration).
    open func continueAnimation(withTimingParameters parameters: Any?, durationFactor: CGFloat) {
        startAnimation()
    }

    /// The fraction of the duration elapsed (towards the start when reversed); settable while paused
    /// (scrubbing).
    open var fractionComplete: CGFloat {
        get {
            guard isRunning, duration > 0 else { return CGFloat(anchor.fraction) }
            let elapsed = max(CACurrentMediaTime() - anchor.mediaTime, 0) / duration
            return CGFloat(min(max(anchor.fraction + (isReversed ? -elapsed : elapsed), 0), 1))
        }
        set {
            guard !isRunning, state != .stopped else { return }
            if state == .inactive { activate() }
            anchor.fraction = min(max(Double(newValue), 0), 1)
            drive()
        }
    }

    /// Stops the animations where they are: the properties keep what is on screen. Without finishing,
    /// the animator becomes inactive at once (no completion); else it waits, stopped, for
    /// `finishAnimation(at:)`.
    open func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active else { return }
        anchor.fraction = Double(fractionComplete)
        settle(at: .current)
        isRunning = false
        state = withoutFinishing ? .inactive : .stopped
        if withoutFinishing { tracks = [] }
    }

    /// Finishes a stopped animator at `finalPosition` and calls the completions.
    open func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
        guard state == .stopped else { return }
        finish(at: finalPosition)
    }

    // MARK: Driving

    /// Records the pending blocks and becomes active.
    private func activate() {
        guard state == .inactive else { return }
        state = .active
        let pending = blocks
        blocks = []
        for block in pending { record(block.animations, delayFactor: block.delayFactor) }
    }

    /// Records the changes `animation` makes as new tracks.
    private func record(_ animation: () -> Void, delayFactor: Double) {
        let changes = ViewChangeRecorder.recording(animation).changes
        for change in changes {
            let taken = Set(tracks.filter { $0.change.layer === change.layer }.map(\.key))
            let key = ViewPropertyAction.freeKey(change.key, on: change.layer, avoiding: taken)
            tracks.append(Track(change: change, key: key, delayFactor: delayFactor))
        }
    }

    /// Re-adds every track's animation for the present state: running forwards or backwards from
    /// `anchor.fraction` (after `delay`, or when a delayed start is due), or held there.
    private func drive(delay: TimeInterval? = nil) {
        // A start still ahead (`startAnimation(afterDelay:)`) stays ahead when the animations change.
        let now = CACurrentMediaTime()
        anchor.mediaTime = delay.map { now + $0 } ?? (isRunning ? max(now, anchor.mediaTime) : now)
        generation += 1
        let current = generation
        let tracker = AnimatorTracker { [weak self] finished in
            guard let self, self.generation == current, finished, self.isRunning else { return }
            self.reachedEnd()
        }
        tracker.pending = tracks.count
        for track in tracks {
            let layer = track.change.layer
            let animation = makeAnimation(for: track)
            let local = layer.convertTime(anchor.mediaTime, from: nil)
            animation.fillMode = .both
            animation.isRemovedOnCompletion = false
            if !isRunning {
                animation.speed = 0
                animation.timeOffset = anchor.fraction * duration
            } else if isReversed {
                animation.speed = -1
                animation.beginTime = local
                animation.timeOffset = anchor.fraction * duration
            } else {
                animation.beginTime = local - anchor.fraction * duration
            }
            animation.delegate = tracker
            layer.add(animation, forKey: track.key)
        }
        if isRunning, tracks.isEmpty { reachedEnd() }
    }

    /// The animation of one track, from its old value to its new one over the duration.
    private func makeAnimation(for track: Track) -> CAAnimation {
        let change = track.change
        if let spring {
            let animation = spring.copy() as! CASpringAnimation
            animation.keyPath = change.key
            animation.fromValue = change.from
            animation.toValue = change.to
            animation.duration = duration
            return animation
        }
        let animation = CAKeyframeAnimation(keyPath: change.key)
        let eased = !isRunning && scrubsLinearly ? CAMediaTimingFunction(name: .linear) : curve!
        let from = change.from ?? NSNull()
        let to = change.to ?? NSNull()
        if track.delayFactor > 0 {
            animation.values = [from, from, to]
            animation.keyTimes = [0, NSNumber(value: track.delayFactor), 1]
            animation.timingFunctions = [CAMediaTimingFunction(name: .linear), eased]
        } else {
            animation.values = [from, to]
            animation.timingFunctions = [eased]
        }
        animation.duration = duration
        return animation
    }

    /// The animations reached the end they run towards.
    private func reachedEnd() {
        anchor.fraction = isReversed ? 0 : 1
        isRunning = false
        if pausesOnCompletion {
            drive()
            return
        }
        finish(at: isReversed ? .start : .end)
    }

    /// Sets the properties for `position`, removes the animations and calls the completions.
    private func finish(at position: UIViewAnimatingPosition) {
        settle(at: position)
        tracks = []
        isRunning = false
        state = .inactive
        let done = completions
        completions = []
        for completion in done { completion(position) }
    }

    /// Gives each track's property its value at `position` (without animating) and removes the
    /// animations.
    private func settle(at position: UIViewAnimatingPosition) {
        generation += 1
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for track in tracks {
            let layer = track.change.layer
            switch position {
            case .end: layer.setValue(track.change.to, forKeyPath: track.change.key)
            case .start: layer.setValue(track.change.from, forKeyPath: track.change.key)
            case .current:
                layer.setValue(layer.presentation()?.value(forKeyPath: track.change.key), forKeyPath: track.change.key)
            }
            layer.removeAnimation(forKey: track.key)
        }
        CATransaction.commit()
    }
}

/// Tells an animator when all the animations of one generation have finished.
private final class AnimatorTracker: CAAnimationDelegate {
    let done: (Bool) -> Void
    var pending = 0
    init(_ done: @escaping (Bool) -> Void) { self.done = done }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        pending -= 1
        if pending == 0 || !flag { done(flag && pending == 0) }
    }
}
