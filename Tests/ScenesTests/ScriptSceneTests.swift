import Foundation
import LayerKit
import Testing

@testable import Scenes

/// A script with an autoplay cue and an action of its own, recording what it was asked to do. Its `setUp` is
/// like the scenes of e2e/swift-scenes.sh and swift-scenes.sh on purpose: each is a whole scene of its own.
private final class Counter: SceneScript {
    let box = CALayer()
    var performed: [String] = []

    required init() {}

    func setUp(root: CALayer) {
        box.name = "box"
        box.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        root.addSublayer(box)
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 0
        move.toValue = 100
        move.duration = 2
        box.add(move, forKey: "move")
    }

    var actions: [String] { ["start", "stop", "jump"] }
    var autoplay: [SceneCue] { [SceneCue(at: 1, "stop")] }

    func perform(_ action: String) {
        performed.append(action)
        if action == "stop" { box.removeAnimation(forKey: "move") }
    }
}

/// A script that keeps every default.
private final class Plain: SceneScript {
    required init() {}
    func setUp(root: CALayer) {}
}

/// `ScriptScene` runs a `SceneScript` as a scene: the tree at media time 0, the cues at their times,
/// the actions mapped to the toolbar's, and the length from the tree and the cues.
struct ScriptSceneTests {
    @Test func setUpBuildsUnderARootOfTheSceneSizeAndCuesRunAtTheirTimes() throws {
        let fixture = EngineFixture()
        let script = Counter()
        let scene = ScriptScene(name: "counter", script: script, size: CGSize(width: 320, height: 200))
        #expect(scene.rootLayer.bounds == CGRect(x: 0, y: 0, width: 320, height: 200))
        scene.advance(to: 0.5)
        #expect(number(presented(script.box, "position.x")) == 25)
        #expect(script.performed == [])
        scene.advance(to: 1.5)
        #expect(script.performed == ["stop"])
        #expect(number(presented(script.box, "position.x")) == 5)
        #expect(fixture.stops.map(\.0) == [1] && fixture.stops.map(\.1) == [false])
    }

    @Test func actionsAreTheScriptsOwnBeyondTheViewers() {
        _ = EngineFixture()
        let script = Counter()
        let scene = ScriptScene(name: "counter", script: script, size: CGSize(width: 10, height: 10))
        #expect(scene.actions == [.named("jump")])
        scene.perform(.named("jump"))
        scene.perform(.start)
        #expect(script.performed == ["jump", "start"])
        scene.perform(.pause)
        #expect(LayerPause.isPaused(scene.rootLayer))
        #expect(script.performed == ["jump", "start"])
    }

    @Test func naturalDurationIsTheLastCuePlusTheLongestAnimationAtLeastOneSecond() {
        _ = EngineFixture()
        #expect(ScriptScene(name: "c", script: Counter(), size: CGSize(width: 10, height: 10)).naturalDuration == 3)
        let plain = ScriptScene(name: "p", script: Plain(), size: CGSize(width: 10, height: 10))
        #expect(plain.naturalDuration == 1)
        #expect(plain.actions == [])
    }

    @Test func actionNamesMapToTheViewersOwnOrToNamedOnes() {
        #expect(
            ["start", "stop", "push", "pop", "spin"].map(SceneAction.init(named:)) == [
                .start, .stop, .push, .pop, .named("spin"),
            ])
        #expect(SceneAction.named("spin").title == "spin")
    }
}

/// Reading a Swift scene file: its `SceneScript` class, found outside comments, and the files
/// compiled with it.
struct ScriptSourceTests {
    @Test func findsTheClassesThatConformToSceneScript() {
        let text = """
            // final class Commented: SceneScript {}
            /* class Blocked: SceneScript { } */
            final class Helper: CAAnimationDelegate { }
            public final class Pulse: NSObject, SceneScript, CAAnimationDelegate {
            class Other : Scenes.SceneScript{
            """
        #expect(ScriptSource.sceneClasses(in: text) == ["Pulse", "Other"])
    }

    @Test func withoutCommentsKeepsTheCodeAndLines() {
        #expect(ScriptSource.withoutComments("a // b\nc /* d\ne */ f") == "a \nc   f")
    }

    @Test func aFileWithoutOrWithTwoSceneClassesIsAnErrorNamingIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("script-source-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let none = folder.appendingPathComponent("none.swift").path
        try "final class A {}\n".write(toFile: none, atomically: true, encoding: .utf8)
        #expect(
            throws: SceneLoadError(
                description:
                    "\(none): declares no class conforming to SceneScript (write: final class NAME: SceneScript)")
        ) {
            try ScriptSource(path: none)
        }
        let two = folder.appendingPathComponent("two.swift").path
        try "final class A: SceneScript {}\nfinal class B: SceneScript {}\n".write(
            toFile: two, atomically: true, encoding: .utf8)
        #expect(
            throws: SceneLoadError(description: "\(two): declares 2 classes conforming to SceneScript (A, B); keep one")
        ) {
            try ScriptSource(path: two)
        }
    }

    @Test func theCompiledTextNamesTheUsersPathAndTheEntryPointTheClass() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("script-entry-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("my \"scene\".swift").path
        try "final class Pulse: SceneScript {}\n".write(toFile: path, atomically: true, encoding: .utf8)
        let source = try ScriptSource(path: path)
        let quoted = path.replacingOccurrences(of: "\"", with: "\\\"")
        #expect(source.compiledText.hasPrefix("#sourceLocation(file: \"\(quoted)\", line: 1)\nfinal class Pulse"))
        #expect(source.entryText.contains("SceneScriptFactory(Pulse.self)"))
        #expect(source.entryText.contains("@c(layerscope_scene_factory)"))
    }

    @Test func contentHashesDifferForEveryByteAndAreStable() {
        #expect(ContentHash.hex("") == ContentHash.hex(""))
        #expect(ContentHash.hex("a").count == 32)
        #expect(ContentHash.hex("scene a") != ContentHash.hex("scene b"))
        // FNV-1a 64 of "a" (the published test vector) is the first half.
        #expect(ContentHash.hex("a").hasPrefix("af63dc4c8601ec8c"))
    }

    @Test func templateClassNamesComeFromTheFileName() {
        #expect(SceneTemplate.className(forFile: "my-first_scene.swift") == "MyFirstScene")
        #expect(SceneTemplate.className(forFile: "pulse.swift") == "Pulse")
        #expect(SceneTemplate.className(forFile: "3d.swift") == "Scene3d")
        #expect(SceneTemplate.text(className: "Pulse").contains("final class Pulse: SceneScript {"))
    }
}
