import Dispatch
import Foundation
import ImageFiles
import LayerKit
import Overlay
import Raster
import Recording
import Scenes

/// The viewer's state and behaviour without X11: the source being shown, the playback clock, the
/// overlay, and what each key, button and pointer movement does. Every user action is logged.
final class ViewerSession {
    private(set) var source: FrameSource
    private(set) var clock: PlaybackClock
    private(set) var hudVisible: Bool
    private(set) var inspectorVisible = false
    /// Whether the easing editor (`e`) is shown.
    private(set) var easingEditorVisible = false
    /// Whether the key map sheet (`?`) is shown.
    private(set) var keyMapVisible = false
    /// Scene time (the transport's, the HUD's) and the demo loop.
    private(set) var sceneClock = SceneClock()
    /// False with `--no-hud`: the scene alone, nothing drawn over it.
    let overlayEnabled: Bool
    /// Set when the picture must be drawn again although media time did not move.
    var needsRedraw = true
    private(set) var quitRequested = false
    /// Media seconds per frame step (one display-link period at speed 1).
    let frameDuration: Double
    private let makeScene: (Int) -> FrameSource?
    private let log: (String) -> Void
    private let toolbar: Toolbar
    private let hud: HeadsUpDisplay
    private let timeChainView: TimeChainView
    private let easingEditor: EasingEditor
    /// The scene file given with `--scene FILE` (the easing editor writes back to it), and the source
    /// made from it (not a built-in scene switched to since).
    private let sceneFile: URL?
    private weak var sceneFileSource: FrameSource?
    /// The picture of a frame-exact recording, drawn at each frame's own time.
    private var exactFrame = Bitmap(width: 1, height: 1)
    /// The selected animation's time chain, refilled (storage kept) every frame the inspector shows.
    private var timeChain = AnimationTimeChain()
    private let timeline: TimelineScrubber
    /// The timeline panel, its rows shown while the inspector is open (`c`).
    private var timelinePanel: TimelinePanel { timeline.panel }
    /// A panel shown in the inspector's editor slot (the side column below the time chain), if any.
    var editorPanel: InspectorSlotPanel? {
        didSet { needsRedraw = true }
    }
    /// Where the banner, HUD, picture, inspector, timeline and toolbar go in the window.
    private(set) var windowLayout = WindowLayout(
        width: 0, height: 0, pictureWidth: 1, pictureHeight: 1, chrome: .none)
    /// The picture, drawn at its size before it is scaled into the window (when it does not fit).
    private var offscreenPicture = Bitmap(width: 1, height: 1)
    /// Views of the window buffers at the picture's place, by buffer address (an unscaled picture is
    /// drawn straight into the window).
    private var pictureViews: [UnsafeMutableRawPointer: Bitmap] = [:]
    /// The window rectangle the scaled picture changed in on the last frame (the other buffer still
    /// lacks it); nil when the next frames must scale the whole picture.
    private var lastScaledChange: PixelRect?
    /// Frames that still scale the whole picture (one per window buffer, after the layout changed or
    /// something was drawn over the picture).
    private var wholeScaledFrames = 2
    /// Asks the window for a new size (the inspector opening or closing makes room for itself).
    var windowSizeRequested: ((Int, Int) -> Void)?
    private let text: TextRenderer?
    /// Whether playback was running when the current scrub began (it resumes on release).
    private var resumeAfterScrub = false
    /// Why the scene file's last save could not be loaded (shown until a good save), or why the last
    /// action was refused (shown until an action or a save succeeds).
    private(set) var sceneError: String?
    /// Whether `sceneError` is an action's refusal rather than a save's error.
    private var errorIsARefusal = false
    /// The media time the picture was last brought to.
    private(set) var shownMediaTime: Double?
    private var commandsByIdentifier: [String: ViewerCommand] = [:]
    private var loggedToolbarLayout = ""
    private var isLaidOut = false
    /// Called with the new title when the source changes.
    var titleChanged: ((String) -> Void)?
    /// Recordings of what the window shows (`r`).
    let recording: RecordingController
    private var windowWidth = 0
    private var windowHeight = 0
    /// Where the action log is kept (`--actions-out`), and the log as last written there.
    private let actionsOut: URL?
    /// Nil until the first write, so the file exists (empty, `[]`) from the start.
    private var writtenLog: ActionLog?
    /// The colour of the window outside the picture.
    static let marginColor: Pixel = 0xFF18_1818

