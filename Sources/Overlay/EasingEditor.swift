import Geometry
import LayerKit
import Raster
import Scenes

/// What the easing editor asks of the viewer after an input.
public enum EasingEditorEvent: Equatable, Sendable {
    /// The curve of the selected animation changed: the viewer applies `edit` (logged, so a tree made
    /// again gets it too) and shows the picture again at the same time. The text says what changed, for
    /// the log.
    case edited(String, TimingEdit)
    /// Something else in the editor changed (selection, compare curve, hover): draw again.
    case redraw
    /// Write the curve back to the scene file.
    case writeBack(EasingWriteBack)
}

/// A request to write a curve into the scene file: which animation (its layer's name, its key, the
/// media time it was added at), which curve (`segment` nil for `timingFunction`, else the index into
/// `timingFunctions` of a keyframe animation with `segmentCount` intervals) and the control points.
public struct EasingWriteBack: Equatable, Sendable {
    public var layerName: String?
    public var key: String?
    public var addedAt: Double
    public var segment: Int?
    public var segmentCount: Int
    public var curve: EasingCurve
}

/// The easing editor's keyboard commands.
public enum EasingEditorCommand: Equatable, Sendable {
    /// Select the other control point.
    case nextHandle
    /// Move the selected control point by (dx, dy) in curve units.
    case nudge(dx: Double, dy: Double)
    /// Apply the next of Core Animation's named curves.
    case nextPreset
    /// Compare with the next curve: the original, each named curve, none.
    case nextCompare
    /// Edit the next keyframe interval (after the last, the whole animation's `timingFunction`).
    case nextSegment
    /// Write the curve back to the scene file.
    case writeBack

    /// The command's name in the log.
    public var logName: String {
        switch self {
        case .nextHandle: "handle"
        case .nudge: "nudge"
        case .nextPreset: "preset"
        case .nextCompare: "compare"
        case .nextSegment: "segment"
        case .writeBack: "write-back"
        }
    }
}

/// The easing editor (cubic-bezier.com style) for one animation of a layer tree: its timing curve in
/// the unit square with the two control points as handles to drag (x held in 0…1, y free), their
/// coordinates, Core Animation's named curves as presets, a ghosted curve to compare (the original,
/// or a named curve), keyframe intervals (`timingFunctions`) one at a time, and a dot at the current
/// eased fraction. An edit is a `TimingEdit` the viewer applies at once (its scene player logs it and
/// gives the animation that layer name and key name the curve, in every tree made again too: a step
/// back, a replay, a loop); the editor keeps only each curve's original, for the compare ghost.
///
/// The editor is `EasingEditorLayout.width` × `height` pixels wherever it is placed. Everything but
/// the dot and its readout is drawn into a cached image when something changes (a drag redraws only the
/// curves, handles, coordinates and presets over a second cache of the rest); a frame copies it and
/// draws the moving parts, which allocates nothing once warm.
public final class EasingEditor {
    /// An edit's identity across trees made again: the layer's name, the animation's key, the interval.
    private struct EditKey: Hashable {
        var layer: String?
        var key: String?
        var segment: Int?
    }

    /// What the ghosted curve is.
    private enum Compare: Equatable {
        case original
        case preset(Int)
        case none
    }

    private let text: TextRenderer?
    private let pen = CurvePlotPen()
    /// What does not move while a handle is dragged (background, grid, buttons, labels), and the
    /// editor as drawn (that, with the curves, handles and coordinates over it).
    private let staticCache = Bitmap(width: EasingEditorLayout.width, height: EasingEditorLayout.height)
    private let cache = Bitmap(width: EasingEditorLayout.width, height: EasingEditorLayout.height)
    private var staticIsValid = false
    private var cacheIsValid = false
    /// Where the editor is drawn in the target bitmap (its size is the layout's).
    public private(set) var frame = PixelRect(
        x: 0, y: 0, width: EasingEditorLayout.width, height: EasingEditorLayout.height)

