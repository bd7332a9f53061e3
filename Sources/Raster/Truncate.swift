/// Float-to-integer conversion toward zero for the rasterizer's per-cell loops, without the traps of
/// `Int32(_:)` and `Int(_:)`: LLVM's saturating conversions give the same result for every value in range
/// and a clamped one (NaN gives 0) outside it. Used only on values in range by construction (coverages
/// and columns clipped to the row), where they cost four to six instructions and no branch against nine
/// and three branches.
enum Truncate {
    /// `Int32(x)` for `x` in `0 ..< 256` (a coverage fraction × 255 + 0.5), clamped to 0 … 255.
    @inline(__always)
    static func byte(_ x: Float) -> Int32 { Int32(llvmFloatToUInt8(x)) }

    @inline(__always)
    static func int32(_ x: Float) -> Int32 { llvmFloatToInt32(x) }

    @inline(__always)
    static func int(_ x: Double) -> Int { llvmDoubleToInt(x) }
}

@_silgen_name("llvm.fptoui.sat.i8.f32")
private func llvmFloatToUInt8(_ x: Float) -> UInt8

@_silgen_name("llvm.fptosi.sat.i32.f32")
private func llvmFloatToInt32(_ x: Float) -> Int32

/// `Int` is 64 bits on every platform the package builds for.
@_silgen_name("llvm.fptosi.sat.i64.f64")
private func llvmDoubleToInt(_ x: Double) -> Int
