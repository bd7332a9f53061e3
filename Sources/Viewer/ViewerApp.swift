import CX11
import Foundation
import Overlay
import Raster
import Scenes
import Supervision

/// The live viewer: one X window fed by a display link. Everything here runs on the thread that
/// called `run()`, the only one touching Xlib.
final class ViewerApp {
    private let options: ViewerOptions
    private let connection: XConnection
    private let window: ViewerWindow
    private let buffers: FrameBufferSet
    private let pollSet: PollSet
    private let session: ViewerSession
    private var scheduler: FrameScheduler
    private var statistics: FrameStatistics
    private var figures = HUDFigures()
    private var windowWidth: Int
    private var windowHeight: Int
    private var pendingSize: (width: Int, height: Int)?
    private var windowDestroyed = false
    private var startCPUSeconds = 0.0
    private var startWallTime: Int64 = 0
    /// Watches a scene file given with `--scene FILE`; its saves reload `watchedSource`.
    private var sceneFileWatcher: SceneFileWatcher?
    private weak var watchedSource: FrameSource?
    /// What was last reported to a supervisor (`reportToSupervisor`).
    private var reportedTime: Double?
    private var reportedSize = (0, 0)

    /// Opens the display and window for `source`; throws a one-line reason when that is impossible.
    init(options: ViewerOptions, source: FrameSource, makeScene: @escaping (Int) -> FrameSource?) throws {
        self.options = options
        connection = try XConnection()
        do {
            pollSet = try PollSet(xFileDescriptor: connection.fileDescriptor)
        } catch {
            connection.close()
            throw error
        }
        var text: TextRenderer?
        do {
            text = try TextRenderer(dejaVuSansPixelSize: 14)
        } catch {
            if !options.noHUD { LineOutput.out("\(error)") }
        }
        let now = MonotonicTime.nanoseconds()
        let wake = pollSet.wakeFileDescriptor
        session = ViewerSession(
            source: source, options: options, hostTime: MonotonicTime.seconds(now), text: text,
            makeScene: makeScene, log: LineOutput.out,
            recordingFinished: {
                var one: UInt64 = 1
                _ = write(wake, &one, 8)
            })
        // Room for the picture at its own size and the chrome around it, as far as the screen allows.
        let screen = connection.screenSize
        let preferred = session.preferredWindowSize
        windowWidth = options.window?.width ?? min(preferred.width, max(source.width, screen.width))
        windowHeight = options.window?.height ?? min(preferred.height, max(source.height, screen.height))
        let minimum = session.minimumWindowSize
        window = ViewerWindow(
            connection: connection, width: windowWidth, height: windowHeight,
            minimumWidth: min(minimum.width, windowWidth), minimumHeight: min(minimum.height, windowHeight),
            title: session.title, origin: options.window.map { ($0.x, $0.y) })
        buffers = FrameBufferSet(
            connection: connection, width: windowWidth, height: windowHeight, forcePutImage: options.noSHM,
            announce: LineOutput.out)
        scheduler = FrameScheduler(framesPerSecond: options.fps)
        statistics = FrameStatistics(expectedFrames: options.frames ?? 0)
        session.layout(width: windowWidth, height: windowHeight)
        session.titleChanged = { [window] title in window.setTitle(title) }
        session.windowSizeRequested = { [window, connection] width, height in
            let screen = connection.screenSize
            window.resize(width: min(width, screen.width), height: min(height, screen.height))
        }
        LineOutput.out(
            "viewer: window 0x\(String(window.window, radix: 16)) \(windowWidth)x\(windowHeight) scene \(source.name)")
        watchSceneFile(options.scene, of: source)
    }

    /// Reloads `source` whenever the scene file at `path` is saved (when `path` is a file).
    private func watchSceneFile(_ path: String, of source: FrameSource) {
        guard source is SceneSource, !BuiltInScenes.names.contains(path), FileManager.default.fileExists(atPath: path)
        else { return }
        let wake = pollSet.wakeFileDescriptor
        do {
            sceneFileWatcher = try SceneFileWatcher(path: path) {
                var one: UInt64 = 1
                _ = write(wake, &one, 8)
            }
            watchedSource = source
            LineOutput.out("scene file: watching \(path)")
        } catch {
            LineOutput.out("scene file: \(error) (no live reload)")
        }
    }

    /// Runs until the user quits, a signal arrives or the window goes away; returns the exit code.
    func run() -> Int32 {
        session.warmUp(hostTime: MonotonicTime.seconds(MonotonicTime.nanoseconds()))
        startCPUSeconds = cx11_process_cpu_seconds()
        startWallTime = MonotonicTime.nanoseconds()
        let runsFixedFrames = options.frames != nil
        while !session.quitRequested && !windowDestroyed {
            drainEvents()
            if session.quitRequested || windowDestroyed { break }
            if sceneFileWatcher?.takeChange() == true, session.source === watchedSource { session.reloadSceneFile() }
            session.reportFinishedRecordings()
            session.finishBackgroundCompile()
            let now = MonotonicTime.nanoseconds()
            if session.isAnimating || runsFixedFrames || session.isRecording {
                scheduler.start(at: now)
            } else {
                scheduler.stop()
            }
            let droppedBefore = scheduler.droppedFrames
            if let tick = scheduler.tick(at: now) {
                // The window kept its picture through missed ticks, and through a tick with nothing new.
                session.repeatRecordedFrame(count: scheduler.droppedFrames - droppedBefore)
                if session.isAnimating || runsFixedFrames || session.needsRedraw || pendingSize != nil {
                    drawFrame(timestamp: tick.timestamp)
                } else {
                    session.repeatRecordedFrame(count: 1)
                }
                if let frames = options.frames, statistics.frameCount >= frames { break }
                continue
            }
            if scheduler.nextDeadline == nil && (session.needsRedraw || pendingSize != nil) {
                drawFrame(timestamp: now)
                continue
            }
            // XPending flushes the requests and reads what the server sent: events Xlib already holds do
            // not make the socket readable, so sleeping on it now would leave them (a click) unhandled
            // until the next event arrived.
            if XPending(connection.display) > 0 { continue }
            if let signal = pollSet.wait(timeout: scheduler.timeout(at: MonotonicTime.nanoseconds())) {
                session.requestQuit(reason: signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : "SIGHUP")
            }
        }
        if options.stats { printStatistics() }
        return shutDown()
    }

