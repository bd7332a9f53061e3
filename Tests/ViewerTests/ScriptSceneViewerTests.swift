import LayerKit
import Scenes
import Testing

@testable import Viewer

/// A Swift scene's class with an action of its own, counting what it was asked.
private final class Jumper: SceneScript {
    nonisolated(unsafe) static var performed: [String] = []
    required init() {}
    func setUp(root: CALayer) {}
    var actions: [String] { ["start", "jump"] }
    func perform(_ action: String) { Self.performed.append(action) }
}

/// A Swift scene in the viewer: its own actions are toolbar commands that reach the script, and the
/// trap probe quotes the runtime's message.
@Suite(.serialized) struct ScriptSceneViewerTests {
    @Test func aScenesOwnActionsAreExtraCommandsPerformedByTheScript() throws {
        Jumper.performed = []
        let source = try SceneSource(make: {
            ScriptScene(name: "jumper", script: Jumper(), size: CGSize(width: 32, height: 32))
        })
        defer { source.close() }
        #expect(source.extraCommands == [.action("jump")])
        #expect(ViewerCommand.action("jump").logName == "action-jump")
        try source.perform(.action("jump"))
        try source.perform(.start)
        #expect(Jumper.performed == ["jump", "start"])
    }

    @Test func theProbesSummaryIsTheFatalErrorLineElseTheLastLine() {
        let output = "note: x\nScene.swift:3: Fatal error: boom\nCurrent stack trace:\n0 frame\n"
        #expect(TrapProbe.summary(of: output) == "Scene.swift:3: Fatal error: boom")
        #expect(TrapProbe.summary(of: "one\ntwo\n") == "two")
        #expect(TrapProbe.summary(of: "") == nil)
    }
}
