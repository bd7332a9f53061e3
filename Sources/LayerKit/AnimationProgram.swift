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
            // A member without a duration runs for the group's (see `CALayer.add(_:forKey:)`).
            let duration = timing.duration
            let children = (g.animations ?? []).map { AnimationProgram($0, defaultDuration: duration) }
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
/// the model, else once per model change; numbers, points, sizes, rectangles and colours without
/// additive, cumulative or value-function processing take a direct path (`DirectValue`): their ends
/// are kept as four numbers, eased component by component (as the frame cache does too) and written
/// with the typed writer of the key's field.
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

    /// The resolved ends: `direct` ones as up to four numbers each, the others as values.
    private var kind = EndsKind.unresolved
    private var direct0 = SIMD4<Double>(), direct1 = SIMD4<Double>()
    private var general0: AnimatableValue = .opaque(nil), general1: AnimatableValue = .opaque(nil)
    /// Model version the ends were resolved for (when they depend on the model).
    private var resolvedVersion: UInt64 = .max

    private enum EndsKind: Equatable {
        case unresolved, general
        case direct(DirectValue)
    }

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
        if direct, let form = DirectValue(a, b) {
            (direct0, direct1, kind) = (form.lanes(a), form.lanes(b), .direct(form))
        } else {
            (general0, general1, kind) = (a, b, .general)
        }
        return true
    }

    /// The resolved ends as numbers, when they take the direct path (see `DirectValue`).
    func directEnds(model: CALayer) -> (form: DirectValue, from: SIMD4<Double>, to: SIMD4<Double>)? {
        guard resolve(model: model), case .direct(let form) = kind else { return nil }
        return (form, direct0, direct1)
    }

    /// The number the animation computes at `progress` before it is written into the layer (for a
    /// `transform.rotation` key, the angle itself, not the one read back from the matrix); nil unless
    /// both ends are plain numbers written directly.
    func number(progress: Double, model: CALayer) -> Double? {
        guard resolve(model: model), kind == .direct(.number) else { return nil }
        return DirectValue.interpolate(direct0, direct1, progress).x
    }

    func apply(progress: Double, iteration: Double, autoreverses: Bool, to target: CALayer, model: CALayer) {
        guard resolve(model: model) else { return }
        switch kind {
        case .direct(let form):
            target.writeDirect(DirectValue.interpolate(direct0, direct1, progress), as: form, for: key)
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

/// The kinds of value a basic animation interpolates as up to four plain numbers (x y z w), and the
/// one rule for it that the tree walk and the frame cache share: a number (x), a point (x y), a size
/// (w h), a rectangle (x y w h) or a colour (r g b a; a nil colour blends as transparent black, as in
/// the general interpolation).
enum DirectValue: Equatable {
    case number, point, size, rect, color

    /// The kind both ends have, or nil when they take the general path.
    init?(_ a: AnimatableValue, _ b: AnimatableValue) {
        switch (a, b) {
        case (.number, .number): self = .number
        case (.point, .point): self = .point
        case (.size, .size): self = .size
        case (.rect, .rect): self = .rect
        case (.color, .color): self = .color
        default: return nil
        }
    }

    /// `value` (of this kind) as four numbers.
    func lanes(_ value: AnimatableValue) -> SIMD4<Double> {
        switch value {
        case .number(let x): return SIMD4(x, 0, 0, 0)
        case .point(let p): return SIMD4(p.x, p.y, 0, 0)
        case .size(let s): return SIMD4(s.width, s.height, 0, 0)
        case .rect(let r): return SIMD4(r.origin.x, r.origin.y, r.size.width, r.size.height)
        case .color(let c):
            let c = c ?? .clear
            return SIMD4(c.red, c.green, c.blue, c.alpha)
        default: return SIMD4()
        }
    }

    /// Four numbers as a value of this kind.
    func value(_ v: SIMD4<Double>) -> AnimatableValue {
        switch self {
        case .number: return .number(v.x)
        case .point: return .point(CGPoint(x: v.x, y: v.y))
        case .size: return .size(CGSize(width: v.x, height: v.y))
        case .rect: return .rect(CGRect(x: v.x, y: v.y, width: v.z, height: v.w))
        case .color: return .color(CGColor(red: v.x, green: v.y, blue: v.z, alpha: v.w))
        }
    }

    /// `a + (b − a)·progress`, component by component.
    @inline(__always)
    static func interpolate(_ a: SIMD4<Double>, _ b: SIMD4<Double>, _ progress: Double) -> SIMD4<Double> {
        a + (b - a) * progress
    }
}
