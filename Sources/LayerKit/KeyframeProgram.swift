/// A keyframe animation compiled at add time: typed values (or a path sampler), the key times in
/// effect for the calculation mode, and per-segment timing functions.
///
/// - linear / cubic: n values at n key times (default evenly spaced, i/(n−1)); each segment eased by
///   its timing function; cubic runs a Catmull-Rom spline through the values (end values repeated).
/// - discrete: value i is held from key time i (default i/n) until the next; the last from its key
///   time to the end.
/// - paced / cubicPaced: constant speed, `keyTimes` and `timingFunctions` ignored. Paced: key times
///   proportional to the distance between successive values (arc length along a path), linear
///   within. cubicPaced: progress is the fraction of the Catmull-Rom spline's arc length
///   (`PacedSpline`); transforms, which the spline does not bend, are paced linearly.
/// - path: for a point property, the position along the path (move-tos excluded; each segment an equal
///   share of time unless paced); `rotationMode` turns the layer to the tangent (`autoReverse` + π).
final class KeyframeProgram {
    let key: AnimatableKey
    let values: [AnimatableValue]
    let keyTimes: [Double]
    /// Each segment's compiled timing function (nil when linear); replaced by `CALayer.setTimingFunction`.
    var functions: [UnitBezier?]
    let mode: CAAnimationCalculationMode
    /// The calculation mode as flags, so a frame compares no strings.
    private let discrete: Bool
    private let paced: Bool
    private let cubic: Bool
    /// The values as plain numbers when they all are (the common case), for a path with no enum copies.
    private let numbers: [Double]?
    let path: PathSampler?
    /// For cubicPaced values: the spline measured by arc length, which places progress on the curve.
    private let spline: PacedSpline?
    let rotation: Double?
    let additive: Bool
    let cumulative: Bool

    init(_ a: CAKeyframeAnimation, key: AnimatableKey) {
        self.key = key
        mode = a.calculationMode
        discrete = mode == .discrete
        paced = mode == .paced || mode == .cubicPaced
        cubic = mode == .cubic || mode == .cubicPaced
        additive = a.isAdditive
        cumulative = a.isCumulative
        functions = (a.timingFunctions ?? []).map(AnimationProgram.compiled)
        switch a.rotationMode {
        case .rotateAuto?: rotation = 0
        case .rotateAutoReverse?: rotation = Double.pi
        default: rotation = nil
        }
        let given = (a.keyTimes ?? []).map { $0.doubleValue }
        if let cgPath = a.path {
            let sampler = PathSampler(cgPath)
            path = sampler
            values = []
            numbers = nil
            spline = nil
            let count = sampler.segments.count
            if paced {
                keyTimes = sampler.cumulativeFractions
            } else if given.count == count + 1 {
                keyTimes = given
            } else {
                keyTimes = (0...count).map { count == 0 ? 0 : Double($0) / Double(count) }
            }
            return
        }
        path = nil
        values = (a.values ?? []).map { AnimatableValue($0) }
        let plain = values.compactMap { value -> Double? in
            if case .number(let v) = value { return v }
            return nil
        }
        numbers = plain.count == values.count && !plain.isEmpty ? plain : nil
        let n = values.count
        let points = values.compactMap(\.components)
        let splined = mode == .cubicPaced && points.count == n && !values.contains { $0.isTransform }
        spline = splined ? PacedSpline(points: points) : nil
        if let spline {
            keyTimes = spline.fractions
        } else if paced, n > 1 {
            var lengths = [0.0]
            for i in 1..<n { lengths.append(lengths[i - 1] + values[i - 1].distance(to: values[i])) }
            let total = lengths[n - 1]
            keyTimes = lengths.map { total > 0 ? $0 / total : 0 }
        } else if discrete {
            keyTimes = given.count >= n && n > 0 ? given : (0..<max(n, 1)).map { Double($0) / Double(max(n, 1)) }
        } else if given.count == n {
            keyTimes = given
        } else {
            keyTimes = (0..<n).map { n > 1 ? Double($0) / Double(n - 1) : 0 }
        }
    }

    /// How many segments `timingFunctions` paces (none for paced and discrete modes, which ignore it).
    var segmentCount: Int { paced || discrete ? 0 : max(0, keyTimes.count - 1) }

    /// The segment holding progress `p` and the fraction of it (before its timing function), when
    /// segments are paced by `timingFunctions`.
    func segmentPlace(_ p: Double) -> (index: Int, fraction: Double)? {
        guard segmentCount > 0, spline == nil else { return nil }
        let i = segment(for: p, upper: segmentCount - 1)
        let span = keyTimes[i + 1] - keyTimes[i]
        return (i, span > 0 ? min(max((p - keyTimes[i]) / span, 0), 1) : 1)
    }

