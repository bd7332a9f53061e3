import Geometry
import LayerKit
import Raster
import Scenes

/// The inspector's timeline, DevTools style: the transport (jump to start, frame back, play/pause, frame
/// forward, jump to end, slower, the speed preset, faster, loop) over one scene-time axis with tick
/// labels in seconds, a lane of scene events, and, when expanded, a row per animation on that same axis
/// (a group's children indented under it) with its fills, active, repeat and reverse legs, cut-off
/// children, keyframe, add, repeat, `timeOffset` wrap and removal marks, and a paused layer named. The
/// playhead crosses the axis, the lane and every row.
///
/// The fixed parts are drawn into a cached image when the rows, events, axis, selection or layout
/// change; a frame copies it and draws the playhead and readouts, which allocates nothing once warm.
public final class TimelinePanel {
    /// A button of the transport.
    public enum Control: String, CaseIterable, Sendable {
        case jumpToStart, stepBackward, playPause, stepForward, jumpToEnd, slower, faster, loop
        /// The speed readout between ÷2 and ×2: a click picks the next preset rate.
        case speedPreset
    }

    /// What is under a point of the panel.
    public enum Hit: Equatable, Sendable {
        /// The axis, the events lane or a row's track, at this scene time.
        case track(sceneTime: Double)
        case control(Control)
        /// A row's label: its animation (the index into `samplers`).
        case row(Int)
    }

    /// Heights of the transport, the axis, the events lane and one row, in pixels.
    public static let transportHeight = 28
    static let axisHeight = 18
    static let eventsHeight = 16
    /// The longest label (in bytes) that events sharing a column join into: wider than any lane.
    static let longestJoinedLabel = 400
    public static let lineHeight = 18
    /// The panel without rows: the transport, the axis and the events lane.
    public static let collapsedHeight = transportHeight + axisHeight + eventsHeight
    /// Most rows kept (the oldest detached ones go first).
    public static let maximumRows = 32
    private static let buttonSize = 22

    private let text: TextRenderer?
    private let pen = CurvePlotPen()
    private var rows: [TimelineRow] = []
    /// The drawn lines: (row index, child index or nil).
    private var lines: [(row: Int, child: Int?)] = []
    private weak var trackedRoot: CALayer?
    private var cache = Bitmap(width: 1, height: 1)
    private var cacheIsValid = false
    private var buttons: [(control: Control, rect: PixelRect)] = []
    private var labelWidth = 90
    private var speedLabelX = 0
    /// The scene's events in media time.
    public private(set) var events: [SceneEvent] = []
    /// Media time of scene time 0.
    public private(set) var origin = 0.0
    /// The window of scene time the axis shows: from `windowStart`, `axisLength` seconds long. It pans
    /// to keep the playhead in view (a page at a time) and zooms only when the user asks; its length
    /// follows the scene's natural length only when the viewer allows it (at the start), so the axis
    /// never rescales under a playing playhead, a scrub or a click.
    public private(set) var windowStart = 0.0
    public private(set) var axisLength = 4.0
    /// The scene's natural length as last given: where the transport's jump-to-end goes.
    public private(set) var naturalLength = 4.0
    /// True once the user zoomed or panned, until scene time begins again.
    public private(set) var isZoomedByUser = false
    /// The shortest and longest windows a zoom reaches, in seconds.
    public static let windowLengths = 0.05...86_400.0
    /// Where the panel is drawn in the target bitmap.
    public private(set) var frame = PixelRect(x: 0, y: 0, width: 0, height: 0)
    /// Whether the rows are shown (the inspector key), or only the transport, axis and events.
    public private(set) var isExpanded = false
    /// The media time at which the last of the rows' active periods ends, or the last event (nil when
    /// neither): the natural length of the timeline.
    public private(set) var latestEnd: Double?
    /// The row whose time chain the inspector shows (nil: the newest).
    private var selectedRow: Int?
    /// Maps the tree's root time to media time (nil where no media time maps to it); the viewer's own
    /// pause, which stops the root's time, maps through its anchor.
    public var rootToMedia: (Double) -> Double? = { $0 }

    /// A panel writing with `text` (no labels when nil).
    public init(text: TextRenderer?) {
        self.text = text
    }

    /// The panel's height with `lineCount` rows (none when collapsed).
    public static func height(lineCount: Int) -> Int { collapsedHeight + lineCount * lineHeight }

    /// How many lines (animations and group children) the panel has.
    public var lineCount: Int { lines.count }

