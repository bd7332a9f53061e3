import Foundation
import Geometry
import LayerKit
import Raster

/// The curve panel: one row per animation of a layer tree, each with its timing function drawn as a
/// curve (a dot at the current input fraction), its value over the active period with phases marked
/// and a cursor at now, and labels (key path, duration, repeat, autoreverses, fill mode, timing
/// function, the layer's local time, the phase and the current presentation value).
///
/// Rows and plots are drawn once into a cached image when the set of animations or the layout
/// changes; a frame copies that image and draws the moving parts (dots, cursors, readouts), which
/// allocates nothing once warm. Animations that leave the layer keep their row (marked removed) until
/// the tree is replaced.
public final class TimingPanel {
    /// Height of one animation's row in pixels.
    public static let rowHeight = 176
    /// Most rows kept (the oldest detached ones go first).
    public static let maximumRows = 16
    private static let headerHeight = 24

    private let text: TextRenderer?
    private let pen = CurvePlotPen()
    private var rows: [TimingPanelRow] = []
    private weak var trackedRoot: CALayer?
    private var cache = Bitmap(width: 1, height: 1)
    private var cacheIsValid = false
    /// The media time at which the last of the shown animations ends (nil when none ends), as of the
    /// last update that added rows: the natural length of a timeline.
    public private(set) var latestEnd: Double?
    /// Where the panel is drawn in the target bitmap.
    public private(set) var frame = PixelRect(x: 0, y: 0, width: 0, height: 0)

    /// A panel writing with `text` (plots without labels when nil).
    public init(text: TextRenderer?) {
        self.text = text
    }

    /// The newest animation shown (the one the time chain follows).
    public var newestSampler: AnimationSampler? { rows.last?.sampler }

    /// The animations shown, oldest first.
    public var samplers: [AnimationSampler] { rows.map(\.sampler) }

    /// How many rows fit in the current frame.
    public var visibleRowCount: Int { min(rows.count, max(0, (frame.height - Self.headerHeight) / Self.rowHeight)) }

    /// The panel's place for a `width`×`height` window whose bottom `bottomInset` pixels hold other
    /// bars: docked at the right edge (at most 560 px, at least 320 px wide) when the window is wider
    /// than tall, else along the bottom (room for two rows).
    public static func dockedFrame(width: Int, height: Int, bottomInset: Int) -> PixelRect {
        let usable = max(0, height - bottomInset)
        if width >= height {
            let panelWidth = min(width, max(320, min(560, width * 2 / 5)))
            return PixelRect(x: width - panelWidth, y: 0, width: panelWidth, height: usable)
        }
        let panelHeight = min(usable, headerHeight + 2 * rowHeight)
        return PixelRect(x: 0, y: usable - panelHeight, width: width, height: panelHeight)
    }

    /// The panel's place in a `width`×`height` window showing a `sceneWidth`×`sceneHeight` picture at
    /// its top-left corner: in the margin beside the picture when it is at least 320 pixels wide, else in
    /// the margin below it when one row fits there, else over the picture as `dockedFrame(width:height:
    /// bottomInset:)` places it.
    public static func dockedFrame(width: Int, height: Int, sceneWidth: Int, sceneHeight: Int, bottomInset: Int)
        -> PixelRect
    {
        let usable = max(0, height - bottomInset)
        if width - sceneWidth >= 320 {
            return PixelRect(x: sceneWidth, y: 0, width: width - sceneWidth, height: usable)
        }
        if usable - sceneHeight >= headerHeight + rowHeight {
            return PixelRect(x: 0, y: sceneHeight, width: width, height: usable - sceneHeight)
        }
        return dockedFrame(width: width, height: height, bottomInset: bottomInset)
    }

