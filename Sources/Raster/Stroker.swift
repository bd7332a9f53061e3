import Geometry

/// Turns a path into the outline of its stroke: closed contours to be filled with the non-zero rule.
///
/// The path is trimmed (`strokeStart`/`strokeEnd`) and dashed on its curves first, then stroked in its own
/// space and mapped by the transform, so a non-uniform scale widens the pen as Core Animation's does.
/// Curves are offset along their true normals, sampled so that the outer offset stays within the
/// tolerance of the true offset curve; corners get the style's join, curve-internal corners (cusps) a round
/// one, open ends the style's cap. Every contour runs the same way round, so overlaps add up and the
/// non-zero fill is the union. An arc of radius ρ stroked with width 2ρ (seed 000) needs no special case:
/// its inner side lands on the centre and the outline is a pie wedge (for UIKit's four-cubic circle the
/// inner side wanders within 1.3e-3·ρ of the centre, as far as the cubics' normals are off the radius,
/// and is kept as one point per cubic).
/// Where an inner side runs backwards (a stroke locally wider than its curve's diameter), the bow tie
/// between two stations is repaired with a doubled triangle, so the fill stays the union.
///
/// The stroker keeps its scratch buffers between calls: stroking every frame into the same caller-owned
/// `Polygon` allocates nothing once the buffers have grown to their working size (measured: no allocation
/// in 200 warm frames of the clock wipe, dashed or not; an odd-length dash pattern is copied once a call).
/// Being scratch state, a stroker serves one thread at a time: give each rendering thread its own.
/// The scratch arrays are `@exclusivity(unchecked)`: no method calls out to code that could reach them
/// while another access is under way, so the run-time exclusivity checks (two per station of the
/// outline) could never fire.
public final class Stroker {
    /// The trimmed and dashed path, reused between calls.
    private let portion = CGMutablePath()
    /// The zero-length dashes of `portion`, with the direction a square cap on each is turned to.
    @exclusivity(unchecked) var dots: [ZeroLengthDash] = []
    /// The first entry of `dots` not yet passed while stroking `portion`.
    var nextDot = 0
    /// Left offset points of the subpath being stroked, in path space, in path order.
    @exclusivity(unchecked) var left: [CGPoint] = []
    /// Right offset points, in path order (emitted reversed).
    @exclusivity(unchecked) var right: [CGPoint] = []
    /// Extra triangles (each 6 points: the triangle twice) that repair the inner offset where it runs
    /// backwards, so the non-zero fill covers it.
    @exclusivity(unchecked) var repairs: [CGPoint] = []

    /// Half the line width, in path units.
    var halfWidth: CGFloat = 0.5
    /// The largest distance between the outline and the true offset curves, in path units.
    var tolerance: CGFloat = defaultFlatteningTolerance
    var join: LineJoin = .miter
    var miterLimit: CGFloat = 10
    /// Two points closer than this (in path units) are the same point.
    var sameness: CGFloat = 0

    public init() {}

