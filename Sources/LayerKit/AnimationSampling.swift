/// Where an animation is, at one time of its layer, from the point of view of someone debugging it. Alike
/// `TimingLeg` (TimingLegs.swift) and `TimelineSpan` (Overlay's TimelineLegs.swift) on purpose: a phase is the
/// state at one instant, with the repeat it is in; those are the stretches a timeline row is cut into, by kind.
public enum AnimationPhase: Equatable, Sendable {
    /// Which way an autoreversing repeat is playing.
    public enum Leg: Equatable, Sendable {
        /// Playing forwards: the first half of an autoreversing repeat, or any repeat without `autoreverses`.
        case forward
        /// Playing backwards: the second half of an autoreversing repeat.
        case reverse
    }

    /// Not started, no backwards fill: the layer shows its model value.
    case before
    /// Not started, but a backwards (or both) fill holds the starting value.
    case filledBefore
    /// Running: repeat cycle `iteration` (0 for the first), on its forward or reverse leg.
    case active(iteration: Int, leg: Leg)
    /// Finished and kept (`isRemovedOnCompletion` false) with a forwards (or both) fill holding the end.
    case filledAfter
    /// Finished and kept, without a forwards fill: the layer shows its model value.
    case after
    /// Finished with `isRemovedOnCompletion`: the engine takes it off the layer.
    case removed

    /// A short lowercase name for labels: `before`, `filled`, `active 2 reverse`, `after`, `removed`.
    public var label: String {
        switch self {
        case .before: "before"
        case .filledBefore, .filledAfter: "filled"
        case .active(let k, let leg): "active \(k + 1) " + (leg == .forward ? "forward" : "reverse")
        case .after: "after"
        case .removed: "removed"
        }
    }
}

/// One evaluation of an animation by itself on its layer's model, at a local time of that layer.
public struct AnimationSample: Equatable, Sendable {
    /// The layer's local time that was sampled.
    public var localTime: Double
    /// Where the animation is at that time: before, filled, active (with its repeat and leg), after or removed.
    public var phase: AnimationPhase
    /// The fraction of the simple duration fed to the timing function (0…1), when the animation shows.
    public var inputFraction: Double?
    /// The timing function's output for `inputFraction` (may leave 0…1 for overshooting curves).
    public var progress: Double?
    /// The numeric components of the key path's value on the layer at that time (the animated value
    /// while it shows, the model value otherwise; a `transform.…` component of a basic animation as
    /// the animation drives it, an angle unwrapped); nil for groups, paths and other non-numeric values.
    public var value: [Double]?
}

/// The facts about an attached animation that explain its timing, after add-time defaulting.
public struct AnimationTimingFacts: Equatable, Sendable {
    /// The layer's name, if any.
    public var layerName: String?
    /// The key the animation was added under.
    public var key: String?
    /// The animated key path (nil for groups).
    public var keyPath: String?
    /// `basic`, `spring`, `keyframe`, `group` or `animation`.
    public var kind: String
    /// Resolved begin time, in the layer's local time (0 at add time became "now").
    public var beginTime: Double
    /// Resolved simple duration in seconds.
    public var duration: Double
    /// The animation's `repeatCount`.
    public var repeatCount: Float
    /// The animation's `repeatDuration`, in seconds.
    public var repeatDuration: Double
    /// The animation's `autoreverses`.
    public var autoreverses: Bool
    /// The animation's `fillMode`.
    public var fillMode: CAMediaTimingFillMode
    /// The animation's own `speed`.
    public var speed: Double
    /// The animation's own `timeOffset`, in seconds.
    public var timeOffset: Double
    /// The animation's `isRemovedOnCompletion`.
    public var isRemovedOnCompletion: Bool
    /// The timing function's name (`linear` also for a nil function), nil for custom control points.
    public var timingFunctionName: String?
    /// The control points x1, y1, x2, y2 (0, 0, 1, 1 for a nil function).
    public var controlPoints: [Double]
    /// One repeat: the duration, twice with `autoreverses`.
    public var cycleDuration: Double
    /// Length of the active period in the animation's own time (infinite for endless repeats).
    public var activeDuration: Double
    /// Layer-local times at which the active period starts and ends in its direction of travel (nil when
    /// it never does, e.g. at speed 0 or with endless repeats).
    public var activeStart: Double?
    /// The layer-local time at which the active period ends in its direction of travel (see `activeStart`).
    public var activeEnd: Double?

