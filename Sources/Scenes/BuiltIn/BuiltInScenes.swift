import LayerKit

/// The images the built-in scenes show, as loaded by the caller (Raster `Bitmap`s, drawn by the
/// Compositor as layer contents).
public struct SceneImages {
    public var a: Any
    public var b: Any
    public var ship: Any

    public init(a: Any, b: Any, ship: Any) {
        self.a = a
        self.b = b
        self.ship = ship
    }
}

/// Why a built-in scene could not be made.
public struct UnknownSceneError: Error, CustomStringConvertible {
    public let name: String
    public var description: String {
        "no built-in scene named \"\(name)\" (built-in: \(BuiltInScenes.names.joined(separator: ", ")))"
    }
}

/// The seeds, ported: `wipe` (000), `ship` (002), `reveal` (003).
public enum BuiltInScenes {
    public static let names = ["wipe", "ship", "reveal"]

    /// One line each, for `layerscope scenes`.
    public static let descriptions: [String: String] = [
        "wipe": "seed 000: clock-wipe mask reveals image B over image A, then hides it (4 s)",
        "ship": "seed 002: ship rotation started, stopped at 1 s (finished: NO), restarted to its end (3.5 s)",
        "reveal": "seed 003: circular reveal push of B from the bottom-right corner, then pop reversed (5 s)",
    ]

    /// The scene `name` laid out for `size`, which `UIScreen.main.bounds` then reports.
    public static func make(name: String, size: CGSize, images: SceneImages) throws -> Scene {
        LayerEngine.current.screenSize = size
        switch name {
        case "wipe": return WipeScene(size: size, imageA: images.a, imageB: images.b)
        case "ship": return ShipScene(size: size, background: images.a, ship: images.ship)
        case "reveal": return RevealScene(size: size, imageA: images.a, imageB: images.b)
        default: throw UnknownSceneError(name: name)
        }
    }
}
