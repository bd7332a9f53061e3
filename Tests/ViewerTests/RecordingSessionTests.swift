import Foundation
import Raster
import Recording
import Testing

@testable import Viewer

@Suite struct RecordingSessionTests {
    private final class Log: @unchecked Sendable {
        var lines: [String] = []
        var recorders: [FrameKeeper] = []
        var sizes: [String] = []
    }

    private let directory = URL(fileURLWithPath: "/recordings", isDirectory: true)

    /// A session on a 320×240 window whose recorders are fakes (or fail with `startError`).
    private func makeSession(recordUI: Bool = false, startError: RecordingError? = nil) -> (
        ViewerSession, PlainSource, Log
    ) {
        let source = PlainSource(color: 0xFF00_00FF)
        let log = Log()
        let session = ViewerSession(
            source: source, options: ViewerOptions(scene: "plain", recordUI: recordUI), hostTime: 100, text: nil,
            makeScene: { _ in nil }, log: { log.lines.append($0) },
            makeRecorder: { output, width, height, fps throws(RecordingError) in
                if let startError { throw startError }
                log.sizes.append("\(width)x\(height)@\(Int(fps))")
                let recorder = FrameKeeper(output: output)
                log.recorders.append(recorder)
                return recorder
            }, recordingsDirectory: directory)
        session.layout(width: 320, height: 240)
        log.lines.removeAll()
        return (session, source, log)
    }

    private func draw(_ session: ViewerSession, into bitmap: Bitmap) {
        session.draw(into: bitmap, hostTime: 101, figures: HUDFigures(), dropped: 0)
    }

    private var recordTitle: (ViewerSession) -> String? {
        { $0.toolbarForTesting.items.first { $0.identifier == "record" }?.title }
    }

    @Test func keyRStartsAndStopsARecordingAndLogsTheFile() throws {
        let (session, _, log) = makeSession()
        #expect(recordTitle(session) == "Record")
        session.perform(.toggleRecording, origin: "key r", hostTime: 100.5)
        #expect(session.isRecording)
        #expect(recordTitle(session) == "Stop rec")
        let recorder = try #require(log.recorders.first)
        #expect(recorder.output.deletingLastPathComponent().path == "/recordings")
        #expect(recorder.output.lastPathComponent.hasPrefix("layerscope-"))
        #expect(recorder.output.pathExtension == "mp4")
        #expect(log.sizes == ["320x240@60"])
        #expect(log.lines.count == 3)
        #expect(
            log.lines[0]
                == "recording: started \(recorder.output.path) (320x240 at 60 fps, without the HUD and toolbar)")
        #expect(log.lines[1].hasPrefix("toolbar: ") && log.lines[1].hasSuffix("; Stop rec 200,206,46,30"))
        #expect(log.lines[2] == "key r: record -> recording t=0.500")

