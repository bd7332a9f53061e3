import Compositor
import Foundation
import ImageFiles
import LayerKit
import LayerscopeTestSupport
import Raster
import Scenes

/// The bundled pictures (`assets/a.jpg`, `b.jpg`, `ship.png`), read with ImageFiles.
struct SeedImages {
    static let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("assets")

    let a: Bitmap
    let b: Bitmap
    let ship: Bitmap

    /// Decodes the files afresh: the Compositor caches facts on content bitmaps (opacity, visible
    /// texels), so tests running in parallel never share them.
    init() throws {
        a = try ImageFile.read(Self.assets.appendingPathComponent("a.jpg"))
        b = try ImageFile.read(Self.assets.appendingPathComponent("b.jpg"))
        ship = try ImageFile.read(Self.assets.appendingPathComponent("ship.png"))
    }

    var sceneImages: SceneImages { SceneImages(a: a, b: b, ship: ship) }
}

/// A scene on a fresh engine whose clock is a `ManualClock` at 0, drawn the way `layerscope render`
/// draws it: `advance(to:)` each time in turn, then `Compositor.render` of the root layer.
final class SeedRun {
    static let size = CGSize(width: 160, height: 90)

    let clock: ManualClock
    let scene: Scene
    /// The scene's log lines (the ship's "The animation stopped (finished: NO)", …), in order.
    private(set) var log: [String] = []
    private let compositor = Compositor()

    /// The built-in scene `name` at `size` over the bundled pictures.
    convenience init(_ name: String, images: SeedImages, size: CGSize = SeedRun.size) throws {
        try self.init { try BuiltInScenes.make(name: name, size: size, images: images.sceneImages) }
    }

    /// The scene that `make` builds on a fresh engine (its clock at 0).
    init(_ make: () throws -> Scene) rethrows {
        clock = freshEngine(at: 0)
        scene = try make()
        scene.log = { [weak self] line in self?.log.append(line) }
    }

    /// The frame at media time `time` (not before the previous one).
    func frame(at time: CFTimeInterval) -> Bitmap {
        scene.advance(to: time)
        return draw()
    }

    /// The frame as of the scene's last engine step, without moving the clock.
    func draw() -> Bitmap {
        let bitmap = Bitmap(width: Int(scene.size.width), height: Int(scene.size.height))
        compositor.render(scene.rootLayer, into: bitmap)
        return bitmap
    }

    /// The frame of `image` alone, filling a layer of the scene's size (what a scene shows when only
    /// one of its pictures is visible).
    func frame(showingOnly image: Bitmap) -> Bitmap {
        let layer = CALayer()
        layer.frame = CGRect(origin: .zero, size: scene.size)
        layer.contents = image
        let bitmap = Bitmap(width: Int(scene.size.width), height: Int(scene.size.height))
        Compositor().render(layer, into: bitmap)
        return bitmap
    }
}
