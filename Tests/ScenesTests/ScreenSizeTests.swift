import LayerKit
import Testing

@testable import Scenes

/// A script that lays itself out against the screen, as iOS code does.
private final class ScreenFiller: SceneScript {
    var seen = CGRect.null

    required init() {}

    func setUp(root: CALayer) { seen = UIScreen.main.bounds }
}

/// `UIScreen.main.bounds` is the scene's size in every kind of scene.
struct ScreenSizeTests {
    @Test func everySceneKindSetsTheScreen() throws {
        _ = EngineFixture()
        let script = ScreenFiller()
        _ = ScriptScene(name: "filler", script: script, size: CGSize(width: 320, height: 200))
        #expect(script.seen == CGRect(x: 0, y: 0, width: 320, height: 200))
        _ = try SceneLoader.load("ship", size: CGSize(width: 400, height: 300), drawn: false)
        #expect(UIScreen.main.bounds.size == CGSize(width: 400, height: 300))
        let file = BuiltInSceneFileTests.scenesFolder.appendingPathComponent("spring.json")
        _ = try SceneLoader.loadFile(file.path)
        #expect(UIScreen.main.bounds.size == CGSize(width: 1280, height: 720))
    }
}
