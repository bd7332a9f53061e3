import Foundation
import Raster
import Recording
import Testing

@testable import Viewer

@Suite struct ExactRecordingTests {
    @Test func theGridHandsOutEachFrameTimeOnceInOrder() {
        var grid = ExactFrameGrid(start: 0.5, fps: 30)
        #expect(grid.nextTime(upTo: 0.49) == nil)
        #expect(grid.nextTime(upTo: 0.5) == 0.5)
        #expect(grid.nextTime(upTo: 0.5) == nil, "never twice")
        var passed: [Double] = []
        while let t = grid.nextTime(upTo: 0.7) { passed.append(t) }
        #expect(
            passed == [0.5 + 1.0 / 30, 0.5 + 2.0 / 30, 0.5 + 3.0 / 30, 0.5 + 4.0 / 30, 0.5 + 5.0 / 30, 0.5 + 6.0 / 30])
        #expect(grid.next == 7)
        // Media time went back (a loop): the grid starts again there.
        #expect(grid.nextTime(upTo: 0.1) == 0.1)
        #expect(grid.start == 0.1 && grid.next == 1)
    }

    @Test func aStalledDisplayNeitherSkipsNorRepeatsFrames() throws {
        // A 40×30 picture whose colour encodes the media time it was last shown at (in milliseconds).
        let source = PlainSource(name: "clock", width: 40, height: 30)
        source.paint = { 0xFF00_0000 | UInt32(($0 * 1000).rounded()) }
        nonisolated(unsafe) var recorders: [FrameKeeper] = []
        nonisolated(unsafe) var lines: [String] = []
        let session = ViewerSession(
            source: source, options: ViewerOptions(scene: "clock", paused: true, fps: 4, recordExact: true),
            hostTime: 100, text: nil, makeScene: { _ in nil }, log: { lines.append($0) },
            makeRecorder: { output, _, _, _ throws(RecordingError) in
                let recorder = FrameKeeper(output: output)
                recorders.append(recorder)
                return recorder
            }, recordingsDirectory: URL(fileURLWithPath: "/recordings"))
        session.layout(width: 40, height: 30)
        let window = Bitmap(width: 40, height: 30)
        func draw(at host: Double) {
            session.draw(into: window, hostTime: host, figures: HUDFigures(), dropped: 0)
        }
        session.perform(.toggleRecording, origin: "key r", hostTime: 100)
        #expect(
            lines.contains { $0.contains("(40x30 at 4 fps, frame-exact from media time 0.0, the scene alone)") },
            "\(lines)")
        draw(at: 100)
        draw(at: 100.5)  // paused: no media time passes, nothing more is recorded
        session.repeatRecordedFrame(count: 3)  // missed ticks add nothing to a frame-exact recording
        session.perform(.pauseResume, origin: "key space", hostTime: 101)
        // Times chosen exact in binary, so media time reaches each frame time exactly.
        draw(at: 101.25)
        draw(at: 101.5)
        draw(at: 103)  // a stall of five periods
        draw(at: 103.125)
        session.perform(.toggleRecording, origin: "key r", hostTime: 103.2)
        session.finishRecordings()
        let recorder = try #require(recorders.first)
        // Frames at 0, 0.25, …, 2 s of media time: 9 frames, each drawn at its own time.
        let times = recorder.frames.map { Int($0[0] & 0xFF_FFFF) }
        #expect(times == (0...8).map { $0 * 250 })
        #expect(source.shown == 2.125, "the window's own frame is drawn at the latest time")
    }
}