    private weak var trackedRoot: CALayer?
    private var attachedCount = 0
    /// The animation edited, and which of its curves (nil: `timingFunction`).
    public private(set) var sampler: AnimationSampler?
    public private(set) var segment: Int?
    /// The curve shown and applied.
    public private(set) var curve = EasingCurve(0, 0, 1, 1)
    /// The control point the keyboard moves (0 for P1, 1 for P2).
    public private(set) var selectedHandle = 1
    /// The handle being dragged with the mouse, and the curve when the drag began.
    public private(set) var draggedHandle: Int?
    private var curveBeforeDrag: EasingCurve?
    private var hovered: EasingEditorLayout.Part?
    private var compare = Compare.original
    /// Each edited curve's curve before its first edit.
    private var originals: [EditKey: EasingCurve] = [:]
    /// The last write-back's outcome (or a hint), shown under the buttons.
    private var status = "w writes the curve back to the scene file"

    /// An editor writing with `text` (no labels when nil).
    public init(text: TextRenderer?) {
        self.text = text
    }

    /// Places the editor's top-left corner at (x, y) of the target bitmap.
    public func place(x: Int, y: Int) {
        frame.x = x
        frame.y = y
    }

    /// Whether (x, y) of the target bitmap is on the editor (never while it is not shown).
    public func contains(x: Int, y: Int) -> Bool { fitsSlot && EasingEditorLayout.inside(frame, x, y) }

    /// Whether the inspector's slot holds the whole editor (it is drawn only then).
    public private(set) var fitsSlot = true

    // MARK: Following the tree

    /// Follows `root`'s animations: keeps the selected one while it is attached, else selects the
    /// newest (springs, which ignore timing functions, excepted). Cheap when nothing changed: one walk
    /// of the tree, no allocation.
    public func update(root: CALayer) {
        if root !== trackedRoot {
            trackedRoot = root
            sampler = nil
            attachedCount = -1
        }
        var selectedAttached = false
        var count = 0
        AnimationSampler.forEachAttachedAnimation(in: root) { _, animation in
            count += 1
            if animation === sampler?.animation { selectedAttached = true }
        }
        // Samplers are made only when the set of animations changed (one was added, or the edited one left).
        if (sampler != nil && !selectedAttached) || count != attachedCount {
            attachedCount = count
            select(Self.newest(in: root))
        }
    }

    /// Lets go of the tree followed (the selected animation's sampler holds its layer, and through it
    /// the tree and its pictures), as a switch to another scene must; kept edits stay.
    public func forgetTree() {
        trackedRoot = nil
        attachedCount = -1
        select(nil)
    }

    /// The most recently added animation of the tree that a timing curve paces.
    private static func newest(in root: CALayer) -> AnimationSampler? {
        let candidates = AnimationSampler.samplers(in: root).filter { !($0.animation is CASpringAnimation) }
        return candidates.enumerated().max { a, b in
            (a.element.addedAt, a.offset) < (b.element.addedAt, b.offset)
        }?.element
    }

    /// Edits `sampler`'s animation (nil: none), keeping the interval when it has it.
    public func select(_ newSampler: AnimationSampler?) {
        guard newSampler?.animation !== sampler?.animation else { return }
        sampler = newSampler
        if let segment, segment >= (newSampler?.segmentCount ?? 0) { self.segment = nil }
        curve = currentCurve()
        draggedHandle = nil
        staticIsValid = false
    }

    /// The selected curve as the running animation has it.
    private func currentCurve() -> EasingCurve {
        guard let animation = sampler?.animation else { return EasingCurve(0, 0, 1, 1) }
        guard let segment else { return EasingCurve(animation.timingFunction) }
        let functions = (animation as? CAKeyframeAnimation)?.timingFunctions ?? []
        return EasingCurve(segment < functions.count ? functions[segment] : nil)
    }

    private func editKey(layer: CALayer, animation: CAAnimation, segment: Int?) -> EditKey? {
        guard let entryKey = Self.key(of: animation, on: layer) else { return nil }
        return EditKey(layer: layer.name, key: entryKey, segment: segment)
    }

    /// The key `animation` is attached under on `layer` (nil when keyless: such an edit is not kept).
    private static func key(of animation: CAAnimation, on layer: CALayer) -> String? {
        layer.key(ofAttached: animation)
    }

    // MARK: Editing

