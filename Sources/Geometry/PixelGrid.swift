/// The one conversion from geometry (points and device pixels as `Double`/`CGFloat`) to whole pixels.
///
/// `Int(x)` traps on NaN, on infinities and beyond `Int`'s range, and values far outside the canvas are
/// not worth keeping: the canvas is at most 2¹⁴ pixels a side and the widest margin drawing adds (a blur's
/// reach, a stroke's width) is bounded by `RenderBudget`, so whatever lies beyond ±`reach` is as far off
/// the canvas as ±`reach` itself. Converted values are clamped there: sums and products of two of them
/// stay within `Int` and `Int32`, and each is exact in `Float`.
public enum PixelGrid {
    /// The farthest from the origin a converted value goes: 2²⁴ pixels.
    public static let reach = 16_777_216

    /// `value` rounded by `rule` (toward zero unless given) and clamped to ±`reach`; 0 for NaN.
    @inlinable @inline(__always)
    public static func whole(_ value: Double, _ rule: FloatingPointRoundingRule = .towardZero) -> Int {
        guard value == value else { return 0 }
        let limit = Double(reach)
        return Int(Swift.min(Swift.max(value.rounded(rule), -limit), limit))
    }

    /// ⌊value⌋, clamped as `whole`, without a call (it runs for every item of every frame): the
    /// clamped value truncated, then stepped down when truncation went up.
    @inlinable @inline(__always)
    public static func floor(_ value: Double) -> Int {
        guard value == value else { return 0 }
        let clamped = Swift.min(Swift.max(value, -Double(reach)), Double(reach))
        let truncated = Int(clamped)
        return Double(truncated) > clamped ? truncated - 1 : truncated
    }

    /// ⌈value⌉, clamped as `whole`, without a call (as `floor`).
    @inlinable @inline(__always)
    public static func ceiling(_ value: Double) -> Int {
        guard value == value else { return 0 }
        let clamped = Swift.min(Swift.max(value, -Double(reach)), Double(reach))
        let truncated = Int(clamped)
        return Double(truncated) < clamped ? truncated + 1 : truncated
    }

    /// `value` rounded to the nearest whole pixel (halves away from zero), clamped as `whole`.
    @inlinable @inline(__always)
    public static func nearest(_ value: Double) -> Int { whole(value, .toNearestOrAwayFromZero) }
}
