import Foundation
import LayerKit

/// The images the built-in scenes show, as loaded by the caller (Raster `Bitmap`s, drawn by the
/// Compositor as layer contents).
public struct SceneImages {
    /// Image A: the picture under the wipe and the reveal.
    public var a: Any
    /// Image B: the picture the wipe and the reveal uncover.
    public var b: Any
    /// The ship scene's sprite.
    public var ship: Any

    /// The pictures `a`, `b` and `ship` (each a `CGImage`). Alike `SceneFileError`'s init on purpose: each only
    /// stores its fields.
    public init(a: Any, b: Any, ship: Any) {
        self.a = a
        self.b = b
        self.ship = ship
    }
}

/// Why a built-in scene could not be made.
public struct UnknownSceneError: Error, CustomStringConvertible {
    /// The name given.
    public let name: String
    public var description: String {
        "no built-in scene named \"\(name)\" (built-in: \(BuiltInScenes.names.joined(separator: ", ")))"
            + NearestName.hint(for: name, among: BuiltInScenes.names)
    }
}

/// The seeds, ported as Swift scenes: `wipe` (000, `Wipe.swift`), `ship` (002, `Ship.swift`), `reveal`
/// (003, `Reveal.swift`). The same files, with `import Scenes` added, are `assets/scenes/*.swift`
/// (`BuiltInSceneSourceTests` checks that they agree).
public enum BuiltInScenes {
    /// The built-in scenes' names, in the order of the viewer's keys 1, 2, 3.
    public static let names = ["wipe", "ship", "reveal"]

    /// One line each, for `layerscope scenes`.
    public static let descriptions: [String: String] = [
        "wipe": "seed 000: clock-wipe mask reveals image B over image A, then hides it (4 s)",
        "ship": "seed 002: ship rotation started, stopped at 1 s (finished: NO), restarted to its end (3.5 s)",
        "reveal": "seed 003: circular reveal push of B from the bottom-right corner, then pop reversed (5 s)",
    ]

    /// The scene `name` laid out for `size` (which `UIScreen.main.bounds` then reports) on the current
    /// engine, showing `images`.
    public static func make(name: String, size: CGSize, images: SceneImages) throws -> Scene {
        let script: SceneScript
        switch name {
        case "wipe": script = Wipe()
        case "ship": script = Ship()
        case "reveal": script = Reveal()
        default: throw UnknownSceneError(name: name)
        }
        ScenePictures.attach(images, folder: URL(fileURLWithPath: "."), to: LayerEngine.current)
        return ScriptScene(name: name, script: script, size: size)
    }
}
