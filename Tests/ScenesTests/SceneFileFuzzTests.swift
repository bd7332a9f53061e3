import Foundation
import LayerKit
import LayerscopeTestSupport
import Testing

@testable import Scenes

/// Thousands of mutated scene files: each one loads or fails with a one-line message naming the
/// file, and the ones that load also build and play without trapping.
struct SceneFileFuzzTests {
    static let seeds: [String] = {
        let folder = BuiltInSceneFileTests.scenesFolder
        let files = ["wipe", "ship", "reveal"].compactMap {
            try? String(contentsOf: folder.appendingPathComponent("\($0).json"), encoding: .utf8)
        }
        return files + [
            #"""
            { "size": [64, 48], "layers": [ { "name": "root", "frame": [0, 0, 64, 48], "backgroundColor": "#ff0000",
              "speed": 1, "timeOffset": 0, "beginTime": 0, "transform": { "rotation": 0.5, "scale": [2, 1], "translation": [3, 4] },
              "sublayers": [ { "name": "box", "kind": "shape", "path": "M 0 0 L 10 10 Q 5 5 1 1 C 1 2 3 4 5 6 A 5 5 0 1 1 9 9 Z",
                "lineDashPattern": [2, 3], "fillRule": "even-odd", "opacity": 0.5, "anchorPoint": [0.5, 0.5] } ] } ],
              "timeline": [
                { "at": 0, "add": { "layer": "box", "key": "k", "animation": { "kind": "keyframe", "keyPath": "position",
                  "values": [[0, 0], [10, 10], [20, 0]], "keyTimes": [0, 0.5, 1], "timingFunctions": ["easeIn", [0.1, 0.2, 0.3, 0.4]],
                  "calculationMode": "cubic", "repeatCount": "inf", "duration": 1 } } },
                { "at": 0.5, "add": { "layer": "root", "animation": { "kind": "group", "duration": 2, "animations": [
                  { "kind": "basic", "keyPath": "opacity", "byValue": -0.5, "cumulative": true, "repeatCount": 2 } ] } } },
                { "at": 1, "pause": "root" }, { "at": 2, "resume": "root" },
                { "at": 3, "set": { "layer": "box", "strokeEnd": 0.5, "speed": -1 } },
                { "at": 4, "remove": { "layer": "box" } } ] }
            """#
        ]
    }()

    static let tokens = [
        "\"inf\"", "null", "-1", "0", "1e308", "-1e-308", "\"#zzz\"", "{", "}", "[", "]", ",", ":", "\"\"", "true",
        "\"sublayers\"", "\"mask\"", "\"kind\"", "\"shape\"", "\"path\"", "\"M 0 0 A 1 1 0 1 1 0 0\"", "\"nan\"",
        "[0, 0, 0, 0]", "{ \"oval\": [0, 0, 0, 0] }", "\"\\u0000\"", "\"\\ud800\"", "1e-320",
        "123456789012345678901234",
    ]

    static func mutate(_ text: String, _ rng: inout SeededGenerator) -> String {
        var bytes = Array(text.utf8)
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            guard !bytes.isEmpty else { break }
            let at = Int.random(in: 0..<bytes.count, using: &rng)
            switch Int.random(in: 0..<5, using: &rng) {
            case 0: bytes[at] = UInt8.random(in: 0...255, using: &rng)
            case 1: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...12, using: &rng)))
            case 2: bytes.insert(contentsOf: Array(tokens.randomElement(using: &rng)!.utf8), at: at)
            case 3:
                let end = min(bytes.count, at + Int.random(in: 1...40, using: &rng))
                bytes.insert(contentsOf: bytes[at..<end], at: Int.random(in: 0...bytes.count, using: &rng))
            default:
                if let digit = bytes[at...].firstIndex(where: { $0 >= 0x30 && $0 <= 0x39 }) {
                    bytes[digit] = UInt8.random(in: 0x30...0x39, using: &rng)
                }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test(.timeLimit(.minutes(2)))
    func mutatedFilesLoadOrFailCleanly() {
        var rng = SeededGenerator(seed: 0x5EED_1A7E_5C09_E5)
        var loaded = 0
        var failed = 0
        for round in 0..<3000 {
            let seed = Self.seeds[round % Self.seeds.count]
            let text = Self.mutate(seed, &rng)
            do {
                let document = try SceneFile.decode(
                    Data(text.utf8), fileName: "fuzz.json", baseURL: URL(fileURLWithPath: "/fuzz/"))
                loaded += 1
                _ = EngineFixture()
                let scene = FileScene(document: document, images: [:])
                for time in [0, 0.5, 1.5, 3, 10.0] { scene.advance(to: time) }
                scene.perform(.pause)
                scene.perform(.stop)
            } catch {
                failed += 1
                #expect(error.description.hasPrefix("fuzz.json: "))
                #expect(!error.description.contains("\n"))
            }
        }
        #expect(loaded + failed == 3000)
        #expect(loaded > 100, "some mutations stay valid, so the builder is exercised too")
        #expect(failed > 1000)
    }

    @Test func unmutatedSeedsLoad() throws {
        #expect(Self.seeds.count == 4)
        for seed in Self.seeds {
            _ = try SceneFile.decode(Data(seed.utf8), fileName: "seed.json", baseURL: URL(fileURLWithPath: "/fuzz/"))
        }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: SceneFileError.self) {
            try SceneFile.decode(Data(text.utf8), fileName: "deep.json", baseURL: URL(fileURLWithPath: "/"))
        }
    }
}
