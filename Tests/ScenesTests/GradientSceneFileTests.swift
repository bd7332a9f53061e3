import Foundation
import LayerKit
import Testing

@testable import Scenes

/// The scene-file spellings of issue 13's gradient and contents keys: `"kind": "gradient"` with
/// `colors`, `locations`, `startPoint`, `endPoint`, `type`; `contentsRect`, `contentsScale`,
/// `contentsCenter`; and `eval` reading them as animations drive them.
@Suite struct GradientSceneFileTests {
    /// The bundled shimmer: a gradient layer whose `locations` sweep across, eased, repeating every 1.6 s.
    @Test func bundledShimmerSweepsItsLocations() throws {
        _ = EngineFixture()
        let url = BuiltInSceneFileTests.scenesFolder.appendingPathComponent("shimmer.json")
        let scene = try SceneLoader.loadFile(url.path)
        let gradient = try #require(LayerSearch.layer(named: "shimmer", in: scene.rootLayer) as? CAGradientLayer)
        #expect(gradient.colors?.count == 5 && gradient.startPoint == CGPoint(x: 0, y: 0.4))
        #expect(gradient.mask?.sublayers?.count == 7)
        let lines = try SceneEvaluation.lines(
            scene: scene, layer: "shimmer", key: "locations", times: [0, 0.8, 2.4], events: false)
        // easeInEaseOut is symmetric, so halfway through each repeat the locations are halfway too
        // (within 1e-9: the repeat's time is 2.4 − 1.6 in floating point).
        let expected: [[Double]] = [
            [0, -1, -0.5, -0.25, 0, 1], [0.8, -0.5, 0.25, 0.5, 0.75, 1.5], [2.4, -0.5, 0.25, 0.5, 0.75, 1.5],
        ]
        for (line, want) in zip(lines, expected) {
            let numbers = line.split(separator: " ").compactMap { Double(String($0)) }
            #expect(numbers.count == want.count && zip(numbers, want).allSatisfy { abs($0 - $1) <= 1e-9 }, "\(line)")
        }
    }

    /// Every new key is set from the file and read back by `eval`; a keyframe animation of `colors`
    /// takes colour lists as its values.
    @Test func keysRoundTripThroughAFile() throws {
        _ = EngineFixture()
        let json = """
            { "size": [100, 100], "layers": [
                { "name": "g", "kind": "gradient", "frame": [0, 0, 100, 100], "colors": ["#ff0000", "#0000ff80"],
                  "locations": null, "startPoint": [0, 0], "endPoint": [1, 1], "type": "conic",
                  "contentsRect": [0.25, 0, 0.25, 1], "contentsScale": 2, "contentsCenter": [0.1, 0.1, 0.8, 0.8] } ],
              "timeline": [ { "at": 0, "add": { "layer": "g", "animation": { "kind": "keyframe",
                  "keyPath": "colors", "values": [["#000000", "#000000"], ["#ffffff", "#000000"]], "duration": 1 } } } ] }
            """
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gradient-keys-\(getpid()).json")
        try json.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        func value(_ key: String, at time: Double = 0) throws -> String {
            let scene = try SceneLoader.loadFile(url.path)
            let line = try SceneEvaluation.lines(scene: scene, layer: "g", key: key, times: [time], events: false)[0]
            return String(line.drop { $0 != " " }.dropFirst())
        }
        #expect(try value("type") == "conic")
        #expect(try value("locations") == "nil")
        #expect(try value("startPoint") == "0 0" && value("endPoint") == "1 1")
        #expect(try value("contentsRect") == "0.25 0 0.25 1" && value("contentsScale") == "2")
        #expect(try value("contentsCenter") == "0.1 0.1 0.8 0.8")
        #expect(try value("colors", at: 0.5) == "0.5 0.5 0.5 1 0 0 0 1")
    }

    /// A timeline `set` assigns a gradient's own keys too (any layer class's keys, checked by their form).
    @Test func setAssignsGradientKeys() throws {
        _ = EngineFixture()
        let json = """
            { "size": [100, 100], "layers": [ { "name": "g", "kind": "gradient", "frame": [0, 0, 100, 100] } ],
              "timeline": [ { "at": 1, "set": { "layer": "g", "colors": ["#ffffff", "#000000"], "locations": [0.2, 0.8],
                  "type": "radial", "startPoint": [0.5, 0.5] } } ] }
            """
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gradient-set-\(getpid()).json")
        try json.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let lines = try SceneEvaluation.lines(
            scene: try SceneLoader.loadFile(url.path), layer: "g", key: "locations", times: [0.5, 1.5], events: false)
        #expect(lines == ["0.5 nil", "1.5 0.2 0.8"])
        let type = try SceneEvaluation.lines(
            scene: try SceneLoader.loadFile(url.path), layer: "g", key: "type", times: [1.5], events: false)
        #expect(type == ["1.5 radial"])
        let bad = json.replacingOccurrences(of: "[0.2, 0.8]", with: "[0.2, \"x\"]")
        try bad.write(to: url, atomically: true, encoding: .utf8)
        #expect(throws: (any Error).self) { try SceneLoader.loadFile(url.path) }
    }
}