    /// The animations shown, oldest first.
    public var samplers: [AnimationSampler] { rows.map(\.sampler) }

    /// The selected animation, else the newest: the one whose time chain is shown.
    public var selectedSampler: AnimationSampler? {
        if let selectedRow, selectedRow < rows.count { return rows[selectedRow].sampler }
        return rows.last?.sampler
    }

    /// The legs of the animation at `index` in `samplers` and of its group children, for tests.
    func legs(ofRow index: Int) -> (
        legs: TimelineLegs, children: [TimelineLegs], pausedBy: String?, removedAt: Double?
    ) {
        (rows[index].legs, rows[index].children.map(\.legs), rows[index].pausedBy, rows[index].removedAt)
    }

    /// The stretches of media time over which the animation at `index` stood still, for tests.
    func pauses(ofRow index: Int) -> [(start: Double, end: Double?)] { rows[index].pauses }

    /// Selects the animation at `index` in `samplers` (nil: follow the newest).
    public func select(row index: Int?) {
        guard index != selectedRow else { return }
        selectedRow = index.flatMap { $0 < rows.count ? $0 : nil }
        cacheIsValid = false
    }

    /// Places the panel, with its rows shown when `expanded`.
    public func layout(frame newFrame: PixelRect, expanded: Bool) {
        guard newFrame != frame || expanded != isExpanded else { return }
        frame = newFrame
        isExpanded = expanded
        if cache.width != max(1, frame.width) || cache.height != max(1, frame.height) {
            cache = Bitmap(width: max(1, frame.width), height: max(1, frame.height))
        }
        labelWidth = min(240, max(90, frame.width * 22 / 100))
        buttons = []
        let y = (Self.transportHeight - Self.buttonSize) / 2
        var x = 6
        for control in [Control.jumpToStart, .stepBackward, .playPause, .stepForward, .jumpToEnd] {
            buttons.append((control, PixelRect(x: x, y: y, width: Self.buttonSize, height: Self.buttonSize)))
            x += Self.buttonSize + 3
        }
        let loopWidth = (text?.width(of: "loop") ?? 24) + 12
        let speedWidth = text?.width(of: "speed 1/16") ?? 60
        let loopX = frame.width - 6 - loopWidth
        let fasterX = loopX - 8 - Self.buttonSize
        let slowerX = fasterX - 4 - speedWidth - 4 - Self.buttonSize
        speedLabelX = slowerX + Self.buttonSize + 4
        buttons.append((.slower, PixelRect(x: slowerX, y: y, width: Self.buttonSize, height: Self.buttonSize)))
        buttons.append(
            (.speedPreset, PixelRect(x: speedLabelX, y: y, width: speedWidth, height: Self.buttonSize)))
        buttons.append((.faster, PixelRect(x: fasterX, y: y, width: Self.buttonSize, height: Self.buttonSize)))
        buttons.append((.loop, PixelRect(x: loopX, y: y, width: loopWidth, height: Self.buttonSize)))
        cacheIsValid = false
    }

    /// Sets the axis: scene time 0 is media time `origin`, the scene `length` seconds long. A new origin
    /// (scene time begins again) shows the window from 0 at that length; otherwise the window takes the
    /// new length only when `mayRescale` (the viewer is at its start) and the user has not zoomed.
    public func setAxis(origin newOrigin: Double, length: Double, mayRescale: Bool = true) {
        let clamped =
            length.isFinite ? min(max(Self.windowLengths.lowerBound, length), Self.windowLengths.upperBound) : 4
        naturalLength = clamped
        if newOrigin != origin {
            origin = newOrigin
            windowStart = 0
            axisLength = clamped
            isZoomedByUser = false
            refreshAll(force: true)
        } else if mayRescale, !isZoomedByUser, clamped != axisLength {
            axisLength = clamped
            windowStart = 0
            refreshAll(force: true)
        }
    }

    /// Pans the window a page at a time so that scene time `t` is in it (the playhead never leaves the
    /// axis: an endless repeat plays on page after page). Once a scene has ended (its last animation's
    /// end is in the window and nothing repeats forever) a playhead past the window waits at its right
    /// edge: the next page would show nothing but the empty time after the end.
    public func keepInView(sceneTime t: Double) {
        guard t.isFinite, t < windowStart || t > windowStart + axisLength else { return }
        if t > windowStart + axisLength, !repeatsForever, let end = latestEnd.map({ $0 - origin }),
            end >= windowStart, end <= windowStart + axisLength
        {
            return
        }
        let page = max(0, (t / axisLength).rounded(.down))
        moveWindow(start: t == page * axisLength && page > 0 ? (page - 1) * axisLength : page * axisLength)
    }

