import Foundation
import LayerscopeTestSupport
import Raster
import Testing

/// Golden frames of the bundled motion scenes — the replicator spinner, the emitter fountain, the
/// transitions, the gradient shimmer, the text title card and the card flip in perspective — each frame rendered at the scene's 1280×720 and reduced 8× (every 8×8 block averaged,
/// rounded) to 160×90, so the goldens stay small while any change of the full frame's pixels shows.
/// Re-record with `RECORD_GOLDENS=1 swift test --filter MotionFrameTests` (see `FrameComparison`).
@Suite struct MotionFrameTests {
    static let times: [String: [Double]] = [
        "spinner": [0, 0.55, 1.3],
        "emitter": [0, 1.5],
        "transition": [1, 3, 5],
        "shimmer": [0.4, 0.8],
        "title": [0, 0.5, 1.5, 2.5],
        "cardflip": [0, 0.5, 0.9, 1.5, 2.4],
    ]

    /// `frame` reduced by `factor` in each direction, each output pixel the rounded mean of its block.
    static func reduced(_ frame: Bitmap, by factor: Int) -> Bitmap {
        let small = Bitmap(width: frame.width / factor, height: frame.height / factor)
        let count = UInt32(factor * factor)
        for y in 0..<small.height {
            for x in 0..<small.width {
                var sums = [UInt32](repeating: 0, count: 4)
                for dy in 0..<factor {
                    for dx in 0..<factor {
                        let p = frame[x * factor + dx, y * factor + dy]
                        for c in 0..<4 { sums[c] += (p >> (8 * UInt32(c))) & 0xFF }
                    }
                }
                var pixel: Pixel = 0
                for c in 0..<4 { pixel |= ((sums[c] + count / 2) / count) << (8 * UInt32(c)) }
                small[x, y] = pixel
            }
        }
        return small
    }

    @Test(arguments: ["spinner", "emitter", "transition", "shimmer", "title", "cardflip"])
    func framesMatchTheGoldens(scene name: String) throws {
        let url = SceneFileFrameTests.scenes.appendingPathComponent("\(name).json")
        let run = try SeedRun { try SceneFileFrameTests.fileScene(url) }
        for time in try #require(Self.times[name]) {
            try FrameComparison.checkGolden(
                Self.reduced(run.frame(at: time), by: 8), named: "\(name)-\(String(format: "%.2f", time))",
                in: FrameComparison.goldens(besides: #filePath))
        }
    }
}
