import Foundation
import LayerscopeTestSupport
import Testing

@testable import Scenes

/// The easing editor's write-back: the exact text before and after, every other byte kept.
struct TimingWriteBackTests {
    static func target(
        layer: String? = "box", key: String? = "slide", addedAt: Double = 0, segment: Int? = nil, segments: Int = 0,
        _ points: [Double] = [0.42, 0, 0.2, 1.2]
    ) -> TimingWriteBack.Target {
        TimingWriteBack.Target(
            layerName: layer, key: key, addedAt: addedAt, segment: segment, segmentCount: segments,
            controlPoints: points)
    }

    static func json(_ text: String, _ target: TimingWriteBack.Target) throws(TimingWriteBack.Failure)
        -> TimingWriteBack.Rewrite
    {
        try JSONTimingRewrite.rewrite(text, target, fileName: "s.json")
    }

    static func jsonError(_ text: String, _ target: TimingWriteBack.Target) -> String? {
        do {
            _ = try json(text, target)
            return nil
        } catch {
            return error.description
        }
    }

    static let scene = """
        { "size": [100, 100],
          "layers": [ { "name": "box", "frame": [0, 0, 10, 10] } ],
          "timeline": [
            { "at": 0, "add": { "layer": "box", "key": "slide", "animation": {
                "kind": "basic", "keyPath": "position.x", "toValue": 90, "duration": 2,
                "timingFunction":   "easeIn" ,
                "fillMode": "forwards" } } }
          ] }
        """

    @Test func anExistingCurveIsReplacedInPlace() throws {
        let rewrite = try Self.json(Self.scene, Self.target())
        #expect(rewrite.text == Self.scene.replacingOccurrences(of: #""easeIn""#, with: "[0.42, 0, 0.2, 1.2]"))
        #expect(rewrite.location == "timeline[0].add.animation.timingFunction")
        let parsed = try SceneFile.decode(
            Data(rewrite.text.utf8), fileName: "s.json", baseURL: URL(fileURLWithPath: "/"))
        guard case .add(_, _, let animation) = parsed.timeline[0].action,
            case .controlPoints(let a, let b, let c, let d)? = animation.timingFunction
        else {
            Issue.record("the rewritten file does not load with the curve")
            return
        }
        #expect([a, b, c, d] == [0.42, 0, 0.2, 1.2], "the numbers read back as the same doubles")
    }

