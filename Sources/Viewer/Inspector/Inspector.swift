import CX11
import LayerKit
import Overlay
import Raster

/// The animation inspector: its panels, whether it is open (`c`), and the one place the session hands
/// them the window's layout, each frame, pointer input and commands. The session keeps playback, the
/// scene, recording and the window.
final class Inspector {
    /// The panels, in the order they are drawn and their keys listed (pointer input goes to the last
    /// first). A new panel: its file, and one line here.
    static let panelTypes: [any InspectorPanel.Type] = [
        TimelineInspectorPanel.self,
        TimeChainPanel.self,
        EasingEditorPanel.self,
    ]

    /// The inspector's own key and its panels', in the order the `?` sheet lists them.
    static let bindings: [KeyMap.Binding] =
        [
            KeyMap.Binding(
                keysyms: [XK_c], label: "c", command: .toggleInspector, action: "inspector (timeline rows, time chain)")
        ] + panelTypes.flatMap { $0.bindings }

    /// Whether the inspector is open: the timeline's rows and the side column shown.
    private(set) var isOpen = false
    let panels: [any InspectorPanel]
    private let context: InspectorPanelContext
    /// The band height the window was last asked to make room for.
    private var roomForBand = 0

    init(context: InspectorPanelContext, panelTypes: [any InspectorPanel.Type] = Inspector.panelTypes) {
        self.context = context
        panels = panelTypes.map { $0.init(context: context) }
    }

    /// The first panel of type `T` (for tests, and for the session's few typed needs).
    func panel<T: InspectorPanel>(_ type: T.Type) -> T? {
        panels.first { $0 is T } as? T
    }

    /// Whether the side column is shown: the inspector is open, or a panel opened it by itself.
    var sideColumnOpen: Bool { isOpen || panels.contains { $0.opensSideColumn } }

    /// The animation selected for the panels (the timeline's selected row), if any.
    var selection: AnimationSampler? {
        for panel in panels {
            if let selection = panel.selection { return selection }
        }
        return nil
    }

    /// The media time the scene's last animation ends at (the demo loop goes back to 0 there).
    var scheduleEnd: Double? {
        panels.reduce(nil) { latest, panel in panel.scheduleEnd.map { max($0, latest ?? $0) } ?? latest }
    }

    /// The band above the toolbar (the timeline), with rows while open, or as the preferred size wants.
    func bandHeight(preferred: Bool = false) -> Int {
        let expanded = preferred ? sideColumnOpen : isOpen
        return panels.reduce(0) { $0 + $1.bandHeight(expanded: expanded, preferred: preferred) }
    }

    /// The side column's height the shown panels need (nil: the column's own default will do).
    var columnHeight: Int? {
        panels.reduce(nil) { tallest, panel in panel.columnHeight.map { max($0, tallest ?? $0) } ?? tallest }
    }

    /// Lays every panel out.
    func layout(_ layout: WindowLayout, frame: InspectorFrame) {
        for panel in panels { panel.layout(layout, frame: frame) }
    }

    /// A new scene is shown.
    func sceneChanged(rootToMedia: @escaping (Double) -> Double?) {
        for panel in panels { panel.sceneChanged(rootToMedia: rootToMedia) }
    }

    /// Scene time began again at 0.
    func sceneRestarted() {
        for panel in panels { panel.sceneRestarted() }
    }

    /// An animation's timing was edited.
    func animationsRetimed() {
        for panel in panels { panel.animationsRetimed() }
    }

    /// Follows the tree at the frame's time.
    func update(_ frame: InspectorFrame) {
        for panel in panels { panel.update(frame) }
    }

    /// True (once) when the band's panels grew (the timeline gained rows) while open, beyond the room
    /// the window was last asked for: the window should grow to the preferred size.
    func takeNeedForRoom() -> Bool {
        let band = bandHeight()
        guard isOpen, band > roomForBand else { return false }
        roomForBand = band
        return true
    }

    /// Draws the side column's background, then every panel.
    func draw(_ frame: InspectorFrame, layout: WindowLayout, into bitmap: Bitmap) {
        if frame.sideColumnOpen {
            let column = layout.sideColumn
            Blending.fill(
                bitmap, x: column.x, y: column.y, width: column.width, height: column.height,
                color: CurvePlotStyle.background)
        }
        for panel in panels { panel.draw(frame, into: bitmap) }
    }

    /// Gives a pointer event to the panels, the last first; true when one took it.
    func handle(_ event: InspectorPointerEvent, hostTime: Double) -> Bool {
        guard context.overlayEnabled else { return false }
        return panels.reversed().contains { $0.handle(event, hostTime: hostTime) }
    }

    /// Carries out `command` when it is the inspector's or a panel's; returns what the log says, nil otherwise.
    func perform(_ command: ViewerCommand, hostTime: Double) -> String? {
        if command == .toggleInspector {
            isOpen = context.overlayEnabled && !isOpen
            if context.overlayEnabled {
                roomForBand = bandHeight()
                context.host.panelsChangedSize(shrinking: true)
            }
            return isOpen ? "inspector on" : "inspector off"
        }
        // Asked once each, in order (a lazy map's `first` would run the command twice).
        for panel in panels {
            if let result = panel.perform(command, hostTime: hostTime) { return result }
        }
        return nil
    }
}