    init(
        source: FrameSource, options: ViewerOptions, hostTime: Double, text: TextRenderer?,
        makeScene: @escaping (Int) -> FrameSource?, log: @escaping (String) -> Void,
        makeRecorder: @escaping RecordingController.Factory = RecordingController.liveRecorder,
        recordingsDirectory: URL = RecordingController.defaultDirectory(),
        recordingFinished: @escaping @Sendable () -> Void = {}
    ) {
        self.source = source
        self.clock = PlaybackClock(
            mediaTime: options.seek, hostTime: hostTime, speed: options.speed, paused: options.paused)
        self.overlayEnabled = !options.noHUD
        self.hudVisible = !options.noHUD
        self.frameDuration = 1 / options.fps
        // What `CADisplayLink.duration` reports to the scene's code.
        LayerEngine.current.displayRefreshInterval = frameDuration
        self.makeScene = makeScene
        self.log = log
        self.toolbar = Toolbar(text: text)
        self.hud = HeadsUpDisplay(text: text)
        let smallText = (try? TextRenderer(dejaVuSansPixelSize: 11)) ?? text
        self.timeChainView = TimeChainView(text: smallText)
        self.easingEditor = EasingEditor(text: smallText)
        self.sceneFile = Self.sceneFileURL(options.scene)
        self.actionsOut = options.actionsOut.map { URL(fileURLWithPath: $0) }
        defer { actionLogChanged() }
        self.timeline = TimelineScrubber(text: smallText)
        self.text = text
        self.recording = RecordingController(
            includesUI: options.recordUI && !options.noHUD, exact: options.recordExact, fps: options.fps,
            directory: recordingsDirectory,
            makeRecorder: makeRecorder, wake: recordingFinished, log: log)
        attach(source)
        sceneFileSource = sceneFile == nil ? nil : source
        bringSource(toHostTime: hostTime)
        if options.paused { source.setPaused(true) }
        if let message = options.message {
            // Shown until the next action or good save, as a refused action is.
            sceneError = message
            errorIsARefusal = true
        }
    }

    /// `scene` as a file the easing editor can write to: an existing `.json` or `.swift` file.
    private static func sceneFileURL(_ scene: String) -> URL? {
        let url = URL(fileURLWithPath: scene)
        guard ["json", "swift"].contains(url.pathExtension.lowercased()), FileManager.default.fileExists(atPath: scene)
        else { return nil }
        return url
    }

    /// The smallest window worth asking the window manager for (any size without the overlay). Smaller
    /// windows are drawn as well as they fit.
    var minimumWindowSize: (width: Int, height: Int) { overlayEnabled ? (320, 240) : (1, 1) }

    /// The heights of what sits around the picture now (the banner's for the current error).
    private var chrome: WindowLayout.Chrome {
        guard overlayEnabled else { return .none }
        let lines = inspectorVisible ? timelinePanel.lineCount : 0
        return WindowLayout.Chrome(
            bannerHeight: sceneError.map { SceneErrorBanner.height(of: $0, text: text) } ?? 0,
            hudHeight: hudVisible ? hud.stripHeight : 0, timelineHeight: TimelinePanel.height(lineCount: lines),
            toolbarHeight: toolbar.height, inspectorOpen: inspectorVisible || easingEditorVisible)
    }

    /// The window size that shows the picture at its own size with the chrome around it (a banner
    /// aside), the inspector's rows (1 to 12 of them) and side column included while it is open.
    var preferredWindowSize: (width: Int, height: Int) {
        var around = chrome
        around.bannerHeight = 0
        if around.inspectorOpen {
            around.timelineHeight = TimelinePanel.height(lineCount: max(1, min(12, timelinePanel.lineCount)))
        }
        var size = WindowLayout.preferredSize(pictureWidth: source.width, pictureHeight: source.height, chrome: around)
        if easingEditorVisible {
            // The side column holds the time chain and, below it, the whole editor.
            let column = WindowLayout.timeChainHeight + EasingEditorLayout.height
            size.height = max(size.height, around.hudHeight + column + around.timelineHeight + around.toolbarHeight)
        }
        return size
    }

    /// The window title for the current source.
    var title: String { "Layerscope — \(source.name)" }

    /// True while time moves the picture: the display link must tick (also on an idle tree that loops).
    var isAnimating: Bool {
        !clock.isPaused && (!source.isIdle || (sceneClock.loops && timelinePanel.latestEnd != nil))
    }

    private func attach(_ newSource: FrameSource) {
        source = newSource
        source.log = { [log] line in log(line) }
        timelinePanel.removeAllRows()
        timelinePanel.rootToMedia = { [unowned newSource] t in newSource.mediaTime(ofRootTime: t) }
        easingEditor.forgetTree()
        shownMediaTime = nil
        let commands: [ViewerCommand] =
            [.start, .stop, .pauseResume] + source.extraCommands + [.toggleInspector, .toggleRecording]
        commandsByIdentifier = Dictionary(uniqueKeysWithValues: commands.map { ($0.logName, $0) })
        toolbar.setItems(
            commands.map {
                ToolbarItem(identifier: $0.logName, title: buttonTitle(for: $0), titles: Self.buttonTitles(for: $0))
            })
        needsRedraw = true
        logToolbarLayout()
    }

    /// Every title the button for `command` can show, so it is laid out as wide as the widest.
    private static func buttonTitles(for command: ViewerCommand) -> [String] {
        switch command {
        case .pauseResume: ["Pause", "Resume"]
        case .toggleRecording: ["Record", "Stop rec"]
        default: []
        }
    }

    private func buttonTitle(for command: ViewerCommand) -> String {
        switch command {
        case .start: "Start"
        case .stop: "Stop"
        case .pauseResume: clock.isPaused ? "Resume" : "Pause"
        case .push: "Push"
        case .pop: "Pop"
        case .action(let name): name
        case .toggleInspector: "Inspector"
        case .toggleRecording: recording.isRecording ? "Stop rec" : "Record"
        default: command.logName
        }
    }

