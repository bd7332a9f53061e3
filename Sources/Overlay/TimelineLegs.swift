import LayerKit

/// One drawn stretch of an animation's row on the inspector's timeline, in media time. `TimelineSpan`
/// and `TimelineMark` are alike `TimingLeg` and `TimingBoundary` (LayerKit) on purpose: those are the
/// engine's timing in parent time; these are what the row draws, in media time, with the kinds only a
/// row has (the time an animation was added, a group's cut-off).
public struct TimelineSpan: Equatable, Sendable {
    /// What the animation does over the stretch.
    public enum Kind: Equatable, Sendable {
        /// Before the start, a backwards fill holding the first value.
        case fillBefore
        /// The first repeat, playing forwards.
        case active
        /// A later repeat, playing forwards.
        case repeated
        /// The backwards leg of an autoreversing repeat.
        case reverse
        /// After the end, a forwards fill holding the last value (kept, not removed).
        case fillAfter
        /// Where a group's child would still run, but the group's duration or active period has ended.
        case cutOff
    }

    public var start: Double
    public var end: Double
    public var kind: Kind
}

/// A point on an animation's row on the timeline, in media time. Alike `TimelineSpan` on purpose: a mark is a
/// point where a span is a stretch, each with its own kinds.
public struct TimelineMark: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// When the animation was added to its layer (apart from `beginTime`).
        case added
        /// A keyframe animation's key time.
        case keyframe
        /// A repeat begins (counted from the start, without `timeOffset`).
        case repeatBoundary
        /// `timeOffset` carries the time across a cycle boundary: the value wraps, it is not a repeat.
        case wrap
        /// The end, where `isRemovedOnCompletion` takes the animation off its layer.
        case removed
    }

    public var time: Double
    public var kind: Kind
}

/// The spans and marks of one animation (a group's child too) between two media times: the legs that
/// `AnimationTimingFacts.legs` reads off the engine's own timing, mapped to media time. `toMedia` maps a
/// time of the space `beginTime` is in (the layer's local time) to media time (nil under a paused
/// layer); it is affine, as every layer's time is.
public struct TimelineLegs: Equatable, Sendable {
    public var spans: [TimelineSpan] = []
    public var marks: [TimelineMark] = []
    /// The media time at which the active period ends (nil when it never does, or cannot be mapped).
    public var activeEnd: Double?

    /// Legs of more than this many cycles are cut short (endless repeats, tiny durations).
    static let maximumLegs = 240

    public init() {}

    /// The legs of `facts` between media times `from` and `to`, added at media time `addedAt` (no mark
    /// when nil).
    public init(
        _ facts: AnimationTimingFacts, addedAt: Double?, from: Double, to: Double, toMedia: (Double) -> Double?
    ) {
        if let addedAt { marks.append(TimelineMark(time: addedAt, kind: .added)) }
        guard let window = Self.window(from: from, to: to, toMedia: toMedia) else { return }
        let legs = facts.legs(from: window.from, to: window.to, maximumLegs: Self.maximumLegs)
        activeEnd = legs.activeEnd.flatMap(toMedia)
        append(legs, from: from, to: to, removedAtEnd: facts.isRemovedOnCompletion, map: toMedia)
    }

    /// The legs of a group's child `child` while the group `group` plays: over each of the group's
    /// passes the child runs in the group's time inside its simple duration (backwards on a reverse
    /// pass); what the child would still run when the group's active period ends is cut off.
    public init(
        child: AnimationTimingFacts, of group: AnimationTimingFacts, from: Double, to: Double,
        toMedia: (Double) -> Double?
    ) {
        guard let window = Self.window(from: from, to: to, toMedia: toMedia) else { return }
        let groupLegs = group.legs(from: window.from, to: window.to, maximumLegs: Self.maximumLegs)
        let passes = groupLegs.legs.filter { $0.kind != .fillBefore && $0.kind != .fillAfter }
        for pass in passes where pass.basicTimeAtEnd != pass.basicTimeAtStart {
            let b0 = pass.basicTimeAtStart
            let b1 = pass.basicTimeAtEnd
            // Group time u over the pass → the group's parent time → media time.
            func map(_ u: Double) -> Double? {
                toMedia(pass.start + (u - b0) / (b1 - b0) * (pass.end - pass.start))
            }
            let legs = child.legs(from: min(b0, b1), to: max(b0, b1), maximumLegs: Self.maximumLegs)
            append(legs, from: from, to: to, removedAtEnd: false, map: map)
            let endsHere = groupLegs.activeEnd.map { abs($0 - pass.end) <= 1e-9 * max(1, abs($0)) } ?? false
            if endsHere, b1 > b0, (legs.activeEnd ?? .infinity) > b1, let cut = map(b1) {
                let childEnd = legs.activeEnd.flatMap(map) ?? to
                span(cut, childEnd, .cutOff, from: from, to: to)
            }
        }
    }

    /// The window `from`…`to` of media time in the parent time `toMedia` maps from (nil when that time
    /// stands still).
    private static func window(from: Double, to: Double, toMedia: (Double) -> Double?) -> (from: Double, to: Double)? {
        guard let m0 = toMedia(0), let m1 = toMedia(1), m1 != m0 else { return nil }
        let ends = [(from - m0) / (m1 - m0), (to - m0) / (m1 - m0)]
        guard let low = ends.min(), let high = ends.max(), low.isFinite, high.isFinite else { return nil }
        return (low, high)
    }

    private mutating func append(
        _ legs: TimingLegs, from: Double, to: Double, removedAtEnd: Bool, map: (Double) -> Double?
    ) {
        for leg in legs.legs {
            if leg.kind == .fillAfter && removedAtEnd { continue }
            let kind: TimelineSpan.Kind
            switch leg.kind {
            case .fillBefore: kind = .fillBefore
            case .active: kind = .active
            case .repeated: kind = .repeated
            case .reverse: kind = .reverse
            case .fillAfter: kind = .fillAfter
            }
            guard let a = map(leg.start), let b = map(leg.end) else { continue }
            span(min(a, b), max(a, b), kind, from: from, to: to)
        }
        for boundary in legs.boundaries {
            let kind: TimelineMark.Kind
            switch boundary.kind {
            case .repeatBoundary: kind = .repeatBoundary
            case .wrap: kind = .wrap
            case .keyframe: kind = .keyframe
            case .end:
                guard removedAtEnd else { continue }
                kind = .removed
            }
            mark(map(boundary.time), kind, from: from, to: to)
        }
    }

    private mutating func span(_ start: Double?, _ end: Double?, _ kind: TimelineSpan.Kind, from: Double, to: Double) {
        guard let start, let end else { return }
        let s = max(start, from)
        let e = min(end, to)
        if e > s { spans.append(TimelineSpan(start: s, end: e, kind: kind)) }
    }

    private mutating func mark(_ time: Double?, _ kind: TimelineMark.Kind, from: Double, to: Double) {
        guard let time, time >= from - 1e-9, time <= to + 1e-9 else { return }
        marks.append(TimelineMark(time: time, kind: kind))
    }
}