    /// Makes `newCurve` the selected animation's curve: the edit for the viewer to apply; nil when
    /// nothing changed, a redraw with the reason when the animation cannot be named (a keyless animation,
    /// a layer without a name: a tree made again could not find it).
    private func apply(_ newCurve: EasingCurve) -> EasingEditorEvent? {
        guard let sampler, newCurve != curve else { return nil }
        guard let edit = timingEdit(newCurve) else {
            status = "cannot edit: the animation needs a key and its layer a name"
            staticIsValid = false
            return .redraw
        }
        let key = editKey(layer: sampler.layer, animation: sampler.animation, segment: segment)
        if let key, originals[key] == nil { originals[key] = curve }
        curve = newCurve
        cacheIsValid = false
        return .edited(editDescription, edit)
    }

    /// The edit that gives the selected animation's selected curve `newCurve`, when it can be named.
    private func timingEdit(_ newCurve: EasingCurve) -> TimingEdit? {
        guard let sampler, let layerName = sampler.layer.name,
            let key = Self.key(of: sampler.animation, on: sampler.layer)
        else { return nil }
        return TimingEdit(layerName: layerName, key: key, segment: segment, controlPoints: newCurve.controlPoints)
    }

    /// The edit as the log states it: `ship rotateAnimation timingFunction = [0.42, 0, 0.58, 1]`.
    private var editDescription: String {
        let name = sampler?.layer.name ?? "layer"
        let key = sampler.flatMap { Self.key(of: $0.animation, on: $0.layer) } ?? "-"
        let target = segment.map { "timingFunctions[\($0)]" } ?? "timingFunction"
        return "\(name) \(key) \(target) = ["
            + curve.controlPoints.map { CurvePlotNumbers.text($0) }.joined(
                separator: ", ") + "]"
    }

    /// The curve to compare with, if any.
    private var compareCurve: EasingCurve? {
        switch compare {
        case .original:
            guard let sampler else { return nil }
            let key = editKey(layer: sampler.layer, animation: sampler.animation, segment: segment)
            return key.flatMap { originals[$0] } ?? curve
        case .preset(let index): return EasingCurve.presets[index].curve
        case .none: return nil
        }
    }

    /// Carries out a keyboard command.
    public func perform(_ command: EasingEditorCommand) -> EasingEditorEvent? {
        switch command {
        case .nextHandle:
            selectedHandle = 1 - selectedHandle
            staticIsValid = false
            return .redraw
        case .nudge(let dx, let dy):
            let p = curve.point(selectedHandle)
            return apply(curve.moving(selectedHandle, toX: p.x + dx, y: p.y + dy))
        case .nextPreset:
            let current = EasingCurve.presets.firstIndex { $0.curve == curve }
            let next = current.map { ($0 + 1) % EasingCurve.presets.count } ?? 0
            return apply(EasingCurve.presets[next].curve)
        case .nextCompare:
            switch compare {
            case .original: compare = .preset(0)
            case .preset(let i): compare = i + 1 < EasingCurve.presets.count ? .preset(i + 1) : .none
            case .none: compare = .original
            }
            staticIsValid = false
            return .redraw
        case .nextSegment:
            return selectSegment(step: 1)
        case .writeBack:
            guard let sampler else {
                status = "no animation to write back"
                staticIsValid = false
                return .redraw
            }
            return .writeBack(
                EasingWriteBack(
                    layerName: sampler.layer.name, key: Self.key(of: sampler.animation, on: sampler.layer),
                    addedAt: sampler.addedAt, segment: segment, segmentCount: sampler.segmentCount, curve: curve))
        }
    }

    /// Moves to the interval `step` away (through nil, the whole animation), when the animation has intervals.
    private func selectSegment(step: Int) -> EasingEditorEvent? {
        let count = sampler?.segmentCount ?? 0
        guard count > 0 else { return nil }
        // Positions 0 (the whole animation) through count (the last interval).
        let position = ((segment.map { $0 + 1 } ?? 0) + step + count + 1) % (count + 1)
        segment = position == 0 ? nil : position - 1
        curve = currentCurve()
        staticIsValid = false
        return .redraw
    }

    /// Shows the outcome of a write-back.
    public func writeBackFinished(_ request: EasingWriteBack, message: String, written: Bool) {
        status = message
        staticIsValid = false
    }

    // MARK: Pointer

