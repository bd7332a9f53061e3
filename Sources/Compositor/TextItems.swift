import Fonts
import Foundation
import LayerKit
import Raster
import Typesetting

/// One text layer's laid-out text: the layout, the colours of its runs, whether a glyph reaches
/// outside the bounds (then the text is clipped to them), and, made when first asked for, the outline
/// of each colour's glyphs.
final class LaidOutText {
    let key: TextLayouts.Key
    let layout: TextLayout
    /// Colour index → the run's colour; index 0 (nil) is the layer's `foregroundColor`.
    let palette: [CGColor?]
    /// The colour indices the glyphs use.
    let colors: [Int]
    let overflows: Bool
    /// The largest size of its styles, in points.
    let largestSize: CGFloat
    private var paths: [Int: (visible: CGRect?, path: CGPath)] = [:]

    init(key: TextLayouts.Key, layout: TextLayout, palette: [CGColor?]) {
        self.key = key
        self.layout = layout
        self.palette = palette
        colors = layout.colors
        largestSize = layout.styles.map(\.size).max() ?? 0
        let box = CGRect(x: 0, y: 0, width: key.parameters.width, height: key.parameters.height)
        overflows = layout.lines.contains { line in
            line.glyphs.contains { placed in
                let style = layout.styles[placed.style]
                let ink = style.face.glyph(placed.glyph).bounds
                guard !ink.isNull else { return false }
                let s = style.size / style.face.unitsPerEm
                let x = line.x + placed.x
                return x + ink.minX * s < 0 || x + ink.maxX * s > box.maxX || line.baseline - ink.maxY * s < 0
                    || line.baseline - ink.minY * s > box.maxY
            }
        }
    }

    /// The outlines of colour `color`'s glyphs in the layer's bounds (origin at their top left), those
    /// that meet `visible` when given (see `TextLayout.path(color:visible:)`).
    func path(color: Int, visible: CGRect?) -> CGPath {
        if let made = paths[color], made.visible == visible { return made.path }
        let made = layout.path(color: color, visible: visible)
        paths[color] = (visible, made)
        return made
    }
}

/// Each text layer's laid-out text, kept from frame to frame while the string, font, size, bounds'
/// size and modes are unchanged (an animated colour or transform lays out nothing again), and its glyph
/// coverage. The coverage is composed with the layer's device origin split into whole pixels and a
/// phase, the fraction rounded to 1/`originPhases` of a pixel: a plane depends only on the layout, the
/// scale and the phase, so a layer that moves (a scroll) draws the plane of its phase shifted by whole
/// pixels, composed once per phase, with exactly the pixels a new composition gives. Layouts of layers
/// no longer drawn go at the end of a frame; planes unused for `keptFrames` frames.
final class TextLayouts {
    /// What a layout was made from.
    struct Key: Equatable {
        enum Text: Equatable {
            case plain(String)
            /// Compared by identity: `CATextLayer.string` copies an attributed string on assignment.
            case attributed(NSAttributedString)

            static func == (lhs: Text, rhs: Text) -> Bool {
                switch (lhs, rhs) {
                case (.plain(let a), .plain(let b)): return a == b
                case (.attributed(let a), .attributed(let b)): return a === b
                default: return false
                }
            }
        }
        var text: Text
        /// The `font` object (immutable: a font, a font name), by identity.
        var font: ObjectIdentifier?
        var fontSize: CGFloat
        var parameters: TextLayout.Parameters
    }

    /// A layer's glyphs of one colour at one origin phase.
    private struct RunKey: Hashable {
        let layer: ObjectIdentifier
        let color: Int
        let phaseX: Int
        let phaseY: Int
    }

    /// A composed plane, in the coordinates of its phase (the layer's origin at the phase's fraction of
    /// pixel (0, 0)), and the device coverage last handed out from it.
    private struct CachedRun {
        let text: LaidOutText
        /// The transform's scale (`a`, `d`) and its phase's translation.
        let transform: CGAffineTransform
        /// The canvas it was composed in, in the phase's coordinates.
        let canvas: PixelRect
        let coverage: GlyphCoverage?
        var shifted: GlyphCoverage?
        var lastUsed: Int
    }

    /// Phases of a text layer's device origin per pixel, in each direction: the origin moves by at
    /// most 1/(2 · `originPhases`) of a pixel (each glyph's own place is then rounded to 1/64 as
    /// `GlyphCache` rounds it).
    static let originPhases = 4
    /// Frames a phase's plane is kept while unused (a scroll comes back to a phase every few frames).
    static let keptFrames = 8

    private let fonts = FontLibrary()
    let glyphs = GlyphCache()
    private var previous: [ObjectIdentifier: LaidOutText] = [:]
    private var current: [ObjectIdentifier: LaidOutText] = [:]
    private var runs: [RunKey: CachedRun] = [:]
    /// Frames ended so far (the age of `runs`' entries), and storage for the stale keys.
    private var frameNumber = 0
    private var staleRuns: [RunKey] = []

