import Foundation
import Geometry
import Raster
import Typesetting

/// A text's coverage in device pixels: `plane`'s pixel (0, 0) is device pixel (`bounds.minX`, `bounds.minY`).
final class GlyphCoverage {
    let plane: AlphaPlane
    let bounds: PixelRect
    /// Whether the canvas cut glyphs away (then the plane holds only what the canvas showed).
    let isClipped: Bool

    /// Alike `PerspectiveFrameJob`'s init (raster-bench LookJobs.swift) on purpose: each sets a class's stored lets.
    init(plane: AlphaPlane, bounds: PixelRect, isClipped: Bool) {
        self.plane = plane
        self.bounds = bounds
        self.isClipped = isClipped
    }
}

/// Glyph coverage at device size: each glyph's unhinted outline rendered by FreeType's anti-aliasing
/// rasterizer (exact-area coverage; it matches cairo's filled outlines more closely than our rasterizer's
/// flattened ones, 1.1–1.8/255 in mean against 2.1–2.6, and renders a glyph about five times faster)
/// once per face, device scale and position phase — its pen position's fraction of a pixel, rounded to
/// 1/`phases` in x and in y — and kept in a dense plane; a text's coverage is then composed from the
/// planes, as cairo's and Core Graphics' glyph caches compose text, instead of rasterizing every outline
/// again when the text moves or changes. The rounding moves a glyph by at most 1/(2 · `phases`)
/// of a pixel. Only for transforms that keep glyphs upright and unflipped (scale and translation).
final class GlyphCache {
    /// Subpixel positions per pixel, in each direction.
    static let phases = 64
    /// The bytes of glyph planes kept before the cache starts again (an 18 pt glyph's plane takes about
    /// 200 bytes; one of an em of 1,024 pixels, up to about 1 MB).
    static let capacity = 64 << 20

    /// A glyph plane's identity. Its fields are alike the bench jobs' (`BlurFrameJob` in LookJobs.swift,
    /// `MaskedFrameJob` and `ShipJob` in SeedJobs.swift) on purpose: plain stored fields, no shared logic.
    private struct Key: Hashable {
        let face: ObjectIdentifier
        let glyph: UInt32
        let scaleX: CGFloat
        let scaleY: CGFloat
        let phaseX: Int
        let phaseY: Int
    }

    /// A glyph's plane and where its top left lies from the pen's whole pixel (nil: nothing to draw).
    private struct Entry {
        let plane: AlphaPlane?
        let left: Int
        let top: Int
    }

    private var entries: [Key: Entry] = [:]
    /// The bytes of the planes in `entries`.
    private var bytes = 0
    /// The planes of the coverage being composed and their places (storage kept between builds).
    private var placements: [(plane: AlphaPlane, x: Int, y: Int)] = []

    /// The largest em, in device pixels, whose glyphs are cached; larger text (a glyph plane could
    /// outgrow the frame many times over) is filled from its outlines, clipped to the frame.
    static let largestEm = CGFloat(RenderBudget.largestGlyphEm)

    /// True when glyphs of up to `size` points under `transform` are upright, unflipped and small
    /// enough to be cached and placed.
    static func places(_ size: CGFloat, under transform: CGAffineTransform) -> Bool {
        transform.b == 0 && transform.c == 0 && transform.a > 0 && transform.d > 0 && size > 0
            && size * max(transform.a, transform.d) <= largestEm
    }

    /// The coverage of colour `color`'s glyphs of `layout` under `transform` (from the layout's box to
    /// the device), clipped to `canvas`: each glyph's plane added (saturating) at its place, in one dense
    /// plane (drawn in one pass per row; a span mask of text's many short spans costs more to walk);
    /// nil when no glyph shows.
    /// A pen position on one axis as a whole pixel and a phase (`0..<phases`, the nearest), or nil for a
    /// pen beyond the pixel grid's reach, which places no glyph on the canvas.
    private static func place(_ pen: CGFloat) -> (whole: Int, phase: Int)? {
        guard pen.magnitude < CGFloat(PixelGrid.reach) else { return nil }
        let whole = PixelGrid.floor(pen)
        let phase = PixelGrid.nearest((pen - CGFloat(whole)) * CGFloat(phases))
        return phase == phases ? (whole + 1, 0) : (whole, phase)
    }

