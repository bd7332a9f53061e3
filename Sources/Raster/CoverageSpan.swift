/// A run of pixels of one row of a `Mask`: columns `x ..< x + length` (device pixels), either all of
/// one coverage (`coverage` in 1…255, 255 meaning fully covered) or of varying coverage
/// (`coverage == CoverageSpan.varying`), whose per-pixel values are in the mask's coverage bytes.
/// Pixels of a row that no span holds are not covered at all.
public struct CoverageSpan: Equatable, Sendable {
    public var x: Int32
    public var length: Int32
    public var coverage: Int32

    /// The `coverage` of a span whose values vary pixel by pixel.
    public static let varying: Int32 = -1

    public init(x: Int32, length: Int32, coverage: Int32) {
        self.x = x
        self.length = length
        self.coverage = coverage
    }

    /// One past the last column.
    @inlinable public var end: Int32 { x &+ length }
}