    /// A spring's mass, stiffness, damping and initial velocity (nil for other kinds): it paces the
    /// animation instead of the timing function.
    public var spring: [Double]?

    /// A keyframe animation's key times as fractions of its duration (resolved: given, or evenly
    /// spaced, or paced); empty for other kinds.
    public var keyTimes: [Double] = []
    /// A group's animations, in its order, their timing in the group's time (empty for other kinds).
    public var children: [AnimationTimingFacts] = []

    /// The timing function as people write it: its name, or `cubic(x1, y1, x2, y2)`; for a spring,
    /// `spring(m 1, k 100, c 10)` (and `v` when it has an initial velocity).
    public var timingFunctionDescription: String {
        if let spring, spring.count == 4 {
            let velocity = spring[3] != 0 ? ", v " + Self.trimmed(spring[3]) : ""
            return "spring(m \(Self.trimmed(spring[0])), k \(Self.trimmed(spring[1])), c \(Self.trimmed(spring[2]))"
                + velocity + ")"
        }
        if let timingFunctionName { return timingFunctionName }
        let numbers = controlPoints.map { value -> String in
            let text = String(format: "%.3f", value)
            var trimmed = Substring(text)
            while trimmed.hasSuffix("0") { trimmed.removeLast() }
            if trimmed.hasSuffix(".") { trimmed.removeLast() }
            return String(trimmed)
        }
        return "cubic(" + numbers.joined(separator: ", ") + ")"
    }

    /// The repeat setting as people write it: `once`, `×2.5`, `×inf`, or `for 3 s`.
    public var repeatDescription: String {
        if repeatDuration > 0 { return "for " + Self.trimmed(repeatDuration) + " s" }
        if repeatCount > 0 {
            return repeatCount >= Float.greatestFiniteMagnitude ? "×inf" : "×" + Self.trimmed(Double(repeatCount))
        }
        return "once"
    }

    static func trimmed(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(format: "%g", value)
    }
}

/// A read-only view of one animation attached to a layer: its timing facts, and its phase and value
/// at any local time of the layer, computed exactly as the engine computes them but without touching
/// the layer, its presentation copy, or the animation's life (no callbacks, no removal).
///
/// The value is the animation's own contribution on the layer's model value (other animations on the
/// same key path are not combined), which is what a per-animation plot shows.
public final class AnimationSampler {
    /// The model layer the animation is attached to.
    public let layer: CALayer
    /// The layer's copy of the animation.
    public let animation: CAAnimation
    /// The animation's resolved timing, as the inspector's timeline draws it.
    public let facts: AnimationTimingFacts
    /// The media time at which the animation was added (its `beginTime` 0 became that layer's time then).
    public let addedAt: Double
    /// How the engine evaluates the animation (the time chain reads its timing).
    let program: AnimationProgram
    private let valueKey: AnimatableKey?
    /// True for a `transform.…` key path (see `drivenNumber`).
    private let drivesTransformComponent: Bool
    /// A private copy of the layer the animation is applied to, so sampling never changes anything.
    private let scratch: CALayer

    init(layer: CALayer, entry: AttachedAnimation) {
        self.layer = layer
        animation = entry.animation
        program = entry.program
        valueKey = (entry.animation as? CAPropertyAnimation)?.keyPath.map { AnimatableKey($0) }
        drivesTransformComponent = (entry.animation as? CAPropertyAnimation)?.keyPath?.hasPrefix("transform.") == true
        scratch = type(of: layer).init(layer: layer)
        addedAt = entry.addedAt
        facts = Self.facts(layer: layer, animation: entry.animation, program: entry.program, key: entry.key)
    }

    /// The input fraction and the eased progress at the layer's local time `t`, while the animation
    /// shows (nil otherwise): `sample(atLocalTime:)`'s two fractions without computing the value.
    public func fractions(atLocalTime t: Double) -> (input: Double, eased: Double)? {
        let s = program.timing.sample(t)
        guard s.shown else { return nil }
        return (program.timing.fraction(of: s), program.progress(of: s))
    }

