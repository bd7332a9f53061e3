import CX11
import LayerKit
import Overlay
import Raster
import Scenes

/// The easing editor as an inspector panel (`e`): in the side column below the time chain, shown when
/// the slot holds it whole, editing the timing curve of the animation the timeline selects (the newest
/// one otherwise; springs, which no curve paces, excepted). Its edits retime the running animation and
/// can be written back into the scene's file.
final class EasingEditorPanel: InspectorPanel {
    static let bindings: [KeyMap.Binding] = [
        KeyMap.Binding(
            keysyms: [XK_e], label: "e", command: .toggleEasingEditor, action: "easing editor (drag the handles)"),
        KeyMap.Binding(
            keysyms: [XK_Tab], label: "Tab", command: .easing(.nextHandle), action: "other control point",
            inEasingEditor: true),
        KeyMap.Binding(
            keysyms: [XK_Left], shift: true, label: "Shift+arrows", command: .easing(.nudge(dx: -nudge, dy: 0)),
            action: "nudge it by 0.01", inEasingEditor: true),
        KeyMap.Binding(keysyms: [XK_Right], shift: true, command: .easing(.nudge(dx: nudge, dy: 0))),
        KeyMap.Binding(keysyms: [XK_Up], shift: true, command: .easing(.nudge(dx: 0, dy: nudge))),
        KeyMap.Binding(keysyms: [XK_Down], shift: true, command: .easing(.nudge(dx: 0, dy: -nudge))),
        KeyMap.Binding(
            keysyms: [XK_n], label: "n", command: .easing(.nextPreset), action: "next preset", inEasingEditor: true),
        KeyMap.Binding(
            keysyms: [XK_m], label: "m", command: .easing(.nextCompare), action: "next compare curve",
            inEasingEditor: true),
        KeyMap.Binding(
            keysyms: [XK_g], label: "g", command: .easing(.nextSegment), action: "next keyframe interval",
            inEasingEditor: true),
        KeyMap.Binding(
            keysyms: [XK_w], label: "w", command: .easing(.writeBack), action: "write the curve back to the file",
            inEasingEditor: true),
    ]

    /// How far Shift+arrow moves the selected control point, in curve units.
    static let nudge = 0.01

    let editor: EasingEditor
    /// Whether the editor is shown (`e`).
    private(set) var isShown = false
    private unowned let host: any InspectorHost
    private let overlayEnabled: Bool
    /// Says on screen that the window is too small for the editor.
    private let notice: HeadsUpDisplay
    /// Where the notice goes (the picture's area), and the editor's place as last logged.
    private var pictureArea = PixelRect(x: 0, y: 0, width: 0, height: 0)
    private var loggedPlace: String?

    init(context: InspectorPanelContext) {
        editor = EasingEditor(text: context.smallText)
        notice = HeadsUpDisplay(text: context.text)
        host = context.host
        overlayEnabled = context.overlayEnabled
    }

    var columnHeight: Int? { isShown ? WindowLayout.timeChainHeight + EasingEditorLayout.height : nil }
    var opensSideColumn: Bool { isShown }

    func layout(_ layout: WindowLayout, frame: InspectorFrame) {
        let slot = layout.editorSlot
        editor.layout(frame: slot)
        pictureArea = layout.pictureArea
        // Logged whenever it changes (tests drag the handles there).
        guard isShown, frame.windowIsLaidOut else {
            loggedPlace = nil
            return
        }
        let place = "\(slot.x),\(slot.y) " + (editor.fitsSlot ? "shown" : "hidden (the window is too small)")
        guard place != loggedPlace else { return }
        loggedPlace = place
        host.log("layout: easing editor \(place)")
    }

    func sceneChanged(rootToMedia: @escaping (Double) -> Double?) { editor.forgetTree() }

    func update(_ frame: InspectorFrame) {
        if let root = frame.root { editor.update(root: root) }
    }

    func draw(_ frame: InspectorFrame, into bitmap: Bitmap) {
        guard isShown else { return }
        if editor.fitsSlot {
            if let selected = frame.selected, !(selected.animation is CASpringAnimation) { editor.select(selected) }
            editor.draw(mediaTime: frame.mediaTime, into: bitmap)
        } else {
            // Said on screen, not only in the log: the editor needs more room than the window has.
            notice.drawTable(
                title: "Easing editor",
                entries: [
                    ("e", "needs a \(EasingEditorLayout.width)×\(EasingEditorLayout.height) slot: enlarge the window")
                ],
                in: pictureArea, into: bitmap)
        }
    }

    func handle(_ event: InspectorPointerEvent, hostTime: Double) -> Bool {
        switch event {
        case .moved(let x, let y):
            guard isShown else { return false }
            // A drag's moves apply at once and are taken; the release logs the drag's outcome.
            let dragging = editor.isDragging
            handle(editor.moved(x: x, y: y), origin: nil, hostTime: hostTime)
            return dragging
        case .pressed(let button, let x, let y):
            guard isShown, button == 1, editor.contains(x: x, y: y) else { return false }
            handle(editor.pressed(x: x, y: y), origin: "button", hostTime: hostTime)
            return true
        case .released(let button, let x, let y):
            guard button == 1, editor.isDragging else { return false }
            handle(editor.released(x: x, y: y), origin: "drag", hostTime: hostTime)
            return true
        }
    }

    func perform(_ command: ViewerCommand, hostTime: Double) -> String? {
        switch command {
        case .toggleEasingEditor:
            isShown = overlayEnabled && !isShown
            // The side column opens or closes with it, and needs the editor's height.
            if overlayEnabled { host.panelsChangedSize(shrinking: false) }
            return isShown ? "easing editor on" : "easing editor off"
        case .easing(let easingCommand):
            guard isShown else { return "ignored (easing editor hidden)" }
            return outcome(of: editor.perform(easingCommand))
        default:
            return nil
        }
    }

    /// Carries out what the editor asked for after a pointer event, logging edits and write-backs.
    private func handle(_ event: EasingEditorEvent?, origin: String?, hostTime: Double) {
        guard let event else { return }
        let result = outcome(of: event)
        guard let origin else { return }
        if case .redraw = event { return }
        host.log("\(origin): easing -> \(result) t=\(String(format: "%.3f", host.mediaTime(atHostTime: hostTime)))")
    }

    /// Carries out what the editor asked for; returns the outcome for the log.
    private func outcome(of event: EasingEditorEvent?) -> String {
        host.setNeedsRedraw()
        switch event {
        case nil: return "nothing to do"
        case .redraw?: return "done"
        case .edited(let description, let edit)?:
            // The viewer logs the edit and gives the running animation the curve; the rows are sampled anew.
            host.retime(edit)
            return "edited \(description)"
        case .writeBack(let request)?:
            let target = TimingWriteBack.Target(
                layerName: request.layerName, key: request.key, addedAt: request.addedAt, segment: request.segment,
                segmentCount: request.segmentCount, controlPoints: request.curve.controlPoints)
            switch host.writeTiming(target) {
            case .success(let line):
                editor.writeBackFinished(request, message: line, written: true)
                return line
            case .failure(let refusal):
                editor.writeBackFinished(request, message: refusal.message, written: false)
                return "not written: \(refusal.message)"
            }
        }
    }
}
