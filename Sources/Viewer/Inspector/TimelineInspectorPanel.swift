import LayerKit
import Overlay
import Raster

/// The timeline as an inspector panel: the transport and the events lane in the band above the
/// toolbar, always shown, with a row per animation while the inspector is open; its pointer input
/// (`TimelineScrubber`) seeks, scrubs, steps, zooms, pans and selects the row the other panels follow.
final class TimelineInspectorPanel: InspectorPanel {
    static let bindings: [KeyMap.Binding] = [
        KeyMap.Binding(keysyms: [], label: "wheel", command: nil, action: "zoom the timeline around the pointer"),
        KeyMap.Binding(keysyms: [], label: "middle drag", command: nil, action: "pan the timeline"),
    ]

    /// The panel's pointer input, and through it the panel itself.
    let scrubber: TimelineScrubber
    private var panel: TimelinePanel { scrubber.panel }
    private unowned let host: any InspectorHost

    init(context: InspectorPanelContext) {
        scrubber = TimelineScrubber(text: context.smallText)
        host = context.host
    }

    func bandHeight(expanded: Bool, preferred: Bool) -> Int {
        guard expanded else { return TimelinePanel.height(lineCount: 0) }
        // The preferred window shows 1 to 12 rows; a window the user sized shows what fits.
        return TimelinePanel.height(lineCount: preferred ? max(1, min(12, panel.lineCount)) : panel.lineCount)
    }

    var selection: AnimationSampler? { panel.selectedSampler }
    var scheduleEnd: Double? { panel.latestEnd }

    func layout(_ layout: WindowLayout, frame: InspectorFrame) {
        panel.layout(frame: layout.timeline, expanded: frame.inspectorOpen)
        // The scene's whole schedule from the start (rows of animations added later appear within it).
        let end = frame.scheduledEnd.map { max($0, panel.latestEnd ?? $0) } ?? panel.latestEnd
        panel.setAxis(
            origin: frame.sceneClock.origin, length: frame.sceneClock.axisLength(latestEnd: end),
            mayRescale: frame.holdsStill)
        panel.keepInView(sceneTime: frame.sceneTime)
    }

    func sceneChanged(rootToMedia: @escaping (Double) -> Double?) {
        panel.removeAllRows()
        panel.rootToMedia = rootToMedia
    }

    func sceneRestarted() { panel.removeAllRows() }

    func animationsRetimed() { panel.resampleRows() }

    func update(_ frame: InspectorFrame) {
        guard let root = frame.root else { return }
        panel.update(root: root, mediaTime: frame.mediaTime)
        panel.setEvents(frame.events)
    }

    func draw(_ frame: InspectorFrame, into bitmap: Bitmap) {
        panel.draw(
            sceneTime: frame.sceneTime, speed: frame.speed, paused: frame.paused, loops: frame.sceneClock.loops,
            into: bitmap)
    }

    func handle(_ event: InspectorPointerEvent, hostTime: Double) -> Bool {
        switch event {
        case .moved(let x, let y):
            if scrubber.isPanning {
                _ = scrubber.moved(x: x, y: y)
                host.setNeedsRedraw()
                return true
            }
            guard let action = scrubber.moved(x: x, y: y) else { return false }
            apply(action, hostTime: hostTime)
            return true
        case .pressed(let button, let x, let y):
            guard scrubber.contains(x: x, y: y) else { return false }
            if button == 1 {
                if let action = scrubber.pressed(x: x, y: y) { apply(action, hostTime: hostTime) }
            } else if scrubber.otherButtonPressed(button, x: x) {
                logWindow()
                host.setNeedsRedraw()
            }
            return true
        case .released(let button, let x, let y):
            if button != 1, scrubber.isPanning {
                scrubber.otherButtonReleased(button)
                logWindow()
                return true
            }
            guard button == 1, let action = scrubber.released(x: x, y: y) else { return false }
            apply(action, hostTime: hostTime)
            return true
        }
    }

    /// Logs the axis's window of scene time after a zoom or pan (tests read it there).
    private func logWindow() {
        host.log(
            "timeline: window \(String(format: "%.3f", panel.windowStart)) s + \(String(format: "%.3f", panel.axisLength)) s"
        )
    }

    /// Carries out what a pointer event on the panel asked for, and logs seeks and selections.
    private func apply(_ action: TimelineScrubber.Action, hostTime: Double) {
        switch action {
        case .seek(let sceneTime, let ended):
            let shown = host.show(
                sceneTime: sceneTime, holding: scrubber.isScrubbing && !ended, ended: ended, hostTime: hostTime)
            host.log("timeline: \(ended ? "seek" : "scrub") -> media \(shown) t=\(String(format: "%.3f", shown))")
        case .step(let frames):
            if !host.isPaused { host.perform(.pauseResume, origin: "timeline", hostTime: hostTime) }
            host.perform(frames > 0 ? .stepForward : .stepBackward, origin: "timeline", hostTime: hostTime)
        case .command(let command):
            host.perform(command, origin: "timeline", hostTime: hostTime)
        case .select(let index):
            panel.select(row: index)
            host.setNeedsRedraw()
            let facts = panel.samplers[index].facts
            host.log("timeline: selected \(facts.layerName ?? "layer") \(facts.keyPath ?? facts.kind)")
        }
    }
}
