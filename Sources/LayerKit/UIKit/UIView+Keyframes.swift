extension UIView {
    /// The options of `animateKeyframes` (the raw values are UIKit's: the `AnimationOptions` bits 0–7,
    /// the calculation mode in bits 10–12; a curve of `AnimationOptions` may be passed by raw value).
    public struct KeyframeAnimationOptions: UIViewAnimationOptionBits {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Accepted for ported code.
        public static let overrideInheritedOptions = Self(rawValue: 1 << 9)
        /// Straight between keyframes (the default).
        public static let calculationModeLinear = Self([])
        /// Each keyframe's value held until the next.
        public static let calculationModeDiscrete = Self(rawValue: 1 << 10)
        /// An even pace over the whole, keyframe times ignored.
        public static let calculationModePaced = Self(rawValue: 2 << 10)
        /// A smooth curve through the keyframes.
        public static let calculationModeCubic = Self(rawValue: 3 << 10)
        /// A smooth curve at an even pace.
        public static let calculationModeCubicPaced = Self(rawValue: 4 << 10)

        /// The keyframe calculation mode the options name.
        var calculationMode: CAAnimationCalculationMode {
            switch (rawValue >> 10) & 0x7 {
            case 1: return .discrete
            case 2: return .paced
            case 3: return .cubic
            case 4: return .cubicPaced
            default: return .linear
            }
        }
    }

    /// Animates the changes of the `addKeyframe` blocks called in `animations`, as UIKit does: each
    /// animated property of each layer gets one `CAKeyframeAnimation` of `duration`, holding its old
    /// value until its first keyframe starts and each keyframe's value from that keyframe's end until the
    /// next one starts, in the options' calculation mode; the options' curve (bits 16–19, ease-in-ease-out
    /// when none: the whole keyframe animation is eased, as developers find on iOS) paces the whole.
    /// Changes made outside any `addKeyframe` span the whole duration. `completion` is as for `animate`.
    public class func animateKeyframes(
        withDuration duration: TimeInterval, delay: TimeInterval, options: KeyframeAnimationOptions = [],
        animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        let recorder = ViewChangeRecorder.recording(animations)
        let block = ViewAnimationBlock(duration: duration, delay: delay, options: [])
        CATransaction.begin()
        CATransaction.setCompletionBlock { completion?(block.allFinished) }
        for changes in recorder.byProperty {
            let layer = changes[0].layer
            let animation = CAKeyframeAnimation(keyPath: changes[0].key)
            var values: [Any] = [changes[0].from ?? NSNull()]
            var times: [Double] = [0]
            for change in changes {
                let start = max(change.start, times.last!)
                if start > times.last! {
                    values.append(values.last!)
                    times.append(start)
                }
                values.append(change.to ?? NSNull())
                times.append(min(max(change.start + change.length, start), 1))
            }
            if times.last! < 1 {
                values.append(values.last!)
                times.append(1)
            }
            animation.values = values
            animation.keyTimes = times.map { NSNumber(value: $0) }
            animation.calculationMode = options.calculationMode
            animation.timingFunction = AnimationOptions(rawValue: options.rawValue).timingFunction
            animation.duration = duration
            if options.contains(.repeat) { animation.repeatCount = .infinity }
            animation.autoreverses = options.contains(.autoreverse)
            if delay > 0 {
                animation.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) + delay
                animation.fillMode = .backwards
            }
            animation.delegate = block
            layer.add(animation, forKey: ViewPropertyAction.freeKey(changes[0].key, on: layer))
        }
        CATransaction.commit()
    }

    /// Inside `animateKeyframes`, makes the changes in `animations` one keyframe, from
    /// `frameStartTime` for `frameDuration` (fractions of the whole duration); outside one, makes them at
    /// once.
    public class func addKeyframe(
        withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
        animations: () -> Void
    ) {
        guard let recorder = LayerEngine.current.viewAnimationBlocks.last?.recorder else {
            animations()
            return
        }
        let outer = recorder.window
        recorder.window = (min(max(frameStartTime, 0), 1), min(max(frameDuration, 0), 1))
        animations()
        recorder.window = outer
    }

    /// Changes `view` in `animations` behind a transition of the whole view: the view's last picture
    /// gives way to the new one over `duration`. `transitionCrossDissolve` is a fade; the flips and curls
    /// have no drawing here and are shown as the same fade. The changes themselves do not animate.
    public class func transition(
        with view: UIView, duration: TimeInterval, options: AnimationOptions = [], animations: (() -> Void)?,
        completion: ((Bool) -> Void)? = nil
    ) {
        let block = ViewAnimationBlock(duration: duration, delay: 0, options: options)
        CATransaction.begin()
        CATransaction.setCompletionBlock { completion?(block.allFinished) }
        addTransition(to: view.layer, duration: duration, options: options, delegate: block)
        animations?()
        CATransaction.commit()
    }

    /// Replaces `fromView` with `toView` in `fromView`'s superview (at its place) behind a transition of
    /// the superview, as `transition(with:…)` draws it; with `showHideTransitionViews`, hides `fromView`
    /// and shows `toView` instead, both staying in place.
    public class func transition(
        from fromView: UIView, to toView: UIView, duration: TimeInterval, options: AnimationOptions = [],
        completion: ((Bool) -> Void)? = nil
    ) {
        let block = ViewAnimationBlock(duration: duration, delay: 0, options: options)
        CATransaction.begin()
        CATransaction.setCompletionBlock { completion?(block.allFinished) }
        if let parent = fromView.superview {
            addTransition(to: parent.layer, duration: duration, options: options, delegate: block)
            if options.contains(.showHideTransitionViews) {
                fromView.isHidden = true
                toView.isHidden = false
            } else if let index = parent.subviews.firstIndex(where: { $0 === fromView }) {
                parent.insertSubview(toView, at: index)
                fromView.removeFromSuperview()
            }
        }
        CATransaction.commit()
    }

    /// The `CATransition` the transition options make, added to `layer`.
    private class func addTransition(
        to layer: CALayer, duration: TimeInterval, options: AnimationOptions, delegate: ViewAnimationBlock
    ) {
        let transition = CATransition()
        transition.type = .fade
        transition.duration = duration
        transition.timingFunction = options.timingFunction
        transition.delegate = delegate
        layer.add(transition, forKey: kCATransition)
    }
}

/// The transition options of `UIView.transition` (the raw values are UIKit's).
extension UIView.AnimationOptions {
    /// `transition(from:to:…)` hides and shows the views instead of swapping them.
    public static let showHideTransitionViews = Self(rawValue: 1 << 8)
    /// A flip about the vertical axis from the left (drawn as a cross-dissolve here).
    public static let transitionFlipFromLeft = Self(rawValue: 1 << 20)
    /// A flip about the vertical axis from the right (drawn as a cross-dissolve here).
    public static let transitionFlipFromRight = Self(rawValue: 2 << 20)
    /// A page curl up (drawn as a cross-dissolve here).
    public static let transitionCurlUp = Self(rawValue: 3 << 20)
    /// A page curl down (drawn as a cross-dissolve here).
    public static let transitionCurlDown = Self(rawValue: 4 << 20)
    /// The old picture fades into the new one.
    public static let transitionCrossDissolve = Self(rawValue: 5 << 20)
    /// A flip about the horizontal axis from the top (drawn as a cross-dissolve here).
    public static let transitionFlipFromTop = Self(rawValue: 6 << 20)
    /// A flip about the horizontal axis from the bottom (drawn as a cross-dissolve here).
    public static let transitionFlipFromBottom = Self(rawValue: 7 << 20)
}