    /// True while a handle is being dragged (every pointer event then goes to the editor).
    public var isDragging: Bool { draggedHandle != nil }

    /// A button-1 press at (x, y) of the target bitmap, on the editor: grabs a handle or presses a button.
    public func pressed(x: Int, y: Int) -> EasingEditorEvent? {
        let local = (x - frame.x, y - frame.y)
        let part = EasingEditorLayout.part(
            atX: local.0, y: local.1, curve: curve, segments: (sampler?.segmentCount ?? 0) > 0)
        switch part {
        case .handle(let handle)?:
            draggedHandle = handle
            curveBeforeDrag = curve
            selectedHandle = handle
            staticIsValid = false
            return .redraw
        case .preset(let index)?:
            return apply(EasingCurve.presets[index].curve) ?? .redraw
        case .compare?:
            return perform(.nextCompare)
        case .previousSegment?:
            return selectSegment(step: -1)
        case .nextSegment?:
            return selectSegment(step: 1)
        case .writeBack?:
            return perform(.writeBack)
        case nil:
            return nil
        }
    }

    /// The pointer moved to (x, y) of the target bitmap: drags the grabbed handle, or updates hover.
    public func moved(x: Int, y: Int) -> EasingEditorEvent? {
        if let handle = draggedHandle {
            return apply(
                EasingEditorLayout.drag(curve, handle: handle, toPixel: Double(x - frame.x), Double(y - frame.y)))
        }
        let part =
            contains(x: x, y: y)
            ? EasingEditorLayout.part(
                atX: x - frame.x, y: y - frame.y, curve: curve, segments: (sampler?.segmentCount ?? 0) > 0) : nil
        guard part != hovered else { return nil }
        hovered = part
        staticIsValid = false
        return .redraw
    }

    /// Button 1 came up: a drag ends where the pointer is; `.edited` says what the whole drag changed.
    public func released(x: Int, y: Int) -> EasingEditorEvent? {
        guard draggedHandle != nil else { return nil }
        _ = moved(x: x, y: y)
        draggedHandle = nil
        staticIsValid = false
        defer { curveBeforeDrag = nil }
        guard curveBeforeDrag != curve, let edit = timingEdit(curve) else { return .redraw }
        return .edited(editDescription, edit)
    }

    // MARK: Drawing

    /// Draws the editor at media time `mediaTime` into `bitmap` at `frame` (clipped to the bitmap).
    public func draw(mediaTime: Double, into bitmap: Bitmap) {
        if !staticIsValid { redrawStatic() }
        if !cacheIsValid { redrawCurves() }
        Blending.copy(cache, into: bitmap, x: frame.x, y: frame.y)
        guard let sampler, let fractions = sampler.fractions(atLocalTime: sampler.localTime(atMediaTime: mediaTime))
        else { return }
        var input = fractions.input
        var eased = fractions.eased
        if let segment {
            guard let place = sampler.segmentPlace(atProgress: fractions.eased), place.index == segment else { return }
            input = place.fraction
            eased = curve.function.solve(place.fraction)
        }
        let center = EasingEditorLayout.pixel(x: min(max(input, 0), 1), y: eased)
        let plot = EasingEditorLayout.plotArea
        pen.disc(
            center: CGPoint(x: center.x + Double(frame.x), y: center.y + Double(frame.y)), radius: 4.5,
            color: CurvePlotStyle.playhead,
            clip: PixelRect(x: plot.x + frame.x, y: plot.y + frame.y, width: plot.width, height: plot.height),
            into: bitmap)
        guard let text else { return }
        let baseline = frame.y + plot.y + 6 + text.ascender
        var x = text.draw(
            "fraction ", x: frame.x + plot.x + 4, baseline: baseline, color: CurvePlotStyle.dimText, into: bitmap)
        x = text.draw(
            CurvePlotNumbers.text(input, decimals: 3), x: x, baseline: baseline, color: CurvePlotStyle.text,
            into: bitmap)
        x = text.draw(" → eased ", x: x, baseline: baseline, color: CurvePlotStyle.dimText, into: bitmap)
        text.draw(
            CurvePlotNumbers.text(eased, decimals: 3), x: x, baseline: baseline, color: CurvePlotStyle.playhead,
            into: bitmap)
    }