    /// Zooms the window by `factor` (below 1 zooms in) around the scene time under window column `x`.
    public func zoom(by factor: Double, aroundX x: Int) {
        guard factor.isFinite, factor > 0 else { return }
        let pivot = sceneTime(atX: x)
        let length = min(max(axisLength * factor, Self.windowLengths.lowerBound), Self.windowLengths.upperBound)
        guard length != axisLength else { return }
        let fraction = (pivot - windowStart) / axisLength
        axisLength = length
        isZoomedByUser = true
        moveWindow(start: pivot - fraction * length)
    }

    /// Pans the window by `pixels` columns of the track (positive: later times come into view).
    public func pan(byPixels pixels: Int) {
        guard pixels != 0 else { return }
        isZoomedByUser = true
        moveWindow(start: windowStart + Double(pixels) / Double(max(1, trackWidth - 1)) * axisLength)
    }

    private func moveWindow(start: Double) {
        let clamped = max(0, start)
        guard clamped != windowStart else {
            cacheIsValid = false
            return
        }
        windowStart = clamped
        refreshAll(force: true)
    }

    /// The events as last given (compared each frame, so unchanged ones cost no sort).
    private var givenEvents: [SceneEvent] = []

    /// Sets the scene's events (media time), kept in time order; cheap when they are unchanged.
    public func setEvents(_ newEvents: [SceneEvent]) {
        guard newEvents != givenEvents else { return }
        givenEvents = newEvents
        events = newEvents.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map(\.element)
        updateLatestEnd()
        cacheIsValid = false
    }

    /// Follows the animations attached to `root`'s tree at media time `mediaTime`: a new animation gets
    /// a row (or takes back the row it had in a tree made again), rows whose layer timing moved are
    /// computed again, and an animation that leaves the same tree is marked removed at `mediaTime` (when
    /// given). Cheap when nothing changed (one walk of the tree, no allocation).
    public func update(root: CALayer, mediaTime: Double? = nil) {
        // A new tree (made again for a step back) detaches every row; its animations take them back.
        let sameTree = root === trackedRoot
        trackedRoot = root
        if samplersAreStale {
            samplersAreStale = false
            for sampler in AnimationSampler.samplers(in: root) {
                rows.first { $0.sampler.animation === sampler.animation }?.rebind(sampler)
            }
            refreshAll(force: true)
            rebuildLines()
        }
        for row in rows {
            row.wasAttached = row.isAttached
            row.isAttached = false
        }
        var unseen = 0
        var attached = 0
        AnimationSampler.forEachAttachedAnimation(in: root) { _, animation in
            attached += 1
            if let row = rows.first(where: { $0.sampler.animation === animation }) {
                row.isAttached = true
            } else {
                unseen += 1
            }
        }
        // With more animations than rows, those left out stay unseen: samplers are made again only when
        // the tree or its set of animations changed (not every frame of a scene of thousands).
        let animationsChanged = !sameTree || attached != attachedCount || unseen != unseenCount
        attachedCount = attached
        unseenCount = unseen
        var changed = false
        if sameTree, let mediaTime {
            for row in rows where row.wasAttached && !row.isAttached {
                row.removedAt = mediaTime
                changed = true
            }
        }
        if unseen > 0, animationsChanged {
            samplingPasses += 1
            for sampler in AnimationSampler.samplers(in: root)
            where !rows.contains(where: { $0.sampler.animation === sampler.animation }) {
                let identity = TimelineRow.Identity(sampler)
                if let row = rows.first(where: { !$0.isAttached && $0.identity == identity }) {
                    row.rebind(sampler)
                } else {
                    rows.append(TimelineRow(sampler: sampler))
                }
            }
            while rows.count > Self.maximumRows {
                rows.remove(at: rows.firstIndex { !$0.isAttached } ?? 0)
                selectedRow = nil
            }
            // Those that have rows now are seen: a replacement next frame (the same counts) is new again.
            unseenCount = 0
            AnimationSampler.forEachAttachedAnimation(in: root) { _, animation in
                if !rows.contains(where: { $0.sampler.animation === animation }) { unseenCount += 1 }
            }
            changed = true
        }
        if refreshAll(force: false) || changed {
            updateLatestEnd()
            rebuildLines()
        }
    }

