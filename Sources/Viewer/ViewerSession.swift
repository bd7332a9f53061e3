import Dispatch
import Foundation
import ImageFiles
import LayerKit
import Overlay
import Raster
import Recording
import Scenes

/// The viewer's state and behaviour without X11: the source being shown, the playback clock, the
/// overlay (the inspector's panels are the `Inspector`'s), and what each key, button and pointer
/// movement does. Every user action is logged.
final class ViewerSession {
    private(set) var source: FrameSource
    private(set) var clock: PlaybackClock
    private(set) var hudVisible: Bool
    /// The animation inspector and its panels (the timeline, the time chain, the easing editor); made
    /// once, last in `init`, as the session is its panels' host.
    private(set) var inspector: Inspector!
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
    /// Where the log's lines go (stdout in the viewer).
    private let writeLog: (String) -> Void
    private let toolbar: Toolbar
    private let hud: HeadsUpDisplay
    /// The scene file given with `--scene FILE` (the easing editor writes back to it), and the source
    /// made from it (not a built-in scene switched to since).
    private let sceneFile: URL?
    private weak var sceneFileSource: FrameSource?
    /// The picture of a frame-exact recording, drawn at each frame's own time.
    private var exactFrame = Bitmap(width: 1, height: 1)
    /// The state of the last frame drawn, as the inspector's panels read it.
    private var frame = InspectorFrame.initial
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
        recordingFinished: @escaping @Sendable () -> Void = {},
        inspectorPanels: [any InspectorPanel.Type] = Inspector.panelTypes
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
        self.writeLog = log
        self.toolbar = Toolbar(text: text)
        self.hud = HeadsUpDisplay(text: text)
        self.sceneFile = Self.sceneFileURL(options.scene)
        self.actionsOut = options.actionsOut.map { URL(fileURLWithPath: $0) }
        defer { actionLogChanged() }
        self.text = text
        self.wakeLoop = recordingFinished
        self.recording = RecordingController(
            includesUI: options.recordUI && !options.noHUD, exact: options.recordExact, fps: options.fps,
            directory: recordingsDirectory,
            makeRecorder: makeRecorder, wake: recordingFinished, log: writeLog)
        inspector = Inspector(
            context: InspectorPanelContext(
                text: text, smallText: (try? TextRenderer(dejaVuSansPixelSize: 11)) ?? text,
                overlayEnabled: overlayEnabled, host: self),
            panelTypes: inspectorPanels)
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