    /// Draws the scene alone at `hostTime`, at its own size (what `render` writes), into a new PNG in the
    /// recordings folder; the log line names the file, or the reason it could not be written.
    private func saveFrame(atHostTime hostTime: Double) -> String {
        bringSource(toHostTime: hostTime)
        let frame = Bitmap(width: source.width, height: source.height)
        source.draw(into: frame, damageOnly: false)
        let url = LiveRecorder.suggestedOutput(in: recording.directory, extension: "png")
        do {
            try ImageFile.writePNG(frame, to: url)
            return "saved \(url.path)"
        } catch {
            return "not saved: \(MessageText.line("\(error)"))"
        }
    }

    /// Lays the overlay out for a `width`×`height` window.
    func layout(width: Int, height: Int) {
        windowWidth = width
        windowHeight = height
        toolbar.layout(width: width, height: height)
        isLaidOut = true
        relayout()
        logToolbarLayout()
    }

    /// True at the start (the first frame, and scene time 0: a load, a Start, a replay, a loop): only
    /// then do the axis's scale and the window's size follow the rows, so neither changes under a
    /// playhead, a scrub or a click (the user zooms with the wheel).
    private var holdsStill = true
    /// Whether a frame was drawn yet.
    private var hasDrawn = false

    /// The rows the window was last asked to make room for.
    private var roomForLines = 0

    /// While the inspector is open, asks for a taller window when rows appear that the window has no
    /// room for (up to the preferred size; never smaller, so a window the user shrank stays so until then).
    private func growForNewRows() {
        guard inspectorVisible, timelinePanel.lineCount > roomForLines else { return }
        roomForLines = timelinePanel.lineCount
        let preferred = preferredWindowSize
        guard preferred.height > windowHeight || preferred.width > windowWidth else { return }
        windowSizeRequested?(max(preferred.width, windowWidth), max(preferred.height, windowHeight))
    }

    /// Places the picture, the inspector and the timeline for the current window and chrome; logs the
    /// picture's place when it moves (tests compare it there).
    private func relayout() {
        let layout = WindowLayout(
            width: windowWidth, height: windowHeight, pictureWidth: source.width, pictureHeight: source.height,
            chrome: chrome)
        timelinePanel.layout(frame: layout.timeline, expanded: inspectorVisible)
        timelinePanel.setAxis(
            origin: sceneClock.origin, length: sceneClock.axisLength(latestEnd: timelinePanel.latestEnd),
            mayRescale: holdsStill)
        timeChainView.layout(frame: layout.timeChain)
        editorPanel?.layout(frame: layout.editorSlot)
        logEditorPlace(slot: layout.editorSlot)
        guard layout != windowLayout else { return }
        let moved = layout.picture != windowLayout.picture || layout.timeline != windowLayout.timeline
        windowLayout = layout
        pictureViews = [:]
        wholeScaledFrames = 2
        needsRedraw = true
        if moved, overlayEnabled, isLaidOut {
            let p = layout.picture
            let t = layout.timeline
            log(
                "layout: picture \(p.x),\(p.y) \(p.width)x\(p.height) scale \(String(format: "%.4f", layout.scale))"
                    + " timeline \(t.x),\(t.y) \(t.width)x\(t.height) window \(windowWidth)x\(windowHeight)")
        }
    }

    /// The easing editor's place as last logged (nil while it is closed).
    private var loggedEditorPlace: String?

    /// Logs where the easing editor is, or that the window is too small for it, whenever that changes
    /// (tests drag its handles there).
    private func logEditorPlace(slot: PixelRect) {
        guard easingEditorVisible, isLaidOut else {
            loggedEditorPlace = nil
            return
        }
        let place = "\(slot.x),\(slot.y) " + (easingEditor.fitsSlot ? "shown" : "hidden (the window is too small)")
        guard place != loggedEditorPlace else { return }
        loggedEditorPlace = place
        log("layout: easing editor \(place)")
    }

    /// Logs where the toolbar's buttons are whenever that changes (tests click them there).
    private func logToolbarLayout() {
        guard overlayEnabled, isLaidOut else { return }
        let layout = toolbar.layoutDescription
        guard layout != loggedToolbarLayout else { return }
        loggedToolbarLayout = layout
        log("toolbar: \(layout)")
    }