    /// How many keyframe intervals `timingFunctions` paces (0 for other animations, and for the paced
    /// and discrete calculation modes, which ignore it).
    public var segmentCount: Int {
        if case .keyframe(let program) = program.body { return program.segmentCount }
        return 0
    }

    /// For a keyframe animation paced by `timingFunctions`: the interval holding eased progress
    /// `progress` (the sample's `progress`) and the fraction of that interval, before the interval's own
    /// timing function eases it.
    public func segmentPlace(atProgress progress: Double) -> (index: Int, fraction: Double)? {
        guard case .keyframe(let program) = program.body else { return nil }
        return program.segmentPlace(progress)
    }

    /// The sampler for the animation under `key` on `layer` (a presentation layer is mapped to its model).
    public convenience init?(layer: CALayer, key: String) {
        let model = layer.modelStorage ?? layer
        guard let entry = model.attached.last(where: { $0.key == key }) else { return nil }
        self.init(layer: model, entry: entry)
    }

    /// Samplers for every animation attached to `root` and its sublayers and masks, depth first, each
    /// layer's animations in the order they were added (keyless ones included).
    public static func samplers(in root: CALayer) -> [AnimationSampler] {
        var result: [AnimationSampler] = []
        forEachAttachedAnimation(in: root) { layer, _, index in
            result.append(AnimationSampler(layer: layer, entry: layer.attached[index]))
        }
        return result
    }

    /// Calls `body` with each attached animation of the tree (model layers), in the order of
    /// `samplers(in:)`, without allocating: for cheap per-frame checks of what is attached.
    public static func forEachAttachedAnimation(in root: CALayer, _ body: (CALayer, CAAnimation) -> Void) {
        forEachAttachedAnimation(in: root) { layer, animation, _ in body(layer, animation) }
    }

    private static func forEachAttachedAnimation(
        in root: CALayer, _ body: (CALayer, CAAnimation, Int) -> Void
    ) {
        let model = root.modelStorage ?? root
        for index in model.attached.indices { body(model, model.attached[index].animation, index) }
        if let mask = model.maskStorage { forEachAttachedAnimation(in: mask, body) }
        for sublayer in model.sublayerStorage ?? [] { forEachAttachedAnimation(in: sublayer, body) }
    }

    /// The layer's local time at media time `t` (the time `sample(atLocalTime:)` takes).
    public func localTime(atMediaTime t: Double) -> Double { layer.localTime(atMediaTime: t) }

    /// The media time at which the layer's local time is `t` (non-finite under a paused ancestor).
    public func mediaTime(atLocalTime t: Double) -> Double { layer.mediaTime(fromLocal: t) }

    /// The animation at media time `t`.
    public func sample(atMediaTime t: Double) -> AnimationSample { sample(atLocalTime: localTime(atMediaTime: t)) }

    /// The animation at the layer's local time `t`.
    public func sample(atLocalTime t: Double) -> AnimationSample {
        let timing = program.timing
        let s = timing.sample(t)
        let phase = phase(of: s)
        guard s.shown else {
            return AnimationSample(localTime: t, phase: phase, inputFraction: nil, progress: nil, value: modelValue())
        }
        var value: [Double]?
        if let number = drivenNumber(s) {
            value = [number]
        } else if let valueKey {
            scratch.copyState(from: layer)
            program.apply(sample: s, to: scratch, model: layer)
            value = scratch.animatableValue(for: valueKey)?.components
        }
        return AnimationSample(
            localTime: t, phase: phase, inputFraction: fraction(of: s), progress: progress(of: s), value: value)
    }

