import Foundation
import Raster

/// The part of a context that `saveGState()` saves and `restoreGState()` puts back (the current path is
/// not part of it, as in Core Graphics). Defaults are Core Graphics' documented ones: line width 1, butt
/// caps, miter joins, miter limit 10, no dash, black fill and stroke, alpha 1, normal blending, no shadow,
/// no clip, anti-aliasing on.
struct GraphicsState {
    /// User space → Core Graphics' device space (pixels, origin at the bottom left, y up).
    var ctm: CGAffineTransform
    /// The clip in raster pixels (nil: the whole bitmap).
    var clip: ClipMask?
    var fillColor = CGColor.black
    var strokeColor = CGColor.black
    var lineWidth: CGFloat = 1
    var lineCap = CGLineCap.butt
    var lineJoin = CGLineJoin.miter
    var miterLimit: CGFloat = 10
    var dashLengths: [CGFloat] = []
    var dashPhase: CGFloat = 0
    /// Multiplies everything drawn (`setAlpha`).
    var alpha: CGFloat = 1
    var blendMode = CGBlendMode.normal
    var shadow: Shadow?
    /// Apple documents no default for a context (UIBezierPath's is 0.6); curves are flattened within
    /// `min(flatness, defaultFlatteningTolerance)` device pixels.
    var flatness: CGFloat = 1
    var shouldAntialias = true
    var allowsAntialiasing = true
    var interpolationQuality = CGInterpolationQuality.default

    /// A shadow as `setShadow(offset:blur:color:)` gives it: offset and blur in the context's base space.
    struct Shadow {
        var offset: CGSize
        var blur: CGFloat
        var color: CGColor
    }

    /// The stroke style in Raster's terms.
    var strokeStyle: StrokeStyle {
        // A dash pattern whose lengths are all zero (or negative) draws a solid line, as Core Graphics does.
        let dashes = dashLengths.contains { $0 > 0 } ? dashLengths.map { max(0, $0) } : []
        return StrokeStyle(
            lineWidth: lineWidth, lineCap: lineCap.raster, lineJoin: lineJoin.raster, miterLimit: miterLimit,
            dashPattern: dashes, dashPhase: dashPhase)
    }

    /// True when shapes are drawn with anti-aliased edges.
    var antialiases: Bool { shouldAntialias && allowsAntialiasing }
}

/// A clip in raster pixels: coverage 0…255 inside `bounds` (0 outside), made by intersecting clip paths.
/// Immutable, so saved states share it.
final class ClipMask {
    let bounds: PixelRect
    /// `bounds.width × bounds.height` coverage bytes, row by row.
    let coverage: [UInt8]

    init(bounds: PixelRect, coverage: [UInt8]) {
        self.bounds = bounds
        self.coverage = coverage
    }

    /// The clip's coverage at raster pixel (x, y).
    @inline(__always) func value(x: Int, y: Int) -> UInt8 {
        guard x >= bounds.minX, x < bounds.maxX, y >= bounds.minY, y < bounds.maxY else { return 0 }
        return coverage[(y - bounds.minY) * bounds.width + (x - bounds.minX)]
    }

    /// This clip (nil: everything) intersected with `mask`'s coverage, limited to `canvas`.
    static func intersect(_ clip: ClipMask?, with mask: Mask, canvas: PixelRect) -> ClipMask {
        let bounds = mask.bounds.intersection(clip?.bounds ?? canvas).intersection(canvas)
        guard !bounds.isEmpty else { return ClipMask(bounds: PixelRect(x: 0, y: 0, width: 0, height: 0), coverage: []) }
        var coverage = [UInt8](repeating: 0, count: bounds.area)
        for y in bounds.rows {
            let bytes = mask.coverageBytes(inRow: y)
            let rowStart = (y - bounds.minY) * bounds.width - bounds.minX
            for span in mask.spans(inRow: y) {
                let x0 = max(Int(span.x), bounds.minX)
                let x1 = min(Int(span.end), bounds.maxX)
                guard x1 > x0 else { continue }
                for x in x0..<x1 {
                    let m = span.coverage == CoverageSpan.varying ? UInt32(bytes[x]) : UInt32(span.coverage)
                    let c = clip.map { UInt32($0.value(x: x, y: y)) } ?? 255
                    coverage[rowStart + x] = UInt8(PixelMath.mul255(m, c))
                }
            }
        }
        return ClipMask(bounds: bounds, coverage: coverage)
    }
}