    /// Carries out `command`, which came from `origin` (e.g. `key space`, `button Start`), and logs it.
    func perform(_ command: ViewerCommand, origin: String, hostTime: Double) {
        let result: String
        switch command {
        case .start, .stop, .push, .pop, .action:
            bringSource(toHostTime: hostTime)
            // A Start on an idle tree begins the scene again: scene time restarts at 0.
            let restarts = command == .start && source.isIdle
            do {
                try source.perform(command)
                if restarts {
                    sceneClock.restart(atMediaTime: clock.mediaTime(atHostTime: hostTime))
                    timelinePanel.removeAllRows()
                }
                result = restarts ? "done (scene time 0)" : "done"
                if errorIsARefusal { sceneError = nil }
            } catch {
                sceneError = "\(error)"
                errorIsARefusal = true
                result = "refused: \(MessageText.line("\(error)"))"
            }
        case .pauseResume:
            bringSource(toHostTime: hostTime)
            clock.togglePause(atHostTime: hostTime)
            source.setPaused(clock.isPaused)
            toolbar.setTitle(buttonTitle(for: .pauseResume), for: ViewerCommand.pauseResume.logName)
            result = clock.isPaused ? "paused" : "playing"
        case .stepForward, .stepBackward:
            let frames = command == .stepForward ? 1 : -1
            result = clock.step(frames: frames, frameDuration: frameDuration) ? "stepped" : "ignored (not paused)"
        case .faster:
            clock.faster(atHostTime: hostTime)
            result = "speed \(Self.format(speed: clock.speed))"
        case .slower:
            clock.slower(atHostTime: hostTime)
            result = "speed \(Self.format(speed: clock.speed))"
        case .nextSpeedPreset:
            clock.setSpeed(Self.nextSpeedPreset(after: clock.speed), atHostTime: hostTime)
            result = "speed \(Self.format(speed: clock.speed))"
        case .toggleHUD:
            hudVisible = overlayEnabled && !hudVisible
            result = hudVisible ? "hud on" : "hud off"
        case .toggleInspector:
            inspectorVisible = overlayEnabled && !inspectorVisible
            result = inspectorVisible ? "inspector on" : "inspector off"
            if overlayEnabled {
                roomForLines = timelinePanel.lineCount
                windowSizeRequested?(preferredWindowSize.width, preferredWindowSize.height)
            }
        case .saveFrame:
            result = saveFrame(atHostTime: hostTime)
        case .toggleEasingEditor:
            easingEditorVisible = overlayEnabled && !easingEditorVisible
            result = easingEditorVisible ? "easing editor on" : "easing editor off"
            editorPanel = easingEditorVisible ? easingEditor : nil
            if overlayEnabled {
                // The side column opens or closes with it, and needs the editor's height.
                let preferred = preferredWindowSize
                windowSizeRequested?(max(preferred.width, windowWidth), max(preferred.height, windowHeight))
            }
        case .easing(let easingCommand):
            guard easingEditorVisible else {
                result = "ignored (easing editor hidden)"
                break
            }
            result = handleEasing(easingEditor.perform(easingCommand), hostTime: hostTime)
        case .toggleKeyMap:
            keyMapVisible = overlayEnabled && !keyMapVisible
            result = keyMapVisible ? "key map on" : "key map off"
        case .toggleLoop:
            sceneClock.loops.toggle()
            result = sceneClock.loops ? "loop on" : "loop off"
        case .replay:
            replay(atHostTime: hostTime)
            result = "playing from scene time 0"
        case .toggleRecording:
            result =
                recording.isExact
                ? recording.toggle(
                    width: source.width, height: source.height, mediaTime: clock.mediaTime(atHostTime: hostTime))
                : recording.includesUI
                    ? recording.toggle(width: windowWidth, height: windowHeight)
                    : recording.toggle(width: min(windowWidth, source.width), height: min(windowHeight, source.height))
            syncRecordButton()
        case .scene(let number):
            source.close()
            if let next = makeScene(number) {
                attach(next)
                clock.seek(to: 0, atHostTime: hostTime)
                sceneClock.restart(atMediaTime: 0)
                bringSource(toHostTime: hostTime)
                source.setPaused(clock.isPaused)
                titleChanged?(title)
                result = "showing \(next.name)"
            } else {
                source.reopen()
                result = "ignored (no scene \(number))"
            }
        case .quit:
            quitRequested = true
            result = "closing"
        }
        needsRedraw = true
        actionLogChanged()
        let time = String(format: "%.3f", clock.mediaTime(atHostTime: hostTime))
        log("\(origin): \(command.logName) -> \(result) t=\(time)")
        logToolbarLayout()
    }

    /// Goes back to scene time 0 and plays from there: the scene is made again and the user's actions up
    /// to that time replayed (a pause after it is dropped).
    private func replay(atHostTime hostTime: Double) {
        if clock.isPaused {
            source.setPaused(false)
            clock.resume(atHostTime: hostTime)
            toolbar.setTitle(buttonTitle(for: .pauseResume), for: ViewerCommand.pauseResume.logName)
        }
        clock.seek(to: sceneClock.origin, atHostTime: hostTime)
        bringSource(toHostTime: hostTime)
    }

    /// While looping, goes back to scene time 0 once playback passes the end of the last animation.
    private func loopIfDue(atHostTime hostTime: Double) {
        guard !clock.isPaused,
            sceneClock.mustLoop(
                atMediaTime: clock.mediaTime(atHostTime: hostTime), latestEnd: timelinePanel.latestEnd)
        else { return }
        clock.seek(to: sceneClock.origin, atHostTime: hostTime)
        log("loop: back to scene time 0 t=\(String(format: "%.3f", sceneClock.origin))")
    }

    /// Ends the session for a reason other than a key or button (window closed, signal).
    func requestQuit(reason: String) {
        quitRequested = true
        log("closing: \(reason)")
    }

    /// Updates the hovered button; true when the picture must change.
    func pointerMoved(x: Int, y: Int) {
        guard overlayEnabled else { return }
        if easingEditorVisible {
            // A drag's moves apply at once; the release logs the drag's outcome.
            let dragging = easingEditor.isDragging
            handleEasing(easingEditor.moved(x: x, y: y), origin: nil)
            if dragging { return }
        }
        if timeline.isPanning {
            _ = timeline.moved(x: x, y: y)
            needsRedraw = true
            return
        }
        if let action = timeline.moved(x: x, y: y) { return apply(action) }
        let hovered = toolbar.identifier(atX: x, y: y)
        if hovered != toolbar.hovered {
            toolbar.hovered = hovered
            needsRedraw = true
        }
    }