    /// Makes the rows' samplers again at the next update, rows and selection kept: an animation's timing
    /// was changed in place (the easing editor's edit), which the samplers compiled before.
    public func resampleRows() {
        samplersAreStale = true
    }

    /// Set by `resampleRows()`.
    private var samplersAreStale = false
    /// How many animations the tree had at the last update, and how many of them had no row.
    private var attachedCount = -1
    private var unseenCount = 0
    /// How many updates made samplers of the tree's animations (a steady tree makes none).
    private(set) var samplingPasses = 0

    /// Forgets every row (a new scene, a Start that begins scene time again).
    public func removeAllRows() {
        trackedRoot = nil
        attachedCount = -1
        rows.removeAll()
        lines.removeAll()
        selectedRow = nil
        updateLatestEnd()
        cacheIsValid = false
    }

    /// Recomputes the rows' legs whose timing moved (all with `force`); true when any changed.
    @discardableResult
    private func refreshAll(force: Bool) -> Bool {
        guard let root = trackedRoot else { return false }
        let from = origin + windowStart
        let to = from + axisLength
        var changed = false
        for row in rows where row.refresh(root: root, from: from, to: to, force: force, rootToMedia: rootToMedia) {
            changed = true
        }
        if changed || force {
            updateLatestEnd()
            cacheIsValid = false
        }
        return changed
    }

    private func rebuildLines() {
        lines.removeAll(keepingCapacity: true)
        for (index, row) in rows.enumerated() {
            lines.append((index, nil))
            for child in row.children.indices { lines.append((index, child)) }
        }
        cacheIsValid = false
    }

    private func updateLatestEnd() {
        let ends = rows.compactMap(\.legs.activeEnd) + events.map(\.time)
        latestEnd = ends.filter(\.isFinite).max()
        repeatsForever = rows.contains { $0.isAttached && !$0.sampler.facts.activeDuration.isFinite }
    }

    /// True while an attached animation repeats forever: the scene has no end to show.
    public private(set) var repeatsForever = false

    // MARK: Geometry

    private var trackX: Int { labelWidth }
    private var trackWidth: Int { max(10, frame.width - labelWidth - 10) }
    private var axisY: Int { Self.transportHeight }
    private var eventsY: Int { axisY + Self.axisHeight }
    private var rowsY: Int { eventsY + Self.eventsHeight }

    /// How many lines fit in the frame (none when collapsed).
    public var visibleLineCount: Int {
        isExpanded ? min(lines.count, max(0, (frame.height - rowsY) / Self.lineHeight)) : 0
    }

    /// The first line drawn: the newest lines that fit.
    private var firstVisibleLine: Int { lines.count - visibleLineCount }

    /// The panel column (from its left edge) of scene time `t`, clamped to the track.
    private func column(sceneTime t: Double) -> Int {
        let offset = t - windowStart
        let fraction = offset >= axisLength ? 1 : offset > 0 ? offset / axisLength : 0
        return trackX + PixelCoordinate.whole(fraction * Double(trackWidth - 1), .toNearestOrAwayFromZero)
    }

    private func column(mediaTime t: Double) -> Int { column(sceneTime: t - origin) }

    /// The scene time under window column `x`, clamped to the axis (for drags that leave the track).
    public func sceneTime(atX x: Int) -> Double {
        let fraction = Double(x - frame.x - trackX) / Double(max(1, trackWidth - 1))
        return windowStart + min(max(fraction, 0), 1) * axisLength
    }

    /// The window column of the playhead at scene time `t`.
    public func playheadX(atSceneTime t: Double) -> Int { frame.x + column(sceneTime: t) }

    /// What is at window point (`x`, `y`), or nil.
    public func hit(x: Int, y: Int) -> Hit? {
        let lx = x - frame.x
        let ly = y - frame.y
        guard lx >= 0, ly >= 0, lx < frame.width, ly < frame.height else { return nil }
        if ly < Self.transportHeight {
            for button in buttons
            where lx >= button.rect.minX && lx < button.rect.maxX && ly >= button.rect.minY
                && ly < button.rect.maxY
            {
                return .control(button.control)
            }
            return nil
        }
        if lx >= trackX - 4 { return .track(sceneTime: sceneTime(atX: x)) }
        let line = (ly - rowsY) / Self.lineHeight
        guard ly >= rowsY, line < visibleLineCount else { return nil }
        return .row(lines[firstVisibleLine + line].row)
    }

