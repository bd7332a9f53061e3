import Foundation
import Raster
import Recording

/// Starts and stops the viewer's recordings of what the window shows and feeds them one frame per
/// display-link tick. While a recording runs, the display link keeps ticking even when nothing moves
/// (paused or idle): a tick that draws nothing new appends the last frame again, and so does each tick
/// the loop missed, so the file lasts as long as the recording did on the wall clock.
///
/// A frame-exact recording (`--record-exact`) follows the media clock instead: the viewer asks
/// `nextExactFrameTime(upTo:)` for each frame time it has passed and draws the scene at that time,
/// and nothing is repeated for idle or missed ticks.
final class RecordingController {
    /// Makes the recorder for `width`×`height` frames at `fps` into the file at the URL.
    typealias Factory = (URL, _ width: Int, _ height: Int, _ fps: Double) throws(RecordingError) -> any ViewerRecorder

    /// Whether frames include the HUD, toolbar and panels (`--record-ui`), or show the scene alone.
    let includesUI: Bool
    /// Whether recordings are frame-exact (`--record-exact`).
    let isExact: Bool
    /// The running frame-exact recording's frame times.
    private var grid: ExactFrameGrid?
    /// The display link's rate, which is the file's frame rate.
    let fps: Double
    /// Where new recordings go.
    let directory: URL
    private let makeRecorder: Factory
    private let finisher: RecordingFinisher
    private let log: (String) -> Void
    private(set) var active: ScreenRecording?
    /// Why the last recording could not start or failed, shortly, for the HUD; nil after a good start.
    private(set) var problem: String?

    init(
        includesUI: Bool, exact: Bool = false, fps: Double, directory: URL, makeRecorder: @escaping Factory,
        wake: @escaping @Sendable () -> Void, log: @escaping (String) -> Void
    ) {
        self.includesUI = includesUI
        self.isExact = exact && !includesUI
        self.fps = fps
        self.directory = directory
        self.makeRecorder = makeRecorder
        self.finisher = RecordingFinisher(wake: wake)
        self.log = log
    }

    /// `$LAYERSCOPE_RECORDINGS` when set and not empty, else the current directory.
    static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let path = environment["LAYERSCOPE_RECORDINGS"], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    }

    /// Records with `LiveRecorder` (MP4 through ffmpeg), printing nothing on standard error.
    static func liveRecorder(output: URL, width: Int, height: Int, fps: Double) throws(RecordingError)
        -> any ViewerRecorder
    {
        var settings = RecordingSettings()
        settings.progress = .silent
        return try LiveRecorder(output: output, width: width, height: height, fps: fps, settings: settings)
    }

    var isRecording: Bool { active != nil }

    /// Starts a recording of `width`×`height` frames (logging its file; a frame-exact one's frames from
    /// media time `mediaTime`) or stops the running one; returns the outcome for the command's log line.
    func toggle(width: Int, height: Int, mediaTime: Double = 0) -> String {
        if isRecording {
            stop()
            return "stopped"
        }
        return start(width: width, height: height, mediaTime: mediaTime) ? "recording" : "failed"
    }

    /// The time of the next frame of a frame-exact recording once the media clock has reached it
    /// (`mediaTime`), counted as recorded; nil when none is due or no such recording runs.
    func nextExactFrameTime(upTo mediaTime: Double) -> Double? {
        guard active != nil else { return nil }
        return grid?.nextTime(upTo: mediaTime)
    }

    private func start(width: Int, height: Int, mediaTime: Double) -> Bool {
        // A recording still completing could otherwise be given the same file name.
        finisher.waitForAll().forEach(log)
        let output = LiveRecorder.suggestedOutput(in: directory)
        do {
            let recorder = try makeRecorder(output, width, height, fps)
            active = ScreenRecording(recorder: recorder, width: width, height: height)
            problem = nil
            let content =
                isExact
                ? "frame-exact from media time \(mediaTime), the scene alone"
                : includesUI ? "with the HUD and toolbar" : "without the HUD and toolbar"
            grid = isExact ? ExactFrameGrid(start: mediaTime, fps: fps) : nil
            let rate = fps == fps.rounded() ? String(Int(fps)) : String(format: "%.3f", fps)
            log("recording: started \(output.path) (\(width)x\(height) at \(rate) fps, \(content))")
            return true
        } catch {
            problem = Self.shortReason(error)
            log("recording: cannot start: \(error.description.split(separator: "\n").joined(separator: " | "))")
            return false
        }
    }

    /// Stops the running recording; its file is completed in the background and logged when saved.
    func stop() {
        guard let recording = active else { return }
        active = nil
        grid = nil
        finisher.finish(recording.recorder, fps: fps)
    }

    /// Appends `picture` to the running recording, if any; a recorder that failed is stopped.
    func record(_ picture: Bitmap) {
        guard let recording = active else { return }
        if let error = recording.recorder.error {
            problem = Self.shortReason(error)
            stop()
            return
        }
        recording.append(picture)
    }

    /// Appends the last frame again `count` times (ticks on which the window did not change).
    func repeatLastFrame(count: Int) {
        guard !isExact else { return }
        active?.repeatLastFrame(count: count)
    }

    /// Seconds recorded so far, or nil when not recording.
    var recordedSeconds: Double? {
        active.map { Double($0.frameCount) / fps }
    }

    /// Logs the outcome of recordings completed since the last call.
    func reportFinished() {
        finisher.takeLines().forEach(log)
    }

    /// Stops the running recording and waits until every file is complete, logging each.
    func finishAll() {
        stop()
        finisher.waitForAll().forEach(log)
    }

    private static func shortReason(_ error: RecordingError) -> String {
        switch error {
        case .ffmpegMissing: "ffmpeg not found"
        case .diskFull: "disk full"
        default: "failed (see log)"
        }
    }
}
