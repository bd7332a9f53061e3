/// A basic animation whose motion from `fromValue` to `toValue` follows a damped spring instead of a
/// timing curve, as Core Animation's `CASpringAnimation`.
///
/// The spring is evaluated at the animation's own time in seconds (not normalised by `duration`), so
/// `duration` only bounds the active period: a spring cut off before it settles jumps to the model
/// value, hence the idiom `spring.duration = spring.settlingDuration`. `timingFunction` is ignored.
/// The solution is `DampedSpring`'s closed form.
open class CASpringAnimation: CABasicAnimation {
    /// The mass of the object attached to the spring; must be greater than 0 (default 1).
    public var mass: CGFloat = 1
    /// The spring stiffness coefficient; must be greater than 0 (default 100).
    public var stiffness: CGFloat = 100
    /// The damping coefficient; must be 0 or more (default 10).
    public var damping: CGFloat = 10
    /// The initial velocity, in from→to distances per second: positive values move towards
    /// `toValue`, negative ones away from it (default 0).
    public var initialVelocity: CGFloat = 0
    /// Whether a damping ratio above 1 over-damps the spring; when false it is treated as critically
    /// damped (default false; true for springs made with `init(perceptualDuration:bounce:)`).
    public var allowsOverdamping = false

    /// A new spring animation with Core Animation's defaults: mass 1, stiffness 100, damping 10.
    public required init() {}

    /// A spring of mass 1 that takes about `perceptualDuration` seconds and bounces by `bounce`
    /// (0 critically damped, towards 1 more bouncy, below 0 over-damped), as iOS 17's initialiser:
    /// stiffness (2π/d)², damping 4π(1 − b)/d for b ≥ 0 and 4π/(d(1 + b)) below, overdamping allowed.
    /// Apple does not document the duration it sets; this one sets it to `settlingDuration`.
    public convenience init(perceptualDuration: CFTimeInterval, bounce: CGFloat) {
        self.init()
        let d = Double(perceptualDuration)
        let b = Double(bounce)
        stiffness = CGFloat((2 * Double.pi / d) * (2 * Double.pi / d))
        damping = CGFloat(b >= 0 ? 4 * Double.pi * (1 - b) / d : 4 * Double.pi / (d * (1 + b)))
        allowsOverdamping = true
        duration = settlingDuration
    }

    /// The oscillator these parameters describe.
    var solution: DampedSpring {
        DampedSpring(
            mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping),
            initialVelocity: Double(initialVelocity), allowsOverdamping: allowsOverdamping)
    }

    /// The estimated time, in seconds, for the spring to come to rest (see
    /// `DampedSpring.settlingDuration`); it may be longer than `duration`.
    open var settlingDuration: CFTimeInterval { solution.settlingDuration }

    /// The perceptual duration, 2π√(mass/stiffness): the period of the undamped spring.
    open var perceptualDuration: CFTimeInterval {
        2 * Double.pi * (Double(mass) / Double(stiffness)).squareRoot()
    }

    /// The bounce, the inverse of the perceptual mapping: 1 − ζ for a damping ratio ζ up to 1,
    /// 1/ζ − 1 above.
    open var bounce: CGFloat {
        let zeta = Double(damping) / (2 * Double(stiffness).squareRoot() * Double(mass).squareRoot())
        return CGFloat(zeta <= 1 ? 1 - zeta : 1 / zeta - 1)
    }

    open override func setValue(_ value: Any?, forKey key: String) {
        let number = value.flatMap(AnimatableValue.number).map { CGFloat($0) }
        switch key {
        case "mass" where number != nil: mass = number!
        case "stiffness" where number != nil: stiffness = number!
        case "damping" where number != nil: damping = number!
        case "initialVelocity" where number != nil: initialVelocity = number!
        case "allowsOverdamping" where value is Bool: allowsOverdamping = value as! Bool
        default: super.setValue(value, forKey: key)
        }
    }

    open override func value(forKey key: String) -> Any? {
        switch key {
        case "mass": return mass
        case "stiffness": return stiffness
        case "damping": return damping
        case "initialVelocity": return initialVelocity
        case "allowsOverdamping": return allowsOverdamping
        case "settlingDuration": return settlingDuration
        default: return super.value(forKey: key)
        }
    }

    open override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        guard let other = other as? CASpringAnimation else { return }
        mass = other.mass
        stiffness = other.stiffness
        damping = other.damping
        initialVelocity = other.initialVelocity
        allowsOverdamping = other.allowsOverdamping
    }
}