    /// Index of the segment holding `p` (last key time ≤ p), clamped to `0...upper`.
    private func segment(for p: Double, upper: Int) -> Int {
        var lo = 0
        var hi = upper
        // Binary search for the last i with keyTimes[i] ≤ p.
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if keyTimes[mid] <= p { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The segment holding `p` (up to `upper`) and the curve parameter within it: by arc length on the
    /// paced spline, else by key time, eased by the segment's timing function.
    private func place(_ p: Double, upper: Int) -> (Int, Double) {
        if let spline { return spline.place(p) }
        let i = segment(for: p, upper: upper)
        return (i, local(p, i))
    }

    /// The fraction within segment i, eased by that segment's timing function.
    private func local(_ p: Double, _ i: Int) -> Double {
        let start = keyTimes[i]
        let end = keyTimes[min(i + 1, keyTimes.count - 1)]
        let span = end - start
        var f = span > 0 ? (p - start) / span : 1
        f = min(max(f, 0), 1)
        if !paced, i < functions.count, let function = functions[i] { f = function.solve(f) }
        return f
    }

    func apply(progress p: Double, iteration: Double, to target: CALayer, model: CALayer) {
        if let path {
            applyPath(path, progress: p, iteration: iteration, to: target)
            return
        }
        if let numbers, !additive {
            var value = number(at: p, numbers)
            if cumulative, iteration > 0 { value += numbers[numbers.count - 1] * iteration }
            target.setAnimatableValue(.number(value), for: key)
            return
        }
        let n = values.count
        guard n > 0 else { return }
        var value: AnimatableValue
        if n == 1 {
            value = values[0]
        } else if discrete {
            value = values[min(segment(for: p, upper: min(keyTimes.count, n) - 1), n - 1)]
            if p >= 1 { value = values[n - 1] }
        } else if p <= keyTimes[0] {
            value = values[0]
        } else if p >= keyTimes[n - 1] {
            value = values[n - 1]
        } else {
            let (i, f) = place(p, upper: n - 2)
            if cubic {
                value = catmullRom(i, f)
            } else {
                value = values[i].interpolated(to: values[i + 1], f)
            }
        }
        if cumulative, iteration > 0 { value = value.adding(values[n - 1].scaled(by: iteration)) }
        writeAnimated(value, key: key, additive: additive, to: target)
    }

    /// The number plain-number keyframes (not additive) drive at progress `p` in repeat `iteration`, as
    /// `apply` writes it (an angle unwrapped); nil for other values.
    func drivenNumber(progress p: Double, iteration: Double) -> Double? {
        guard path == nil, let numbers, !additive else { return nil }
        let value = number(at: p, numbers)
        return cumulative && iteration > 0 ? value + numbers[numbers.count - 1] * iteration : value
    }

    /// The value at progress `p` for plain-number keyframes (same rules as the general path).
    private func number(at p: Double, _ v: [Double]) -> Double {
        let n = v.count
        if n == 1 { return v[0] }
        if discrete {
            return p >= 1 ? v[n - 1] : v[min(segment(for: p, upper: min(keyTimes.count, n) - 1), n - 1)]
        }
        if p <= keyTimes[0] { return v[0] }
        if p >= keyTimes[n - 1] { return v[n - 1] }
        let (i, t) = place(p, upper: n - 2)
        guard cubic else { return v[i] + (v[i + 1] - v[i]) * t }
        let (p0, p1, p2, p3) = (v[max(i - 1, 0)], v[i], v[i + 1], v[min(i + 2, n - 1)])
        let (w0, w1, w2, w3) = Self.catmullRomWeights(t)
        return p1 * w1 + p0 * w0 + p2 * w2 + p3 * w3
    }

    /// The weights of the four values around an interval at `t` (0…1) on the uniform Catmull-Rom
    /// spline (tension 0.5), the curve of `calculationMode` `.cubic`.
    private static func catmullRomWeights(_ t: Double) -> (Double, Double, Double, Double) {
        let t2 = t * t
        let t3 = t2 * t
        return (
            0.5 * (-t + 2 * t2 - t3), 0.5 * (2 - 5 * t2 + 3 * t3), 0.5 * (t + 4 * t2 - 3 * t3), 0.5 * (-t2 + t3)
        )
    }

    /// Catmull-Rom between values i and i+1 (neighbours repeated at the ends); kinds that cannot be
    /// combined linearly (transforms, paths) fall back to linear interpolation.
    private func catmullRom(_ i: Int, _ t: Double) -> AnimatableValue {
        let p0 = values[max(i - 1, 0)]
        let p1 = values[i]
        let p2 = values[i + 1]
        let p3 = values[min(i + 2, values.count - 1)]
        switch p1 {
        case .transform, .path, .opaque: return p1.interpolated(to: p2, t)
        default: break
        }
        let (w0, w1, w2, w3) = Self.catmullRomWeights(t)
        return p1.scaled(by: w1).adding(p0.scaled(by: w0)).adding(p2.scaled(by: w2)).adding(p3.scaled(by: w3))
    }

    private func applyPath(_ sampler: PathSampler, progress p: Double, iteration: Double, to target: CALayer) {
        let count = sampler.segments.count
        guard count > 0 else { return }
        let (point, tangent): (CGPoint, CGPoint)
        if discrete {
            let i = min(segment(for: p, upper: count), count)
            let position = i == 0 ? sampler.segments[0].start : sampler.segments[i - 1].end
            point = position
            tangent = sampler.segments[min(max(i - 1, 0), count - 1)].tangent(at: i == 0 ? 0 : 1)
        } else if paced {
            (point, tangent) = sampler.pointAtLength(fraction: p)
        } else {
            let i = segment(for: p, upper: count - 1)
            let f = local(p, i)
            point = sampler.segments[i].point(at: f)
            tangent = sampler.segments[i].tangent(at: f)
        }
        var value = AnimatableValue.point(point)
        if cumulative, iteration > 0, let last = sampler.segments.last {
            value = value.adding(AnimatableValue.point(last.end).scaled(by: iteration))
        }
        writeAnimated(value, key: key, additive: additive, to: target)
        if let rotation, tangent.x != 0 || tangent.y != 0 {
            var transform = target.state.transform
            _ = TransformPart.rotationZ.write(.number(atan2(tangent.y, tangent.x) + rotation), &transform)
            target.state.transform = transform
        }
    }
}