    /// What the transport says of the key map.
    public static let keyMapHint = "? keys"

    /// A playback rate as the transport shows it: `4`, `1`, `1/4`, `1/16`.
    public static func speedLabel(_ speed: Double) -> String {
        guard speed > 0, speed.isFinite else { return "0" }
        if speed >= 1 { return CurvePlotNumbers.text(speed, decimals: 2) }
        return "1/" + CurvePlotNumbers.text(1 / speed, decimals: 2)
    }

    // MARK: Drawing

    private static let lane = Blending.color(red: 26, green: 29, blue: 36, alpha: 255)
    private static let selected = Blending.color(red: 40, green: 48, blue: 66, alpha: 255)
    private static let activeBar = Blending.color(red: 70, green: 130, blue: 230, alpha: 255)
    private static let repeatBar = Blending.color(red: 60, green: 170, blue: 190, alpha: 255)
    private static let reverseBar = Blending.color(red: 170, green: 100, blue: 230, alpha: 255)
    private static let fillBar = Blending.color(red: 96, green: 110, blue: 130, alpha: 255)
    private static let cutOff = Blending.color(red: 235, green: 70, blue: 80, alpha: 255)
    private static let eventMark = Blending.color(red: 255, green: 204, blue: 0, alpha: 255)
    private static let hatch = Blending.color(red: 0, green: 0, blue: 0, alpha: 140)

    /// `label` cut to `width` pixels (with an ellipsis).
    private func fitted(_ label: String, width: Int, text: TextRenderer) -> String {
        guard text.width(of: label) > width else { return label }
        let cut = text.prefix(of: label, fitting: width - text.width(of: "…"))
        return cut.isEmpty ? "" : cut + "…"
    }

    private func redrawCache() {
        cache.fill(CurvePlotStyle.background)
        Blending.fill(cache, x: 0, y: 0, width: cache.width, height: 1, color: CurvePlotStyle.grid)
        for button in buttons {
            let r = button.rect
            guard button.control != .speedPreset else { continue }
            Blending.fill(cache, x: r.x, y: r.y, width: r.width, height: r.height, color: CurvePlotStyle.button)
            Blending.outline(
                cache, x: r.x, y: r.y, width: r.width, height: r.height, color: CurvePlotStyle.buttonBorder)
            drawIcon(button.control, in: r, into: cache)
        }
        drawAxis()
        drawEvents()
        let first = firstVisibleLine
        for index in 0..<visibleLineCount {
            drawLine(lines[first + index], y: rowsY + index * Self.lineHeight)
        }
        Blending.fill(
            cache, x: trackX - 1, y: axisY, width: 1, height: cache.height - axisY, color: CurvePlotStyle.grid)
        cacheIsValid = true
    }

    private func drawAxis() {
        Blending.fill(
            cache, x: 0, y: axisY, width: cache.width, height: Self.axisHeight, color: CurvePlotStyle.plotBackground)
        let step = ValuePlot.niceStep(span: axisLength, ticks: max(1, trackWidth / 70))
        for t in PixelCoordinate.ticks(from: windowStart, through: windowStart + axisLength, step: step) {
            let x = column(sceneTime: t)
            Blending.fill(cache, x: x, y: axisY + Self.axisHeight - 5, width: 1, height: 5, color: CurvePlotStyle.axis)
            Blending.fill(
                cache, x: x, y: rowsY, width: 1, height: max(0, cache.height - rowsY), color: CurvePlotStyle.grid)
            if let text {
                let label = CurvePlotNumbers.text(t, decimals: 3) + " s"
                let width = text.width(of: label)
                let left = min(max(trackX, x - width / 2), trackX + trackWidth - width)
                text.draw(
                    label, x: left, baseline: axisY + 2 + text.ascender, color: CurvePlotStyle.dimText, into: cache)
            }
        }
    }

