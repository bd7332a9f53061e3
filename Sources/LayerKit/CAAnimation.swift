/// The abstract animation: timing, pacing, delegate, removal policy and a key-value store that travels
/// with copies (the seed stores its completion block there).
open class CAAnimation: CAMediaTiming {
    var timing = TimingParameters()
    /// The pacing curve; nil means linear.
    public var timingFunction: CAMediaTimingFunction?
    /// Strongly held, as Core Animation does.
    public var delegate: CAAnimationDelegate?
    /// Remove from the layer once the active period has passed (default true).
    public var isRemovedOnCompletion = true
    /// Values stored with `setValue(_:forKey:)`.
    var userValues: [String: Any] = [:]
    /// On a layer's copy: the transaction completion blocks waiting for it to stop (not copied).
    var completionRecords: [CompletionRecord]?

    /// A new animation with Core Animation's defaults (duration 0, which plays as 0.25 s).
    public required init() {}

    /// A new animation, as `CAAnimation.animation()` / `[CABasicAnimation animation]`.
    public class func animation() -> Self { Self() }

    public var beginTime: CFTimeInterval {
        get { timing.beginTime }
        set { timing.beginTime = newValue }
    }
    public var duration: CFTimeInterval {
        get { timing.duration }
        set { timing.duration = newValue }
    }
    public var speed: Float {
        get { timing.speed }
        set { timing.speed = newValue }
    }
    public var timeOffset: CFTimeInterval {
        get { timing.timeOffset }
        set { timing.timeOffset = newValue }
    }
    public var repeatCount: Float {
        get { timing.repeatCount }
        set { timing.repeatCount = newValue }
    }
    public var repeatDuration: CFTimeInterval {
        get { timing.repeatDuration }
        set { timing.repeatDuration = newValue }
    }
    public var autoreverses: Bool {
        get { timing.autoreverses }
        set { timing.autoreverses = newValue }
    }
    public var fillMode: CAMediaTimingFillMode {
        get { timing.fillMode }
        set { timing.fillMode = newValue }
    }

    /// An independent copy (values stored with `setValue(_:forKey:)` included), as `NSCopying`.
    open func copy() -> Any {
        let copy = Self()
        copy.copyProperties(from: self)
        return copy
    }

    /// Copies this class's properties from `other`; subclasses call `super` and add theirs. The overrides (in this
    /// file, CASpringAnimation.swift and CATransition.swift) and `CALayer.init(layer:)` (CALayer.swift) are alike
    /// on purpose: each copies its own class's stored properties, one by one.
    open func copyProperties(from other: CAAnimation) {
        timing = other.timing
        timingFunction = other.timingFunction
        delegate = other.delegate
        isRemovedOnCompletion = other.isRemovedOnCompletion
        userValues = other.userValues
    }

    /// Sets a property by its key-value coding name (`duration`, `beginTime`, `speed`, `timeOffset`,
    /// `repeatCount`, `repeatDuration`, `autoreverses`, `fillMode`, `removedOnCompletion`,
    /// `timingFunction`; subclasses add theirs), or stores any other key's value — the container
    /// semantics the seed relies on to carry a completion block.
    open func setValue(_ value: Any?, forKey key: String) {
        let number = value.flatMap(AnimatableValue.number)
        switch key {
        case "duration" where number != nil: duration = number!
        case "beginTime" where number != nil: beginTime = number!
        case "speed" where number != nil: speed = Float(number!)
        case "timeOffset" where number != nil: timeOffset = number!
        case "repeatCount" where number != nil: repeatCount = Float(number!)
        case "repeatDuration" where number != nil: repeatDuration = number!
        case "autoreverses" where value is Bool: autoreverses = value as! Bool
        case "removedOnCompletion" where value is Bool: isRemovedOnCompletion = value as! Bool
        case "fillMode" where value is String: fillMode = CAMediaTimingFillMode(rawValue: value as! String)
        case "fillMode" where value is CAMediaTimingFillMode: fillMode = value as! CAMediaTimingFillMode
        case "timingFunction" where value == nil || value is CAMediaTimingFunction:
            timingFunction = value as? CAMediaTimingFunction
        default: userValues[key] = value
        }
    }

    /// A property by its key-value coding name, or a value stored with `setValue(_:forKey:)`.
    open func value(forKey key: String) -> Any? {
        switch key {
        case "duration": return duration
        case "beginTime": return beginTime
        case "speed": return speed
        case "timeOffset": return timeOffset
        case "repeatCount": return repeatCount
        case "repeatDuration": return repeatDuration
        case "autoreverses": return autoreverses
        case "removedOnCompletion": return isRemovedOnCompletion
        case "fillMode": return fillMode
        case "timingFunction": return timingFunction
        default: return userValues[key]
        }
    }

    /// Whether the animatable property `key` should be archived (always true here, as Core Animation's default).
    open func shouldArchiveValue(forKey key: String) -> Bool { true }
}

/// An animation of one layer property, named by a key path such as `position.x` or `transform.rotation`.
open class CAPropertyAnimation: CAAnimation {
    /// The animated key path.
    public var keyPath: String?
    /// Add the animated value to the current presentation value instead of replacing it.
    public var isAdditive = false
    /// Each repeat starts from the end value of the previous one.
    public var isCumulative = false
    /// Turns the animated number(s) into a transform.
    public var valueFunction: CAValueFunction?

