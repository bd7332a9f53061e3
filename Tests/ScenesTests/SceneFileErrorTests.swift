import Foundation
import Geometry
import LayerscopeTestSupport
import Testing

@testable import Scenes

/// Every way a scene file can be wrong gives one message naming the JSON path (or line and column).
struct SceneFileErrorTests {
    static func decode(_ json: String) throws(SceneFileError) -> SceneDocument {
        try SceneFile.decode(Data(json.utf8), fileName: "bad.json", baseURL: URL(fileURLWithPath: "/scenes"))
    }

    /// A layer list around `layer`, for the layer cases.
    static func withLayer(_ layer: String, timeline: String = "[]") -> String {
        #"{ "size": [64, 48], "images": { "a": "a.png" }, "layers": [ "# + layer + #" ], "timeline": "# + timeline + "}"
    }

    static let box = #"{ "name": "box", "frame": [0, 0, 10, 10] }"#
    static let shape = #"{ "name": "wipe", "kind": "shape", "path": {"oval": [0, 0, 10, 10]} }"#

    static func add(_ animation: String, layer: String = "box") -> String {
        #"[ { "at": 0, "add": { "layer": ""# + layer + #"", "key": "k", "animation": "# + animation + " } } ]"
    }

    /// One row per refusal, each with its whole input and message: rows alike in shape are alike on purpose.
    static let cases: [(String, String)] = [
        ("{", "bad.json: line 1, column 2: expected a key in double quotes"),
        ("[1, 2", "bad.json: line 1, column 6: expected ',' or ']' in an array"),
        (#"{"size": [1, 2],}"#, "bad.json: line 1, column 17: expected a key in double quotes"),
        (#"{"a": 1, "a": 2}"#, "bad.json: line 1, column 10: duplicate key \"a\""),
        (#"{"a": 1e999}"#, "bad.json: line 1, column 7: number 1e999 is out of range"),
        (#"{"a": NaN}"#, "bad.json: line 1, column 7: unexpected character 'N', expected a value"),
        ("{}\n x", "bad.json: line 2, column 2: unexpected text after the JSON value"),
        ("\u{01}", "bad.json: line 1, column 1: unexpected byte 0x1, expected a value"),
        ("[]", "bad.json: (top level): expected an object, got an array"),
        (#"{ "layers": [] }"#, "bad.json: (top level): missing key \"size\""),
        (
            #"{ "size": [64, 48], "layers": [], "extra": 1 }"#,
            "bad.json: extra: unknown key \"extra\" (allowed: size, images, layers, timeline)"
        ),
        (#"{ "size": [0, 48], "layers": [] }"#, "bad.json: size: width and height must be between 1 and 16384"),
        (#"{ "size": "big", "layers": [] }"#, "bad.json: size: expected a size [w, h], got \"big\""),
        (#"{ "size": [64, 48] }"#, "bad.json: (top level): missing key \"layers\""),
        (#"{ "size": [64, 48], "layers": {} }"#, "bad.json: layers: expected an array, got an object"),
        (#"{ "size": [64, 48], "layers": [], "images": { "a": 3 } }"#, "bad.json: images.a: expected a string, got 3"),
        (
            withLayer(#"{ "name": "root", "opacity": "wide" }"#),
            "bad.json: layers[0].opacity: expected a number, got \"wide\""
        ),
        (withLayer(#"{ "opacity": 2 }"#), "bad.json: layers[0].opacity: must be at least 0 and at most 1, got 2"),
        (withLayer(#"{ "opacity": "nan" }"#), "bad.json: layers[0].opacity: NaN is not a valid value"),
        (
            withLayer(#"{ "frame": [0, 0, -1, 5] }"#),
            "bad.json: layers[0].frame: a rect cannot have a negative width or height"
        ),
        (
            withLayer(#"{ "frame": [0, 0, 5] }"#),
            "bad.json: layers[0].frame: expected a rect [x, y, w, h], got an array"
        ),
        (withLayer(#"{ "frame": [0, 0, 5, "x"] }"#), "bad.json: layers[0].frame[3]: expected a number, got \"x\""),
        (withLayer(#"{ "position": [1] }"#), "bad.json: layers[0].position: expected a point [x, y], got an array"),
        (withLayer(#"{ "hidden": 1 }"#), "bad.json: layers[0].hidden: expected true or false, got 1"),
        (withLayer(#"{ "name": "" }"#), "bad.json: layers[0].name: a layer name cannot be empty"),
        (withLayer(#"{ "name": 5 }"#), "bad.json: layers[0].name: expected a string, got 5"),
        (
            withLayer(#"{ "kind": "circle" }"#),
            "bad.json: layers[0].kind: expected one of \"layer\", \"shape\", \"replicator\", \"emitter\", \"gradient\", \"text\", \"transformLayer\", got \"circle\""
        ),
        (
            withLayer(#"{ "lineWidth": 3 }"#),
            "bad.json: layers[0].lineWidth: \"lineWidth\" is a shape-layer key; add \"kind\": \"shape\" to this layer"
        ),
        (
            withLayer(#"{ "wobble": 3 }"#),
            "bad.json: layers[0].wobble: unknown key \"wobble\" (allowed: name, kind, mask, sublayers, frame, bounds, position, anchorPoint, zPosition, anchorPointZ, transform, sublayerTransform, isDoubleSided, opacity, allowsGroupOpacity, hidden, backgroundColor, cornerRadius, maskedCorners, cornerCurve, borderWidth, borderColor, shadowColor, shadowOpacity, shadowOffset, shadowRadius, shadowPath, contents, contentsGravity, contentsRect, contentsScale, contentsCenter, masksToBounds, beginTime, duration, speed, timeOffset, repeatCount, repeatDuration, autoreverses, fillMode)"
        ),
        (
            withLayer(#"{ "backgroundColor": "red" }"#),
            "bad.json: layers[0].backgroundColor: expected a color \"#rrggbb\", \"#rrggbbaa\" or null, got \"red\""
        ),
        (
            withLayer(##"{ "backgroundColor": "#12345g" }"##),
            "bad.json: layers[0].backgroundColor: expected a color \"#rrggbb\", \"#rrggbbaa\" or null, got \"#12345g\""
        ),
        (
            withLayer(#"{ "contents": "zebra" }"#),
            "bad.json: layers[0].contents: no image named \"zebra\" in \"images\" (known: \"a\")"
        ),
        (
            withLayer(#"{ "contentsGravity": "middle" }"#),
            "bad.json: layers[0].contentsGravity: expected one of \"center\", \"top\", \"bottom\", \"left\", \"right\", \"topLeft\", \"topRight\", \"bottomLeft\", \"bottomRight\", \"resize\", \"resizeAspect\", \"resizeAspectFill\", got \"middle\""
        ),
        (
            withLayer(##"{ "colors": ["#ff0000"] }"##),
            "bad.json: layers[0].colors: \"colors\" is a gradient-layer key; add \"kind\": \"gradient\" to this layer"
        ),
        (
            withLayer(##"{ "kind": "gradient", "colors": ["#ff0000", "blue"] }"##),
            "bad.json: layers[0].colors[1]: expected a color \"#rrggbb\", \"#rrggbbaa\" or null, got \"blue\""
        ),
        (
            withLayer(##"{ "kind": "gradient", "colors": ["#ff0000", null] }"##),
            "bad.json: layers[0].colors[1]: expected a color \"#rrggbb\" or \"#rrggbbaa\", got null"
        ),
        (
            withLayer(##"{ "kind": "gradient", "colors": "#ff0000" }"##),
            "bad.json: layers[0].colors: expected an array, got \"#ff0000\""
        ),
        (
            withLayer(#"{ "kind": "gradient", "locations": [0, "half", 1] }"#),
            "bad.json: layers[0].locations[1]: expected a number, got \"half\""
        ),
        (
            withLayer(#"{ "kind": "gradient", "type": "diamond" }"#),
            "bad.json: layers[0].type: expected one of \"axial\", \"radial\", \"conic\", got \"diamond\""
        ),
        (
            withLayer(#"{ "kind": "gradient", "startPoint": [0.5] }"#),
            "bad.json: layers[0].startPoint: expected a point [x, y], got an array"
        ),
        (
            withLayer(#"{ "contentsRect": [0, 0, 1] }"#),
            "bad.json: layers[0].contentsRect: expected a rect [x, y, w, h], got an array"
        ),
        (
            withLayer(#"{ "contentsScale": 0 }"#),
            "bad.json: layers[0].contentsScale: must be at least 0.01 and at most 1000, got 0"
        ),
        (
            withLayer(#"{ "contentsCenter": "middle" }"#),
            "bad.json: layers[0].contentsCenter: expected a rect [x, y, w, h], got \"middle\""
        ),
        (withLayer(#"{ "speed": "inf" }"#), "bad.json: layers[0].speed: expected a number, got \"inf\""),
        (withLayer(#"{ "duration": -1 }"#), "bad.json: layers[0].duration: must be at least 0, got -1"),
        (withLayer(#"{ "repeatCount": -2 }"#), "bad.json: layers[0].repeatCount: must be at least 0, got -2"),
        (
            withLayer(#"{ "fillMode": "sideways" }"#),
            "bad.json: layers[0].fillMode: expected one of \"removed\", \"forwards\", \"backwards\", \"both\", got \"sideways\""
        ),
        (
            withLayer(#"{ "transform": [1, 0, 0] }"#),
            "bad.json: layers[0].transform: expected 16 numbers or a transform object, got an array"
        ),
        (
            withLayer(#"{ "transform": { "skew": 1 } }"#),
            "bad.json: layers[0].transform.skew: unknown key \"skew\" (allowed: rotation, scale, translation)"
        ),
        (
            withLayer(#"{ "sublayers": [ { "kind": "shape", "lineWidth": "wide" } ] }"#),
            "bad.json: layers[0].sublayers[0].lineWidth: expected a number, got \"wide\""
        ),
        (
            withLayer(#"{ "sublayers": [ {}, { "mask": { "kind": "shape", "lineWidth": "wide" } } ] }"#),
            "bad.json: layers[0].sublayers[1].mask.lineWidth: expected a number, got \"wide\""
        ),
        (
            withLayer(#"{ "kind": "shape", "lineWidth": -4 }"#),
            "bad.json: layers[0].lineWidth: must be at least 0, got -4"
        ),
        (
            withLayer(#"{ "kind": "shape", "strokeEnd": 1.5 }"#),
            "bad.json: layers[0].strokeEnd: must be at least 0 and at most 1, got 1.5"
        ),
        (
            withLayer(#"{ "kind": "shape", "lineDashPattern": [4, -1] }"#),
            "bad.json: layers[0].lineDashPattern[1]: must be at least 0, got -1"
        ),
        (
            withLayer(#"{ "kind": "shape", "path": "M 0 0 X 3" }"#),
            "bad.json: layers[0].path: bad path data: unknown path command 'X' at character 6"
        ),
        (
            withLayer(#"{ "kind": "shape", "path": "L 1 1" }"#),
            "bad.json: layers[0].path: bad path data: path data must start with M at character 1"
        ),
        (
            withLayer(#"{ "kind": "shape", "path": { "circle": [0, 0, 1, 1] } }"#),
            "bad.json: layers[0].path.circle: unknown key \"circle\" (allowed: oval, rect, arc)"
        ),
        (
            withLayer(
                #"{ "kind": "shape", "path": { "arc": { "center": [0, 0], "radius": -1, "startAngle": 0, "endAngle": 1 } } }"#
            ),
            "bad.json: layers[0].path.arc.radius: must be at least 0, got -1"
        ),
        (
            withLayer(#"{ "kind": "shape", "path": 7 }"#),
            "bad.json: layers[0].path: expected a path (SVG path data, {\"oval\": rect}, {\"rect\": rect}, {\"arc\": {...}}) or null, got 7"
        ),
        (
            withLayer(#"{ "kind": "shape", "fillRule": "odd" }"#),
            "bad.json: layers[0].fillRule: expected one of \"non-zero\", \"even-odd\", got \"odd\""
        ),
        (
            withLayer(#"{ "name": "x", "sublayers": [ { "name": "x" } ] }"#),
            "bad.json: layers[0].sublayers[0].name: layer name \"x\" is already used at layers[0]"
        ),
        (
            withLayer(#"{ "name": "p", "mask": { "name": "m" }, "sublayers": [ { "name": "m" } ] }"#),
            "bad.json: layers[0].sublayers[0].name: a mask cannot also be a sublayer (\"m\" is also at layers[0].mask)"
        ),
        (
            withLayer(#"{ "name": "p", "sublayers": [ { "name": "m" } ], "mask": { "name": "m" } }"#),
            "bad.json: layers[0].sublayers[0].name: a mask cannot also be a sublayer (\"m\" is also at layers[0].mask)"
        ),
        (
            withLayer(box, timeline: #"[ { "at": 0 } ]"#),
            "bad.json: timeline[0]: a timeline entry needs \"at\" and exactly one of add, remove, pause, resume, set"
        ),
        (
            withLayer(box, timeline: #"[ { "at": -1, "pause": "box" } ]"#),
            "bad.json: timeline[0].at: must be at least 0, got -1"
        ),
        (
            withLayer(box, timeline: #"[ { "at": 0, "pause": "nobody" } ]"#),
            "bad.json: timeline[0].pause: no layer named \"nobody\""
        ),
        (
            withLayer(box, timeline: #"[ { "at": 0, "remove": { "layer": "nobody" } } ]"#),
            "bad.json: timeline[0].remove.layer: no layer named \"nobody\""
        ),
        (
            withLayer(box, timeline: #"[ { "at": 0, "set": { "layer": "box" } } ]"#),
            "bad.json: timeline[0].set: \"set\" needs at least one property besides \"layer\""
        ),
        (
            withLayer(box, timeline: #"[ { "at": 0, "set": { "layer": "box", "strokeEnd": 1 } } ]"#),
            "bad.json: timeline[0].set.strokeEnd: layer \"box\" is not a shape layer"
        ),
        (
            withLayer(box, timeline: #"[ { "at": 0, "set": { "layer": "box", "contents": "b" } } ]"#),
            "bad.json: timeline[0].set.contents: no image named \"b\" in \"images\" (known: \"a\")"
        ),
        (
            withLayer(box, timeline: #"[ { "at": 0, "set": { "layer": "box", "opacity": "x" } } ]"#),
            "bad.json: timeline[0].set.opacity: expected a number, got \"x\""
        ),
        (
            withLayer(box, timeline: add(#"{ "keyPath": "opacity" }"#)),
            "bad.json: timeline[0].add.animation: missing key \"kind\""
        ),
        (
            withLayer(box, timeline: add(#"{ "kind": "basic" }"#)),
            "bad.json: timeline[0].add.animation: missing key \"keyPath\""
        ),
        (
            withLayer(box, timeline: add(#"{ "kind": "basic", "keyPath": "wobble" }"#)),
            "bad.json: timeline[0].add.animation.keyPath: \"wobble\" is not an animatable key path"
        ),
        (
            withLayer(box, timeline: add(#"{ "kind": "basic", "keyPath": "strokeEnd" }"#)),
            "bad.json: timeline[0].add.animation.keyPath: \"strokeEnd\" needs a shape layer; \"box\" is not one"
        ),
        (
            withLayer(box, timeline: add(#"{ "kind": "basic", "keyPath": "opacity", "duration": -1 }"#)),
            "bad.json: timeline[0].add.animation.duration: must be at least 0, got -1"
        ),
        (
            withLayer(box, timeline: add(#"{ "kind": "basic", "keyPath": "opacity", "toValue": "high" }"#)),
            "bad.json: timeline[0].add.animation.toValue: expected a number, got \"high\""
        ),
        (
            withLayer(box, timeline: add(#"{ "kind": "basic", "keyPath": "position", "toValue": 3 }"#)),
            "bad.json: timeline[0].add.animation.toValue: expected a point [x, y], got 3"
        ),
        (
            withLayer(
                box,
                timeline: add(#"{ "kind": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "byValue": 1 }"#)
            ),
            "bad.json: timeline[0].add.animation: at most two of fromValue, toValue and byValue may be given"
        ),
        (
            withLayer(box, timeline: add(#"{ "kind": "basic", "keyPath": "opacity", "values": [0, 1] }"#)),
            "bad.json: timeline[0].add.animation.values: unknown key \"values\" (allowed: kind, removedOnCompletion, timingFunction, beginTime, duration, speed, timeOffset, repeatCount, repeatDuration, autoreverses, fillMode, keyPath, additive, cumulative, fromValue, toValue, byValue)"
        ),
        (
            withLayer(box, timeline: add(#"{ "kind": "basic", "keyPath": "opacity", "timingFunction": "bouncy" }"#)),
            "bad.json: timeline[0].add.animation.timingFunction: expected one of \"linear\", \"easeIn\", \"easeOut\", \"easeInEaseOut\", \"default\", got \"bouncy\""
        ),
        (
            withLayer(
                box, timeline: add(#"{ "kind": "basic", "keyPath": "opacity", "timingFunction": [2, 0, 1, 1] }"#)),
            "bad.json: timeline[0].add.animation.timingFunction: control point x values must be between 0 and 1"
        ),
        (
            withLayer(box, timeline: add(#"{ "kind": "basic", "keyPath": "opacity", "repeatCount": "forever" }"#)),
            "bad.json: timeline[0].add.animation.repeatCount: expected a number or \"inf\", got \"forever\""
        ),
        (
            withLayer(
                box, timeline: add(#"{ "kind": "keyframe", "keyPath": "opacity", "values": [0, 1], "keyTimes": [0] }"#)),
            "bad.json: timeline[0].add.animation.keyTimes: needs one key time per value (2), got 1"
        ),
        (
            withLayer(
                box,
                timeline: add(#"{ "kind": "keyframe", "keyPath": "opacity", "values": [0, 1], "keyTimes": [1, 0] }"#)),
            "bad.json: timeline[0].add.animation.keyTimes: key times must not decrease"
        ),
        (
            withLayer(
                box,
                timeline: add(
                    #"{ "kind": "keyframe", "keyPath": "opacity", "values": [0, 1, 0], "timingFunctions": ["linear"] }"#
                )),
            "bad.json: timeline[0].add.animation.timingFunctions: needs one timing function per interval (2), got 1"
        ),
        (
            withLayer(
                box,
                timeline: add(
                    #"{ "kind": "group", "animations": [ { "kind": "basic", "keyPath": "opacity", "speed": true } ] }"#)
            ),
            "bad.json: timeline[0].add.animation.animations[0].speed: expected a number, got true"
        ),
        (
            withLayer(box, timeline: add(#"{ "kind": "group", "keyPath": "opacity" }"#)),
            "bad.json: timeline[0].add.animation.keyPath: unknown key \"keyPath\" (allowed: kind, removedOnCompletion, timingFunction, beginTime, duration, speed, timeOffset, repeatCount, repeatDuration, autoreverses, fillMode, animations)"
        ),
        (
            withLayer(box, timeline: add(#"{ "kind": "basic", "keyPath": "opacity" }"#, layer: "ghost")),
            "bad.json: timeline[0].add.layer: no layer named \"ghost\""
        ),
    ]

    @Test(arguments: cases)
    func badFileGivesItsMessage(json: String, message: String) {
        #expect(throws: SceneFileError.self) { try Self.decode(json) }
        do {
            _ = try Self.decode(json)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func missingFileNamesTheFileAndReason() {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-scene-\(UUID()).json")
        #expect(throws: SceneFileError(file: url.path, location: "", message: "cannot read the file (no such file)")) {
            try SceneFile.load(url: url)
        }
    }

    /// A file over the size limit is refused before it is read (a sparse 200 MB file: no disk used),
    /// and a pipe is refused instead of read (which would block until a writer came).
    @Test func oversizedFilesAndPipesAreRefusedUnread() throws {
        let scratch = try TemporaryDirectory(prefix: "scene-limits")
        defer { scratch.remove() }
        let folder = scratch.url
        let big = folder.appendingPathComponent("big.json")
        #expect(FileManager.default.createFile(atPath: big.path, contents: Data("{".utf8)))
        #expect(truncate(big.path, 200_000_000) == 0)
        let limit = SceneFile.maxFileBytes
        #expect(
            throws: SceneFileError(
                file: big.path, location: "",
                message: "the file is 200000000 bytes, more than the \(limit) bytes a scene file may have")
        ) { try SceneFile.load(url: big) }
        let pipe = folder.appendingPathComponent("pipe.json")
        #expect(mkfifo(pipe.path, 0o600) == 0)
        #expect(
            throws: SceneFileError(
                file: pipe.path, location: "", message: "cannot read the file (it is not a regular file)")
        ) { try SceneFile.load(url: pipe) }
    }

    @Test func pathPiecesAppendInOrderWithCoreGraphicsArcs() throws {
        let document = try Self.decode(
            Self.withLayer(
                #"{ "name": "s", "kind": "shape", "path": [ "M 10 0 L 5 5", { "arc": { "center": [0, 0], "radius": 10, "startAngle": 0, "endAngle": 1 } }, { "rect": [1, 2, 3, 4] } ] }"#
            ))
        let reference = CGMutablePath()
        reference.move(to: CGPoint(x: 10, y: 0))
        reference.addLine(to: CGPoint(x: 5, y: 5))
        reference.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: 1, clockwise: false)
        reference.addRect(CGRect(x: 1, y: 2, width: 3, height: 4))
        guard case .path(let path)? = document.layers.first?.properties.first(where: { $0.key == "path" })?.value else {
            Issue.record("expected a path")
            return
        }
        #expect(path == reference)
        #expect(reference.elements[2] == .lineTo(CGPoint(x: 10, y: 0)), "the arc starts with a line from (5, 5)")
    }

    @Test func validFileDecodes() throws {
        let document = try Self.decode(
            Self.withLayer(
                Self.box, timeline: Self.add(#"{ "kind": "basic", "keyPath": "opacity", "repeatCount": "inf" }"#)))
        #expect(document.layers.count == 1)
        #expect(document.imagePaths["a"] == URL(fileURLWithPath: "/scenes/a.png"))
        guard case .add(let layer, let key, let animation) = document.timeline.first?.action else {
            Issue.record("expected an add")
            return
        }
        #expect(layer == "box" && key == "k" && animation.repeatCount == .infinity)
    }
}

/// An image given where a scene file was expected is named for what it is.
@Test func anImageIsNotASceneFile() {
    let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0])
    #expect(throws: SceneFileError.self) {
        try SceneFile.decode(png, fileName: "ship.png", baseURL: URL(fileURLWithPath: "/"))
    }
    do {
        _ = try SceneFile.decode(png, fileName: "ship.png", baseURL: URL(fileURLWithPath: "/"))
    } catch {
        #expect("\(error)" == "ship.png: this is a PNG image, not a scene file (scene files are JSON)")
    }
}

/// Text a scene file quotes in its message (a key, a name, a value) has its control characters
/// escaped, so the message stays one line and carries no terminal escapes.
@Test func quotedControlCharactersAreEscaped() {
    let json = #"{ "size": [64, 48], "layers": [ { "\u001b[31mRED\r\nFAKE: ok": 1 } ] }"#
    do {
        _ = try SceneFile.decode(Data(json.utf8), fileName: "bad\u{7}.json", baseURL: URL(fileURLWithPath: "/"))
        Issue.record("expected an error")
    } catch {
        let message = "\(error)"
        #expect(
            message.hasPrefix(
                #"bad\u0007.json: layers[0].\u001b[31mRED\u000d\u000aFAKE: ok: unknown key "\u001b[31mRED\u000d\u000aFAKE: ok""#
            ), "\(message)")
        #expect(!message.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
    }
    #expect(MessageText.escaped("a\u{85}b\u{2028}c\u{7F}") == #"a\u0085b\u2028c\u007f"#)
    #expect(MessageText.escaped("plain \\ text é") == "plain \\ text é")
    let long = "scene.json: images.a: " + String(repeating: "é", count: 5000) + ": no such file"
    let line = MessageText.line(long)
    #expect(line.hasPrefix("scene.json: images.a: éé") && line.hasSuffix("éé: no such file"))
    #expect(line.contains(" ... (5036 characters in all) ... ") && line.count == 600 + 300 + 34)
}

/// A huge key or value in a file is quoted cut short, with its length, in the path and the message.
@Test func longTextIsQuotedCutShort() {
    let key = String(repeating: "k", count: 3000)
    let json =
        #"{ "size": [64, 48], "layers": [ { ""# + key + #"": 1, "kind": "shape", "lineCap": ""# + key + #"" } ] }"#
    do {
        _ = try SceneFile.decode(Data(json.utf8), fileName: "long.json", baseURL: URL(fileURLWithPath: "/"))
        Issue.record("expected an error")
    } catch {
        let cut = "\"" + String(repeating: "k", count: 37) + "...\" (3000 characters)"
        #expect("\(error)".hasPrefix("long.json: layers[0].\(cut): unknown key \(cut) (allowed: "), "\(error)")
        // Cut short everywhere: no longer run of the key than the quote (the allowed keys make up the rest).
        #expect(!"\(error)".contains(String(repeating: "k", count: 38)) && "\(error)".count < 1000)
    }
}
