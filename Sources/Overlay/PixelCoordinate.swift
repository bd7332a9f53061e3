/// Positions computed in floating point, made whole pixels that are safe to use. `Int(x)` traps on NaN,
/// on infinities and beyond Int's range, and a loop stepping through an infinite or NaN range never ends,
/// so every Double→Int conversion of a coordinate and every tick loop in the overlay goes through here.
enum PixelCoordinate {
    /// The farthest from the origin a converted coordinate goes: far outside any bitmap, and small enough
    /// that sums of a few of them cannot overflow.
    static let limit = 1.0e9

    /// `value` rounded by `rule` and clamped to ±`limit`; 0 for NaN.
    static func whole(_ value: Double, _ rule: FloatingPointRoundingRule = .towardZero) -> Int {
        guard !value.isNaN else { return 0 }
        return Int(min(max(value.rounded(rule), -limit), limit))
    }

    /// Values `step` apart from the first multiple of `grid` (by default `step`) at or above `low` up to
    /// `high` (plus `tolerance`), at most `maximumCount` of them, accumulated as the plots always stepped;
    /// none when the range or the step is not finite.
    static func ticks(
        from low: Double, through high: Double, step: Double, grid: Double? = nil, tolerance: Double = 1e-9,
        maximumCount: Int = 256
    ) -> [Double] {
        let grid = grid ?? step
        guard low.isFinite, high.isFinite, step.isFinite, step > 0, grid.isFinite, grid > 0 else { return [] }
        var ticks: [Double] = []
        var value = (low / grid).rounded(.up) * grid
        while value <= high + tolerance && ticks.count < maximumCount {
            ticks.append(value)
            value += step
        }
        return ticks
    }
}
