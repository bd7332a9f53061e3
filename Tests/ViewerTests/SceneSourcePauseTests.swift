import LayerKit
import Scenes
import Testing

@testable import Viewer

/// The viewer pauses a scene as an app on the device does: Apple's QA1673 recipe on the root layer.
@Suite struct SceneSourcePauseTests {
    /// The wipe scene with plain stand-in images, at 64×48.
    private func wipe() throws -> SceneSource {
        try SceneSource {
            try BuiltInScenes.make(
                name: "wipe", size: CGSize(width: 64, height: 48), images: SceneImages(a: 0, b: 0, ship: 0))
        }
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
        let source = try SceneSource {
            try BuiltInScenes.make(
                name: "ship", size: CGSize(width: 64, height: 48), images: SceneImages(a: 0, b: 0, ship: 0))
        }
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
