import Foundation
import LayerKit
import Testing

@testable import Scenes

/// `eval --plot`'s samples: a cursor's sample is taken at exactly the printed time, so its dots show
/// the printed value on both sides of a jump.
@Suite struct PlotSamplingTests {
    /// A discrete keyframe animation of `box`'s position.x: 0 until 1 s, 10 until 2 s, then 20 (3 s long).
    static let json = """
        { "size": [100, 100], "layers": [ { "name": "box", "frame": [0, 0, 10, 10] } ],
          "timeline": [ { "at": 0, "add": { "layer": "box", "key": "jump", "animation": {
            "kind": "keyframe", "keyPath": "position.x", "values": [0, 10, 20], "calculationMode": "discrete",
            "duration": 3 } } } ] }
        """

    static func scene() throws -> Scene {
        let document = try SceneFile.decode(
            Data(json.utf8), fileName: "jump.json", baseURL: FileManager.default.temporaryDirectory)
        return FileScene(document: document, images: [:])
    }

    @Test func cursorsSitOnThePrintedValuesAtAJump() throws {
        // Just before and at each jump: 600 even samples over 0…3 s put none at these times.
        let times = [0.999_9, 1.0, 1.999_9, 2.0]
        _ = EngineFixture()
        let printed = try SceneEvaluation.lines(
            scene: try Self.scene(), layer: "box", key: "position.x", times: times, events: false)
        #expect(printed == ["0.9999 0", "1 10", "1.9999 10", "2 20"])
        _ = EngineFixture()
        let samples = PlotSamples.sample(
            scene: try Self.scene(), layer: "box", key: "position.x", from: 0, to: 3, count: 600, times: times)
        #expect(samples.times.count == 604)
        #expect(samples.times == samples.times.sorted())
        #expect(samples.cursorIndices.map { samples.times[$0] } == times)
        let dotted = samples.cursorIndices.map { samples.values[$0] }
        #expect(dotted == [[0], [10], [10], [20]], "the printed values")
        #expect(samples.phases.compactMap { $0 }.count == 604, "every sample has the animation's phase")
    }
}
