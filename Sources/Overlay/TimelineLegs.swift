import LayerKit

/// One drawn stretch of an animation's row on the inspector's timeline, in media time.
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

/// A point on an animation's row on the timeline, in media time.
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

/// The spans and marks of one animation (a group's child too) between two media times, computed from
/// its timing facts with the CAMediaTiming rules of `notes`: active time `a = (t − beginTime) · speed`,
/// the cycle position `L = a + timeOffset` wrapping every cycle, autoreversing cycles turning at the
/// duration, fills outside the active period. `toMedia` maps a time of the space `beginTime` is in (the
/// layer's local time, or a group's time for its children) to media time (nil under a paused layer).
public struct TimelineLegs: Equatable, Sendable {
    public var spans: [TimelineSpan] = []
    public var marks: [TimelineMark] = []
    /// The media time at which the active period ends (nil when it never does, or cannot be mapped).
    public var activeEnd: Double?

    /// Legs of more than this many cycles are cut short (endless repeats, tiny durations).
    static let maximumLegs = 240

    public init() {}

    /// The legs of `facts` between media times `from` and `to`, added at media time `addedAt` (no mark
    /// when nil, as for a group's children).
    public init(
        _ facts: AnimationTimingFacts, addedAt: Double?, from: Double, to: Double, toMedia: (Double) -> Double?
    ) {
        if let addedAt { marks.append(TimelineMark(time: addedAt, kind: .added)) }
        append(facts, from: from, to: to, cutAt: nil, outerTo: to, toMedia: toMedia)
    }

    /// The legs of a group's child `child` while the group `group` (its legs' spans in `groupLegs` were
    /// computed with `toMedia`) plays: the child runs in the group's time, 0 at the start of each of the
    /// group's forward legs; what would run past the group's duration or active end is cut off.
    public init(
        child: AnimationTimingFacts, of group: AnimationTimingFacts, from: Double, to: Double,
        toMedia: (Double) -> Double?
    ) {
        guard group.speed > 0, group.cycleDuration > 0 else { return }
        let cycle = group.cycleDuration
        let offset = group.timeOffset
        let end = group.activeDuration
        var start = offset
        var count = 0
        while start < offset + end, count < Self.maximumLegs {
            let legStart = (start / cycle).rounded(.down) * cycle
            // Group time u inside this leg: the group's L = legStart + u, its active time L − offset.
            let uFirst = start - legStart
            let uLast = min(group.duration, offset + end - legStart)
            let base = group.beginTime + (legStart - offset) / group.speed
            func map(_ u: Double) -> Double? { toMedia(base + u / group.speed) }
            guard let lo = map(uFirst), lo <= to else { break }
            if uFirst < group.duration, let hi = map(max(uFirst, uLast)) {
                append(child, from: max(from, lo), to: min(to, hi), cutAt: uLast, outerTo: to, toMedia: map)
            }
            start = legStart + cycle
            count += 1
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

    /// Adds `facts`'s fills, legs and marks; with `cutAt`, the active part beyond that time of the
    /// parent (a group's time) is drawn as cut off (up to `outerTo`), and nothing of it runs there.
    private mutating func append(
        _ facts: AnimationTimingFacts, from: Double, to: Double, cutAt: Double?, outerTo: Double,
        toMedia: (Double) -> Double?
    ) {
        let speed = facts.speed
        let begin = facts.beginTime
        let total = facts.activeDuration
        guard speed != 0, total > 0 else { return }
        let fillsBackwards = facts.fillMode == .backwards || facts.fillMode == .both
        let fillsForwards = facts.fillMode == .forwards || facts.fillMode == .both
        if speed < 0 {
            // A reversed run from beginTime, lasting the active duration over |speed| (timing.md A3).
            let endLocal = begin + total / -speed
            span(toMedia(begin), toMedia(endLocal), .reverse, from: from, to: to)
            return
        }
        // The local time at active time a.
        func local(_ a: Double) -> Double { begin + a / speed }
        let limit = cutAt.map { min($0, local(total)) } ?? local(total)
        if fillsBackwards, let start = toMedia(begin) { span(from, start, .fillBefore, from: from, to: to) }
        let cycle = facts.cycleDuration
        let duration = facts.duration
        let offset = facts.timeOffset
        var position = offset
        var count = 0
        while position < offset + total, count < Self.maximumLegs, cycle > 0 {
            let m = (position / cycle).rounded(.down)
            let cycleStart = m * cycle
            let onReverse = facts.autoreverses && position >= cycleStart + duration - 1e-12
            let next = facts.autoreverses && !onReverse ? cycleStart + duration : cycleStart + cycle
            let legEnd = min(next, offset + total)
            let a0 = position - offset
            let a1 = legEnd - offset
            guard let m0 = toMedia(local(a0)), m0 <= outerTo else { break }
            let kind: TimelineSpan.Kind =
                onReverse ? .reverse : (a0 / cycle).rounded(.down) >= 1 && a0 > 1e-12 ? .repeated : .active
            if local(a0) < limit {
                span(m0, toMedia(min(local(a1), limit)), kind, from: from, to: to)
            }
            if let cutAt, local(a1) > cutAt {
                span(toMedia(max(local(a0), cutAt)), toMedia(local(a1)), .cutOff, from: from, to: outerTo)
            }
            // Key times, forwards on a forward leg and backwards on a reverse one.
            for keyTime in facts.keyTimes {
                let l = onReverse ? cycleStart + duration + (1 - keyTime) * duration : cycleStart + keyTime * duration
                if l >= position - 1e-12, l <= legEnd + 1e-12, local(l - offset) <= limit + 1e-12 {
                    mark(toMedia(local(l - offset)), .keyframe, from: from, to: to)
                }
            }
            if legEnd == cycleStart + cycle, legEnd < offset + total, local(legEnd - offset) < limit {
                mark(toMedia(local(legEnd - offset)), offset != 0 ? .wrap : .repeatBoundary, from: from, to: to)
            }
            position = legEnd
            count += 1
        }
        if offset != 0, total.isFinite {
            // Repeats count from the start without the offset: their boundaries are not where it wraps.
            var k = 1.0
            while k * cycle < total, Int(k) < Self.maximumLegs, local(k * cycle) < limit {
                mark(toMedia(local(k * cycle)), .repeatBoundary, from: from, to: to)
                k += 1
            }
        }
        guard total.isFinite, let end = toMedia(local(total)) else { return }
        if cutAt == nil { activeEnd = end }
        if local(total) > limit { return }
        if facts.isRemovedOnCompletion && cutAt == nil {
            mark(end, .removed, from: from, to: to)
        } else if fillsForwards {
            span(end, to, .fillAfter, from: from, to: to)
        }
    }
}