    /// Attributed runs without a font are drawn as Core Text draws them: Helvetica, 12 pt.
    static let attributedDefaultSize: CGFloat = 12

    /// The layout of `layer`'s text (nil when it has none), made when its key changed.
    func text(of layer: CATextLayer) -> LaidOutText? {
        guard let key = Self.key(of: layer) else { return nil }
        let id = ObjectIdentifier(layer)
        if let known = current[id] ?? previous[id], known.key == key {
            current[id] = known
            return known
        }
        let made = layOut(layer, key: key)
        current[id] = made
        return made
    }

    /// The coverage of colour `color`'s glyphs of `layer`'s `text` under `transform` (from the bounds'
    /// top left to the device; upright, unflipped) in `canvas`, composed from the glyph cache when any
    /// of them changed; nil when no glyph shows.
    func glyphCoverage(
        of layer: CATextLayer, text: LaidOutText, color: Int, transform: CGAffineTransform, canvas: PixelRect
    ) -> GlyphCoverage? {
        let phases = CGFloat(Self.originPhases)
        // An origin beyond the pixel grid's reach places no glyph on the canvas.
        guard transform.tx.magnitude < CGFloat(PixelGrid.reach), transform.ty.magnitude < CGFloat(PixelGrid.reach)
        else { return nil }
        let stepsX = PixelGrid.nearest(transform.tx * phases)
        let stepsY = PixelGrid.nearest(transform.ty * phases)
        let wholeX = Self.floorDivision(stepsX, Self.originPhases)
        let wholeY = Self.floorDivision(stepsY, Self.originPhases)
        let phaseX = stepsX - wholeX * Self.originPhases
        let phaseY = stepsY - wholeY * Self.originPhases
        var local = transform
        local.tx = CGFloat(phaseX) / phases
        local.ty = CGFloat(phaseY) / phases
        // The plane holds the layer's bounds (all a text shows: glyphs reaching outside them are clipped
        // to them), two pixels more for the antialiasing, wherever the frame is, when that is at most
        // twice the frame's pixels; else only what the frame shows, composed again as the layer moves.
        let box = CGRect(x: 0, y: 0, width: text.key.parameters.width, height: text.key.parameters.height)
        let reach = PixelRect(enclosing: box.applying(local)).insetBy(-2)
        let localCanvas =
            reach.area <= 2 * canvas.area ? reach : canvas.offsetBy(dx: -wholeX, dy: -wholeY).intersection(reach)
        let key = RunKey(layer: ObjectIdentifier(layer), color: color, phaseX: phaseX, phaseY: phaseY)
        var run: CachedRun
        if let known = runs[key], known.text === text, known.transform == local,
            known.canvas == localCanvas
                || known.coverage.map({ !$0.isClipped && localCanvas.contains($0.bounds) }) == true
        {
            run = known
        } else {
            let coverage = glyphs.coverage(of: text.layout, color: color, transform: local, canvas: localCanvas)
            run = CachedRun(
                text: text, transform: local, canvas: localCanvas, coverage: coverage, shifted: nil, lastUsed: 0)
        }
        run.lastUsed = frameNumber
        // The same object while the layer stays put, so the frame's damage sees no change.
        if let coverage = run.coverage {
            let bounds = coverage.bounds.offsetBy(dx: wholeX, dy: wholeY)
            if run.shifted?.bounds != bounds {
                run.shifted = GlyphCoverage(plane: coverage.plane, bounds: bounds, isClipped: coverage.isClipped)
            }
        }
        runs[key] = run
        return run.shifted
    }

    /// `a / b` rounded down (b > 0).
    private static func floorDivision(_ a: Int, _ b: Int) -> Int {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }

    /// Forgets what layers not drawn in the frame that ends had.
    func endFrame() {
        swap(&previous, &current)
        current.removeAll(keepingCapacity: true)
        frameNumber += 1
        staleRuns.removeAll(keepingCapacity: true)
        for (key, run) in runs where frameNumber - run.lastUsed > Self.keptFrames { staleRuns.append(key) }
        for key in staleRuns { runs[key] = nil }
    }

    private static func key(of layer: CATextLayer) -> Key? {
        let text: Key.Text
        switch layer.string {
        case let string as String: text = .plain(string)
        case let string as NSAttributedString: text = .attributed(string)
        case let string as NSString: text = .plain(string as String)
        default: return nil
        }
        // The two switches are alike on purpose: each maps one of the layer's modes to TextLayout's own enum.
        let alignment: TextLayout.Alignment
        switch layer.alignmentMode {
        case .right: alignment = .right
        case .center: alignment = .center
        case .justified: alignment = .justified
        default: alignment = .left
        }
        let truncation: TextLayout.Truncation
        switch layer.truncationMode {
        case .start: truncation = .start
        case .middle: truncation = .middle
        case .end: truncation = .end
        default: truncation = .none
        }
        let size = layer.bounds.size
        return Key(
            text: text, font: layer.font.map(ObjectIdentifier.init), fontSize: layer.fontSize,
            parameters: TextLayout.Parameters(
                width: size.width, height: size.height, wrapped: layer.isWrapped, alignment: alignment,
                truncation: truncation))
    }