    private static let handleColors = [CurvePlotStyle.palette[3], CurvePlotStyle.palette[1]]

    /// The rows a drag redraws: the plot, the coordinates and the preset buttons.
    private static let curveRows =
        EasingEditorLayout.plotArea.y..<(EasingEditorLayout.presetTop + 2 * EasingEditorLayout.presetRowHeight)

    private func redrawStatic() {
        staticIsValid = true
        cacheIsValid = false
        staticCache.fill(CurvePlotStyle.background)
        Blending.fill(staticCache, x: 0, y: 0, width: 1, height: staticCache.height, color: CurvePlotStyle.grid)
        drawGrid()
        drawStaticLabels()
        cache.copy(from: staticCache)
    }

    /// The curves, handles, coordinates and presets over the static picture.
    private func redrawCurves() {
        cacheIsValid = true
        for y in Self.curveRows { cache.row(y).update(from: staticCache.row(y), count: cache.width) }
        drawCurves()
        drawCurveLabels()
    }

    private func drawGrid() {
        let area = EasingEditorLayout.plotArea
        Blending.fill(
            staticCache, x: area.x, y: area.y, width: area.width, height: area.height,
            color: CurvePlotStyle.plotBackground)
        for tenth in -5...15 {
            let y = Double(tenth) / 10
            let row = PixelCoordinate.whole(EasingEditorLayout.pixel(x: 0, y: y).y, .down)
            Blending.fill(
                staticCache, x: area.x, y: row, width: area.width, height: 1,
                color: tenth == 0 || tenth == 10 ? CurvePlotStyle.unitBox : CurvePlotStyle.grid)
        }
        for tenth in 0...10 {
            let column = PixelCoordinate.whole(EasingEditorLayout.pixel(x: Double(tenth) / 10, y: 0).x, .down)
            Blending.fill(
                staticCache, x: column, y: area.y, width: 1, height: area.height,
                color: tenth == 0 || tenth == 10 ? CurvePlotStyle.unitBox : CurvePlotStyle.grid)
        }
        pen.dashedLine(
            from: EasingEditorLayout.pixel(x: 0, y: 0), to: EasingEditorLayout.pixel(x: 1, y: 1), dash: 4,
            color: CurvePlotStyle.unitBox, clip: area, into: staticCache)
    }

    private func drawCurves() {
        let area = EasingEditorLayout.plotArea
        if let compareCurve { stroke(compareCurve, width: 1.5, color: CurvePlotStyle.axis) }
        let ends = [EasingEditorLayout.pixel(x: 0, y: 0), EasingEditorLayout.pixel(x: 1, y: 1)]
        for handle in 0..<2 {
            let p = curve.point(handle)
            let arm = CGMutablePath()
            arm.move(to: ends[handle])
            arm.addLine(to: EasingEditorLayout.handleCenter(x: p.x, y: p.y))
            pen.stroke(arm, width: 1.25, color: Self.handleColors[handle], clip: area, into: cache)
        }
        stroke(curve, width: 2.5, color: CurvePlotStyle.text)
        for handle in 0..<2 {
            let p = curve.point(handle)
            let center = EasingEditorLayout.handleCenter(x: p.x, y: p.y)
            if handle == selectedHandle {
                pen.disc(center: center, radius: 8.5, color: CurvePlotStyle.cursor, clip: area, into: cache)
            }
            pen.disc(center: center, radius: 6.5, color: Self.handleColors[handle], clip: area, into: cache)
        }
    }

    /// Strokes `curve` over the plot.
    private func stroke(_ curve: EasingCurve, width: CGFloat, color: Pixel) {
        let path = CGMutablePath()
        let c = curve.controlPoints
        let ends = (EasingEditorLayout.pixel(x: 0, y: 0), EasingEditorLayout.pixel(x: 1, y: 1))
        path.move(to: ends.0)
        path.addCurve(
            to: ends.1, control1: EasingEditorLayout.pixel(x: c[0], y: c[1]),
            control2: EasingEditorLayout.pixel(x: c[2], y: c[3]))
        pen.stroke(path, width: width, color: color, clip: EasingEditorLayout.plotArea, into: cache)
    }