    @Test func aMissingCurveIsAddedAfterTheLastMember() throws {
        let text = """
            {"timeline":[{"at":0,"add":{"layer":"box","key":"slide","animation":{"kind":"basic","duration":1}}}]}
            """
        let rewrite = try Self.json(text, Self.target([0, 0, 1, 1]))
        #expect(
            rewrite.text == """
                {"timeline":[{"at":0,"add":{"layer":"box","key":"slide","animation":{"kind":"basic","duration":1, "timingFunction": [0, 0, 1, 1]}}}]}
                """)
        let empty = #"{"timeline":[{"at":0,"add":{"layer":"box","key":"slide","animation":{ }}}]}"#
        #expect(
            try Self.json(empty, Self.target([0, 0, 1, 1])).text
                == #"{"timeline":[{"at":0,"add":{"layer":"box","key":"slide","animation":{"timingFunction": [0, 0, 1, 1] }}}]}"#
        )
    }

    @Test func theAddInEffectAtTheAddTimeIsChosen() throws {
        // The ship adds the same key twice; the animation added at 1.5 is the second entry.
        let text = """
            {"timeline": [
              {"at": 0, "add": {"layer": "box", "key": "slide", "animation": {"timingFunction": "easeIn"}}},
              {"at": 1, "remove": {"layer": "box", "key": "slide"}},
              {"at": 1.5, "add": {"layer": "box", "key": "slide", "animation": {"timingFunction": "easeOut"}}}
            ]}
            """
        let late = try Self.json(text, Self.target(addedAt: 1.5, [0, 0, 1, 1]))
        #expect(late.text == text.replacingOccurrences(of: #""easeOut""#, with: "[0, 0, 1, 1]"))
        #expect(late.location == "timeline[2].add.animation.timingFunction")
        let early = try Self.json(text, Self.target(addedAt: 1.2, [0, 0, 1, 1]))
        #expect(early.text == text.replacingOccurrences(of: #""easeIn""#, with: "[0, 0, 1, 1]"))
    }

    @Test func aKeyframeIntervalIsReplacedOrItsListAdded() throws {
        let text = """
            {"timeline": [{"at": 0, "add": {"layer": "box", "key": "hop", "animation": {"kind": "keyframe",
              "values": [0, 1, 2], "timingFunctions": ["easeIn", [0.1, 0.2, 0.3, 0.4]]}}}]}
            """
        let second = try Self.json(text, Self.target(key: "hop", segment: 1, segments: 2, [0.5, -0.25, 0.5, 1.25]))
        #expect(second.text == text.replacingOccurrences(of: "[0.1, 0.2, 0.3, 0.4]", with: "[0.5, -0.25, 0.5, 1.25]"))
        #expect(second.location == "timeline[0].add.animation.timingFunctions[1]")
        let first = try Self.json(text, Self.target(key: "hop", segment: 0, segments: 2, [0, 0, 1, 1]))
        #expect(first.text == text.replacingOccurrences(of: #"["easeIn","#, with: "[[0, 0, 1, 1],"))
        let bare =
            #"{"timeline": [{"at": 0, "add": {"layer": "box", "key": "hop", "animation": {"values": [0, 1, 2, 3]}}}]}"#
        #expect(
            try Self.json(bare, Self.target(key: "hop", segment: 1, segments: 3, [0.42, 0, 1, 1])).text
                == #"{"timeline": [{"at": 0, "add": {"layer": "box", "key": "hop", "animation": {"values": [0, 1, 2, 3], "timingFunctions": ["linear", [0.42, 0, 1, 1], "linear"]}}}]}"#
        )
    }

    @Test func oddTextAroundTheValueIsKept() throws {
        // CRLF line ends, tabs, a BOM, non-ASCII names and escapes elsewhere stay byte for byte.
        let text =
            "\u{FEFF}{\r\n\t\"timeline\": [ {\"at\": 0, \"add\": {\"layer\": \"bo\u{0078}\", \"key\": \"slide\",\r\n\t\t\"animation\": {\"name\": \"caf\\u00e9 ☕\", \"timingFunction\"\t:\t[0.25, 0.1, 0.25, 1]\r\n}}} ] }\r\n"
        let rewrite = try Self.json(text, Self.target())
        #expect(rewrite.text == text.replacingOccurrences(of: "[0.25, 0.1, 0.25, 1]", with: "[0.42, 0, 0.2, 1.2]"))
    }

    @Test func badFilesAreRefusedWithTheReason() {
        #expect(
            Self.jsonError("{\"timeline\": [ }", Self.target())
                == "s.json: not valid JSON at line 1, column 16: unexpected character '}', expected a value; nothing written"
        )
        #expect(
            Self.jsonError("[1, 2]", Self.target()) == "s.json: the top level is not an object; nothing written")
        #expect(
            Self.jsonError(#"{"layers": []}"#, Self.target())
                == #"s.json: no "timeline" array, so no animation to rewrite; nothing written"#)
        #expect(
            Self.jsonError(Self.scene, Self.target(key: "other"))
                == #"s.json: no timeline entry adds an animation with key "other" on layer "box"; nothing written"#)
        #expect(
            Self.jsonError(Self.scene, Self.target(layer: nil))
                == #"s.json: no timeline entry adds an animation with key "slide" on layer ""; nothing written"#)
        #expect(
            Self.jsonError(
                #"{"timeline": [{"at": 3, "add": {"layer": "box", "key": "slide", "animation": {}}}]}"#,
                Self.target(addedAt: 1))
                == #"s.json: no timeline entry adds key "slide" on layer "box" by media time 1.0; nothing written"#)
        #expect(
            Self.jsonError(
                #"{"timeline": [{"at": 0, "add": {"layer": "box", "key": "slide", "animation": "fast"}}]}"#,
                Self.target()) == "s.json: timeline[0].add.animation is not an object; nothing written")
        #expect(
            Self.jsonError(
                #"{"timeline": [{"at": 0, "add": {"layer": "box", "key": "hop", "animation": {"timingFunctions": ["easeIn"]}}}]}"#,
                Self.target(key: "hop", segment: 1, segments: 2))
                == "s.json: timeline[0].add.animation.timingFunctions is not a list of 2 timing functions; nothing written"
        )
    }

    // MARK: Swift scenes

    static func swift(_ text: String, _ target: TimingWriteBack.Target) throws(TimingWriteBack.Failure)
        -> TimingWriteBack.Rewrite
    {
        try SwiftTimingRewrite.rewrite(text, target, fileName: "s.swift")
    }

    static let code = """
        func setUp(root: CALayer) {
            let move = CABasicAnimation(keyPath: "position.x")
            // move.timingFunction = CAMediaTimingFunction(name: .easeOut) (an old idea)
            move.timingFunction = CAMediaTimingFunction(name: .easeIn)   // eased
            move.duration = 2
            box.add(move, forKey: "slide")
            let label = "box.add(other, forKey: \\"slide\\")"
        }
        """

    @Test func aSwiftCurveIsRewrittenAtItsAssignment() throws {
        let rewrite = try Self.swift(Self.code, Self.target())
        #expect(
            rewrite.text
                == Self.code.replacingOccurrences(
                    of: "move.timingFunction = CAMediaTimingFunction(name: .easeIn)",
                    with: "move.timingFunction = CAMediaTimingFunction(controlPoints: 0.42, 0, 0.2, 1.2)"))
        #expect(rewrite.location == "line 4")
    }

    @Test func aSwiftKeyframeIntervalIsRewritten() throws {
        let code = """
            let hop = CAKeyframeAnimation(keyPath: "position.x"); hop.values = [0, 1, 2]
            hop.timingFunctions = [
                CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(controlPoints: 0.1, 0.2, 0.3, 0.4),
            ]
            layer.add(hop, forKey: "hop")
            """
        let rewrite = try Self.swift(code, Self.target(key: "hop", segment: 1, segments: 2, [0, 0, 1, 1]))
        #expect(
            rewrite.text
                == code.replacingOccurrences(
                    of: "CAMediaTimingFunction(controlPoints: 0.1, 0.2, 0.3, 0.4)",
                    with: "CAMediaTimingFunction(controlPoints: 0, 0, 1, 1)"))
        #expect(rewrite.location == "line 3")
    }

    @Test func anAmbiguousSwiftCallSiteIsRefusedWithASnippet() {
        func failure(_ code: String, _ target: TimingWriteBack.Target) -> TimingWriteBack.Failure? {
            do {
                _ = try Self.swift(code, target)
                return nil
            } catch {
                return error
            }
        }
        let noAdd = failure("let a = CABasicAnimation()", Self.target())
        #expect(
            noAdd?.description
                == #"s.swift: cannot locate the curve unambiguously (no add(…, forKey: "slide") call); nothing written"#
        )
        #expect(noAdd?.snippet == "animation.timingFunction = CAMediaTimingFunction(controlPoints: 0.42, 0, 0.2, 1.2)")
        let unset = failure(#"layer.add(a, forKey: "slide")"#, Self.target())
        #expect(unset?.description.contains("no a.timingFunction = … statement") == true)
        #expect(unset?.snippet == "a.timingFunction = CAMediaTimingFunction(controlPoints: 0.42, 0, 0.2, 1.2)")
        let two = failure(#"l.add(a, forKey: "slide"); l.add(b, forKey: "slide")"#, Self.target())
        #expect(two?.description.contains(#"several animations are added for "slide""#) == true)
        let twice = failure(
            "a.timingFunction = x\na.timingFunction = y\nl.add(a, forKey: \"slide\")", Self.target())
        #expect(twice?.description.contains("a.timingFunction is set more than once") == true)
        let keyless = failure("", Self.target(key: nil))
        #expect(keyless?.description.contains("added without a key") == true)
        let short = failure(
            "h.timingFunctions = [f]\nl.add(h, forKey: \"hop\")", Self.target(key: "hop", segment: 0, segments: 2))
        #expect(short?.description.contains("not a list of 2 curves") == true)
        #expect(short?.snippet == "h.timingFunctions[0] = CAMediaTimingFunction(controlPoints: 0.42, 0, 0.2, 1.2)")
    }

    // MARK: The file

    @Test func theFileIsReplacedAtomicallyKeepingItsPermissions() throws {
        let scratch = try TemporaryDirectory(prefix: "writeback")
        defer { scratch.remove() }
        let folder = scratch.url
        let file = folder.appendingPathComponent("scene.json")
        try Data(Self.scene.utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file.path)
        let before = try FileManager.default.attributesOfItem(atPath: file.path)[.systemFileNumber] as? Int
        let line = try TimingWriteBack.write(Self.target(), toSceneFile: file)
        #expect(
            line
                == "wrote timingFunction = [0.42, 0, 0.2, 1.2] to \(file.path) at timeline[0].add.animation.timingFunction"
        )
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect(attributes[.posixPermissions] as? Int == 0o640)
        #expect(attributes[.systemFileNumber] as? Int != before, "a new file renamed into place")
        #expect(try String(contentsOf: file, encoding: .utf8).contains("[0.42, 0, 0.2, 1.2]"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["scene.json"], "no temporary left")
        // A refusal leaves the file as it was.
        let after = try String(contentsOf: file, encoding: .utf8)
        #expect(throws: TimingWriteBack.Failure.self) {
            try TimingWriteBack.write(Self.target(key: "x"), toSceneFile: file)
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == after)
        let missing = folder.appendingPathComponent("gone.json")
        #expect(throws: TimingWriteBack.Failure.self) { try TimingWriteBack.write(Self.target(), toSceneFile: missing) }
    }
}
