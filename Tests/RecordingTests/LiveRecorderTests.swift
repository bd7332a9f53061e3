import Foundation
import ImageFiles
import LayerscopeTestSupport
import Raster
import Testing

@testable import Recording

@Suite struct LiveRecorderTests {
    private let settings = RecordingSettings(progress: .silent)

    /// A 16×8 frame filled with the test pixels of frame `index`.
    private func frame(_ index: Int) -> Bitmap {
        let bitmap = Bitmap(width: 16, height: 8)
        TestProducer().draw(index, 0, bitmap)
        return bitmap
    }

    @Test func everyAppendedFrameIsKeptInOrderEvenWhenAppendedFasterThanEncoded() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let recorder = try LiveRecorder(
            output: temporary.file("live/"), width: 16, height: 8, fps: 60, settings: settings)
        let reused = Bitmap(width: 16, height: 8)

        for index in 0..<40 {
            TestProducer().draw(index, 0, reused)
            recorder.append(reused)  // the recorder copies: the next draw must not change this frame
        }
        let summary = try recorder.finish()

        #expect(summary.frameCount == 40)
        #expect(summary.fps == 60)
        #expect(try temporary.contents(of: "live") == (0..<40).map { String(format: "%05d.png", $0) })
        for index in [0, 1, 20, 39] {
            let image = try ImageFile.read(temporary.file("live/" + String(format: "%05d.png", index)))
            #expect((0..<16).allSatisfy { image[$0, 5] == testPixel(frame: index, x: $0) }, "frame \(index)")
        }
        #expect(recorder.pendingFrames == 0)

        recorder.cancel()  // after finish: nothing to undo
        #expect(throws: RecordingError.invalidJob("the recording has already ended")) { try recorder.finish() }
        #expect(try temporary.contents(of: "live").count == 40)
    }

    @Test func mp4AtTheDisplayRateHasOneFramePerAppend() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let recorder = try LiveRecorder(
            output: temporary.file("live.mp4"), width: 16, height: 8, fps: 50, settings: settings)

        for index in 0..<25 { recorder.append(frame(index)) }
        let summary = try recorder.finish()
        let video = try ProbedVideo.probe(summary.output)

        #expect(video.frameCount == 25)
        #expect(abs(video.duration - 0.5) <= 0.001, "duration \(video.duration) s")
        #expect(try temporary.contents() == ["live.mp4"])
    }

    @Test func finishingWithoutFramesLeavesNothing() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let recorder = try LiveRecorder(
            output: temporary.file("empty.gif"), width: 16, height: 8, fps: 30, settings: settings)

        #expect(throws: RecordingError.invalidJob("no frame was recorded")) { try recorder.finish() }
        #expect(try temporary.contents() == [])
    }

    /// Its recorder is made like `mp4AtTheDisplayRateHasOneFramePerAppend`'s on purpose: each test states its output.
    @Test func cancelLeavesNothing() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let recorder = try LiveRecorder(
            output: temporary.file("cancelled.apng"), width: 16, height: 8, fps: 30, settings: settings)
        for index in 0..<5 { recorder.append(frame(index)) }

        recorder.cancel()

        #expect(try temporary.contents() == [])
    }

    @Test func aRecorderReleasedWithoutFinishLeavesNothing() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        do {
            let recorder = try LiveRecorder(
                output: temporary.file("dropped.mp4"), width: 16, height: 8, fps: 30, settings: settings)
            for index in 0..<5 { recorder.append(frame(index)) }
        }

        #expect(try temporary.contents() == [])
    }

    /// Set up like `ffmpegKilledMidwayIsAnErrorNotACrash` (RecordingErrorTests) on purpose: each test states the
    /// failure its fake ffmpeg acts out.
    @Test func anEncoderFailureIsReportedByFinish() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let fake = try FakeFFmpeg(in: temporary.url, body: "echo 'encoder exploded' >&2\nexit 7")
        try FileManager.default.createDirectory(at: temporary.file("out"), withIntermediateDirectories: true)
        let output = temporary.file("out/live.mp4")
        let recorder = try LiveRecorder(
            output: output, width: 16, height: 8, fps: 30,
            settings: RecordingSettings(ffmpeg: .executable(fake.path), progress: .silent))

        for index in 0..<200 { recorder.append(frame(index)) }

        #expect(
            throws: RecordingError.ffmpegFailed(
                output: output, status: "exit status 7", lastLines: ["encoder exploded"])
        ) {
            try recorder.finish()
        }
        #expect(try temporary.contents(of: "out") == [])
    }

    @Test func missingFFmpegIsReportedAtStart() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }

        #expect(throws: RecordingError.ffmpegMissing(searched: "an empty PATH")) {
            try LiveRecorder(
                output: temporary.file("live.mp4"), width: 16, height: 8, fps: 60,
                settings: RecordingSettings(ffmpeg: .searchPath(""), progress: .silent))
        }
        #expect(try temporary.contents() == [])
    }

    @Test func suggestedFileNamesCarryTheTimeAndNeverCollide() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let date = Date(timeIntervalSince1970: 1_796_048_701)  // 2026-11-30 14:25:01 UTC

        let first = LiveRecorder.suggestedOutput(in: temporary.url, date: date)
        try Data().write(to: first)
        let second = LiveRecorder.suggestedOutput(in: temporary.url, extension: "mp4", date: date)

        #expect(first.lastPathComponent == "layerscope-2026-11-30-142501.mp4")
        #expect(second.lastPathComponent == "layerscope-2026-11-30-142501-2.mp4")
        #expect(
            LiveRecorder.suggestedOutput(in: temporary.url, extension: "gif", date: date).lastPathComponent
                == "layerscope-2026-11-30-142501.gif")
    }
}