    /// Like `sample(atLocalTime:)`, but writes the value's components into `values` (emptied first,
    /// its storage kept) instead of returning them, so a caller reusing `values` allocates nothing.
    public func sample(atLocalTime t: Double, values: inout [Double]) -> AnimationSample {
        values.removeAll(keepingCapacity: true)
        let timing = program.timing
        let s = timing.sample(t)
        let phase = phase(of: s)
        guard let valueKey else {
            return AnimationSample(
                localTime: t, phase: phase, inputFraction: fraction(of: s), progress: progress(of: s))
        }
        if let number = drivenNumber(s) {
            values.append(number)
        } else if s.shown {
            scratch.copyState(from: layer)
            program.apply(sample: s, to: scratch, model: layer)
            scratch.animatableValue(for: valueKey)?.appendComponents(to: &values)
        } else {
            layer.animatableValue(for: valueKey)?.appendComponents(to: &values)
        }
        return AnimationSample(localTime: t, phase: phase, inputFraction: fraction(of: s), progress: progress(of: s))
    }

    /// The number a basic or keyframe animation of numbers computes at the layer's local time `t`, as it
    /// drives the key path (an unwrapped angle for `transform.rotation`: 4.96 rad at 79 % of a turn,
    /// where the matrix reads back −1.32); nil while it does not show, or for other animations.
    public func animatedNumber(atLocalTime t: Double) -> Double? {
        number(program.timing.sample(t))
    }

    /// The number a basic or keyframe animation of plain numbers drives at a shown sample, else nil.
    private func number(_ s: ResolvedTiming.Sample) -> Double? {
        guard s.shown else { return nil }
        let progress = program.timing.progress(of: s, curve: program.timingFunction)
        switch program.body {
        case .basic(let basic): return basic.number(progress: progress, model: layer)
        case .keyframe(let keyframes): return keyframes.drivenNumber(progress: progress, iteration: s.iteration)
        default: return nil
        }
    }

    /// For a `transform.…` component animated by a basic or keyframe animation of numbers, the number it
    /// drives at a shown sample: what the samples report as the value, since the matrix reads an angle
    /// back wrapped into −π…π. Nil otherwise.
    private func drivenNumber(_ s: ResolvedTiming.Sample) -> Double? {
        drivesTransformComponent ? number(s) : nil
    }

    /// For a `path` animation: how many points (end and control points) the path it draws at the layer's
    /// local time `t` has (the model's path while it does not show); nil for other key paths. A path is
    /// not a list of numbers, so this and the sample's eased fraction (the morph fraction) are what the
    /// panels show of it.
    public func pathPointCount(atLocalTime t: Double) -> Int? {
        guard valueKey == Self.pathKey else { return nil }
        let s = program.timing.sample(t)
        var path = (layer as? CAShapeLayer)?.path
        if s.shown {
            scratch.copyState(from: layer)
            program.apply(sample: s, to: scratch, model: layer)
            path = (scratch as? CAShapeLayer)?.path
        }
        var count = 0
        path?.forEachElement { element in
            switch element {
            case .moveTo, .lineTo: count += 1
            case .quadCurveTo: count += 2
            case .curveTo: count += 3
            case .closeSubpath: break
            }
        }
        return count
    }

    private static let pathKey = AnimatableKey("path")

    /// Writes the components of the key path's presentation value (as of the last engine step; the
    /// model value before any step) into `values`, emptied first, its storage kept.
    public func presentationValue(into values: inout [Double]) {
        values.removeAll(keepingCapacity: true)
        guard let valueKey else { return }
        (layer.presentationStorage ?? layer).animatableValue(for: valueKey)?.appendComponents(to: &values)
    }

    private func fraction(of s: ResolvedTiming.Sample) -> Double? {
        s.shown ? program.timing.fraction(of: s) : nil
    }

    private func progress(of s: ResolvedTiming.Sample) -> Double? {
        s.shown ? program.progress(of: s) : nil
    }

    /// The key path's model value (what shows while the animation does not).
    public func modelValue() -> [Double]? {
        valueKey.flatMap { layer.animatableValue(for: $0)?.components }
    }

    private func phase(of s: ResolvedTiming.Sample) -> AnimationPhase {
        switch s.travel {
        case .notStarted:
            return s.shown ? .filledBefore : .before
        case .finished:
            if animation.isRemovedOnCompletion { return .removed }
            return s.shown ? .filledAfter : .after
        case .running:
            return .active(iteration: Self.integer(s.iteration), leg: s.isReversing ? .reverse : .forward)
        }
    }