    private func drainEvents() {
        var event = XEvent()
        while !windowDestroyed && XPending(connection.display) > 0 {
            XNextEvent(connection.display, &event)
            if let decoded = window.decode(&event) { handle(decoded) }
        }
    }

    private func handle(_ event: WindowEvent) {
        let hostTime = MonotonicTime.seconds(MonotonicTime.nanoseconds())
        switch event {
        case .exposed:
            session.needsRedraw = true
        case .resized(let width, let height):
            if width != windowWidth || height != windowHeight || pendingSize != nil {
                pendingSize = (width, height)
            }
        case .keyPressed(let keysym, let shift):
            if let command = KeyMap.command(forKeysym: keysym, shift: shift) {
                session.perform(command, origin: "key \(KeyMap.name(ofKeysym: keysym))", hostTime: hostTime)
            }
        case .buttonPressed(let button, let x, let y):
            session.pointerPressed(button: button, x: x, y: y)
        case .buttonReleased(let button, let x, let y):
            session.pointerReleased(button: button, x: x, y: y, hostTime: hostTime)
        case .pointerMoved(let x, let y):
            session.pointerMoved(x: x, y: y)
        case .pointerLeft:
            session.pointerLeft()
        case .closeRequested:
            session.requestQuit(reason: "window closed")
        case .destroyed:
            windowDestroyed = true
        case .shmCompleted(let segment):
            buffers.complete(segment: segment)
        }
    }

    private func applyPendingResize() {
        guard let size = pendingSize else { return }
        pendingSize = nil
        guard size.width != windowWidth || size.height != windowHeight else { return }
        windowWidth = size.width
        windowHeight = size.height
        buffers.resize(width: windowWidth, height: windowHeight, announce: LineOutput.out)
        session.layout(width: windowWidth, height: windowHeight)
        LineOutput.out("resized \(windowWidth)x\(windowHeight)")
    }

    /// A free buffer, waiting for a ShmCompletion when both are still being read by the server.
    private func acquireBuffer() -> FrameBuffer? {
        var event = XEvent()
        while true {
            if let buffer = buffers.nextFreeBuffer() { return buffer }
            XNextEvent(connection.display, &event)
            if let decoded = window.decode(&event) { handle(decoded) }
            if windowDestroyed || session.quitRequested { return nil }
        }
    }

    private func drawFrame(timestamp: Int64) {
        applyPendingResize()
        let start = MonotonicTime.nanoseconds()
        guard let buffer = acquireBuffer() else { return }
        session.draw(
            into: buffer.bitmap, hostTime: MonotonicTime.seconds(timestamp), figures: figures,
            dropped: scheduler.droppedFrames)
        if WatchStatus.isWatched { reportToSupervisor() }
        buffer.present(
            window: window.window, graphicsContext: window.graphicsContext, x: 0, y: 0, width: windowWidth,
            height: windowHeight)
        XFlush(connection.display)
        let end = MonotonicTime.nanoseconds()
        if figures.record(start: start, cost: end - start), session.hudVisible { session.needsRedraw = true }
        if options.frames != nil { statistics.record(start: start, end: end) }
    }

    /// The media time shown and the window's place, for the supervisor that starts the viewer again
    /// there if the scene's code ends it (sent when they change).
    private func reportToSupervisor() {
        if let time = session.shownMediaTime, time != reportedTime {
            reportedTime = time
            WatchStatus.send("time \(time)")
        }
        if windowWidth != reportedSize.0 || windowHeight != reportedSize.1 {
            reportedSize = (windowWidth, windowHeight)
            let origin = window.screenOrigin
            WatchStatus.send("window \(origin.x),\(origin.y),\(windowWidth),\(windowHeight)")
        }
    }

    private func printStatistics() {
        let wall = Double(MonotonicTime.nanoseconds() - startWallTime) / 1e9
        let cpu = cx11_process_cpu_seconds() - startCPUSeconds
        let path = buffers.path == .sharedMemory ? "shm" : "xputimage"
        LineOutput.out(
            String(
                format:
                    "stats frames=%d size=%dx%d path=%@ fps=%.2f frame_ms_median=%.3f frame_ms_p99=%.3f dropped=%d long_intervals=%d cpu_percent=%.1f",
                statistics.frameCount, windowWidth, windowHeight, path, statistics.framesPerSecond,
                statistics.frameCostMilliseconds(quantile: 0.5), statistics.frameCostMilliseconds(quantile: 0.99),
                scheduler.droppedFrames, statistics.longIntervals(period: scheduler.period),
                wall > 0 ? 100 * cpu / wall : 0))
    }

    private func shutDown() -> Int32 {
        session.finishRecordings()
        sceneFileWatcher?.stop()
        buffers.destroyBuffers()
        if windowDestroyed {
            window.close()
            connection.close()
            pollSet.close()
            LineOutput.error("layerscope: the viewer window was destroyed")
            return 1
        }
        window.close()
        connection.close()
        pollSet.close()
        LineOutput.out("viewer: closed")
        return 0
    }
}