    /// Wakes the viewer's loop from another thread (a recording or a compile that ended).
    private let wakeLoop: @Sendable () -> Void

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
        return WindowLayout.Chrome(
            bannerHeight: sceneError.map { SceneErrorBanner.height(of: $0, text: text) }
                ?? compilingNotice.map { SceneErrorBanner.height(of: $0, title: nil, text: text) } ?? 0,
            hudHeight: hudVisible ? hud.stripHeight : 0, timelineHeight: inspector.bandHeight(),
            toolbarHeight: toolbar.height, inspectorOpen: inspector.sideColumnOpen)
    }

    /// The window size that shows the picture at its own size with the chrome around it (a banner
    /// aside), the inspector's rows (1 to 12 of them) and side column included while it is open.
    var preferredWindowSize: (width: Int, height: Int) {
        var around = chrome
        around.bannerHeight = 0
        if overlayEnabled { around.timelineHeight = inspector.bandHeight(preferred: true) }
        var size = WindowLayout.preferredSize(pictureWidth: source.width, pictureHeight: source.height, chrome: around)
        if let column = inspector.columnHeight {
            // The side column holds what its panels need (the time chain and, below it, the whole editor).
            size.height = max(size.height, around.hudHeight + column + around.timelineHeight + around.toolbarHeight)
        }
        return size
    }

    /// The window title for the current source.
    var title: String { "Layerscope — \(source.name)" }

    /// True while time moves the picture: the display link must tick (also on an idle tree that loops).
    var isAnimating: Bool {
        !clock.isPaused && (!source.isIdle || (sceneClock.loops && inspector.scheduleEnd != nil))
    }

    private func attach(_ newSource: FrameSource) {
        source = newSource
        source.log = { [writeLog] line in writeLog(line) }
        // The last frame's state holds the old tree: let go of it with the panels.
        frame.root = nil
        frame.selected = nil
        inspector.sceneChanged(rootToMedia: { [unowned newSource] t in newSource.mediaTime(ofRootTime: t) })
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

    /// Whether a frame was drawn yet: before it, and at scene time 0 (a load, a Start, a replay, a loop),
    /// the viewer holds still (`InspectorFrame.holdsStill`): only then do the axis's scale and the
    /// window's size follow the rows, so neither changes under a playhead, a scrub or a click.
    private var hasDrawn = false

    /// While the inspector is open, asks for a taller window when rows appear that the window has no
    /// room for (up to the preferred size; never smaller, so a window the user shrank stays so until then).
    private func growForNewRows() {
        guard inspector.takeNeedForRoom() else { return }
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
        frame.inspectorOpen = inspector.isOpen
        frame.sideColumnOpen = inspector.sideColumnOpen
        frame.windowIsLaidOut = isLaidOut
        inspector.layout(layout, frame: frame)
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
                    inspector.sceneRestarted()
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
        case .saveFrame:
            result = saveFrame(atHostTime: hostTime)
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
        default:
            // The inspector's and its panels' commands (`c`, `e` and the easing editor's keys).
            result = inspector.perform(command, hostTime: hostTime) ?? "ignored"
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
            sceneClock.mustLoop(atMediaTime: clock.mediaTime(atHostTime: hostTime), latestEnd: inspector.scheduleEnd)
        else { return }
        clock.seek(to: sceneClock.origin, atHostTime: hostTime)
        log("loop: back to scene time 0 t=\(String(format: "%.3f", sceneClock.origin))")
    }

    /// Ends the session for a reason other than a key or button (window closed, signal).
    func requestQuit(reason: String) {
        quitRequested = true
        log("closing: \(reason)")
    }

    /// Gives the pointer's move to the inspector's panels, else updates the hovered button.
    func pointerMoved(x: Int, y: Int) {
        guard overlayEnabled else { return }
        if inspector.handle(.moved(x: x, y: y), hostTime: MonotonicTime.seconds(MonotonicTime.nanoseconds())) {
            return
        }
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

    /// A mouse button went down at (`x`, `y`): an inspector panel there takes it, else the toolbar
    /// button there shows pressed.
    func pointerPressed(button: UInt32, x: Int, y: Int) {
        let hostTime = MonotonicTime.seconds(MonotonicTime.nanoseconds())
        if inspector.handle(.pressed(button: button, x: x, y: y), hostTime: hostTime) { return }
        guard overlayEnabled, button == 1, let identifier = toolbar.identifier(atX: x, y: y) else { return }
        toolbar.pressed = identifier
        needsRedraw = true
    }

    /// A mouse button came up: a panel's drag or scrub ends, or a toolbar button pressed and released
    /// in place performs its command.
    func pointerReleased(button: UInt32, x: Int, y: Int, hostTime: Double) {
        if inspector.handle(.released(button: button, x: x, y: y), hostTime: hostTime) { return }
        guard button == 1, let pressed = toolbar.pressed else { return }
        toolbar.pressed = nil
        needsRedraw = true
        guard toolbar.identifier(atX: x, y: y) == pressed, let command = commandsByIdentifier[pressed],
            let title = toolbar.items.first(where: { $0.identifier == pressed })?.title
        else { return }
        perform(command, origin: "button \(title)", hostTime: hostTime)
    }

    /// Shows scene time `sceneTime` from host time `hostTime` on, paused or playing as before (a click
    /// on the timeline's axis): navigation, which only chooses the time shown.
    func seek(toSceneTime sceneTime: Double, hostTime: Double) {
        clock.seek(to: sceneClock.mediaTime(atSceneTime: sceneTime), atHostTime: hostTime)
        needsRedraw = true
    }

    /// Loads the scene file again after it was saved, keeping the media time; when it cannot be
    /// loaded the last good scene stays and the error is shown in the window until a good save. A
    /// Swift scene is compiled first off the viewer's thread (`BackgroundCompile`), the banner saying so
    /// while the last good scene plays on; `finishBackgroundCompile` then makes it from the cache.
    func reloadSceneFile() {
        guard let scene = source as? SceneSource else { return }
        if let sceneFile, sceneFileSource === scene, sceneFile.pathExtension == "swift" {
            compilingNotice = "Compiling \(sceneFile.lastPathComponent)… (the last good scene plays on)"
            compileStarted = MonotonicTime.nanoseconds()
            backgroundCompile.start(sceneFile.path)
            log("scene file: compiling \(sceneFile.lastPathComponent)")
            needsRedraw = true
            return
        }
        reload(scene, since: MonotonicTime.nanoseconds())
    }

    /// Once a background compile has ended: the scene made again from the compiled library, or the
    /// compiler's messages in the banner (the last good scene stays).
    func finishBackgroundCompile() {
        guard let outcome = backgroundCompile.takeOutcome() else { return }
        compilingNotice = nil
        needsRedraw = true
        guard let scene = source as? SceneSource, sceneFileSource === scene, sceneFile?.path == outcome.path else {
            return
        }
        if let error = outcome.error {
            showReloadError(error)
            return
        }
        reload(scene, since: compileStarted)
    }

    /// While a Swift scene compiles after a save, what the banner says.
    private(set) var compilingNotice: String?
    /// When the last background compile began (the reload's time counts from there).
    private var compileStarted: Int64 = 0
    private lazy var backgroundCompile = BackgroundCompile(wake: wakeLoop)

    /// Makes `scene` again from its file (a Swift scene's library from the cache), keeping the media time.
    private func reload(_ scene: SceneSource, since start: Int64) {
        do {
            try scene.reload()
            sceneError = nil
            errorIsARefusal = false
            reloadMilliseconds = Double(MonotonicTime.nanoseconds() - start) / 1e6
            log(
                "scene file: reloaded in \(String(format: "%.0f", reloadMilliseconds ?? 0)) ms t=\(String(format: "%.3f", shownMediaTime ?? 0))"
            )
        } catch {
            showReloadError(error)
        }
        needsRedraw = true
    }

    /// Shows why a save did not load in the banner (a Swift scene's compile errors as the compiler
    /// printed them) and logs its first line; the last good scene stays.
    private func showReloadError(_ error: any Error) {
        let compilerOutput = (error as? SceneLoadError)?.compilerOutput
        sceneError = compilerOutput ?? "\(error)"
        errorIsARefusal = false
        let logged =
            compilerOutput?.split(separator: "\n").first { $0.contains("error:") }.map(String.init) ?? "\(error)"
        log("scene file: error (keeping the last good scene): \(logged.replacingOccurrences(of: "\n", with: " "))")
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
    var transportForTesting: TimelineScrubber { inspector.panel(TimelineInspectorPanel.self)!.scrubber }

    private func bringSource(toHostTime hostTime: Double) {
        bringSource(toMediaTime: clock.mediaTime(atHostTime: hostTime))
    }

    private func bringSource(toMediaTime mediaTime: Double) {
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
        // Media time once for the frame (after the loop, which may move the clock back).
        let mediaTime = clock.mediaTime(atHostTime: hostTime)
        if recording.isExact { recordExactFrames(upTo: mediaTime) }
        bringSource(toMediaTime: mediaTime)
        actionLogChanged()
        let sceneTime = sceneClock.sceneTime(atMediaTime: mediaTime)
        frame = InspectorFrame(
            root: source.rootLayer, mediaTime: mediaTime, sceneTime: sceneTime, sceneClock: sceneClock,
            speed: clock.speed, paused: clock.isPaused, events: source.events,
            scheduledEnd: sceneClock.origin == 0 ? source.scheduledLength : nil,
            // The axis's scale and the window's size change only while the viewer holds still.
            holdsStill: sceneTime == 0 || !hasDrawn, inspectorOpen: inspector.isOpen,
            sideColumnOpen: inspector.sideColumnOpen, selected: nil, windowIsLaidOut: isLaidOut)
        inspector.update(frame)
        // The window grows for rows only at the start: later its controls stay where the user aims.
        if frame.holdsStill { growForNewRows() }
        relayout()
        hasDrawn = true
        frame.selected = inspector.selection
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
        inspector.draw(frame, layout: windowLayout, into: bitmap)
        toolbar.draw(into: bitmap)
        if hudVisible {
            hud.drawStrip(entries: hudLines(figures: figures, dropped: dropped), in: windowLayout.hud, into: bitmap)
        }
        if keyMapVisible {
            hud.drawTable(
                title: "Keys", entries: KeyMap.help,
                in: PixelRect(x: 0, y: 0, width: bitmap.width, height: bitmap.height), into: bitmap)
        }
        if let sceneError {
            SceneErrorBanner.draw(sceneError, text: text, into: bitmap)
        } else if let compilingNotice {
            SceneErrorBanner.draw(
                compilingNotice, title: nil, color: SceneErrorBanner.noticeColor, text: text, into: bitmap)
        }
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

    /// The HUD's lines for the frame being drawn.
    private func hudLines(figures: HUDFigures, dropped: Int) -> [String] {
        [
            source.name,
            String(format: "t %.3f s", frame.sceneTime),
            String(format: "media t %.3f s", frame.mediaTime),
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

/// The session as the host of the inspector's panels: playback, the scene and its file, the log and
/// the window stay here.
extension ViewerSession: InspectorHost {
    var isPaused: Bool { clock.isPaused }

    func show(sceneTime: Double, holding: Bool, ended: Bool, hostTime: Double) -> Double {
        if holding && !clock.isPaused {
            resumeAfterScrub = true
            clock.pause(atHostTime: hostTime)
        }
        seek(toSceneTime: sceneTime, hostTime: hostTime)
        if ended && resumeAfterScrub {
            resumeAfterScrub = false
            clock.resume(atHostTime: hostTime)
        }
        return clock.mediaTime(atHostTime: hostTime)
    }

    func retime(_ edit: TimingEdit) {
        // The source logs the edit and gives the running animation the curve: the panels sample anew.
        source.retime(edit)
        inspector.animationsRetimed()
        actionLogChanged()
    }

    /// Writes the curve into the scene file (the file watcher then reloads it); a refusal is also shown
    /// in the banner, with the statement to paste when the file could not be changed.
    func writeTiming(_ target: TimingWriteBack.Target) -> Result<String, TimingWriteRefusal> {
        guard let sceneFile, sceneFileSource === source else {
            return .failure(TimingWriteRefusal(message: "the scene has no file (a built-in scene)"))
        }
        do {
            let line = try TimingWriteBack.write(target, toSceneFile: sceneFile)
            // The file holds the curve now: the logged edits of it would undo a later change of the file.
            if let layerName = target.layerName, let key = target.key {
                source.forgetEdits(
                    like: TimingEdit(
                        layerName: layerName, key: key, segment: target.segment, controlPoints: target.controlPoints))
            }
            return .success(line)
        } catch {
            sceneError = error.description + (error.snippet.map { "\n" + $0 } ?? "")
            errorIsARefusal = true
            if let snippet = error.snippet { log("easing: paste instead: \(snippet)") }
            return .failure(TimingWriteRefusal(message: error.description))
        }
    }

    func log(_ line: String) { writeLog(line) }

    func mediaTime(atHostTime hostTime: Double) -> Double { clock.mediaTime(atHostTime: hostTime) }

    func setNeedsRedraw() { needsRedraw = true }

    func panelsChangedSize(shrinking: Bool) {
        let preferred = preferredWindowSize
        if shrinking {
            windowSizeRequested?(preferred.width, preferred.height)
        } else {
            windowSizeRequested?(max(preferred.width, windowWidth), max(preferred.height, windowHeight))
        }
    }
}
