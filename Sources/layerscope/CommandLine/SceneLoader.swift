import Foundation
import ImageFiles
import LayerKit
import Raster
import Scenes

/// Turns `--scene NAME|FILE` (and the image options) into a ready `Scene`.
enum SceneLoader {
    /// A built-in scene's name, or a scene file's path. Built-in scenes use `size`, and the images
    /// given, else the bundled assets (or, when `drawn` is false, blank stand-ins); scene files use
    /// their own size and images.
    static func load(
        _ scene: String, size: CGSize?, imageA: String?, imageB: String?, command: String, drawn: Bool = true
    ) throws(CommandError) -> Scene {
        if BuiltInScenes.names.contains(scene) {
            let blank = Bitmap(width: 1, height: 1)
            let images =
                drawn
                ? SceneImages(
                    a: try image(imageA, asset: "a.jpg"), b: try image(imageB, asset: "b.jpg"),
                    ship: try image(nil, asset: "ship.png"))
                : SceneImages(a: blank, b: blank, ship: blank)
            do {
                return try BuiltInScenes.make(
                    name: scene, size: size ?? CGSize(width: 1280, height: 720), images: images)
            } catch {
                throw .failure("\(error)")
            }
        }
        return try loadFile(scene)
    }

    /// A scene file and the images it names.
    static func loadFile(_ path: String) throws(CommandError) -> FileScene {
        let url = URL(fileURLWithPath: path)
        if !FileManager.default.fileExists(atPath: url.path), !path.contains("/"), !path.hasSuffix(".json") {
            throw .failure(
                "\(path): no such file, and not a built-in scene (\(BuiltInScenes.names.joined(separator: ", ")))")
        }
        let document: SceneDocument
        do {
            document = try SceneFile.load(url: url)
        } catch {
            throw .failure(error.description)
        }
        var images: [String: Any] = [:]
        for (name, imageURL) in document.images {
            do {
                images[name] = try ImageFile.read(imageURL)
            } catch {
                throw .failure("\(path): images.\(name): \(error)")
            }
        }
        return FileScene(document: document, images: images)
    }

    /// The named image file, else the bundled asset, else a generated stand-in (with a note).
    private static func image(_ path: String?, asset: String) throws(CommandError) -> Bitmap {
        if let path {
            do {
                return try ImageFile.read(URL(fileURLWithPath: path))
            } catch {
                throw .failure("\(error)")
            }
        }
        if let url = AssetLocator.url(for: asset) {
            do {
                return try ImageFile.read(url)
            } catch {
                throw .failure("\(error)")
            }
        }
        Console.err("note: bundled image \(asset) not found; using a generated stand-in")
        return StandInImage.make(for: asset)
    }
}

/// Finds the bundled `assets/` folder: `$LAYERSCOPE_ASSETS`, `./assets`, or an `assets` folder next
/// to the executable or in one of its parent folders (the package root for a SwiftPM build).
enum AssetLocator {
    static func url(for name: String) -> URL? {
        var candidates: [URL] = []
        if let env = ProcessInfo.processInfo.environment["LAYERSCOPE_ASSETS"] {
            candidates.append(URL(fileURLWithPath: env))
        }
        candidates.append(
            URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("assets"))
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        for _ in 0..<6 {
            candidates.append(folder.appendingPathComponent("assets"))
            folder = folder.deletingLastPathComponent()
        }
        return candidates.map { $0.appendingPathComponent(name) }.first {
            FileManager.default.fileExists(atPath: $0.path)
        }
    }
}

/// Generated pictures used when the bundled assets are missing: a diagonal gradient for A, a
/// different one for B, a filled diamond for the ship.
enum StandInImage {
    static func make(for asset: String) -> Bitmap {
        if asset.hasPrefix("ship") {
            let bitmap = Bitmap(width: 128, height: 128)
            bitmap.fill(0)
            for y in 0..<128 {
                for x in 0..<128 where abs(x - 64) + abs(y - 64) < 60 {
                    bitmap[x, y] = Pixel.premultiplied(red: 230, green: 230, blue: 240, alpha: 255)
                }
            }
            return bitmap
        }
        let bitmap = Bitmap(width: 320, height: 180)
        let isA = asset.hasPrefix("a")
        for y in 0..<180 {
            for x in 0..<320 {
                let t = UInt8((x + y) * 255 / 500)
                bitmap[x, y] =
                    isA
                    ? Pixel.premultiplied(red: 40, green: t, blue: 200, alpha: 255)
                    : Pixel.premultiplied(red: 240, green: 160, blue: t, alpha: 255)
            }
        }
        return bitmap
    }
}