    /// Places the panel; the cached image is redrawn when the size changes.
    public func layout(frame newFrame: PixelRect) {
        guard newFrame != frame else { return }
        frame = newFrame
        if cache.width != max(1, frame.width) || cache.height != max(1, frame.height) {
            cache = Bitmap(width: max(1, frame.width), height: max(1, frame.height))
        }
        cacheIsValid = false
    }

    /// Follows the animations attached to `root`'s tree: a new animation gets a row, a new tree
    /// replaces every row. Cheap when nothing changed (one walk of the tree, no allocation).
    public func update(root: CALayer) {
        if root !== trackedRoot {
            removeAllRows()
            trackedRoot = root
        }
        for row in rows { row.isAttached = false }
        var unseen = 0
        AnimationSampler.forEachAttachedAnimation(in: root) { _, animation in
            if let row = rows.first(where: { $0.sampler.animation === animation }) {
                row.isAttached = true
            } else {
                unseen += 1
            }
        }
        guard unseen > 0 else { return }
        for sampler in AnimationSampler.samplers(in: root)
        where !rows.contains(where: { $0.sampler.animation === sampler.animation }) {
            rows.append(TimingPanelRow(sampler: sampler, text: text))
        }
        while rows.count > Self.maximumRows {
            let index = rows.firstIndex { !$0.isAttached } ?? 0
            rows.remove(at: index)
        }
        latestEnd = rows.compactMap { row in
            row.sampler.facts.activeEnd.map { row.sampler.mediaTime(atLocalTime: $0) }.flatMap {
                $0.isFinite ? $0 : nil
            }
        }.max()
        cacheIsValid = false
    }

    /// Forgets every row and the tree they follow (which rows keep alive), as a new tree does.
    public func removeAllRows() {
        trackedRoot = nil
        rows.removeAll()
        latestEnd = nil
        cacheIsValid = false
    }

    /// The rows drawn: the most recent ones that fit.
    private var visibleRows: ArraySlice<TimingPanelRow> { rows.suffix(visibleRowCount) }

    private func rowRect(_ index: Int) -> PixelRect {
        PixelRect(x: 0, y: Self.headerHeight + index * Self.rowHeight, width: frame.width, height: Self.rowHeight)
    }

    private func curveBox(_ row: PixelRect) -> PixelRect {
        let side = row.height - 88
        return PixelRect(x: row.x + 8, y: row.y + 50, width: side, height: side)
    }

    private func valueBox(_ row: PixelRect) -> PixelRect {
        let curve = curveBox(row)
        return PixelRect(
            x: curve.maxX + 10, y: curve.y, width: max(8, row.maxX - curve.maxX - 18), height: curve.height)
    }

