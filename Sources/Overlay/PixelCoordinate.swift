import Geometry

/// The overlay's positions made whole pixels, and its tick loops: a loop stepping through an infinite
/// or NaN range never ends, so every tick loop in the overlay goes through here.
enum PixelCoordinate {
    /// `PixelGrid.whole`, under the name the overlay's panels use.
    static func whole(_ value: Double, _ rule: FloatingPointRoundingRule = .towardZero) -> Int {
        PixelGrid.whole(value, rule)
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
