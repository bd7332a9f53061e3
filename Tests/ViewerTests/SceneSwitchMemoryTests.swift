import LayerKit
import Raster
import Scenes
import Testing

@testable import Viewer

/// Switching scenes (keys 1 2 3) must free the scene switched away from: its source, its layer tree and
/// its pictures, whatever was running in it (animations with delegates, completion blocks, the inspector
/// following it). A scene kept alive by a reference cycle leaked its pictures on every switch.
@Suite(.serialized)
struct SceneSwitchMemoryTests {
    /// What one made scene owned, held weakly.
    private final class Probe {
        weak var source: FrameSource?
        weak var root: CALayer?
        weak var picture: Bitmap?
    }

    private final class Probes {
        var all: [Probe] = []
    }

    /// A built-in scene with fresh pictures (as the viewer loads them for every switch), noted in `probes`.
    private static func makeScene(_ number: Int, probes: Probes) -> FrameSource? {
        let picture = Bitmap(width: 64, height: 36)
        picture.fill(0xFF20_4080)
        let source = SourceFactory.makeBuiltInScene(number: number) { name in
            {
                try BuiltInScenes.make(
                    name: name, size: CGSize(width: 64, height: 36),
                    images: SceneImages(a: picture, b: picture, ship: picture))
            }
        }
        let probe = Probe()
        probe.source = source
        probe.root = source?.rootLayer
        probe.picture = picture
        probes.all.append(probe)
        return source
    }

    /// When the inspector (whose rows hold the animations they show, and their layers) is shown.
    enum Panel: CaseIterable {
        case hidden, shown, hiddenHalfWay
    }

    @Test(arguments: Panel.allCases)
    func switchingScenesFreesTheSceneLeft(panel: Panel) throws {
        let probes = Probes()
        var hostTime = 100.0
        let session = ViewerSession(
            source: try #require(Self.makeScene(1, probes: probes)), options: ViewerOptions(scene: "wipe"),
            hostTime: hostTime, text: nil, makeScene: { Self.makeScene($0, probes: probes) }, log: { _ in })
        session.layout(width: 64, height: 36)
        if panel != .hidden { session.perform(.toggleInspector, origin: "key c", hostTime: hostTime) }
        let window = Bitmap(width: 64, height: 36)
        for switchNumber in 0..<12 {
            if panel == .hiddenHalfWay && switchNumber == 6 {
                session.perform(.toggleInspector, origin: "key c", hostTime: hostTime)
            }
            // Each scene's animations (with their delegates and completion blocks) are in flight when it is left.
            for _ in 0..<3 {
                hostTime += 0.2
                session.draw(into: window, hostTime: hostTime, figures: HUDFigures(), dropped: 0)
            }
            if switchNumber % 4 == 1 { session.perform(.stop, origin: "key x", hostTime: hostTime) }
            if switchNumber % 4 == 2 { session.perform(.pauseResume, origin: "key space", hostTime: hostTime) }
            session.perform(.scene([2, 3, 1][switchNumber % 3]), origin: "key", hostTime: hostTime)
        }
        let left = probes.all.dropLast()
        #expect(left.count == 12)
        #expect(left.filter { $0.source != nil }.count == 0, "sources still alive")
        #expect(left.filter { $0.root != nil }.count == 0, "layer trees still alive")
        #expect(left.filter { $0.picture != nil }.count == 0, "pictures still alive")
        #expect(probes.all.last?.source === session.source)
    }

    private static func pixels(_ bitmap: Bitmap) -> [Pixel] {
        (0..<bitmap.height).flatMap { y in (0..<bitmap.width).map { bitmap[$0, y] } }
    }

    @Test func aFailedSwitchKeepsTheSceneAsItWas() throws {
        let probes = Probes()
        var lines: [String] = []
        let session = ViewerSession(
            source: try #require(Self.makeScene(1, probes: probes)), options: ViewerOptions(scene: "wipe"),
            hostTime: 100, text: nil, makeScene: { _ in nil }, log: { lines.append($0) })
        session.layout(width: 64, height: 36)
        let window = Bitmap(width: 64, height: 36)
        session.draw(into: window, hostTime: 101, figures: HUDFigures(), dropped: 0)
        let before = Self.pixels(window)
        let mask = try #require(session.source.rootLayer?.sublayers?.first?.mask)
        #expect(mask.animationKeys() == ["strokeEnd"])
        lines.removeAll()
        session.perform(.scene(2), origin: "key 2", hostTime: 101)
        #expect(lines == ["key 2: scene-2 -> ignored (no scene 2) t=1.000"])
        session.draw(into: window, hostTime: 101, figures: HUDFigures(), dropped: 0)
        #expect(Self.pixels(window) == before, "the same frame")
        #expect(session.source.rootLayer?.sublayers?.first?.mask?.animationKeys() == ["strokeEnd"], "still animating")
    }

    /// Going back in time (a frame step back, a scrub, or a frame drawn for a display-link tick a little
    /// before the key that switched scenes) and reloading the scene file make a fresh tree; the tree
    /// they replace, with its animations in flight, must be freed as a switch frees it.
    @Test(arguments: [1, 2, 3])
    func rebuildingASceneFreesTheTreeItReplaces(number: Int) throws {
        let probes = Probes()
        let source = try #require(Self.makeScene(number, probes: probes) as? SceneSource)
        weak var replaced = source.rootLayer
        source.show(mediaTime: 0.25)
        source.show(mediaTime: 0.1)
        #expect(source.rootLayer !== replaced)
        #expect(replaced == nil, "the tree replaced by a step back is still alive")
        weak var reloaded = source.rootLayer
        try source.reload()
        #expect(reloaded == nil, "the tree replaced by a reload is still alive")
        source.close()
    }
}
