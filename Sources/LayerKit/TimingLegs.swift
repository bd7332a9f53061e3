/// One stretch of an animation's timing, in its parent's time (the layer's local time, or the group's
/// time for a group's child), over which one rule holds: a fill, or one pass of a cycle.
public struct TimingLeg: Equatable, Sendable {
    /// What the animation does over the stretch.
    public enum Kind: Equatable, Sendable {
        /// Before the active period, a fill holding the value it starts from.
        case fillBefore
        /// The first cycle, moving from the start value towards the end value.
        case active
        /// A later cycle (counted in the order it plays, without `timeOffset`), moving the same way.
        case repeated
        /// Moving back towards the start value: an autoreversing cycle's second pass, or a cycle played
        /// at a negative speed.
        case reverse
        /// After the active period, a fill holding the value it ended at.
        case fillAfter
    }

    /// Where the leg begins, in parent time.
    public var start: Double
    /// Where it ends, in parent time (after `start`).
    public var end: Double
    /// What the animation does over it.
    public var kind: Kind
    /// The time inside the simple duration (0…duration) at `start` and at `end`: what a group's
    /// children see as their parent time over the leg. Equal for fills.
    public var basicTimeAtStart: Double
    /// The time inside the simple duration at `end`.
    public var basicTimeAtEnd: Double
}

/// An instant on an animation's timing, in its parent's time. Alike `TimingLeg` on purpose: a boundary is an
/// instant where a leg is a stretch, each with its own kinds.
public struct TimingBoundary: Equatable, Sendable {
    /// What happens at the instant.
    public enum Kind: Equatable, Sendable {
        /// A later cycle begins (counted in the order it plays, without `timeOffset`).
        case repeatBoundary
        /// `timeOffset` carries the cycle position across a cycle boundary: the value wraps back to the
        /// start, but no repeat begins.
        case wrap
        /// A keyframe animation passes one of its key times.
        case keyframe
        /// The active period ends (where `isRemovedOnCompletion` takes the animation off its layer).
        case end
    }

    /// When, in parent time.
    public var time: Double
    /// What happens then.
    public var kind: Kind
}

/// The legs and boundaries of an animation between two parent times: the inspector's timeline rows.
/// They come from the same `ResolvedTiming` the engine samples, so a row never disagrees with a frame.
public struct TimingLegs: Equatable, Sendable {
    /// The legs, in time order.
    public var legs: [TimingLeg] = []
    /// The repeats, wraps, key times and end inside the window, in time order.
    public var boundaries: [TimingBoundary] = []
    /// The parent time at which the active period ends, in the direction of travel (nil when it never
    /// does).
    public var activeEnd: Double?

    /// No legs: an animation that never runs in the window.
    public init() {}
}

extension AnimationTimingFacts {
    /// The legs and boundaries of this animation between parent times `from` and `to`, at most
    /// `maximumLegs` cycle passes (endless repeats, tiny durations).
    public func legs(from: Double, to: Double, maximumLegs: Int = 240) -> TimingLegs {
        ResolvedTiming(self).legs(from: from, to: to, keyTimes: keyTimes, maximumLegs: maximumLegs)
    }
}

extension ResolvedTiming {
    /// The active time at parent time `t` (the `a` of the type's rules, unclamped).
    func activeTime(atParentTime t: Double) -> Double {
        speed > 0 ? (t - beginTime) * speed : (t - beginTime) * speed + timeOffset
    }

    /// The parent time at active time `a` (the inverse of `activeTime(atParentTime:)`; speed ≠ 0).
    func parentTime(atActiveTime a: Double) -> Double {
        speed > 0 ? beginTime + a / speed : beginTime + (a - timeOffset) / speed
    }

    /// The cycle position `L` at active time `a`.
    private func cyclePosition(_ a: Double) -> Double { speed > 0 ? a + timeOffset : a }

