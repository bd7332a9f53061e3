import Compositor
import Foundation
import LayerKit
import LayerscopeTestSupport
import Raster
import Scenes
import Testing

@testable import Viewer

@Suite(.serialized) struct SceneSourceTests {
    /// Flat-coloured stand-ins for the bundled images.
    private static func images() -> SceneImages {
        func solid(_ pixel: Pixel, _ width: Int, _ height: Int) -> Bitmap {
            let bitmap = Bitmap(width: width, height: height)
            bitmap.fill(pixel)
            return bitmap
        }
        return SceneImages(
            a: solid(0xFF20_4080, 160, 90), b: solid(0xFFE0_A040, 160, 90), ship: solid(0xFFFF_FFFF, 32, 32))
    }

    private static func makeWipe() throws -> Scene {
        try BuiltInScenes.make(name: "wipe", size: CGSize(width: 160, height: 90), images: images())
    }

    private static func pixels(_ bitmap: Bitmap) -> [Pixel] {
        (0..<bitmap.height).flatMap { y in (0..<bitmap.width).map { bitmap[$0, y] } }
    }

    /// The frame `render --at` draws: a fresh player of the scene, shown that time once.
    private static func referenceFrame(at time: Double) throws -> [Pixel] {
        let player = try ScenePlayer(make: makeWipe)
        player.show(time)
        let bitmap = Bitmap(width: 160, height: 90)
        Compositor().render(player.scene.rootLayer, into: bitmap)
        return pixels(bitmap)
    }

    @Test func framesEqualTheRenderedFrameAfterForwardAndBackwardSteps() throws {
        let expected = try Self.referenceFrame(at: 1.25)
        let source = try SceneSource(make: Self.makeWipe)
        let bitmap = Bitmap(width: 160, height: 90)
        source.show(mediaTime: 1.25)
        source.draw(into: bitmap, damageOnly: false)
        #expect(Self.pixels(bitmap) == expected)
        source.show(mediaTime: 2.5)
        source.draw(into: bitmap, damageOnly: false)
        #expect(Self.pixels(bitmap) != expected)
        source.show(mediaTime: 1.25)
        source.draw(into: bitmap, damageOnly: false)
        #expect(Self.pixels(bitmap) == expected)
    }

    /// `view --size` is honoured for a scene file (which does not lay itself out for it): the picture
    /// has that size and is the frame `render --size` draws.
    @Test func aSceneFileIsShownAtTheAskedSize() throws {
        let scratch = try TemporaryDirectory(prefix: "size")
        defer { scratch.remove() }
        let folder = scratch.url
        let path = folder.appendingPathComponent("box.json").path
        try Data(
            """
            { "size": [100, 80], "layers": [ { "name": "box", "frame": [10, 10, 120, 30], "backgroundColor": "#ff0000" } ] }
            """.utf8
        ).write(to: URL(fileURLWithPath: path))
        let options = ViewerOptions(scene: path, width: 200, height: 50)
        let source = try SourceFactory.makeSource(options: options) { try SceneLoader.maker($0) }
        #expect(source.width == 200 && source.height == 50)
        source.show(mediaTime: 0)
        let shown = Bitmap(width: 200, height: 50)
        source.draw(into: shown, damageOnly: false)
        let rendered = Bitmap(width: 200, height: 50)
        let player = try ScenePlayer(make: try SceneLoader.maker(path))
        player.show(0)
        Compositor().render(player.scene.rootLayer, into: rendered)
        #expect(Self.pixels(shown) == Self.pixels(rendered))
        #expect(shown[125, 20] == 0xFFFF_0000, "the box runs past the file's 100-pixel width")
    }

    @Test func damageOnlyDrawingLeavesTheSameFrameAsAFullRedraw() throws {
        let expected = try Self.referenceFrame(at: 1.25)
        let source = try SceneSource(make: Self.makeWipe)
        let bitmap = Bitmap(width: 160, height: 90)
        for time in [0.5, 2.5, 3.0, 1.25] {
            source.show(mediaTime: time)
            source.draw(into: bitmap, damageOnly: true)
        }
        #expect(Self.pixels(bitmap) == expected)
    }

    @Test func sizeNameAndActionsComeFromTheScene() throws {
        let source = try SceneSource(make: Self.makeWipe)
        #expect(source.name == "wipe")
        #expect(source.width == 160 && source.height == 90)
        #expect(source.rootLayer != nil)
    }

    @Test func wipeBecomesIdleAfterItsNaturalDuration() throws {
        let source = try SceneSource(make: Self.makeWipe)
        source.show(mediaTime: 1)
        #expect(!source.isIdle)
        source.show(mediaTime: 4.5)
        #expect(source.isIdle)
    }

    @Test func delegateCallbacksAreLoggedOneLineEach() throws {
        let source = try SceneSource(make: Self.makeWipe)
        var lines: [String] = []
        source.log = { lines.append($0) }
        source.show(mediaTime: 5)
        #expect(lines.contains { $0.hasPrefix("delegate 4.000 didStop ") && $0.hasSuffix(" finished=true") })
    }
}
