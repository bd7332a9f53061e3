/// An animation compiled when it is added: resolved timing, parsed key path and typed values, so a
/// frame's evaluation does no string parsing and no `Any` casting.
final class AnimationProgram {
    let timing: ResolvedTiming
    let timingFunction: UnitBezier?
    let body: Body

    enum Body {
        case basic(BasicProgram)
        case keyframe(KeyframeProgram)
        case group([AnimationProgram])
        case none
    }

    init(_ animation: CAAnimation, defaultDuration: Double) {
        timing = ResolvedTiming(animation.timing, defaultDuration: defaultDuration)
        if let f = animation.timingFunction, !f.isLinear {
            timingFunction = UnitBezier(x1: f.c1.x, y1: f.c1.y, x2: f.c2.x, y2: f.c2.y)
        } else {
            timingFunction = nil
        }
        switch animation {
        case let a as CABasicAnimation:
            body = a.keyPath.map { .basic(BasicProgram(a, key: AnimatableKey($0))) } ?? .none
        case let a as CAKeyframeAnimation:
            body = a.keyPath.map { .keyframe(KeyframeProgram(a, key: AnimatableKey($0))) } ?? .none
        case let g as CAAnimationGroup:
            body = .group((g.animations ?? []).map { AnimationProgram($0, defaultDuration: 0.25) })
        default:
            body = .none
        }
    }

    /// Applies the animation at parent time `t` to `target` (a presentation layer whose state started
    /// as the model's), reading missing ends from `model`.
    func apply(at t: Double, to target: CALayer, model: CALayer) {
        let s = timing.sample(t)
        guard s.shown else { return }
        apply(sample: s, to: target, model: model)
    }

    /// Applies an already computed sample.
    func apply(sample s: ResolvedTiming.Sample, to target: CALayer, model: CALayer) {
        let linear = timing.duration > 0 && timing.duration.isFinite ? s.basicTime / timing.duration : 0
        let clamped = min(max(linear, 0), 1)
        let progress = timingFunction?.solve(clamped) ?? clamped
        switch body {
        case .basic(let program):
            program.apply(
                progress: progress, iteration: s.iteration, autoreverses: timing.autoreverses, to: target, model: model)
        case .keyframe(let program):
            program.apply(progress: progress, iteration: s.iteration, to: target, model: model)
        case .group(let children):
            // Children run in the group's time space: the (eased) time inside the group's duration.
            let groupTime = timingFunction == nil ? s.basicTime : progress * timing.duration
            for child in children { child.apply(at: groupTime, to: target, model: model) }
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

/// A basic animation's from/to/by, typed.
final class BasicProgram {
    let key: AnimatableKey
    let from: AnimatableValue?
    let to: AnimatableValue?
    let by: AnimatableValue?
    let additive: Bool
    let cumulative: Bool
    let valueFunction: CAValueFunction?

    init(_ a: CABasicAnimation, key: AnimatableKey) {
        self.key = key
        from = a.fromValue.map { AnimatableValue($0) }
        to = a.toValue.map { AnimatableValue($0) }
        by = a.byValue.map { AnimatableValue($0) }
        additive = a.isAdditive
        cumulative = a.isCumulative
        valueFunction = a.valueFunction
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
        if valueFunction != nil {
            // A value function animates plain numbers; the model's neutral value is 0 (or 1 for scales).
            switch valueFunction!.name {
            case .scale: return .vector3(1, 1, 1)
            case .translate: return .vector3(0, 0, 0)
            case .scaleX, .scaleY, .scaleZ: return .number(1)
            default: return .number(0)
            }
        }
        return model.animatableValue(for: key)
    }

    func apply(progress: Double, iteration: Double, autoreverses: Bool, to target: CALayer, model: CALayer) {
        guard let (a, b) = ends(model: model) else { return }
        var value = a.interpolated(to: b, progress)
        if cumulative, iteration > 0 {
            value = value.adding((autoreverses ? a : b).scaled(by: iteration))
        }
        if let function = valueFunction {
            let v: (Double, Double, Double)
            switch value {
            case .number(let x): v = (x, x, x)
            case .vector3(let x, let y, let z): v = (x, y, z)
            default: return
            }
            value = .transform(function.transform(v))
        }
        writeAnimated(value, key: key, additive: additive, to: target)
    }
}