    /// Clears hover and press when the pointer leaves the window.
    func pointerLeft() {
        guard toolbar.hovered != nil || toolbar.pressed != nil else { return }
        toolbar.hovered = nil
        toolbar.pressed = nil
        needsRedraw = true
    }

    /// A mouse button went down at (`x`, `y`): the toolbar button there shows pressed.
    func pointerPressed(button: UInt32, x: Int, y: Int) {
        if overlayEnabled, easingEditorVisible, button == 1, easingEditor.contains(x: x, y: y) {
            handleEasing(easingEditor.pressed(x: x, y: y), origin: "button")
            return
        }
        if overlayEnabled, button == 1, timeline.contains(x: x, y: y) {
            if let action = timeline.pressed(x: x, y: y) { apply(action) }
            return
        }
        if overlayEnabled, button != 1, timeline.contains(x: x, y: y) {
            if timeline.otherButtonPressed(button, x: x) {
                log(
                    "timeline: window \(String(format: "%.3f", timelinePanel.windowStart)) s + \(String(format: "%.3f", timelinePanel.axisLength)) s"
                )
                needsRedraw = true
            }
            return
        }
        guard overlayEnabled, button == 1, let identifier = toolbar.identifier(atX: x, y: y) else { return }
        toolbar.pressed = identifier
        needsRedraw = true
    }

    /// A mouse button came up: a toolbar button pressed and released in place performs its command.
    func pointerReleased(button: UInt32, x: Int, y: Int, hostTime: Double) {
        if button == 1, easingEditor.isDragging {
            handleEasing(easingEditor.released(x: x, y: y), origin: "drag")
            return
        }
        if button != 1, timeline.isPanning {
            timeline.otherButtonReleased(button)
            log(
                "timeline: window \(String(format: "%.3f", timelinePanel.windowStart)) s + \(String(format: "%.3f", timelinePanel.axisLength)) s"
            )
            return
        }
        if button == 1, let action = timeline.released(x: x, y: y) { return apply(action) }
        guard button == 1, let pressed = toolbar.pressed else { return }
        toolbar.pressed = nil
        needsRedraw = true
        guard toolbar.identifier(atX: x, y: y) == pressed, let command = commandsByIdentifier[pressed],
            let title = toolbar.items.first(where: { $0.identifier == pressed })?.title
        else { return }
        perform(command, origin: "button \(title)", hostTime: hostTime)
    }

    /// Carries out what a pointer event on the timeline panel asked for, and logs seeks.
    private func apply(_ action: TimelineScrubber.Action) {
        let hostTime = MonotonicTime.seconds(MonotonicTime.nanoseconds())
        switch action {
        case .seek(let sceneTime, let ended):
            if timeline.isScrubbing && !ended && !clock.isPaused {
                resumeAfterScrub = true
                clock.pause(atHostTime: hostTime)
            }
            seek(toSceneTime: sceneTime, hostTime: hostTime)
            if ended && resumeAfterScrub {
                resumeAfterScrub = false
                clock.resume(atHostTime: hostTime)
            }
            let shown = clock.mediaTime(atHostTime: hostTime)
            log("timeline: \(ended ? "seek" : "scrub") -> media \(shown) t=\(String(format: "%.3f", shown))")
        case .step(let frames):
            if !clock.isPaused { perform(.pauseResume, origin: "timeline", hostTime: hostTime) }
            perform(frames > 0 ? .stepForward : .stepBackward, origin: "timeline", hostTime: hostTime)
        case .command(let command):
            perform(command, origin: "timeline", hostTime: hostTime)
        case .select(let index):
            timelinePanel.select(row: index)
            needsRedraw = true
            let facts = timelinePanel.samplers[index].facts
            log("timeline: selected \(facts.layerName ?? "layer") \(facts.keyPath ?? facts.kind)")
        }
    }

    /// Shows scene time `sceneTime` from host time `hostTime` on, paused or playing as before (a click
    /// on the timeline's axis): navigation, which only chooses the time shown.
    func seek(toSceneTime sceneTime: Double, hostTime: Double) {
        clock.seek(to: sceneClock.mediaTime(atSceneTime: sceneTime), atHostTime: hostTime)
        needsRedraw = true
    }

    /// Loads the scene file again after it was saved, keeping the media time; when it cannot be
    /// loaded the last good scene stays and the error is shown in the window until a good save.
    func reloadSceneFile() {
        guard let scene = source as? SceneSource else { return }
        let start = MonotonicTime.nanoseconds()
        do {
            try scene.reload()
            sceneError = nil
            errorIsARefusal = false
            reloadMilliseconds = Double(MonotonicTime.nanoseconds() - start) / 1e6
            log(
                "scene file: reloaded in \(String(format: "%.0f", reloadMilliseconds ?? 0)) ms t=\(String(format: "%.3f", shownMediaTime ?? 0))"
            )
        } catch {
            // A Swift scene's compile errors are shown as the compiler printed them.
            let compilerOutput = (error as? SceneLoadError)?.compilerOutput
            sceneError = compilerOutput ?? "\(error)"
            errorIsARefusal = false
            let logged =
                compilerOutput?.split(separator: "\n").first { $0.contains("error:") }.map(String.init) ?? "\(error)"
            log("scene file: error (keeping the last good scene): \(logged.replacingOccurrences(of: "\n", with: " "))")
        }
        needsRedraw = true
    }