    private func layOut(_ layer: CATextLayer, key: Key) -> LaidOutText {
        var styles: [TextLayout.Style] = []
        var styleFonts: [UIFont] = []
        var palette: [CGColor?] = [nil]
        var runs: [TextLayout.Run] = []
        /// The index of `font`'s style, added on first use; nil when its face cannot be opened.
        func style(_ font: UIFont) -> Int? {
            if let known = styleFonts.firstIndex(of: font) { return known }
            guard let catalogFace = FontCatalog.face(named: font.fontName), let face = try? fonts.face(catalogFace)
            else { return nil }
            styles.append(TextLayout.Style(face: face, size: font.pointSize))
            styleFonts.append(font)
            return styles.count - 1
        }
        func color(_ value: CGColor) -> Int {
            if let known = palette.firstIndex(of: value) { return known }
            palette.append(value)
            return palette.count - 1
        }
        switch key.text {
        case .plain(let string):
            if let index = style(layer.drawnFont) { runs.append(TextLayout.Run(string, style: index, color: 0)) }
        case .attributed(let attributed):
            let text = attributed.string as NSString
            let fallback = CTFontCreateWithName(FontCatalog.defaultFontName, Self.attributedDefaultSize, nil)
            attributed.enumerateAttributes(in: NSRange(location: 0, length: attributed.length)) {
                attributes, range, _ in
                let font = (attributes[.font] as? UIFont) ?? fallback
                let value = attributes[.foregroundColor]
                let runColor = (value as? UIColor)?.cgColor ?? (value as? CGColor) ?? .black
                guard let index = style(font) else { return }
                runs.append(TextLayout.Run(text.substring(with: range), style: index, color: color(runColor)))
            }
        }
        let layout = TextLayout(runs: runs, styles: styles, parameters: key.parameters)
        return LaidOutText(key: key, layout: layout, palette: palette)
    }
}

extension DisplayListBuilder {
    /// A text layer's glyphs, one fill per colour. Under an upright transform: coverage composed of each
    /// glyph's cached coverage at its place (`GlyphCache`); under any other affine map, the coverage of
    /// all its outlines under it (rasterized again only when the layout or transform changed); under
    /// perspective, its outlines projected (as a shape's fill is). Clipped to the bounds when a glyph
    /// reaches outside them.
    func appendText(of layer: CATextLayer, map: PlaneMap, into items: inout [DrawItem]) {
        guard let text = texts.text(of: layer) else { return }
        let start = items.count
        let origin = layer.bounds.origin
        let toBox = CGAffineTransform(translationX: origin.x, y: origin.y)
        var boxTransform: CGAffineTransform?
        if case .affine(let transform) = map {
            boxTransform = origin == .zero ? transform : toBox.concatenating(transform)
        }
        let placesGlyphs = boxTransform.map { GlyphCache.places(text.largestSize, under: $0) } ?? false
        for index in text.colors {
            guard let color = index == 0 ? layer.foregroundColor : text.palette[index], color.alpha > 0 else {
                continue
            }
            if placesGlyphs, let boxTransform {
                guard
                    let coverage = texts.glyphCoverage(
                        of: layer, text: text, color: index, transform: boxTransform, canvas: frame)
                else { continue }
                items.append(.glyphs(coverage, color: color.premultipliedPixel, opacity: 255))
                continue
            }
            // Only the glyphs that can show are outlined (clipped before rasterizing): those meeting the
            // bounds (text reaching outside them is clipped to them) and, under an affine map, the canvas.
            let canvas = CGRect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height)
            let box = CGRect(origin: .zero, size: layer.bounds.size)
            let visible = boxTransform.map { box.intersection(canvas.applying($0.inverted())) } ?? box
            let path = text.path(color: index, visible: visible)
            guard !path.isEmpty else { continue }
            let owner = CoverageOwner(layer, part: 2 + index)
            let coverage: Coverage
            if let boxTransform {
                coverage = shapeCoverage(path, transform: boxTransform, source: .fill(.nonZero), owner: owner)
            } else if case .projective(let projection) = map {
                coverage = projectedShapeCoverage(
                    path, projection: Homography(toBox).concatenating(projection), source: .fill(.nonZero), owner: owner
                )
            } else {
                continue
            }
            items.append(.fill(color.premultipliedPixel, opacity: 255, coverage: coverage))
        }
        if text.overflows, items.count > start {
            let clip: Coverage
            switch map {
            case .affine(let transform): clip = rectCoverage(layer.bounds, transform: transform)
            case .projective: clip = outlineCoverage(of: layer, map: map)
            }
            items.append(.group(Self.removeItems(from: start, of: &items), opacity: 255, coverage: clip))
        }
    }
}
