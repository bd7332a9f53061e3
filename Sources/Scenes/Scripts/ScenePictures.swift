import Foundation
import ImageFiles

/// The pictures a Swift scene can show as layer contents: images A and B (`--image-a`, `--image-b`,
/// else the bundled `a.jpg` and `b.jpg`), the bundled ship, and picture files of its own. Layerscope
/// sets them before it makes the scene.
public enum ScenePictures {
    /// The pictures of the scene being made, and the folder of its file.
    nonisolated(unsafe) static var current = SceneImages(a: 0, b: 0, ship: 0)
    nonisolated(unsafe) static var folder = URL(fileURLWithPath: ".")

    /// Image A, as the built-in scenes show it.
    public static var a: Any { current.a }
    /// Image B.
    public static var b: Any { current.b }
    /// The ship of seed 002 (`assets/ship.png`).
    public static var ship: Any { current.ship }

    /// A PNG or JPEG file, its name relative to the scene file's folder; nil when it cannot be read
    /// (the reason is printed on stderr).
    public static func named(_ file: String) -> Any? {
        let url = file.hasPrefix("/") ? URL(fileURLWithPath: file) : folder.appendingPathComponent(file)
        do {
            return try ImageFile.read(url)
        } catch {
            FileHandle.standardError.write(Data("\(MessageText.line("\(error)"))\n".utf8))
            return nil
        }
    }
}
