/// An animation's timing after add-time defaulting, evaluated as a pure function of its parent time.
///
/// With d = duration, C = d·(2 if autoreverses), AD = repeatDuration if > 0, else C·repeatCount if
/// > 0 (∞ for an infinite count), else C:
/// - speed ≥ 0: a = (T − beginTime)·speed; active for a in [0, AD); the offset only shifts the
///   phase, L = a + timeOffset (so timeOffset wraps and never shortens the run).
/// - speed < 0: a = (T − beginTime)·speed + timeOffset taken literally, L = a; the animation travels
///   towards 0 and is active for a in (0, AD] (to play backwards, set timeOffset to AD).
/// Outside the active interval, backwards/both fill clamp a to 0 and forwards/both to AD.
/// Iteration k = ⌊L / C⌋, u = L − k·C, except at the very end (a = AD) on a cycle boundary, which
/// holds the end of the last cycle (k − 1, u = C). Basic time is u on the forward pass and C − u on
/// the reverse pass.
struct ResolvedTiming {
    let beginTime: Double
    let duration: Double
    let speed: Double
    let timeOffset: Double
    let autoreverses: Bool
    let fillsForwards: Bool
    let fillsBackwards: Bool
    let cycle: Double
    let activeDuration: Double

    /// The fill mode, for reporting.
    var fillMode: CAMediaTimingFillMode {
        var p = TimingParameters()
        p.fillsForwards = fillsForwards
        p.fillsBackwards = fillsBackwards
        return p.fillMode
    }

    /// Where the animation is along its direction of travel.
    enum Travel { case notStarted, running, finished }

    /// One evaluation: travel phase, whether anything is shown, and the time inside the simple duration.
    struct Sample {
        var travel: Travel
        var shown: Bool
        /// Completed repeat cycles (for `cumulative`).
        var iteration: Double
        /// Time inside the simple duration, 0…d.
        var basicTime: Double
        /// On the reverse pass of an autoreversing cycle.
        var isReversing = false
        /// The active time `a`, clamped to the active period (0 when the time is not a number).
        var activeTime = 0.0
        /// The cycle position `L` the repeat and leg are found from (0 when the time is not a number).
        var cycleTime = 0.0
    }

    /// The timing `facts` report (they are taken after add-time defaulting, so nothing is defaulted again).
    init(_ facts: AnimationTimingFacts) {
        beginTime = facts.beginTime
        duration = facts.duration
        speed = facts.speed
        timeOffset = facts.timeOffset
        autoreverses = facts.autoreverses
        fillsForwards = facts.fillMode == .forwards || facts.fillMode == .both
        fillsBackwards = facts.fillMode == .backwards || facts.fillMode == .both
        cycle = facts.cycleDuration
        activeDuration = facts.activeDuration
    }

    init(_ p: TimingParameters, defaultDuration: Double = 0.25) {
        beginTime = p.beginTime
        duration = p.duration > 0 ? p.duration : defaultDuration
        speed = p.speed.isNaN ? 0 : Double(p.speed)
        timeOffset = p.timeOffset.isFinite ? p.timeOffset : 0
        autoreverses = p.autoreverses
        fillsForwards = p.fillsForwards
        fillsBackwards = p.fillsBackwards
        cycle = duration * (p.autoreverses ? 2 : 1)
        if p.repeatDuration > 0 {
            activeDuration = p.repeatDuration
        } else if p.repeatCount > 0 {
            activeDuration = p.repeatCount >= Float.greatestFiniteMagnitude ? .infinity : cycle * Double(p.repeatCount)
        } else {
            activeDuration = cycle
        }
    }

    /// The animation at parent time `t`.
    func sample(_ t: Double) -> Sample {
        var a: Double
        let travel: Travel
        var shown = true
        if speed >= 0 {
            a = speed == 0 ? 0 : (t - beginTime) * speed
            if a.isNaN {
                return Sample(travel: .notStarted, shown: false, iteration: 0, basicTime: 0)
            }
            if a < 0 {
                travel = .notStarted
                shown = fillsBackwards
                a = 0
            } else if a >= activeDuration {
                travel = .finished
                shown = fillsForwards
                a = activeDuration
            } else {
                travel = .running
            }
            if shown { return locate(a: a, local: a + timeOffset, travel: travel) }
        } else {
            a = (t - beginTime) * speed + timeOffset
            if a.isNaN {
                return Sample(travel: .notStarted, shown: false, iteration: 0, basicTime: 0)
            }
            if a > activeDuration {
                travel = .notStarted
                shown = fillsForwards
                a = activeDuration
            } else if a <= 0 {
                travel = .finished
                shown = fillsBackwards
                a = 0
            } else {
                travel = .running
            }
            if shown { return locate(a: a, local: a, travel: travel) }
        }
        return Sample(
            travel: travel, shown: false, iteration: 0, basicTime: 0, activeTime: a,
            cycleTime: speed >= 0 ? a + timeOffset : a)
    }

    private func locate(a: Double, local: Double, travel: Travel) -> Sample {
        guard local.isFinite, cycle > 0, cycle.isFinite else {
            let b = local.isFinite ? min(max(local, 0), duration) : 0
            return Sample(travel: travel, shown: true, iteration: 0, basicTime: b, activeTime: a, cycleTime: local)
        }
        var k = (local / cycle).rounded(.down)
        var u = local - k * cycle
        if u < 0 {
            u += cycle
            k -= 1
        } else if u >= cycle {
            u -= cycle
            k += 1
        }
        if a == activeDuration, local > 0, u <= cycle * 1e-12 || cycle - u <= cycle * 1e-12 {
            // The end of the active period on a cycle boundary holds the end of the last cycle.
            k = (local / cycle).rounded() - 1
            u = cycle
        }
        let reversing = u > duration
        return Sample(
            travel: travel, shown: true, iteration: k, basicTime: reversing ? cycle - u : u, isReversing: reversing,
            activeTime: a, cycleTime: local)
    }

    /// The fraction of the simple duration a shown sample is at, 0…1: the timing function's input.
    func fraction(of s: Sample) -> Double {
        let linear = duration > 0 && duration.isFinite ? s.basicTime / duration : 0
        return min(max(linear, 0), 1)
    }

    /// The eased progress of a shown sample: its `fraction` through `curve` (as is when nil, linear).
    @inline(__always) func progress(of s: Sample, curve: UnitBezier?) -> Double {
        let f = fraction(of: s)
        return curve?.solve(f) ?? f
    }

    /// Parent time at which the active period begins, in the direction of travel (nil if never).
    var startTime: Double? {
        if speed > 0 { return beginTime }
        if speed == 0 { return nil }
        return activeDuration.isFinite ? beginTime + (activeDuration - timeOffset) / speed : nil
    }

    /// Parent time at which the active period ends (nil if never).
    var endTime: Double? {
        if speed > 0 { return activeDuration.isFinite ? beginTime + activeDuration / speed : nil }
        if speed == 0 { return nil }
        return beginTime - timeOffset / speed
    }
}
