import LayerKit

/// A value sampled over time, with the animation phase at each sample: what the value plot draws.
/// Values are stored flat, `componentCount` numbers per time (NaN where there is no number).
public struct CurvePlotSeries: Sendable {
    /// Sample times, increasing (seconds, in whatever time the caller plots: layer-local or media).
    public var times: [Double]
    public var componentCount: Int
    /// `times.count × componentCount` numbers.
    public var values: [Double]
    /// The animation's phase at each time (nil where no animation is known).
    public var phases: [AnimationPhase?]
    /// Names of the components for the legend (`x`, `y`, …); empty for a single number.
    public var componentNames: [String]

    public init(
        times: [Double], componentCount: Int, values: [Double], phases: [AnimationPhase?], componentNames: [String] = []
    ) {
        self.times = times
        self.componentCount = componentCount
        self.values = values
        self.phases = phases
        self.componentNames = componentNames
    }

    /// Component `c` at sample `i`.
    public func value(_ i: Int, component c: Int) -> Double { values[i * componentCount + c] }

    /// Whether the animation's value (not the model's) shows at sample `i`.
    public func isAnimated(_ i: Int) -> Bool {
        switch phases[i] {
        case .active, .filledBefore, .filledAfter: return true
        default: return false
        }
    }

    /// The components worth plotting: those that change (at most four), else the first.
    public var plottedComponents: [Int] {
        guard componentCount > 0, !times.isEmpty else { return [] }
        var changing: [Int] = []
        for c in 0..<componentCount where changing.count < 4 {
            var low = Double.infinity
            var high = -Double.infinity
            for i in times.indices {
                let v = value(i, component: c)
                if v.isFinite {
                    low = min(low, v)
                    high = max(high, v)
                }
            }
            if high - low > 1e-12 * max(1, abs(high)) { changing.append(c) }
        }
        return changing.isEmpty ? [0] : changing
    }

    /// Legend names for `count` components: none for one, `x y`, `x y z`, `c0 … c3`, a transform's
    /// `m11 … m44`, or a list's indices `[0] [1] …` (a gradient's `locations`; `colors` four per colour).
    public static func componentNames(count: Int) -> [String] {
        switch count {
        case 0, 1: return []
        case 2: return ["x", "y"]
        case 3: return ["x", "y", "z"]
        case 4: return ["c0", "c1", "c2", "c3"]
        case 16: return (0..<count).map { "m\($0 / 4 + 1)\($0 % 4 + 1)" }
        default: return (0..<count).map { "[\($0)]" }
        }
    }
}
