/// An animation compiled when it is added: resolved timing, parsed key path and typed values, so a
/// frame's evaluation does no string parsing and no `Any` casting.
final class AnimationProgram {
    let timing: ResolvedTiming
    /// The compiled `timingFunction` (nil when linear); replaced by `CALayer.setTimingFunction`.
    var timingFunction: UnitBezier?
    let body: Body
    /// Every key the animation writes (its members' for a group), so a frame can restore them.
    let keys: [AnimatableKey]

    enum Body {
        case basic(BasicProgram)
        /// A spring's ends, paced by its oscillator instead of a timing curve (so the frame cache,
        /// which eases basic animations between their ends, leaves it to this general path).
        case spring(BasicProgram, DampedSpring)
        case keyframe(KeyframeProgram)
        case group([AnimationProgram])
        case transition(TransitionProgram)
        case none
    }

    init(_ animation: CAAnimation, defaultDuration: Double) {
        timing = ResolvedTiming(animation.timing, defaultDuration: defaultDuration)
        timingFunction = Self.compiled(animation.timingFunction)
        switch animation {
        case let a as CASpringAnimation:
            body = a.keyPath.map { .spring(BasicProgram(a, key: AnimatableKey($0)), a.solution) } ?? .none
            keys = a.keyPath.map { [AnimatableKey($0)] } ?? []
        case let a as CABasicAnimation:
            body = a.keyPath.map { .basic(BasicProgram(a, key: AnimatableKey($0))) } ?? .none
            keys = a.keyPath.map { [AnimatableKey($0)] } ?? []
        case let a as CAKeyframeAnimation:
            body = a.keyPath.map { .keyframe(KeyframeProgram(a, key: AnimatableKey($0))) } ?? .none
            keys = (a.keyPath.map { [AnimatableKey($0)] } ?? []) + (a.rotationMode != nil ? [.transform] : [])
        case let t as CATransition:
            body = .transition(TransitionProgram(transition: t))
            keys = []
        case let g as CAAnimationGroup:
            let children = (g.animations ?? []).map { AnimationProgram($0, defaultDuration: 0.25) }
            body = .group(children)
            keys = children.flatMap(\.keys)
        default:
            body = .none
            keys = []
        }
    }

    /// `function` as the engine evaluates it: nil for none or the identity.
    static func compiled(_ function: CAMediaTimingFunction?) -> UnitBezier? {
        guard let f = function, !f.isLinear else { return nil }
        return UnitBezier(x1: f.c1.x, y1: f.c1.y, x2: f.c2.x, y2: f.c2.y)
    }

    /// Applies the animation at parent time `t` to `target` (a presentation layer whose state started
    /// as the model's), reading missing ends from `model`.
    func apply(at t: Double, to target: CALayer, model: CALayer) {
        let s = timing.sample(t)
        guard s.shown else { return }
        apply(sample: s, to: target, model: model)
    }

    /// The progress from the start value to the end value of a shown sample: the timing curve at the
    /// sample's fraction of the duration, or a spring's position at its time in seconds.
    func progress(of s: ResolvedTiming.Sample) -> Double {
        if case .spring(_, let spring) = body { return spring.progress(at: s.basicTime) }
        return timing.progress(of: s, curve: timingFunction)
    }

    /// Applies an already computed sample.
    func apply(sample s: ResolvedTiming.Sample, to target: CALayer, model: CALayer) {
        let progress = progress(of: s)
        switch body {
        case .basic(let program), .spring(let program, _):
            program.apply(
                progress: progress, iteration: s.iteration, autoreverses: timing.autoreverses, to: target, model: model)
        case .keyframe(let program):
            program.apply(progress: progress, iteration: s.iteration, to: target, model: model)
        case .group(let children):
            // Children run in the group's time space: the (eased) time inside the group's duration.
            let groupTime = timingFunction == nil ? s.basicTime : progress * timing.duration
            for child in children { child.apply(at: groupTime, to: target, model: model) }
        case .transition(let program):
            program.apply(progress: progress, to: target)
        case .none:
            break
        }
    }
}

/// Writes `value` for `key` into the presentation layer, adding to the current value when additive.
@inline(__always)
func writeAnimated(_ value: AnimatableValue, key: AnimatableKey, additive: Bool, to target: CALayer) {
    if additive, let current = target.animatableValue(for: key) {
        target.setAnimatableValue(current.adding(value), for: key)
    } else {
        target.setAnimatableValue(value, for: key)
    }
}

/// A basic animation's from/to/by, typed. The two ends are resolved once when they do not depend on
/// the model, else once per model change; numbers, points and colours without additive, cumulative
/// or value-function processing take a direct path that writes the interpolated value into the
/// presentation state with no enum boxing.
final class BasicProgram {
    let key: AnimatableKey
    let from: AnimatableValue?
    let to: AnimatableValue?
    let by: AnimatableValue?
    let additive: Bool
    let cumulative: Bool
    let valueFunction: CAValueFunction?
    /// True when the ends can be written directly (no additive, cumulative or value function).
    private let direct: Bool
    private let dependsOnModel: Bool

    /// The resolved ends, by kind.
    private enum Kind { case unresolved, number, point, color, general }
    private var kind = Kind.unresolved
    private var number0 = 0.0, number1 = 0.0
    private var point0 = CGPoint.zero, point1 = CGPoint.zero
    private var color0 = CGColor.clear, color1 = CGColor.clear
    private var general0: AnimatableValue = .opaque(nil), general1: AnimatableValue = .opaque(nil)
    /// Model version the ends were resolved for (when they depend on the model).
    private var resolvedVersion: UInt64 = .max