    /// Appends to `polygon` the outline of `path` stroked with `style`, keeping the part between
    /// `strokeStart` and `strokeEnd` (fractions of the path's whole length), mapped by `transform`; curves
    /// and round parts are within `tolerance` device pixels. A non-positive or non-finite width, a
    /// singular transform, or `strokeStart ≥ strokeEnd` draw nothing. A subpath of zero length draws a dot
    /// with round or square caps (a disc, or a square of the line's width turned along the path for a
    /// zero-length dash and axis-aligned otherwise) and nothing with butt caps. `canvas`, the device
    /// rectangle that will be drawn, lets a stroke far wider than the canvas be drawn only as wide as
    /// it needs to be to cover what it covers there (see `reach`).
    public func stroke(
        _ path: CGPath, style: StrokeStyle, strokeStart: CGFloat = 0, strokeEnd: CGFloat = 1,
        transform: CGAffineTransform = .identity, tolerance: CGFloat = defaultFlatteningTolerance,
        canvas: CGRect? = nil, into polygon: inout Polygon
    ) {
        let scale = Self.largestScale(of: transform)
        guard style.lineWidth > 0, style.lineWidth.isFinite, scale > 0, scale.isFinite, transform.isFinite else {
            return
        }
        let deviceTolerance = tolerance > 0 && tolerance.isFinite ? tolerance : defaultFlatteningTolerance
        halfWidth = min(style.lineWidth / 2, Self.reach(of: path, transform: transform, canvas: canvas) / scale)
        self.tolerance = deviceTolerance / scale
        join = style.lineJoin
        miterLimit = style.miterLimit.isNaN ? 10 : style.miterLimit
        var source = path
        dots.removeAll(keepingCapacity: true)
        nextDot = 0
        if strokeStart > 0 || !(strokeEnd >= 1) || !style.dashPattern.isEmpty {
            path.trim(
                from: strokeStart, to: strokeEnd, dashPattern: style.dashPattern, dashPhase: style.dashPhase,
                into: portion, zeroLengthDashes: &dots)
            source = portion
        }
        source.forEachSubpath { subpath in
            strokeSubpath(subpath, cap: style.lineCap, transform: transform, into: &polygon)
        }
    }

    /// The stroke outline of `path` in a new polygon; see `stroke(_:style:strokeStart:strokeEnd:transform:
    /// tolerance:into:)`.
    public static func outline(
        of path: CGPath, style: StrokeStyle, strokeStart: CGFloat = 0, strokeEnd: CGFloat = 1,
        transform: CGAffineTransform = .identity, tolerance: CGFloat = defaultFlatteningTolerance
    ) -> Polygon {
        var polygon = Polygon()
        Stroker().stroke(
            path, style: style, strokeStart: strokeStart, strokeEnd: strokeEnd, transform: transform,
            tolerance: tolerance, into: &polygon)
        return polygon
    }

    /// The device distance beyond which a stroke's width changes nothing that is drawn. Every point of
    /// the canvas lies within the diagonal D of the box holding the canvas and the path's control
    /// points, so a half-width of 2·D (twice, for the corners of bevels and miters) covers there all
    /// that any wider stroke covers; without a canvas, one within 2¹⁶ pixels of the origin is assumed
    /// (D ≤ 2¹⁸ plus twice the path's farthest point). Wider strokes are drawn this wide, which keeps the
    /// outline's coordinates small enough to stay exact (a width of 10²⁰ once left part of a small
    /// oval's inside uncovered) and its edges few near the canvas (a width of 10³⁰⁸ once took seconds
    /// to rasterize).
    static func reach(of path: CGPath, transform: CGAffineTransform, canvas: CGRect?) -> CGFloat {
        var box = canvas ?? CGRect(x: -65536, y: -65536, width: 131072, height: 131072)
        func include(_ p: CGPoint) {
            let q = p.applying(transform)
            box = box.union(CGRect(origin: q, size: .zero))
        }
        for element in path.elements {
            switch element {
            case .moveTo(let p), .lineTo(let p): include(p)
            case .quadCurveTo(let c, let p):
                include(c)
                include(p)
            case .curveTo(let c1, let c2, let p):
                include(c1)
                include(c2)
                include(p)
            case .closeSubpath: break
            }
        }
        return 2 * (box.width * box.width + box.height * box.height).squareRoot() + 2
    }

    /// How much `transform` stretches a vector at most (its largest singular value).
    static func largestScale(of t: CGAffineTransform) -> CGFloat {
        let sum = t.a * t.a + t.b * t.b + t.c * t.c + t.d * t.d
        let determinant = t.a * t.d - t.b * t.c
        let root = max(0, sum * sum - 4 * determinant * determinant).squareRoot()
        return ((sum + root) / 2).squareRoot()
    }
}