    /// See `AnimationTimingFacts.legs(from:to:maximumLegs:)`; `keyTimes` are a keyframe animation's.
    func legs(from t0: Double, to t1: Double, keyTimes: [Double], maximumLegs: Int) -> TimingLegs {
        var result = TimingLegs()
        result.activeEnd = endTime
        guard speed != 0, t1 > t0, activeDuration > 0, duration > 0 else { return result }
        if let start = startTime, start > t0, case let before = sample(start - 1), before.shown {
            appendLeg(&result, t0, min(start, t1), .fillBefore, before.basicTime, before.basicTime)
        }
        let ends = [activeTime(atParentTime: t0), activeTime(atParentTime: t1)]
        let aLow = max(0, ends.min()!)
        let aHigh = min(activeDuration, ends.max()!)
        if aLow < aHigh {
            appendCycles(&result, aLow, aHigh, keyTimes: keyTimes, maximumLegs: maximumLegs)
        }
        if let end = endTime, end < t1, case let after = sample(end + 1), after.shown {
            appendLeg(&result, max(end, t0), t1, .fillAfter, after.basicTime, after.basicTime)
        }
        if let end = endTime, end >= t0, end <= t1 { result.boundaries.append(TimingBoundary(time: end, kind: .end)) }
        result.legs.sort { $0.start < $1.start }
        result.boundaries.sort { $0.time < $1.time }
        // A key time at a cycle's end is the next cycle's start: one mark.
        var kept: [TimingBoundary] = []
        for boundary in result.boundaries {
            let close = kept.reversed().prefix { boundary.time - $0.time <= 1e-9 * max(1, abs(boundary.time)) }
            if !close.contains(where: { $0.kind == boundary.kind }) { kept.append(boundary) }
        }
        result.boundaries = kept
        return result
    }

    /// The passes between active times `aLow` and `aHigh`, cut where the cycle position crosses a
    /// cycle boundary or an autoreversing turn, and their boundaries.
    private func appendCycles(
        _ result: inout TimingLegs, _ aLow: Double, _ aHigh: Double, keyTimes: [Double], maximumLegs: Int
    ) {
        let shift = cyclePosition(0)
        var cuts = [aLow]
        var boundaries: [TimingBoundary] = []
        if cycle > 0, cycle.isFinite {
            let wraps = speed > 0 && (shift / cycle).rounded(.down) * cycle != shift
            var k = ((aLow + shift) / cycle).rounded(.down)
            var count = 0
            while count <= maximumLegs {
                let cycleStart = k * cycle - shift
                if cycleStart > aHigh { break }
                var turns = [cycleStart]
                if autoreverses { turns.append(cycleStart + duration) }
                for a in turns where a > aLow && a < aHigh {
                    cuts.append(a)
                }
                if cycleStart > aLow, cycleStart < aHigh {
                    boundaries.append(
                        TimingBoundary(
                            time: parentTime(atActiveTime: cycleStart), kind: wraps ? .wrap : .repeatBoundary))
                }
                for keyTime in keyTimes {
                    var positions = [k * cycle + keyTime * duration]
                    if autoreverses { positions.append(k * cycle + duration + (1 - keyTime) * duration) }
                    for position in positions {
                        let a = position - shift
                        if a >= aLow - 1e-12, a <= aHigh + 1e-12 {
                            boundaries.append(TimingBoundary(time: parentTime(atActiveTime: a), kind: .keyframe))
                        }
                    }
                }
                k += 1
                count += 1
            }
            if wraps {
                // Repeats count from the start without the offset: their boundaries are not the wraps.
                var j = max(1, (aLow / cycle).rounded(.up))
                while j * cycle < aHigh, j * cycle < activeDuration, Int(j) <= maximumLegs {
                    if j * cycle > aLow {
                        cuts.append(j * cycle)
                        boundaries.append(
                            TimingBoundary(time: parentTime(atActiveTime: j * cycle), kind: .repeatBoundary))
                    }
                    j += 1
                }
            }
        }
        cuts.append(aHigh)
        cuts.sort()
        for (a0, a1) in zip(cuts, cuts.dropFirst()) where a1 > a0 {
            let middle = sample(parentTime(atActiveTime: (a0 + a1) / 2))
            let backwards = middle.isReversing != (speed < 0)
            let playedRepeats = speed > 0 ? (a0 + a1) / 2 / cycle : (activeDuration - (a0 + a1) / 2) / cycle
            let kind: TimingLeg.Kind =
                backwards ? .reverse : playedRepeats.isFinite && playedRepeats >= 1 ? .repeated : .active
            let cycleStart = middle.iteration * cycle
            func basic(_ a: Double) -> Double {
                let u = cyclePosition(a) - cycleStart
                return min(max(middle.isReversing ? cycle - u : u, 0), duration)
            }
            let t0 = parentTime(atActiveTime: a0)
            let t1 = parentTime(atActiveTime: a1)
            if t0 <= t1 {
                appendLeg(&result, t0, t1, kind, basic(a0), basic(a1))
            } else {
                appendLeg(&result, t1, t0, kind, basic(a1), basic(a0))
            }
        }
        result.boundaries += boundaries
    }

    private func appendLeg(
        _ result: inout TimingLegs, _ start: Double, _ end: Double, _ kind: TimingLeg.Kind, _ b0: Double, _ b1: Double
    ) {
        guard end > start else { return }
        result.legs.append(TimingLeg(start: start, end: end, kind: kind, basicTimeAtStart: b0, basicTimeAtEnd: b1))
    }
}