    init(_ a: CABasicAnimation, key: AnimatableKey) {
        self.key = key
        from = a.fromValue.map { AnimatableValue($0) }
        to = a.toValue.map { AnimatableValue($0) }
        by = a.byValue.map { AnimatableValue($0) }
        additive = a.isAdditive
        cumulative = a.isCumulative
        valueFunction = a.valueFunction
        direct = !additive && !cumulative && valueFunction == nil
        switch (from, to, by) {
        case (_?, _?, _), (_?, nil, _?), (nil, _?, _?): dependsOnModel = false
        default: dependsOnModel = true
        }
    }

    /// The two ends per Core Animation's table; a missing end is the model value.
    func ends(model: CALayer) -> (AnimatableValue, AnimatableValue)? {
        switch (from, to, by) {
        case (let f?, let t?, _): return (f, t)
        case (let f?, nil, let b?): return (f, f.adding(b))
        case (nil, let t?, let b?): return (t.subtracting(b), t)
        default: break
        }
        guard let base = modelValue(model) else { return nil }
        switch (from, to, by) {
        case (let f?, nil, nil): return (f, base)
        case (nil, let t?, nil): return (base, t)
        case (nil, nil, let b?): return (base, base.adding(b))
        default: return (base, base)
        }
    }

    private func modelValue(_ model: CALayer) -> AnimatableValue? {
        if let valueFunction {
            // A value function animates plain numbers; the model's neutral value is 0 (or 1 for scales).
            switch valueFunction.name {
            case .scale: return .numbers([1, 1, 1])
            case .translate: return .numbers([0, 0, 0])
            case .scaleX, .scaleY, .scaleZ: return .number(1)
            default: return .number(0)
            }
        }
        return model.animatableValue(for: key)
    }

    /// Resolves the ends into the typed slots (once, or when the model changed).
    @inline(__always)
    private func resolve(model: CALayer) -> Bool {
        if kind != .unresolved, !dependsOnModel || resolvedVersion == model.version { return true }
        resolvedVersion = model.version
        guard let (a, b) = ends(model: model) else {
            kind = .unresolved
            return false
        }
        switch (a, b) {
        case (.number(let x), .number(let y)) where direct:
            (number0, number1, kind) = (x, y, .number)
        case (.point(let x), .point(let y)) where direct:
            (point0, point1, kind) = (x, y, .point)
        case (.color(let x), .color(let y)) where direct:
            // A nil colour blends as transparent black, as in the general interpolation.
            (color0, color1, kind) = (x ?? .clear, y ?? .clear, .color)
        default:
            (general0, general1, kind) = (a, b, .general)
        }
        return true
    }

    /// The resolved ends as numbers, when they take the direct path: 1 (number), 2 (point) or 4
    /// (colour) components in `x y z w` order.
    func directEnds(model: CALayer) -> (components: Int, from: SIMD4<Double>, to: SIMD4<Double>)? {
        guard resolve(model: model) else { return nil }
        switch kind {
        case .number: return (1, SIMD4(number0, 0, 0, 0), SIMD4(number1, 0, 0, 0))
        case .point: return (2, SIMD4(point0.x, point0.y, 0, 0), SIMD4(point1.x, point1.y, 0, 0))
        case .color:
            return (
                4, SIMD4(color0.red, color0.green, color0.blue, color0.alpha),
                SIMD4(color1.red, color1.green, color1.blue, color1.alpha)
            )
        default: return nil
        }
    }

    /// The number the animation computes at `progress` before it is written into the layer (for a
    /// `transform.rotation` key, the angle itself, not the one read back from the matrix); nil unless
    /// both ends are plain numbers written directly.
    func number(progress: Double, model: CALayer) -> Double? {
        guard resolve(model: model), kind == .number else { return nil }
        return number0 + (number1 - number0) * progress
    }

    func apply(progress: Double, iteration: Double, autoreverses: Bool, to target: CALayer, model: CALayer) {
        guard resolve(model: model) else { return }
        switch kind {
        case .number:
            target.writeNumber(number0 + (number1 - number0) * progress, for: key)
        case .point:
            target.writePoint(
                CGPoint(x: point0.x + (point1.x - point0.x) * progress, y: point0.y + (point1.y - point0.y) * progress),
                for: key)
        case .color:
            let (a, b) = (color0, color1)
            target.setAnimatableValue(
                .color(
                    CGColor(
                        red: a.red + (b.red - a.red) * progress, green: a.green + (b.green - a.green) * progress,
                        blue: a.blue + (b.blue - a.blue) * progress, alpha: a.alpha + (b.alpha - a.alpha) * progress)),
                for: key)
        case .general:
            applyGeneral(progress: progress, iteration: iteration, autoreverses: autoreverses, to: target)
        case .unresolved:
            break
        }
    }

    private func applyGeneral(progress: Double, iteration: Double, autoreverses: Bool, to target: CALayer) {
        let (a, b) = (general0, general1)
        var value = a.interpolated(to: b, progress)
        if cumulative, iteration > 0 {
            value = value.adding((autoreverses ? a : b).scaled(by: iteration))
        }
        if let function = valueFunction {
            let v: (Double, Double, Double)
            switch value {
            case .number(let x): v = (x, x, x)
            case .numbers(let n) where n.count == 3: v = (n[0], n[1], n[2])
            default: return
            }
            value = .transform(function.transform(v))
        }
        writeAnimated(value, key: key, additive: additive, to: target)
    }
}