    private func drawStaticLabels() {
        guard let text else { return }
        let width = EasingEditorLayout.width
        let title =
            sampler.map { s in
                "Easing · " + (s.layer.name ?? "layer") + " · " + (s.facts.keyPath ?? s.facts.key ?? s.facts.kind)
            } ?? "Easing · no animation"
        text.draw(title, x: 8, baseline: 6 + text.ascender, color: CurvePlotStyle.text, into: staticCache)
        let count = sampler?.segmentCount ?? 0
        let what =
            segment.map { "interval \($0 + 1) of \(count) · timingFunctions[\($0)]" }
            ?? (count > 0 ? "whole animation · timingFunction (g: intervals)" : "timingFunction")
        text.draw(
            what, x: (width - text.width(of: what)) / 2, baseline: 31 + text.ascender, color: CurvePlotStyle.dimText,
            into: staticCache)
        if count > 0 {
            button("‹", EasingEditorLayout.previousSegmentButton, part: .previousSegment, into: staticCache)
            button("›", EasingEditorLayout.nextSegmentButton, part: .nextSegment, into: staticCache)
        }
        let compared: String
        switch compare {
        case .original: compared = "original" + (compareCurve.map { " (" + $0.label + ")" } ?? "")
        case .preset(let index): compared = EasingCurve.presets[index].name
        case .none: compared = "none"
        }
        button("compare: " + compared + "  (m)", EasingEditorLayout.compareButton, part: .compare, into: staticCache)
        button(
            "Write back to the scene file  (w)", EasingEditorLayout.writeButton, part: .writeBack, into: staticCache)
        var shown = status
        while !shown.isEmpty && text.width(of: shown) > width - 16 { shown.removeLast() }
        text.draw(
            shown, x: 8, baseline: EasingEditorLayout.statusBaseline, color: CurvePlotStyle.dimText,
            into: staticCache)
    }

    /// The coordinates, the curve's name and the presets (one lit when the curve is it).
    private func drawCurveLabels() {
        guard let text else { return }
        var x = 8
        let baseline = EasingEditorLayout.coordinatesBaseline
        for handle in 0..<2 {
            let p = curve.point(handle)
            x = text.draw(
                handle == 0 ? "P1 " : "   P2 ", x: x, baseline: baseline, color: Self.handleColors[handle], into: cache)
            x = text.draw(
                "(" + CurvePlotNumbers.text(p.x) + ", " + CurvePlotNumbers.text(p.y) + ")", x: x, baseline: baseline,
                color: CurvePlotStyle.text, into: cache)
        }
        var label = curve.label
        if let compareCurve, compare == .original, compareCurve != curve { label += " (edited)" }
        text.draw(label, x: 8, baseline: baseline + 14, color: CurvePlotStyle.dimText, into: cache)
        for (index, preset) in EasingCurve.presets.enumerated() {
            button(
                preset.name, EasingEditorLayout.presetButton(index), part: .preset(index), lit: preset.curve == curve,
                into: cache)
        }
    }

    private func button(
        _ title: String, _ rect: PixelRect, part: EasingEditorLayout.Part, lit: Bool = false, into cache: Bitmap
    ) {
        let fill = lit ? CurvePlotStyle.trackFilled : hovered == part ? CurvePlotStyle.track : CurvePlotStyle.button
        Blending.fill(cache, x: rect.x, y: rect.y, width: rect.width, height: rect.height, color: fill)
        Blending.outline(
            cache, x: rect.x, y: rect.y, width: rect.width, height: rect.height, color: CurvePlotStyle.buttonBorder)
        guard let text else { return }
        let color = lit ? CurvePlotStyle.background : CurvePlotStyle.text
        text.draw(
            title, x: rect.x + (rect.width - text.width(of: title)) / 2,
            baseline: rect.y + (rect.height + text.ascender - text.descender) / 2, color: color, into: cache)
    }
}

extension EasingEditor {
    /// Places the editor at the top-left corner of `slot` (the inspector's side column below the time
    /// chain); it is shown only when the slot holds it whole.
    public func layout(frame slot: PixelRect) {
        place(x: slot.x, y: slot.y)
        fitsSlot = slot.width >= EasingEditorLayout.width && slot.height >= EasingEditorLayout.height
    }
}