    /// How long the last good reload of the scene file took (the HUD shows it).
    private(set) var reloadMilliseconds: Double?

    /// True while a recording runs: the display link must tick even when nothing moves.
    var isRecording: Bool { recording.isRecording }

    /// Appends the last recorded frame again `count` times, for display-link ticks on which the window
    /// did not change (or that the loop missed).
    func repeatRecordedFrame(count: Int) {
        recording.repeatLastFrame(count: count)
    }

    /// Logs the recordings saved since the last call.
    func reportFinishedRecordings() {
        recording.reportFinished()
    }

    /// Stops recording (when quitting) and waits until every file is complete.
    func finishRecordings() {
        recording.finishAll()
    }

    /// Gives the Record button the title for the current state (a failed recorder stops by itself).
    private func syncRecordButton() {
        if toolbar.setTitle(buttonTitle(for: .toggleRecording), for: ViewerCommand.toggleRecording.logName) {
            needsRedraw = true
            logToolbarLayout()
        }
    }

    /// Draws the picture for `hostTime` once, off-screen, so the one-time work of a new scene (resampling
    /// its pictures to the window's size, first rasterizations) is done before the display link starts
    /// instead of overrunning its first period.
    func warmUp(hostTime: Double) {
        bringSource(toHostTime: hostTime)
        source.draw(into: Bitmap(width: source.width, height: source.height), damageOnly: false)
    }

    /// The toolbar, for tests and hit-testing.
    var toolbarForTesting: Toolbar { toolbar }

    /// The timeline panel and its pointer input, for tests.
    var transportForTesting: TimelineScrubber { timeline }

    private func bringSource(toHostTime hostTime: Double) {
        let mediaTime = clock.mediaTime(atHostTime: hostTime)
        if mediaTime != shownMediaTime {
            source.show(mediaTime: mediaTime)
            shownMediaTime = mediaTime
        }
    }

    /// The bitmap the picture is drawn into for the window buffer `bitmap`: a view of the buffer at the
    /// picture's place when it is shown at its own size, else the off-screen picture that is then scaled.
    private func pictureTarget(for bitmap: Bitmap) -> Bitmap {
        let place = windowLayout.picture
        let fits =
            place.width == source.width && place.height == source.height && place.maxX <= bitmap.width
            && place.maxY <= bitmap.height
        if fits {
            if let view = pictureViews[bitmap.baseAddress], view.width == place.width, view.height == place.height {
                return view
            }
            let view = Bitmap(
                wrapping: bitmap.baseAddress + place.y * bitmap.stride + place.x * 4, width: place.width,
                height: place.height, stride: bitmap.stride)
            pictureViews[bitmap.baseAddress] = view
            return view
        }
        if offscreenPicture.width != source.width || offscreenPicture.height != source.height {
            offscreenPicture = Bitmap(width: max(1, source.width), height: max(1, source.height))
        }
        return offscreenPicture
    }

