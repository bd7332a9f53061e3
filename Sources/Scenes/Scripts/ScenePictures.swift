import Foundation
import ImageFiles
import LayerKit

/// The pictures a Swift scene can show as layer contents: images A and B (`--image-a`, `--image-b`,
/// else the bundled `a.jpg` and `b.jpg`), the bundled ship, and picture files of its own.
///
/// Scene code reaches them without a handle (`ScenePictures.a`), as it reaches `UIScreen.main`, so
/// they are kept on the engine the scene is made on (`LayerEngine.userInfo`), not in a global: two
/// scenes on two engines each see their own.
public enum ScenePictures {
    /// What a scene's engine carries: its pictures and the folder of its file.
    struct Context {
        var images: SceneImages
        var folder: URL
    }

    private static let key = "Scenes.ScenePictures"

    /// Gives the scenes made on `engine` these pictures and this folder for `named(_:)`.
    static func attach(_ images: SceneImages, folder: URL, to engine: LayerEngine) {
        engine.userInfo[key] = Context(images: images, folder: folder)
    }

    private static var context: Context? { LayerEngine.current.userInfo[key] as? Context }

    /// Image A, as the built-in scenes show it (nil outside a scene made by Layerscope).
    public static var a: Any? { context?.images.a }
    /// Image B.
    public static var b: Any? { context?.images.b }
    /// The ship of seed 002 (`assets/ship.png`).
    public static var ship: Any? { context?.images.ship }

    /// A PNG or JPEG file, its name relative to the scene file's folder; nil when it cannot be read
    /// (the reason is printed on stderr).
    public static func named(_ file: String) -> Any? {
        let folder = context?.folder ?? URL(fileURLWithPath: ".")
        let url = file.hasPrefix("/") ? URL(fileURLWithPath: file) : folder.appendingPathComponent(file)
        do {
            return try ImageFile.read(url)
        } catch {
            FileHandle.standardError.write(Data("\(MessageText.line("\(error)"))\n".utf8))
            return nil
        }
    }
}