    private func drawEvents() {
        Blending.fill(cache, x: 0, y: eventsY, width: cache.width, height: Self.eventsHeight, color: Self.lane)
        if let text {
            text.draw(
                "events", x: 8, baseline: eventsY + 2 + text.ascender, color: CurvePlotStyle.dimText, into: cache)
        }
        // Events at the same column share a mark, their labels joined.
        var marks: [(x: Int, label: String)] = []
        let windowFrom = origin + windowStart
        for event in events where event.time >= windowFrom - 1e-9 && event.time <= windowFrom + axisLength + 1e-9 {
            let x = column(mediaTime: event.time)
            if let last = marks.last, abs(last.x - x) < 3 {
                // No lane is wide enough for more: a thousand events at one time join no further.
                if last.label.utf8.count < Self.longestJoinedLabel {
                    marks[marks.count - 1].label += ", " + event.label
                }
            } else {
                marks.append((x, event.label))
            }
        }
        let clip = PixelRect(x: trackX - 5, y: eventsY, width: trackWidth + 10, height: Self.eventsHeight)
        for (index, mark) in marks.enumerated() {
            let x = Double(mark.x)
            let top = Double(eventsY + 3)
            pen.triangle(
                CGPoint(x: x - 4, y: top), CGPoint(x: x + 5, y: top), CGPoint(x: x + 0.5, y: top + 8),
                color: Self.eventMark, clip: clip, into: cache)
            guard let text else { continue }
            let next = index + 1 < marks.count ? marks[index + 1].x : trackX + trackWidth
            let room = min(next, trackX + trackWidth + 8) - mark.x - 10
            guard room > 12 else { continue }
            text.draw(
                fitted(mark.label, width: room, text: text), x: mark.x + 7, baseline: eventsY + 2 + text.ascender,
                color: CurvePlotStyle.text, into: cache)
        }
    }

    private func drawLine(_ line: (row: Int, child: Int?), y: Int) {
        let row = rows[line.row]
        let isSelected = line.child == nil && line.row == (selectedRow ?? rows.count - 1)
        Blending.fill(
            cache, x: 0, y: y, width: cache.width, height: Self.lineHeight,
            color: isSelected ? Self.selected : CurvePlotStyle.background)
        Blending.fill(cache, x: 0, y: y + Self.lineHeight - 1, width: cache.width, height: 1, color: Self.lane)
        let legs = line.child.map { row.children[$0].legs } ?? row.legs
        let mid = y + Self.lineHeight / 2
        for span in legs.spans {
            let x0 = column(mediaTime: span.start)
            let x1 = max(x0 + 1, column(mediaTime: span.end))
            switch span.kind {
            case .fillBefore, .fillAfter:
                Blending.fill(cache, x: x0, y: mid - 2, width: x1 - x0, height: 4, color: Self.fillBar)
            case .active, .repeated, .reverse:
                let color =
                    span.kind == .active ? Self.activeBar : span.kind == .repeated ? Self.repeatBar : Self.reverseBar
                Blending.fill(cache, x: x0, y: mid - 5, width: x1 - x0, height: 10, color: color)
            case .cutOff:
                Blending.outline(cache, x: x0, y: mid - 5, width: x1 - x0, height: 10, color: Self.cutOff)
                for hx in stride(from: x0 + 2, to: x1 - 1, by: 4) {
                    Blending.fill(cache, x: hx, y: mid - 1, width: 2, height: 2, color: Self.cutOff)
                }
            }
        }
        for mark in legs.marks {
            let x = column(mediaTime: mark.time)
            switch mark.kind {
            case .added:
                Blending.fill(cache, x: x, y: y + 2, width: 1, height: Self.lineHeight - 4, color: CurvePlotStyle.text)
                pen.disc(
                    center: CGPoint(x: Double(x) + 0.5, y: Double(y) + 3.5), radius: 2.5, color: CurvePlotStyle.text,
                    clip: PixelRect(x: 0, y: y, width: cache.width, height: Self.lineHeight), into: cache)
            case .keyframe:
                let c = CGPoint(x: Double(x) + 0.5, y: Double(mid))
                let clip = PixelRect(x: 0, y: y, width: cache.width, height: Self.lineHeight)
                pen.triangle(
                    CGPoint(x: c.x - 4, y: c.y), CGPoint(x: c.x, y: c.y - 4), CGPoint(x: c.x + 4, y: c.y),
                    color: 0xFFFF_FFFF,
                    clip: clip, into: cache)
                pen.triangle(
                    CGPoint(x: c.x - 4, y: c.y), CGPoint(x: c.x + 4, y: c.y), CGPoint(x: c.x, y: c.y + 4),
                    color: 0xFFFF_FFFF,
                    clip: clip, into: cache)
            case .repeatBoundary:
                Blending.fill(cache, x: x, y: mid - 6, width: 1, height: 12, color: CurvePlotStyle.background)
            case .wrap:
                Blending.fill(
                    cache, x: x, y: y + 1, width: 2, height: Self.lineHeight - 2, color: CurvePlotStyle.palette[0])
                if let text {
                    text.draw(
                        "wrap", x: x + 4, baseline: y + 2 + text.ascender, color: CurvePlotStyle.palette[0], into: cache
                    )
                }
            case .removed:
                // Only once it happened: a running animation's planned end is not a removal yet.
                guard !row.isAttached else { continue }
                for d in -3...3 {
                    Blending.fill(cache, x: x + d, y: mid + d, width: 1, height: 1, color: Self.cutOff)
                    Blending.fill(cache, x: x + d, y: mid - d, width: 1, height: 1, color: Self.cutOff)
                }
            }
        }
        if line.child == nil, let removed = row.removedAt, removed < (legs.activeEnd ?? .infinity) - 1e-3 {
            // Taken off its layer early (a stop, a `remove`): a × there, the rest of its bar veiled.
            let x = column(mediaTime: removed)
            let end = legs.activeEnd.map { column(mediaTime: $0) } ?? trackX + trackWidth
            for hx in stride(from: x + 1, to: end, by: 2) {
                Blending.fill(cache, x: hx, y: y + 2, width: 1, height: Self.lineHeight - 4, color: Self.hatch)
            }
            for d in -4...4 {
                Blending.fill(cache, x: x + d, y: mid + d, width: 2, height: 1, color: Self.cutOff)
                Blending.fill(cache, x: x + d, y: mid - d, width: 2, height: 1, color: Self.cutOff)
            }
        }
        if line.child == nil {
            // Where a layer on the way stood still: hatched, from the pause to the resume.
            for pause in row.pauses {
                let x0 = pause.start.isFinite ? column(mediaTime: pause.start) : trackX
                let x1 = pause.end.map { column(mediaTime: $0) } ?? trackX + trackWidth
                for hx in stride(from: x0, to: x1, by: 4) {
                    Blending.fill(cache, x: hx, y: y + 2, width: 2, height: Self.lineHeight - 4, color: Self.hatch)
                }
            }
        }
        guard let text else { return }
        let indent = 8 + (line.child == nil ? 0 : 12)
        var title = line.child.map { row.children[$0].title } ?? row.title
        if line.child == nil, let paused = row.pausedBy { title = "paused by " + paused + " · " + title }
        if line.child == nil, !row.isAttached { title += " (gone)" }
        let color =
            line.child == nil && row.pausedBy != nil
            ? CurvePlotStyle.palette[0] : line.child == nil ? CurvePlotStyle.text : CurvePlotStyle.dimText
        text.draw(
            fitted(title, width: labelWidth - indent - 6, text: text), x: indent, baseline: y + 3 + text.ascender,
            color: color, into: cache)
    }

