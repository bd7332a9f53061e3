import CPixelOps

/// Float-to-integer conversion toward zero for the rasterizer's per-cell loops, without the traps of
/// `Int32(_:)` and `Int(_:)`: the same result for every value in range, a clamped one outside it (NaN
/// gives 0). Used only on values in range by construction (coverages and columns clipped to the row),
/// where the clamp compiles to two compares and moves, no branch (see `pixel_ops.h`).
enum Truncate {
    /// `Int32(x)` for `x` in `0 ..< 256` (a coverage fraction × 255 + 0.5), clamped to 0 … 255.
    @inline(__always)
    static func byte(_ x: Float) -> Int32 { ls_truncate_byte(x) }

    @inline(__always)
    static func int32(_ x: Float) -> Int32 { ls_truncate_int32(x) }

    /// `Int` is 64 bits on every platform the package builds for.
    @inline(__always)
    static func int(_ x: Double) -> Int { Int(ls_truncate_int64(x)) }
}
