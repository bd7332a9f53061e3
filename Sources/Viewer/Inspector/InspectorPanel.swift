import LayerKit
import Overlay
import Raster
import Scenes

/// One panel of the inspector (the timeline, the time chain, the easing editor): given the window's
/// layout, each frame's state and the input and commands it may answer, it asks the viewer for what
/// it cannot do itself through its `InspectorHost`. A new panel is a type conforming to this protocol
/// and one line in `Inspector.panelTypes`; its keys join the key map from `bindings`.
protocol InspectorPanel: AnyObject {
    /// The keys the panel answers, in the order the `?` sheet lists them (read by `KeyMap`).
    static var bindings: [KeyMap.Binding] { get }
    init(context: InspectorPanelContext)
    /// The height the panel takes in the band above the toolbar (only the timeline has one), with its
    /// rows when `expanded` (the inspector open), `preferred` for the window size asked for.
    func bandHeight(expanded: Bool, preferred: Bool) -> Int
    /// The side column's height the panel needs from its top while shown (nil: it needs none).
    var columnHeight: Int? { get }
    /// Whether the panel opens the side column by itself (the easing editor does, without `c`).
    var opensSideColumn: Bool { get }
    /// The animation the panel selects for the others (the timeline's selected row).
    var selection: AnimationSampler? { get }
    /// The media time the last of the panel's animations ends at (the timeline's; nil: none or unknown).
    var scheduleEnd: Double? { get }
    /// Places the panel in `layout` for the state of `frame`.
    func layout(_ layout: WindowLayout, frame: InspectorFrame)
    /// A new scene is shown: the panel lets go of the old tree. `rootToMedia` maps the scene's root time
    /// to media time.
    func sceneChanged(rootToMedia: @escaping (Double) -> Double?)
    /// Scene time began again at 0 (a Start on an idle tree).
    func sceneRestarted()
    /// An animation's timing was edited: the panel samples it again.
    func animationsRetimed()
    /// Follows the tree at the frame's time (every frame, open or not).
    func update(_ frame: InspectorFrame)
    /// Draws the panel for `frame` into `bitmap` (the window's buffer).
    func draw(_ frame: InspectorFrame, into bitmap: Bitmap)
    /// Answers a pointer event at host time `hostTime`; true when the panel took it (no other part of
    /// the window sees it then).
    func handle(_ event: InspectorPointerEvent, hostTime: Double) -> Bool
    /// Carries out `command` when it is the panel's, returning what the log says of it; nil otherwise.
    func perform(_ command: ViewerCommand, hostTime: Double) -> String?
}

extension InspectorPanel {
    static var bindings: [KeyMap.Binding] { [] }
    func bandHeight(expanded: Bool, preferred: Bool) -> Int { 0 }
    var columnHeight: Int? { nil }
    var opensSideColumn: Bool { false }
    var selection: AnimationSampler? { nil }
    var scheduleEnd: Double? { nil }
    func sceneChanged(rootToMedia: @escaping (Double) -> Double?) {}
    func sceneRestarted() {}
    func animationsRetimed() {}
    func update(_ frame: InspectorFrame) {}
    func handle(_ event: InspectorPointerEvent, hostTime: Double) -> Bool { false }
    func perform(_ command: ViewerCommand, hostTime: Double) -> String? { nil }
}

/// What every panel is made with.
struct InspectorPanelContext {
    /// The window's text (the banner's and HUD's size), and the panels' smaller text; nil when no
    /// font could be loaded (nothing is written then).
    var text: TextRenderer?
    var smallText: TextRenderer?
    /// Whether anything is drawn over the scene (false with `--no-hud`: panels stay closed).
    var overlayEnabled: Bool
    /// The viewer, for what a panel asks of playback, the scene and the window.
    unowned let host: any InspectorHost
}

/// The state of the frame being drawn, as the panels read it: computed once per frame by the session.
struct InspectorFrame {
    /// The scene's root layer (nil for a source without a tree, as the test pattern).
    var root: CALayer?
    var mediaTime: Double
    var sceneTime: Double
    /// Where scene time 0 is, and whether playback loops.
    var sceneClock: SceneClock
    var speed: Double
    var paused: Bool
    /// The scene's scheduled events (its timeline's entries), for the events lane.
    var events: [SceneEvent]
    /// The media time the scene's own schedule ends at, while scene time 0 is where that schedule
    /// began (nil after a Start began it again, or when the scene has none).
    var scheduledEnd: Double?
    /// True at the start (scene time 0, or before the first frame): only then may the axis rescale.
    var holdsStill: Bool
    /// Whether the inspector is open (`c`), and whether the side column is.
    var inspectorOpen: Bool
    var sideColumnOpen: Bool
    /// The animation the timeline selects (the time chain's and the easing editor's subject).
    var selected: AnimationSampler?
    /// Whether the window was laid out yet (places are logged only from then on).
    var windowIsLaidOut: Bool

    /// The state before the first frame.
    static var initial: InspectorFrame {
        InspectorFrame(
            root: nil, mediaTime: 0, sceneTime: 0, sceneClock: SceneClock(), speed: 1, paused: false, events: [],
            scheduledEnd: nil,
            holdsStill: true, inspectorOpen: false, sideColumnOpen: false, selected: nil, windowIsLaidOut: false)
    }
}

/// A pointer event in window pixels, as the panels see it.
enum InspectorPointerEvent: Equatable {
    /// X button `button` (1 left, 2 middle, 3 right, 4–7 the wheel) went down or came up.
    case pressed(button: UInt32, x: Int, y: Int)
    case released(button: UInt32, x: Int, y: Int)
    case moved(x: Int, y: Int)
}

/// What the inspector's panels may ask of the viewer, which keeps playback, the scene, its file, the log
/// and the window.
protocol InspectorHost: AnyObject {
    /// Whether playback is paused.
    var isPaused: Bool { get }
    /// Shows scene time `sceneTime` (a click or a scrub on the timeline): while `holding` (a scrub under
    /// way) playback holds, and goes on as before once `ended`. Returns the media time shown.
    func show(sceneTime: Double, holding: Bool, ended: Bool, hostTime: Double) -> Double
    /// Carries out a viewer command on the panel's behalf (a transport button), logged with `origin`.
    func perform(_ command: ViewerCommand, origin: String, hostTime: Double)
    /// Gives the running animation the edited timing (logged in the action log).
    func retime(_ edit: TimingEdit)
    /// Writes a timing curve into the scene's file; returns the line to log, or why it was not written.
    func writeTiming(_ target: TimingWriteBack.Target) -> Result<String, TimingWriteRefusal>
    /// Writes `line` to the viewer's log.
    func log(_ line: String)
    /// The media time at `hostTime` (for log lines).
    func mediaTime(atHostTime hostTime: Double) -> Double
    /// The picture must be drawn again.
    func setNeedsRedraw()
    /// A panel opened or closed: the window makes room (`shrinking`: it may also get smaller).
    func panelsChangedSize(shrinking: Bool)
}

/// Why a timing curve was not written into the scene file: the message for the editor and the log.
struct TimingWriteRefusal: Error {
    var message: String
}