    /// `details` broken at its ` · ` separators into lines at most `width` pixels wide.
    static func wrap(_ details: String, width: Int, text: TextRenderer) -> [String] {
        var lines: [String] = []
        var current = ""
        for part in details.components(separatedBy: " · ") {
            let candidate = current.isEmpty ? part : current + " · " + part
            if current.isEmpty || text.width(of: candidate) <= width {
                current = candidate
            } else {
                lines.append(current)
                current = part
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    private func redrawCache() {
        cache.fill(CurvePlotStyle.background)
        if let text {
            let title = rows.isEmpty ? "Timing curves — no animations" : "Timing curves"
            text.draw(title, x: 8, baseline: 6 + text.ascender, color: CurvePlotStyle.text, into: cache)
        }
        for (index, row) in visibleRows.enumerated() {
            let rect = rowRect(index)
            row.drawStatic(curveBox: curveBox(rect), valueBox: valueBox(rect), into: cache)
            if let text {
                text.draw(
                    row.title, x: 8, baseline: rect.y + 4 + text.ascender, color: CurvePlotStyle.text, into: cache)
                for (line, details) in Self.wrap(row.details, width: rect.width - 16, text: text).prefix(2).enumerated()
                {
                    text.draw(
                        details, x: 8, baseline: rect.y + 19 + 14 * line + text.ascender, color: CurvePlotStyle.dimText,
                        into: cache)
                }
            }
            Blending.fill(cache, x: 0, y: rect.maxY - 1, width: rect.width, height: 1, color: CurvePlotStyle.grid)
        }
        Blending.fill(cache, x: 0, y: 0, width: 1, height: cache.height, color: CurvePlotStyle.grid)
        cacheIsValid = true
    }

    /// Draws the panel at media time `mediaTime` into `bitmap` at `frame`.
    public func draw(mediaTime: Double, into bitmap: Bitmap) {
        guard frame.width > 0, frame.height > 0 else { return }
        if !cacheIsValid { redrawCache() }
        copyCache(into: bitmap)
        for (index, row) in visibleRows.enumerated() {
            drawReadouts(row, in: rowRect(index), mediaTime: mediaTime, into: bitmap)
        }
        if let text {
            let label = CurvePlotNumbers.text(mediaTime, decimals: 3)
            let x = frame.maxX - 8 - text.width(of: "media t 0000.000 s")
            let pen = text.draw(
                "media t ", x: x, baseline: frame.y + 6 + text.ascender, color: CurvePlotStyle.dimText, into: bitmap)
            let end = text.draw(
                label, x: pen, baseline: frame.y + 6 + text.ascender, color: CurvePlotStyle.text, into: bitmap)
            text.draw(" s", x: end, baseline: frame.y + 6 + text.ascender, color: CurvePlotStyle.dimText, into: bitmap)
        }
    }

    private func copyCache(into bitmap: Bitmap) {
        let x0 = max(0, frame.x)
        let x1 = min(bitmap.width, frame.maxX)
        let y0 = max(0, frame.y)
        let y1 = min(bitmap.height, frame.maxY)
        guard x1 > x0, y1 > y0 else { return }
        for y in y0..<y1 {
            (bitmap.row(y) + x0).update(from: cache.row(y - frame.y) + (x0 - frame.x), count: x1 - x0)
        }
    }

    private func drawReadouts(_ row: TimingPanelRow, in local: PixelRect, mediaTime: Double, into bitmap: Bitmap) {
        let dx = frame.x
        let dy = frame.y
        let localTime = row.sampler.localTime(atMediaTime: mediaTime)
        let sample = row.sampler.sample(atLocalTime: localTime, values: &row.values)
        let box = curveBox(local)
        if let fraction = sample.inputFraction, row.isAttached {
            let point = row.curvePlot.mapping.point(x: fraction, y: row.function.solve(fraction))
            pen.disc(
                center: CGPoint(x: point.x + Double(dx), y: point.y + Double(dy)), radius: 4,
                color: CurvePlotStyle.playhead,
                clip: PixelRect(x: box.x + dx - 6, y: box.y + dy - 6, width: box.width + 12, height: box.height + 12),
                into: bitmap)
        }
        row.selectCursorValues()
        if let column = row.valuePlot.column(atTime: localTime) {
            let area = row.valuePlot.plotArea
            Blending.fill(
                bitmap, x: column + dx, y: area.y + dy, width: 1, height: area.height, color: CurvePlotStyle.cursor)
            for v in row.cursorValues where v.isFinite {
                pen.disc(
                    center: CGPoint(x: Double(column + dx) + 0.5, y: row.valuePlot.row(atValue: v) + Double(dy)),
                    radius: 3.5, color: CurvePlotStyle.playhead,
                    clip: PixelRect(
                        x: area.x + dx - 5, y: area.y + dy - 5, width: area.width + 10, height: area.height + 10),
                    into: bitmap)
            }
        }
        guard let text else { return }
        var baseline = local.maxY - 22 + dy
        var x = 8 + dx
        x = text.draw("local t ", x: x, baseline: baseline, color: CurvePlotStyle.dimText, into: bitmap)
        x = text.draw(
            CurvePlotNumbers.text(localTime, decimals: 3), x: x, baseline: baseline, color: CurvePlotStyle.text,
            into: bitmap)
        x = text.draw(" s   ", x: x, baseline: baseline, color: CurvePlotStyle.dimText, into: bitmap)
        drawPhase(sample.phase, attached: row.isAttached, x: x, baseline: baseline, into: bitmap)
        baseline += 14
        x = text.draw("value ", x: 8 + dx, baseline: baseline, color: CurvePlotStyle.dimText, into: bitmap)
        row.sampler.presentationValue(into: &row.presentation)
        if let points = row.sampler.pathPointCount(atLocalTime: localTime) {
            // A path: how far the morph is and how many points the drawn path has.
            x = text.draw("morph ", x: x, baseline: baseline, color: CurvePlotStyle.dimText, into: bitmap)
            x = text.draw(
                sample.progress.map { CurvePlotNumbers.text($0, decimals: 4) } ?? "—", x: x, baseline: baseline,
                color: CurvePlotStyle.text, into: bitmap)
            x = text.draw(" · ", x: x, baseline: baseline, color: CurvePlotStyle.dimText, into: bitmap)
            x = text.draw(
                CurvePlotNumbers.text(Double(points)), x: x, baseline: baseline, color: CurvePlotStyle.text,
                into: bitmap)
            text.draw(" points", x: x, baseline: baseline, color: CurvePlotStyle.dimText, into: bitmap)
        } else if row.isTransformComponent, let v = row.sampler.animatedNumber(atLocalTime: localTime) {
            // A transform component as the animation drives it: read back from the matrix, an angle
            // would wrap into −π…π.
            text.draw(
                CurvePlotNumbers.text(v, decimals: 4), x: x, baseline: baseline, color: CurvePlotStyle.text,
                into: bitmap)
            return
        } else if row.presentation.isEmpty {
            text.draw("—", x: x, baseline: baseline, color: CurvePlotStyle.text, into: bitmap)
        }
        for (index, v) in row.presentation.prefix(4).enumerated() {
            if index > 0 { x = text.draw(" ", x: x, baseline: baseline, color: CurvePlotStyle.text, into: bitmap) }
            x = text.draw(
                CurvePlotNumbers.text(v, decimals: 4), x: x, baseline: baseline, color: CurvePlotStyle.text,
                into: bitmap)
        }
        if row.presentation.count > 4 {
            text.draw(" …", x: x, baseline: baseline, color: CurvePlotStyle.text, into: bitmap)
        }
    }

    @discardableResult
    private func drawPhase(_ phase: AnimationPhase, attached: Bool, x: Int, baseline: Int, into bitmap: Bitmap) -> Int {
        guard let text else { return x }
        let color = CurvePlotStyle.palette[0]
        guard attached else {
            return text.draw("removed", x: x, baseline: baseline, color: CurvePlotStyle.palette[3], into: bitmap)
        }
        switch phase {
        case .active(let k, let leg):
            var pen = text.draw("active, repeat ", x: x, baseline: baseline, color: color, into: bitmap)
            pen = text.draw(
                CurvePlotNumbers.text(Double(k + 1)), x: pen, baseline: baseline, color: color, into: bitmap)
            return text.draw(
                leg == .forward ? " forward" : " reverse", x: pen, baseline: baseline, color: color, into: bitmap)
        case .filledBefore: return text.draw("filled (before)", x: x, baseline: baseline, color: color, into: bitmap)
        case .filledAfter: return text.draw("filled (after)", x: x, baseline: baseline, color: color, into: bitmap)
        case .before:
            return text.draw("not started", x: x, baseline: baseline, color: CurvePlotStyle.dimText, into: bitmap)
        case .after: return text.draw("finished", x: x, baseline: baseline, color: CurvePlotStyle.dimText, into: bitmap)
        case .removed:
            return text.draw("removed", x: x, baseline: baseline, color: CurvePlotStyle.palette[3], into: bitmap)
        }
    }
}