        let bitmap = Bitmap(width: 320, height: 240)
        draw(session, into: bitmap)
        draw(session, into: bitmap)
        log.lines.removeAll()
        session.perform(.toggleRecording, origin: "button Stop rec", hostTime: 101)
        #expect(!session.isRecording)
        #expect(recordTitle(session) == "Record")
        #expect(log.lines.last == "button Stop rec: record -> stopped t=1.000")
        log.lines.removeAll()
        session.finishRecordings()
        #expect(log.lines == ["recording: saved \(recorder.output.path) (2 frames, 0.03 s)"])
    }

    @Test func framesShowTheSceneWithoutTheToolbar() throws {
        let (session, _, log) = makeSession()
        session.perform(.toggleRecording, origin: "key r", hostTime: 100)
        let bitmap = Bitmap(width: 320, height: 240)
        draw(session, into: bitmap)
        #expect(bitmap[5, 235] != 0xFF00_00FF, "the window shows the toolbar")
        let frame = try #require(log.recorders.first?.frames.first)
        #expect(frame.count == 320 * 240)
        #expect(frame.allSatisfy { $0 == 0xFF00_00FF }, "the recording shows the scene alone")
    }

    @Test func recordUIRecordsTheWholeWindow() throws {
        let (session, _, log) = makeSession(recordUI: true)
        session.perform(.toggleRecording, origin: "key r", hostTime: 100)
        #expect(log.lines[0].hasSuffix("(320x240 at 60 fps, with the HUD and toolbar)"))
        let bitmap = Bitmap(width: 320, height: 240)
        draw(session, into: bitmap)
        let frame = try #require(log.recorders.first?.frames.first)
        #expect(frame[235 * 320 + 5] == bitmap[5, 235], "the toolbar is in the file")
        #expect(frame[235 * 320 + 5] != 0xFF00_00FF)
    }

    @Test func ticksWithNothingNewRepeatTheLastFrame() throws {
        let (session, source, log) = makeSession()
        session.repeatRecordedFrame(count: 3)
        session.perform(.toggleRecording, origin: "key r", hostTime: 100)
        let recorder = try #require(log.recorders.first)
        session.repeatRecordedFrame(count: 2)
        #expect(recorder.frames.isEmpty, "nothing to repeat before the first frame")
        let bitmap = Bitmap(width: 320, height: 240)
        draw(session, into: bitmap)
        source.fill(with: 0xFF00_FF00)
        draw(session, into: bitmap)
        session.repeatRecordedFrame(count: 2)
        #expect(recorder.frames.map { $0[0] } == [0xFF00_00FF, 0xFF00_FF00, 0xFF00_FF00, 0xFF00_FF00])
    }

    @Test func aLargerPictureIsCroppedAndASmallerOnePadded() throws {
        let recorder = FrameKeeper(output: URL(fileURLWithPath: "/x.mp4"))
        let recording = ScreenRecording(recorder: recorder, width: 4, height: 2)
        let large = Bitmap(width: 6, height: 3)
        large.fill(0xFF11_1111)
        recording.append(large)
        let small = Bitmap(width: 2, height: 1)
        small.fill(0xFF22_2222)
        recording.append(small)
        let margin = ViewerSession.marginColor
        #expect(recorder.frames[0] == Array(repeating: 0xFF11_1111, count: 8))
        #expect(recorder.frames[1] == [0xFF22_2222, 0xFF22_2222, margin, margin, margin, margin, margin, margin])
    }

    @Test func missingFFmpegIsLoggedOnOneLineAndShownOnTheHUD() {
        let (session, _, log) = makeSession(startError: .ffmpegMissing(searched: "/usr/bin"))
        session.perform(.toggleRecording, origin: "key r", hostTime: 100)
        #expect(!session.isRecording)
        #expect(recordTitle(session) == "Record")
        #expect(log.lines.count == 2)
        #expect(log.lines[0].hasPrefix("recording: cannot start: ffmpeg is needed"))
        #expect(!log.lines[0].contains("\n"))
        #expect(log.lines[1] == "key r: record -> failed t=0.000")
        #expect(session.recording.problem == "ffmpeg not found")
    }

    @Test func anEncoderFailureStopsTheRecordingAndIsLogged() throws {
        let (session, _, log) = makeSession()
        session.perform(.toggleRecording, origin: "key r", hostTime: 100)
        let recorder = try #require(log.recorders.first)
        let failure = RecordingError.ffmpegFailed(
            output: recorder.output, status: "exit status 1", lastLines: ["one", "two"])
        recorder.error = failure
        recorder.failsToComplete = failure
        let bitmap = Bitmap(width: 320, height: 240)
        draw(session, into: bitmap)
        #expect(!session.isRecording)
        #expect(session.recording.problem == "failed (see log)")
        log.lines.removeAll()
        session.finishRecordings()
        #expect(
            log.lines == [
                "recording: failed: ffmpeg failed writing \(recorder.output.path) (exit status 1): |   one |   two"
            ])
    }

    @Test func recordingsGoToTheEnvironmentsDirectoryOrTheCurrentOne() {
        #expect(
            RecordingController.defaultDirectory(environment: ["LAYERSCOPE_RECORDINGS": "/tmp/clips"]).path
                == "/tmp/clips")
        let current = FileManager.default.currentDirectoryPath
        #expect(RecordingController.defaultDirectory(environment: [:]).path == current)
        #expect(RecordingController.defaultDirectory(environment: ["LAYERSCOPE_RECORDINGS": ""]).path == current)
    }
}