    private func drawIcon(_ control: Control, in r: PixelRect, into bitmap: Bitmap) {
        let cx = Double(r.x) + Double(r.width) / 2
        let cy = Double(r.y) + Double(r.height) / 2
        let color = CurvePlotStyle.text
        func tri(pointingRight: Bool, at x: Double) {
            let d = pointingRight ? 1.0 : -1.0
            pen.triangle(
                CGPoint(x: x - 4 * d, y: cy - 5), CGPoint(x: x - 4 * d, y: cy + 5), CGPoint(x: x + 4 * d, y: cy),
                color: color, clip: r, into: bitmap)
        }
        switch control {
        case .jumpToStart:
            Blending.fill(bitmap, x: Int(cx) - 6, y: Int(cy) - 5, width: 2, height: 10, color: color)
            tri(pointingRight: false, at: cx + 1)
        case .stepBackward:
            tri(pointingRight: false, at: cx + 2)
            Blending.fill(bitmap, x: Int(cx) + 5, y: Int(cy) - 5, width: 2, height: 10, color: color)
        case .stepForward:
            Blending.fill(bitmap, x: Int(cx) - 7, y: Int(cy) - 5, width: 2, height: 10, color: color)
            tri(pointingRight: true, at: cx - 1)
        case .jumpToEnd:
            tri(pointingRight: true, at: cx - 1)
            Blending.fill(bitmap, x: Int(cx) + 4, y: Int(cy) - 5, width: 2, height: 10, color: color)
        case .slower:
            Blending.fill(bitmap, x: Int(cx) - 5, y: Int(cy) - 1, width: 10, height: 2, color: color)
        case .faster:
            Blending.fill(bitmap, x: Int(cx) - 5, y: Int(cy) - 1, width: 10, height: 2, color: color)
            Blending.fill(bitmap, x: Int(cx) - 1, y: Int(cy) - 5, width: 2, height: 10, color: color)
        case .loop:
            if let text {
                text.draw(
                    "loop", x: r.x + 6, baseline: r.y + (r.height + text.ascender - text.descender) / 2,
                    color: CurvePlotStyle.dimText, into: bitmap)
            }
        case .playPause, .speedPreset:
            break
        }
    }