    /// Scales the off-screen picture into the window at its place: where it changed (`changed`, in the
    /// picture's pixels; nil: everywhere) and where the window buffer drawn now lacks the last frame's
    /// change, or all of it for the first frames after a layout change.
    private func scalePicture(_ picture: Bitmap, changed: PixelRect?, into bitmap: Bitmap) {
        let place = windowLayout.picture
        guard !place.isEmpty else { return }
        let scale = windowLayout.scale
        let now =
            changed.map { r -> PixelRect in
                guard !r.isEmpty else { return r }
                let x0 = place.x + Int((Double(r.minX) * scale).rounded(.down)) - 2
                let y0 = place.y + Int((Double(r.minY) * scale).rounded(.down)) - 2
                let x1 = place.x + Int((Double(r.maxX) * scale).rounded(.up)) + 2
                let y1 = place.y + Int((Double(r.maxY) * scale).rounded(.up)) + 2
                return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0).intersection(place)
            } ?? place
        let transform = CGAffineTransform(
            a: scale, b: 0, c: 0, d: scale, tx: Double(place.x), ty: Double(place.y))
        func rescale(_ rect: PixelRect) {
            guard !rect.isEmpty else { return }
            // In bands of 64 rows claimed by the cores as they come free, each filled and then sampled
            // while its rows are in cache; every pixel is sampled alone, so bands change no pixel.
            let bands = (rect.height + Self.scaleBandRows - 1) / Self.scaleBandRows
            DispatchQueue.concurrentPerform(iterations: bands) { band in
                let top = rect.y + band * Self.scaleBandRows
                let rows = PixelRect(
                    x: rect.x, y: top, width: rect.width, height: min(Self.scaleBandRows, rect.maxY - top))
                // The picture's edge pixels blend with what is under them: the margin, as around it.
                Blending.fill(
                    bitmap, x: rows.x, y: rows.y, width: rows.width, height: rows.height, color: Self.marginColor)
                bitmap.draw(picture, transform: transform, within: rows)
            }
        }
        if wholeScaledFrames > 0 || keyMapVisible {
            wholeScaledFrames = keyMapVisible ? 2 : wholeScaledFrames - 1
            rescale(place)
        } else {
            rescale(now)
            if let last = lastScaledChange, last != now { rescale(last) }
        }
        lastScaledChange = now
    }

    /// Rows per band when the picture is scaled into the window.
    static let scaleBandRows = 64

    /// Fills the window outside `place` with the margin colour.
    private static func fillMargins(of bitmap: Bitmap, around place: PixelRect) {
        let margin = marginColor
        Blending.fill(bitmap, x: 0, y: 0, width: bitmap.width, height: place.y, color: margin)
        Blending.fill(
            bitmap, x: 0, y: place.maxY, width: bitmap.width, height: bitmap.height - place.maxY, color: margin)
        Blending.fill(bitmap, x: 0, y: place.y, width: place.x, height: place.height, color: margin)
        Blending.fill(
            bitmap, x: place.maxX, y: place.y, width: bitmap.width - place.maxX, height: place.height, color: margin)
    }

    /// Writes the source's action log to `--actions-out` when it changed since the last write (after
    /// an action, and after navigation that moved a pause); a failure is logged once per attempt.
    func actionLogChanged() {
        guard let actionsOut, source.actionLog != writtenLog else { return }
        writtenLog = source.actionLog
        do {
            try source.actionLog.write(to: actionsOut)
        } catch {
            log("actions: not written: \(MessageText.line("\(error)"))")
        }
    }

    /// Draws the frame for `hostTime` into `bitmap` (the window's buffer): the picture at its place (at
    /// its own size, or scaled down to fit), a dark margin around it, then the overlay beside it. Without
    /// the overlay (`--no-hud`) nothing else draws over the scene, so only its damaged pixels are redrawn.
    /// A running recording gets the scene alone, or with `--record-ui` the whole window once drawn.
    func draw(into bitmap: Bitmap, hostTime: Double, figures: HUDFigures, dropped: Int) {
        syncRecordButton()
        loopIfDue(atHostTime: hostTime)
        if recording.isExact { recordExactFrames(upTo: clock.mediaTime(atHostTime: hostTime)) }
        bringSource(toHostTime: hostTime)
        actionLogChanged()
        if let root = source.rootLayer {
            timelinePanel.update(root: root, mediaTime: clock.mediaTime(atHostTime: hostTime))
            timelinePanel.setEvents(source.events)
            easingEditor.update(root: root)
        }
        // The axis's scale and the window's size change only while the viewer holds still.
        let shownSceneTime = sceneClock.sceneTime(atMediaTime: clock.mediaTime(atHostTime: hostTime))
        holdsStill = shownSceneTime == 0 || !hasDrawn
        // The window grows for rows only at the start: later its controls stay where the user aims.
        if holdsStill { growForNewRows() }
        relayout()
        hasDrawn = true
        timelinePanel.keepInView(sceneTime: shownSceneTime)
        let place = windowLayout.picture
        let target = pictureTarget(for: bitmap)
        // A scaled picture is drawn off-screen with damage tracking (only this session draws there), and
        // only what changed is scaled again.
        let changed: PixelRect?
        if target === offscreenPicture {
            changed = source.drawChanges(into: target)
        } else {
            source.draw(into: target, damageOnly: !overlayEnabled)
            changed = nil
        }
        if !recording.includesUI && !recording.isExact { recording.record(target) }
        defer { if recording.includesUI { recording.record(bitmap) } }
        Self.fillMargins(of: bitmap, around: place)
        if target === offscreenPicture { scalePicture(target, changed: changed, into: bitmap) }
        needsRedraw = false
        guard overlayEnabled else { return }
        let mediaTime = clock.mediaTime(atHostTime: hostTime)
        let sceneTime = sceneClock.sceneTime(atMediaTime: mediaTime)
        if inspectorVisible || easingEditorVisible {
            let column = windowLayout.sideColumn
            Blending.fill(
                bitmap, x: column.x, y: column.y, width: column.width, height: column.height,
                color: CurvePlotStyle.background)
            if let sampler = timelinePanel.selectedSampler {
                sampler.timeChain(atMediaTime: mediaTime, into: &timeChain)
                timeChainView.draw(timeChain, facts: sampler.facts, into: bitmap)
            }
            editorPanel?.draw(selected: timelinePanel.selectedSampler, mediaTime: mediaTime, into: bitmap)
        }
        timelinePanel.draw(
            sceneTime: sceneTime, speed: clock.speed, paused: clock.isPaused, loops: sceneClock.loops, into: bitmap)
        toolbar.draw(into: bitmap)
        if hudVisible {
            hud.drawStrip(
                entries: hudLines(hostTime: hostTime, figures: figures, dropped: dropped), in: windowLayout.hud,
                into: bitmap)
        }
        if easingEditorVisible, !easingEditor.fitsSlot {
            // Said on screen, not only in the log: the editor needs more room than the window has.
            hud.drawTable(
                title: "Easing editor",
                entries: [
                    (
                        "e",
                        "needs a \(EasingEditorLayout.width)×\(EasingEditorLayout.height) slot: enlarge the window"
                    )
                ],
                in: windowLayout.pictureArea, into: bitmap)
        }
        if keyMapVisible {
            hud.drawTable(
                title: "Keys", entries: KeyMap.help,
                in: PixelRect(x: 0, y: 0, width: bitmap.width, height: bitmap.height), into: bitmap)
        }
        if let sceneError { SceneErrorBanner.draw(sceneError, text: text, into: bitmap) }
    }

    /// Appends to a frame-exact recording every frame whose time the media clock has passed, each
    /// drawn at its own time (before the window's frame, which is drawn at `mediaTime`, the latest).
    private func recordExactFrames(upTo mediaTime: Double) {
        while let time = recording.nextExactFrameTime(upTo: mediaTime) {
            if exactFrame.width != source.width || exactFrame.height != source.height {
                exactFrame = Bitmap(width: source.width, height: source.height)
            }
            source.show(mediaTime: time)
            shownMediaTime = time
            exactFrame.fill(0)
            source.draw(into: exactFrame, damageOnly: false)
            recording.record(exactFrame)
        }
    }

    /// Carries out what the easing editor asked for after an input that did not come as a command
    /// (a pointer event), logging edits and write-backs.
    private func handleEasing(_ event: EasingEditorEvent?, origin: String?) {
        guard let event else { return }
        let hostTime = MonotonicTime.seconds(MonotonicTime.nanoseconds())
        let result = handleEasing(event, hostTime: hostTime)
        guard let origin else { return }
        if case .redraw = event { return }
        log("\(origin): easing -> \(result) t=\(String(format: "%.3f", clock.mediaTime(atHostTime: hostTime)))")
    }

    /// Carries out what the easing editor asked for; returns the outcome for the log.
    private func handleEasing(_ event: EasingEditorEvent?, hostTime: Double) -> String {
        needsRedraw = true
        switch event {
        case nil: return "nothing to do"
        case .redraw?: return "done"
        case .edited(let description, let edit)?:
            // The source logs the edit and gives the running animation the curve: the panels' rows anew.
            source.retime(edit)
            timelinePanel.resampleRows()
            actionLogChanged()
            return "edited \(description)"
        case .writeBack(let request)?:
            return writeBack(request)
        }
    }

    /// Writes the editor's curve into the scene file; the file watcher then reloads it.
    private func writeBack(_ request: EasingWriteBack) -> String {
        guard let sceneFile, sceneFileSource === source else {
            let reason = "not written: the scene has no file (a built-in scene)"
            easingEditor.writeBackFinished(request, message: reason, written: false)
            return reason
        }
        let target = TimingWriteBack.Target(
            layerName: request.layerName, key: request.key, addedAt: request.addedAt, segment: request.segment,
            segmentCount: request.segmentCount, controlPoints: request.curve.controlPoints)
        do {
            let line = try TimingWriteBack.write(target, toSceneFile: sceneFile)
            easingEditor.writeBackFinished(request, message: line, written: true)
            // The file holds the curve now: the logged edits of it would undo a later change of the file.
            if let layerName = request.layerName, let key = request.key {
                source.forgetEdits(
                    like: TimingEdit(
                        layerName: layerName, key: key, segment: request.segment,
                        controlPoints: request.curve.controlPoints))
            }
            return line
        } catch {
            easingEditor.writeBackFinished(request, message: error.description, written: false)
            sceneError = error.description + (error.snippet.map { "\n" + $0 } ?? "")
            errorIsARefusal = true
            if let snippet = error.snippet { log("easing: paste instead: \(snippet)") }
            return "not written: \(error.description)"
        }
    }

    private func hudLines(hostTime: Double, figures: HUDFigures, dropped: Int) -> [String] {
        [
            source.name,
            String(format: "t %.3f s", sceneClock.sceneTime(atMediaTime: clock.mediaTime(atHostTime: hostTime))),
            String(format: "media t %.3f s", clock.mediaTime(atHostTime: hostTime)),
            "speed ×" + Self.format(speed: clock.speed) + (sceneClock.loops ? "  loop" : ""),
            clock.isPaused ? "paused" : (source.isIdle ? "idle" : "playing"),
            isAnimating ? String(format: "%.1f fps", figures.framesPerSecond) : "no frames (nothing moves)",
            String(format: "frame %.2f ms", figures.frameMilliseconds),
            "dropped \(dropped)",
        ] + (reloadMilliseconds.map { [String(format: "reload %.0f ms", $0)] } ?? []) + recordingLines
    }

    /// The HUD's recording line: the length so far, or why the last recording failed.
    private var recordingLines: [String] {
        if let seconds = recording.recordedSeconds { return [String(format: "● rec %.1f s", seconds)] }
        return recording.problem.map { ["rec: \($0)"] } ?? []
    }

    /// The preset playback rates the transport's speed readout cycles through.
    static let speedPresets: [Double] = [1, 1.0 / 4, 1.0 / 10]

    /// The preset after `speed` in `speedPresets` (1 after the last, and after any other rate).
    static func nextSpeedPreset(after speed: Double) -> Double {
        guard let index = speedPresets.firstIndex(where: { abs($0 - speed) < 1e-12 }) else { return 1 }
        return speedPresets[(index + 1) % speedPresets.count]
    }

    /// `speed` as the HUD and log show it: `2`, `1`, `1/4`.
    static func format(speed: Double) -> String {
        speed >= 1 ? String(Int(speed.rounded())) : "1/\(Int((1 / speed).rounded()))"
    }
}