    func coverage(of layout: TextLayout, color: Int, transform: CGAffineTransform, canvas: PixelRect)
        -> GlyphCoverage?
    {
        if bytes > Self.capacity {
            entries.removeAll(keepingCapacity: true)
            bytes = 0
        }
        placements.removeAll(keepingCapacity: true)
        var bounds = PixelRect(x: 0, y: 0, width: 0, height: 0)
        var isClipped = false
        for line in layout.lines {
            let penY = transform.d * line.baseline + transform.ty
            guard let (wholeY, phaseY) = Self.place(penY) else {
                isClipped = true
                continue
            }
            for placed in line.glyphs where placed.color == color {
                let style = layout.styles[placed.style]
                let penX = transform.a * (line.x + placed.x) + transform.tx
                guard let (wholeX, phaseX) = Self.place(penX) else {
                    isClipped = true
                    continue
                }
                let s = style.size / style.face.unitsPerEm
                // A glyph whose ink (plus a pixel of antialiasing) misses the canvas is not rendered.
                let ink = style.face.glyph(placed.glyph).bounds
                guard !ink.isNull else { continue }
                guard
                    PixelRect(
                        enclosing: CGRect(
                            x: penX + ink.minX * transform.a * s - 1, y: penY - ink.maxY * transform.d * s - 1,
                            width: ink.width * transform.a * s + 2, height: ink.height * transform.d * s + 2)
                    ).intersects(canvas)
                else {
                    isClipped = true
                    continue
                }
                let key = Key(
                    face: ObjectIdentifier(style.face), glyph: placed.glyph, scaleX: transform.a * s,
                    scaleY: transform.d * s, phaseX: phaseX, phaseY: phaseY)
                let entry = entries[key] ?? render(key, face: style.face)
                guard let plane = entry.plane else { continue }
                let rect = PixelRect(
                    x: wholeX + entry.left, y: wholeY + entry.top, width: plane.width, height: plane.height)
                guard !rect.intersection(canvas).isEmpty else {
                    isClipped = true
                    continue
                }
                placements.append((plane, rect.minX, rect.minY))
                bounds = bounds.isEmpty ? rect : bounds.union(rect)
            }
        }
        if !canvas.contains(bounds) { isClipped = true }
        bounds = bounds.intersection(canvas)
        guard !bounds.isEmpty else { return nil }
        let composed = AlphaPlane(width: bounds.width, height: bounds.height)
        for (plane, x, y) in placements {
            let rect = PixelRect(x: x, y: y, width: plane.width, height: plane.height).intersection(bounds)
            for row in rect.rows {
                let source = plane.row(row - y) - x
                let target = composed.row(row - bounds.minY) - bounds.minX
                for column in rect.minX..<rect.maxX {
                    let sum = UInt16(target[column]) + UInt16(source[column])
                    target[column] = UInt8(min(255, sum))
                }
            }
        }
        return GlyphCoverage(plane: composed, bounds: bounds, isClipped: isClipped)
    }

    /// Renders one glyph at its scale and phase into a plane of its own bounds.
    private func render(_ key: Key, face: FontFace) -> Entry {
        let phases = CGFloat(Self.phases)
        var entry = Entry(plane: nil, left: 0, top: 0)
        if let coverage = face.coverage(
            of: key.glyph, scaleX: key.scaleX, scaleY: key.scaleY, offsetX: CGFloat(key.phaseX) / phases,
            offsetY: CGFloat(key.phaseY) / phases)
        {
            let plane = AlphaPlane(width: coverage.width, height: coverage.height)
            coverage.bytes.withUnsafeBufferPointer { plane.baseAddress.update(from: $0.baseAddress!, count: $0.count) }
            entry = Entry(plane: plane, left: coverage.left, top: coverage.top)
        }
        bytes += entry.plane.map { $0.width * $0.height } ?? 0
        entries[key] = entry
        return entry
    }
}