    /// A new property animation with no key path.
    public required init() {}

    /// An animation of `path`, as `CABasicAnimation(keyPath:)`.
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    open override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "keyPath": keyPath = value as? String
        case "additive" where value is Bool: isAdditive = value as! Bool
        case "cumulative" where value is Bool: isCumulative = value as! Bool
        default: super.setValue(value, forKey: key)
        }
    }

    open override func value(forKey key: String) -> Any? {
        switch key {
        case "keyPath": return keyPath
        case "additive": return isAdditive
        case "cumulative": return isCumulative
        default: return super.value(forKey: key)
        }
    }

    open override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        guard let other = other as? CAPropertyAnimation else { return }
        keyPath = other.keyPath
        isAdditive = other.isAdditive
        isCumulative = other.isCumulative
        valueFunction = other.valueFunction
    }
}

/// An animation between two values, given by any two of `fromValue`, `toValue`, `byValue` (a missing
/// end is the model value of the property).
open class CABasicAnimation: CAPropertyAnimation {
    /// The value the animation starts from (nil: from the model value, or `toValue` − `byValue`).
    public var fromValue: Any?
    /// The value the animation ends at (nil: at the model value, or `fromValue` + `byValue`).
    public var toValue: Any?
    /// The change the animation makes, added to `fromValue` or to the model value.
    public var byValue: Any?

    /// A new basic animation with no key path and no values.
    public required init() {}

    open override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "fromValue": fromValue = value
        case "toValue": toValue = value
        case "byValue": byValue = value
        default: super.setValue(value, forKey: key)
        }
    }

    open override func value(forKey key: String) -> Any? {
        switch key {
        case "fromValue": return fromValue
        case "toValue": return toValue
        case "byValue": return byValue
        default: return super.value(forKey: key)
        }
    }

    open override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        guard let other = other as? CABasicAnimation else { return }
        fromValue = other.fromValue
        toValue = other.toValue
        byValue = other.byValue
    }
}

/// An animation through a list of values (or along a path) at given key times.
open class CAKeyframeAnimation: CAPropertyAnimation {
    /// The keyframe values.
    public var values: [Any]?
    /// A path for point properties; overrides `values`.
    public var path: CGPath?
    /// Fractions of the duration at which each value is reached (n values, or n + 1 for discrete).
    public var keyTimes: [NSNumber]?
    /// Per-segment pacing (n − 1 functions for n values).
    public var timingFunctions: [CAMediaTimingFunction]?
    /// How values between keyframes are computed.
    public var calculationMode = CAAnimationCalculationMode.linear
    /// Turn the layer along the path's tangent.
    public var rotationMode: CAAnimationRotationMode?

    /// A new keyframe animation with no key path and no values.
    public required init() {}

    open override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        guard let other = other as? CAKeyframeAnimation else { return }
        values = other.values
        path = other.path
        keyTimes = other.keyTimes
        timingFunctions = other.timingFunctions
        calculationMode = other.calculationMode
        rotationMode = other.rotationMode
    }
}

/// Animations that run together in the group's time space, clipped (not scaled) by its duration.
/// Only the group's delegate is told about start and stop.
open class CAAnimationGroup: CAAnimation {
    /// The grouped animations, each timed in the group's time and cut off at its end.
    public var animations: [CAAnimation]?

    /// A new, empty group.
    public required init() {}

    open override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        guard let other = other as? CAAnimationGroup else { return }
        animations = other.animations?.map { $0.copy() as! CAAnimation }
    }
}

/// Maps the animated number(s) to a transform, as Core Animation's `CAValueFunction`.
/// `@unchecked Sendable`: immutable after creation.
public final class CAValueFunction: @unchecked Sendable {
    /// The value function's name (`rotateZ`, `scale`, `translateX`, …).
    public let name: CAValueFunctionName

    /// The value function of that name (`CAValueFunction(name: .rotateZ)`).
    public init?(name: CAValueFunctionName) {
        switch name {
        case .rotateX, .rotateY, .rotateZ, .scale, .scaleX, .scaleY, .scaleZ,
            .translate, .translateX, .translateY, .translateZ:
            self.name = name
        default: return nil
        }
    }

    /// The transform for `v` (one number, or three for `scale`/`translate`).
    func transform(_ v: (Double, Double, Double)) -> CATransform3D {
        switch name {
        case .rotateX: return CATransform3DMakeRotation(v.0, 1, 0, 0)
        case .rotateY: return CATransform3DMakeRotation(v.0, 0, 1, 0)
        case .rotateZ: return CATransform3DMakeRotation(v.0, 0, 0, 1)
        case .scale: return CATransform3DMakeScale(v.0, v.1, v.2)
        case .scaleX: return CATransform3DMakeScale(v.0, 1, 1)
        case .scaleY: return CATransform3DMakeScale(1, v.0, 1)
        case .scaleZ: return CATransform3DMakeScale(1, 1, v.0)
        case .translate: return CATransform3DMakeTranslation(v.0, v.1, v.2)
        case .translateX: return CATransform3DMakeTranslation(v.0, 0, 0)
        case .translateY: return CATransform3DMakeTranslation(0, v.0, 0)
        default: return CATransform3DMakeTranslation(0, 0, v.0)
        }
    }
}
