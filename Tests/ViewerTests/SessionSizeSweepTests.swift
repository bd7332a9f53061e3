import LayerKit
import Overlay
import Raster
import Scenes
import Testing

@testable import Viewer

/// The whole window as the session composes it (scene, margins, inspector, timeline bar, toolbar,
/// HUD), with the panel open, at every small window size and some extreme ones, at extreme media times
/// and speeds, with pointer input on the bars: no size or time may trap. A window manager may ignore the
/// window's minimum size, so this holds below it too.
@Suite(.serialized)
struct SessionSizeSweepTests {
    /// Every (width, height) with at least one side from 0 to 64, the other from 0 to 64 or large.
    static let everySize: [(width: Int, height: Int)] = sizes(Array(0...64))
    /// Fewer of them, for a scene whose every new size costs a fresh rasterization.
    static let someSizes: [(width: Int, height: Int)] = sizes([0, 1, 2, 3, 5, 8, 13, 21, 34, 39, 40, 41, 44, 55, 64])

    static func sizes(_ small: [Int]) -> [(width: Int, height: Int)] {
        let lengths = small + [97, 1000]
        return lengths.flatMap { w in lengths.map { h in (w, h) } }.filter {
            small.contains($0.0) || small.contains($0.1)
        }
            + [(97, 97), (1000, 1000)]
    }

    /// A wipe scene with small flat pictures.
    static func wipe() throws -> SceneSource {
        let picture = Bitmap(width: 16, height: 9)
        picture.fill(0xFF20_4080)
        return try SceneSource(make: {
            try BuiltInScenes.make(
                name: "wipe", size: CGSize(width: 160, height: 90),
                images: SceneImages(a: picture, b: picture, ship: picture))
        })
    }

    /// A session over `source` with the inspector and the easing editor open.
    static func session(_ source: FrameSource, seek: Double = 0, speed: Double = 1) throws -> ViewerSession {
        let session = ViewerSession(
            source: source, options: ViewerOptions(scene: source.name, speed: speed, paused: true, seek: seek),
            hostTime: 100, text: try TextRenderer(dejaVuSansPixelSize: 14), makeScene: { _ in nil }, log: { _ in })
        session.perform(.toggleInspector, origin: "key c", hostTime: 100)
        session.perform(.toggleEasingEditor, origin: "key e", hostTime: 100)
        return session
    }

    /// Lays `session` out and draws it at each of `sizes`, pressing, dragging and releasing on the
    /// timeline bar at some of them (a seek back replays a scene, which is slow).
    static func sweep(_ session: ViewerSession, sizes: [(width: Int, height: Int)], hostTime: Double = 100) {
        for (index, size) in sizes.enumerated() {
            session.layout(width: size.width, height: size.height)
            let window = Bitmap(width: size.width, height: size.height)
            let scene = Bitmap(
                width: min(size.width, session.source.width), height: min(size.height, session.source.height))
            session.draw(into: window, hostTime: hostTime, figures: HUDFigures(), dropped: 0)
            guard index % 8 == 0 else { continue }
            let x = size.width * (index % 5) / 4
            // On the timeline bar (above the toolbar, whose buttons would close the panel), or above it.
            let y = size.height - session.toolbarForTesting.height - 22 - index % 3 * 20
            session.pointerPressed(button: 1, x: x, y: y)
            session.pointerMoved(x: x + 3, y: y)
            session.draw(into: window, hostTime: hostTime, figures: HUDFigures(), dropped: 0)
            session.pointerReleased(button: 1, x: x + 3, y: y, hostTime: hostTime)
        }
    }

    @Test func everyWindowSize() throws {
        let session = try Self.session(TestPattern(width: 40, height: 30), seek: 1e20)
        Self.sweep(session, sizes: Self.everySize)
        #expect(session.inspector.isOpen && session.inspector.panel(EasingEditorPanel.self)?.isShown == true)
    }

    @Test(arguments: [1.5, 1e20, .greatestFiniteMagnitude, .infinity, .nan])
    func sceneWindowsAtMediaTime(_ seek: Double) throws {
        let session = try Self.session(try Self.wipe(), seek: seek)
        Self.sweep(session, sizes: Self.someSizes)
        #expect(session.inspector.isOpen && session.inspector.panel(EasingEditorPanel.self)?.isShown == true)
    }

    @Test(arguments: [.nan, 1e300, 0, -4])
    func windowsAtSpeed(_ speed: Double) throws {
        let session = try Self.session(TestPattern(width: 40, height: 30), speed: speed)
        for command in [ViewerCommand.pauseResume, .faster, .slower, .slower] {
            session.perform(command, origin: "key", hostTime: 100)
        }
        Self.sweep(session, sizes: Self.someSizes, hostTime: 1e6)
        let speed = session.clock.speed
        #expect(speed >= PlaybackClock.minimumSpeed && speed <= PlaybackClock.maximumSpeed)
    }
}