    private static func integer(_ value: Double) -> Int {
        value.isFinite && abs(value) < 1e15 ? Int(value) : 0
    }

    private static func facts(layer: CALayer, animation: CAAnimation, program: AnimationProgram, key: String?)
        -> AnimationTimingFacts
    {
        let timing = program.timing
        let function = animation.timingFunction
        let points: [Double] =
            function.map { [Double($0.c1.x), Double($0.c1.y), Double($0.c2.x), Double($0.c2.y)] } ?? [0, 0, 1, 1]
        let kind: String
        switch animation {
        case is CASpringAnimation: kind = "spring"
        case is CABasicAnimation: kind = "basic"
        case is CAKeyframeAnimation: kind = "keyframe"
        case is CAAnimationGroup: kind = "group"
        default: kind = "animation"
        }
        var facts = AnimationTimingFacts(
            layerName: layer.name, key: key, keyPath: (animation as? CAPropertyAnimation)?.keyPath, kind: kind,
            beginTime: timing.beginTime, duration: timing.duration, repeatCount: animation.repeatCount,
            repeatDuration: animation.repeatDuration, autoreverses: timing.autoreverses, fillMode: animation.fillMode,
            speed: timing.speed, timeOffset: timing.timeOffset, isRemovedOnCompletion: animation.isRemovedOnCompletion,
            timingFunctionName: TimingFunctionNames.name(of: points), controlPoints: points,
            cycleDuration: timing.cycle, activeDuration: timing.activeDuration, activeStart: timing.startTime,
            activeEnd: timing.endTime,
            spring: (animation as? CASpringAnimation).map {
                [Double($0.mass), Double($0.stiffness), Double($0.damping), Double($0.initialVelocity)]
            })
        switch program.body {
        case .keyframe(let keyframes): facts.keyTimes = keyframes.keyTimes
        case .group(let programs):
            let members = (animation as? CAAnimationGroup)?.animations ?? []
            facts.children = zip(members, programs).map { member, child in
                Self.facts(layer: layer, animation: member, program: child, key: nil)
            }
        default: break
        }
        return facts
    }
}

/// The predefined timing curves by name, for labels and for parsing names on the command line.
public enum TimingFunctionNames {
    /// Names in the order tools list them, with their control points x1, y1, x2, y2.
    public static let all: [(name: String, points: [Double])] = [
        ("linear", [0, 0, 1, 1]),
        ("easeIn", [0.42, 0, 1, 1]),
        ("easeOut", [0, 0, 0.58, 1]),
        ("easeInEaseOut", [0.42, 0, 0.58, 1]),
        ("default", [0.25, 0.1, 0.25, 1]),
    ]

    /// The name whose control points equal `points` within 1e-6 (so `Float` control points match too).
    public static func name(of points: [Double]) -> String? {
        all.first { entry in zip(entry.points, points).allSatisfy { abs($0 - $1) <= 1e-6 } }?.name
    }

    /// The control points of the curve called `name`, or nil.
    public static func points(named name: String) -> [Double]? {
        all.first { $0.name == name }?.points
    }
}

extension AnimatableValue {
    /// Appends the numeric components (as `components` lists them) without building an array.
    fileprivate func appendComponents(to values: inout [Double]) {
        switch self {
        case .number(let v): values.append(v)
        case .point(let p):
            values.append(p.x)
            values.append(p.y)
        case .size(let s):
            values.append(s.width)
            values.append(s.height)
        case .rect(let r):
            values.append(r.origin.x)
            values.append(r.origin.y)
            values.append(r.size.width)
            values.append(r.size.height)
        case .transform(let t):
            for entry in [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24] { values.append(Double(entry)) }
            for entry in [t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44] { values.append(Double(entry)) }
        case .color(let c?):
            values.append(c.red)
            values.append(c.green)
            values.append(c.blue)
            values.append(c.alpha)
        case .numbers(let list): values.append(contentsOf: list)
        case .colors(let list):
            for c in list {
                values.append(c.red)
                values.append(c.green)
                values.append(c.blue)
                values.append(c.alpha)
            }
        case .color(nil), .path, .opaque: break
        }
    }
}
