import Foundation
import LayerKit
import Scenes
import Testing

@testable import Viewer

/// The viewer pauses a scene as an app on the device does: Apple's QA1673 recipe on the root layer.
@Suite struct SceneSourcePauseTests {
    /// The wipe scene with plain stand-in images, at 64×48.
    private func wipe() throws -> SceneSource {
        try SceneSource(make: {
            try BuiltInScenes.make(
                name: "wipe", size: CGSize(width: 64, height: 48), images: SceneImages(a: 0, b: 0, ship: 0))
        })
    }

    private func strokeEnd(_ source: SceneSource) -> Double? {
        guard let mask = source.rootLayer?.sublayers?.first?.mask?.presentation() else { return nil }
        return (mask as? CAShapeLayer).map { Double($0.strokeEnd) }
    }

    @Test func pauseSetsTheRootLayersSpeedAndHoldsThePicture() throws {
        let source = try wipe()
        source.show(mediaTime: 0.5)
        source.setPaused(true)
        let root = try #require(source.rootLayer)
        #expect(root.speed == 0)
        #expect(abs(root.timeOffset - 0.5) < 1e-12)
        // The viewer's clock is frozen while paused; a step of one frame moves the tree by one frame.
        source.show(mediaTime: 0.5 + 1.0 / 64)
        #expect(abs((strokeEnd(source) ?? -1) - (0.5 + 1.0 / 64) / 2) < 1e-9)
        // Resuming continues seamlessly from the stepped frame.
        source.setPaused(false)
        #expect(root.speed == 1)
        source.show(mediaTime: 1.0)
        #expect(abs((strokeEnd(source) ?? -1) - 0.5) < 1e-9)
    }

    /// The ship's delegate lines are logged on the first run, after a reload, and after a rebuild by
    /// stepping back: each scene is made on its own engine and observed on the engine it belongs to.
    @Test func callbacksAreLoggedAfterReloadsAndRebuilds() throws {
        let source = try SceneSource(make: {
            try BuiltInScenes.make(
                name: "ship", size: CGSize(width: 64, height: 48), images: SceneImages(a: 0, b: 0, ship: 0))
        })
        var lines: [String] = []
        source.log = { lines.append($0) }
        source.show(mediaTime: 1.2)
        #expect(lines.contains("delegate 1.000 didStop ship rotateAnimation finished=false"), "\(lines)")
        lines.removeAll()
        try source.reload()
        source.show(mediaTime: 3.6)
        #expect(lines.contains("delegate 3.500 didStop ship rotateAnimation finished=true"), "\(lines)")
        lines.removeAll()
        source.show(mediaTime: 1.2)
        source.show(mediaTime: 3.6)
        #expect(lines.contains("delegate 3.500 didStop ship rotateAnimation finished=true"), "\(lines)")
    }

    /// A scrub (or step) of the paused tree dates each callback at the time the tree reached it, not at
    /// the scrub's end. `box` runs at speed 2 from media time 0.25; its fade lasts 2 s of its time
    /// (media 0 to 1), the late fade begins at its local 2.5 and lasts 1 s (media 1.5 to 2).
    @Test func aScrubWhilePausedDatesCallbacksAtTheirTrueTimes() throws {
        let json = """
            { "size": [64, 48], "layers": [ { "name": "root", "frame": [0, 0, 64, 48],
              "sublayers": [ { "name": "box", "frame": [0, 0, 8, 8], "speed": 2, "beginTime": 0.25 } ] } ],
              "timeline": [
                { "at": 0, "add": { "layer": "box", "key": "fade", "animation": {
                  "kind": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 2 } } },
                { "at": 0, "add": { "layer": "box", "key": "late", "animation": {
                  "kind": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 1,
                  "beginTime": 2.5 } } } ] }
            """
        let document = try SceneFile.decode(
            Data(json.utf8), fileName: "late.json", baseURL: FileManager.default.temporaryDirectory)
        let source = try SceneSource(make: { FileScene(document: document, images: [:]) })
        var lines: [String] = []
        source.log = { lines.append($0) }
        source.show(mediaTime: 0.5)
        source.setPaused(true)
        source.show(mediaTime: 3)
        #expect(
            lines == [
                "delegate 0.000 didStart box fade", "delegate 1.000 didStop box fade finished=true",
                "delegate 1.500 didStart box late",
                "delegate 2.000 didStop box late finished=true",
            ], "\(lines)")
    }

    @Test func steppingBackWhilePausedReplaysThePause() throws {
        let source = try wipe()
        source.show(mediaTime: 1)
        source.setPaused(true)
        source.show(mediaTime: 1 - 2.0 / 64)
        let root = try #require(source.rootLayer)
        #expect(root.speed == 0, "the rebuilt tree is paused too")
        #expect(abs((strokeEnd(source) ?? -1) - (1 - 2.0 / 64) / 2) < 1e-9)
    }
}