    /// Draws the panel at scene time `sceneTime`, playing at `speed` (or paused), looping or not, into
    /// `bitmap` at `frame`.
    public func draw(sceneTime: Double, speed: Double, paused: Bool, loops: Bool, into bitmap: Bitmap) {
        guard frame.width > 0, frame.height > 0 else { return }
        if !cacheIsValid { redrawCache() }
        let x0 = max(0, frame.x)
        let x1 = min(bitmap.width, frame.maxX)
        let y0 = max(0, frame.y)
        let y1 = min(bitmap.height, frame.maxY)
        guard x1 > x0, y1 > y0 else { return }
        for y in y0..<y1 {
            (bitmap.row(y) + x0).update(from: cache.row(y - frame.y) + (x0 - frame.x), count: x1 - x0)
        }
        let head = playheadX(atSceneTime: sceneTime)
        let top = frame.y + axisY
        let height = min(frame.maxY, frame.y + rowsY + visibleLineCount * Self.lineHeight) - top
        Blending.fill(bitmap, x: head, y: top, width: 1, height: height, color: CurvePlotStyle.playhead)
        pen.triangle(
            CGPoint(x: Double(head) - 5, y: Double(top)), CGPoint(x: Double(head) + 6, y: Double(top)),
            CGPoint(x: Double(head) + 0.5, y: Double(top) + 7), color: CurvePlotStyle.playhead,
            clip: frame, into: bitmap)
        for button in buttons {
            let r = PixelRect(
                x: button.rect.x + frame.x, y: button.rect.y + frame.y, width: button.rect.width,
                height: button.rect.height)
            switch button.control {
            case .playPause:
                let cx = Double(r.x) + Double(r.width) / 2
                let cy = Double(r.y) + Double(r.height) / 2
                if paused {
                    pen.triangle(
                        CGPoint(x: cx - 4, y: cy - 6), CGPoint(x: cx - 4, y: cy + 6), CGPoint(x: cx + 6, y: cy),
                        color: CurvePlotStyle.text, clip: r, into: bitmap)
                } else {
                    Blending.fill(
                        bitmap, x: Int(cx) - 5, y: Int(cy) - 6, width: 3, height: 12, color: CurvePlotStyle.text)
                    Blending.fill(
                        bitmap, x: Int(cx) + 2, y: Int(cy) - 6, width: 3, height: 12, color: CurvePlotStyle.text)
                }
            case .loop where loops:
                Blending.fill(
                    bitmap, x: r.x + 1, y: r.maxY - 4, width: r.width - 2, height: 3, color: CurvePlotStyle.playhead)
            default:
                break
            }
        }
        guard let text else { return }
        let baseline = frame.y + (Self.transportHeight + text.ascender - text.descender) / 2
        // The key map's key, named on screen where the transport has room.
        if let last = buttons.first(where: { $0.control == .jumpToEnd }) {
            let hintX = last.rect.maxX + 12
            if hintX + text.width(of: Self.keyMapHint) + 8 < speedLabelX - Self.buttonSize - 4 {
                text.draw(
                    Self.keyMapHint, x: frame.x + hintX, baseline: baseline, color: CurvePlotStyle.dimText, into: bitmap
                )
            }
        }
        let speedX = text.draw(
            "speed ", x: frame.x + speedLabelX, baseline: baseline, color: CurvePlotStyle.dimText, into: bitmap)
        text.draw(Self.speedLabel(speed), x: speedX, baseline: baseline, color: CurvePlotStyle.text, into: bitmap)
        let axisBaseline = frame.y + axisY + 2 + text.ascender
        var x = text.draw(
            CurvePlotNumbers.text(sceneTime, decimals: 3), x: frame.x + 8, baseline: axisBaseline,
            color: CurvePlotStyle.text, into: bitmap)
        x = text.draw(" / ", x: x, baseline: axisBaseline, color: CurvePlotStyle.dimText, into: bitmap)
        let length = repeatsForever ? "∞" : CurvePlotNumbers.text(naturalLength, decimals: 3) + " s"
        text.draw(length, x: x, baseline: axisBaseline, color: CurvePlotStyle.dimText, into: bitmap)
    }
}
