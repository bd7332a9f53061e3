import Foundation
import LayerscopeTestSupport
import Testing

@testable import Scenes

/// Action logs: what the viewer writes, `render --actions` reads it back, and a bad file is one line
/// naming the file and the entry.
@Suite struct ActionLogTests {
    static let sample = ActionLog([
        .init(time: 0.5, action: .scene(.stop)),
        .init(time: 1, action: .scene(.pause)),
        .init(
            time: 1,
            action: .easing(
                TimingEdit(layerName: "box", key: "slide", segment: nil, controlPoints: [0.42, 0, 0.2, 1.2]))),
        .init(time: 1, action: .scene(.resume)),
        .init(time: 1.0 / 3, action: .scene(.named("flash \"x\""))),
        .init(
            time: 2, action: .easing(TimingEdit(layerName: "box", key: "hop", segment: 1, controlPoints: [0, 0, 1, 1]))),
    ])

    @Test func entriesAreKeptInTimeOrderAndTheFileReadsBackTheSame() throws {
        #expect(Self.sample.entries.map(\.time) == [1.0 / 3, 0.5, 1, 1, 1, 2], "sorted, one time's entries in order")
        let json = Self.sample.json
        #expect(json.hasPrefix("[\n  {\"at\": 0.3333333333333333, \"action\": \"flash \\\"x\\\"\"},\n"))
        #expect(
            json.contains(
                #"{"at": 2, "action": "easing", "layer": "box", "key": "hop", "controlPoints": [0, 0, 1, 1], "segment": 1}"#
            ))
        #expect(try ActionLog.parse(Array(json.utf8), file: "log.json") == Self.sample)
        #expect(ActionLog().json == "[]\n")
        #expect(try ActionLog.parse(Array("[]".utf8), file: "log.json").isEmpty)
    }

    @Test func anActionDoneAtATimeGoesAfterTheEntriesUpToItAndBeforeLaterOnes() {
        var log = ActionLog([.init(time: 1, action: .scene(.start)), .init(time: 3, action: .scene(.stop))])
        #expect(log.insert(.scene(.pause), at: 1) == 1)
        #expect(log.insert(.scene(.resume), at: 0.5) == 0)
        #expect(log.entries.map(\.action.name) == ["resume", "start", "pause", "stop"])
    }

    @Test func writingIsAtomicAndReadingNamesTheFile() throws {
        let scratch = try TemporaryDirectory(prefix: "log")
        defer { scratch.remove() }
        let folder = scratch.url
        let url = folder.appendingPathComponent("actions.json")
        try Self.sample.write(to: url)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["actions.json"])
        #expect(try ActionLog.read(url) == Self.sample)
        #expect(throws: ActionLogError.self) { try ActionLog.read(folder.appendingPathComponent("missing.json")) }
        do {
            _ = try ActionLog.read(folder.appendingPathComponent("missing.json"))
        } catch {
            #expect(error.description.hasSuffix("missing.json: cannot read the file (no such file)"))
        }
    }

    @Test(arguments: [
        ("{}", "log.json: actions: expected an array, got an object"),
        ("[1]", "log.json: actions[0]: expected an object, got 1"),
        (#"[{"action": "stop"}]"#, #"log.json: actions[0]: missing key "at""#),
        (#"[{"at": -1, "action": "stop"}]"#, "log.json: actions[0].at: must be at least 0, got -1"),
        (#"[{"at": "nan", "action": "stop"}]"#, "log.json: actions[0].at: NaN is not a valid value"),
        (#"[{"at": 1, "action": 5}]"#, "log.json: actions[0].action: expected a string, got 5"),
        (#"[{"at": 1, "action": ""}]"#, "log.json: actions[0].action: an empty name"),
        (
            #"[{"at": 1, "action": "stop", "when": 2}]"#,
            #"log.json: actions[0].when: unknown key "when" (allowed: at, action, layer, key, controlPoints, segment)"#
        ),
        (
            #"[{"at": 2, "action": "stop"}, {"at": 1, "action": "start"}]"#,
            "log.json: actions[1].at: 1 is before the entry before it (2); entries are in time order"
        ),
        (
            #"[{"at": 1, "action": "stop", "layer": "box"}]"#,
            #"log.json: actions[0]: "layer" belongs to an "easing" entry, not to "stop""#
        ),
        (
            #"[{"at": 1, "action": "easing", "layer": "box", "key": "k"}]"#,
            #"log.json: actions[0]: missing key "controlPoints""#
        ),
        (
            #"[{"at": 1, "action": "easing", "layer": "b", "key": "k", "controlPoints": [1.5, 0, 1, 1]}]"#,
            "log.json: actions[0].controlPoints: the x of a control point is between 0 and 1, got 1.5"
        ),
        (
            #"[{"at": 1, "action": "easing", "layer": "b", "key": "k", "controlPoints": [0, 0, 1, 1], "segment": 0.5}]"#,
            "log.json: actions[0].segment: expected a whole number, got 0.5"
        ),
        ("[", "log.json: line 1, column 2: unexpected end of file, expected a value"),
    ])
    func badLogsAreOneLineNamingTheEntry(text: String, message: String) {
        #expect(throws: ActionLogError.self) { try ActionLog.parse(Array(text.utf8), file: "log.json") }
        do {
            _ = try ActionLog.parse(Array(text.utf8), file: "log.json")
        } catch {
            #expect(error.description == message)
        }
    }
}
