import Foundation
import Raster
import Testing

@testable import Recording

/// The recording benchmark of record: 1280×720 at 60 fps to MP4 must run at least twice as fast as real
/// time. It takes seconds and wants an otherwise idle machine, so it runs only when asked:
/// `LAYERSCOPE_RECORDING_BENCH=1 swift test --filter RecordingBenchmarkTests`.
@Suite struct RecordingBenchmarkTests {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["LAYERSCOPE_RECORDING_BENCH"] != nil))
    func mp4At720p60RunsAtLeastTwiceRealTime() throws {
        let result = try RecordingBenchmark.run()
        print(result)
        #expect(result.summary.frameCount == 300)
        #expect(result.summary.speed >= 2, "\(result)")
    }

    @Test func syntheticFramesMove() {
        let first = Bitmap(width: 64, height: 48)
        let later = Bitmap(width: 64, height: 48)
        RecordingBenchmark.drawSyntheticFrame(0, into: first)
        RecordingBenchmark.drawSyntheticFrame(5, into: later)

        #expect(first[0, 0] == .premultiplied(red: 0, green: 96, blue: 255, alpha: 255))
        #expect(later[0, 0] == .premultiplied(red: 15, green: 96, blue: 240, alpha: 255))
        #expect(first[0, 24] == .premultiplied(red: 250, green: 220, blue: 40, alpha: 255))
        #expect(later[35, 24] == .premultiplied(red: 250, green: 220, blue: 40, alpha: 255))
        #expect(later[34, 24] != .premultiplied(red: 250, green: 220, blue: 40, alpha: 255))
    }
}
