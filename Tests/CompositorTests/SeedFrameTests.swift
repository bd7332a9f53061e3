import Foundation
import LayerscopeTestSupport
import Testing

/// Golden frames of the three seeds at 160×90 over the bundled pictures, rendered as
/// `layerscope render --scene NAME --size 160x90 --at T,…` renders them (one scene advanced through
/// the times in order). Re-record with `RECORD_GOLDENS=1 swift test --filter SeedFrameTests` (see
/// `FrameComparison`).
@Suite struct SeedFrameTests {
    /// The media times of each seed's goldens: its start, the middle of each animation, the moments
    /// just after its actions, and a time after the end.
    static let times: [String: [Double]] = [
        "wipe": [0, 0.5, 1, 2, 3, 4.5],
        "ship": [0, 0.5, 1.3, 3, 4],
        "reveal": [0, 1, 2.01, 3, 4, 4.5, 5.5],
    ]

    /// The golden's name: `wipe-0.50`, `reveal-2.01`, …
    static func goldenName(_ scene: String, _ time: Double) -> String {
        "\(scene)-\(String(format: "%.2f", time))"
    }

    @Test(arguments: ["wipe", "ship", "reveal"])
    func framesMatchTheGoldens(scene name: String) throws {
        let run = try SeedRun(name, images: SeedImages())
        for time in try #require(Self.times[name]) {
            try FrameComparison.checkGolden(
                run.frame(at: time), named: Self.goldenName(name, time), in: FrameComparison.goldens(besides: #filePath)
            )
        }
    }
}
