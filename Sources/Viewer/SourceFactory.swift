import Foundation
import ImageFiles
import LayerKit
import Raster
import Scenes

/// Makes the frame source the options name: a built-in scene, a scene file, or the test pattern.
enum SourceFactory {
    /// The default picture size of built-in scenes.
    static let defaultWidth = 1280
    static let defaultHeight = 720

    /// The source for `options.scene`, loading scenes with `loadScene`.
    static func makeSource(options: ViewerOptions, loadScene: @escaping (String) throws -> Scene) throws
        -> FrameSource
    {
        if options.scene == TestPattern.sceneName {
            return TestPattern(width: options.width ?? defaultWidth, height: options.height ?? defaultHeight)
        }
        return try SceneSource { try loadScene(options.scene) }
    }

    /// Built-in scene number `number` (1 wipe, 2 ship, 3 reveal), or nil when it cannot be made.
    static func makeBuiltInScene(number: Int, loadScene: @escaping (String) throws -> Scene) -> FrameSource? {
        guard BuiltInScenes.names.indices.contains(number - 1) else { return nil }
        let name = BuiltInScenes.names[number - 1]
        return try? SceneSource { try loadScene(name) }
    }

    /// Loads scenes by name or path the way the viewer does without a caller-supplied loader: built-in
    /// scenes with the option's images or the bundled assets, scene files with the images they name.
    static func defaultLoader(options: ViewerOptions) -> (String) throws -> Scene {
        { name in
            let size = CGSize(width: options.width ?? defaultWidth, height: options.height ?? defaultHeight)
            if BuiltInScenes.names.contains(name) {
                let images = SceneImages(
                    a: try image(options.imageA, asset: "a.jpg"), b: try image(options.imageB, asset: "b.jpg"),
                    ship: try image(nil, asset: "ship.png"))
                return try BuiltInScenes.make(name: name, size: size, images: images)
            }
            let document = try SceneFile.load(url: URL(fileURLWithPath: name))
            var images: [String: Any] = [:]
            for (imageName, url) in document.images { images[imageName] = try ImageFile.read(url) }
            return FileScene(document: document, images: images)
        }
    }

    private static func image(_ path: String?, asset: String) throws -> Bitmap {
        if let path { return try ImageFile.read(URL(fileURLWithPath: path)) }
        guard let url = assetURL(asset) else {
            throw ViewerSetupError(description: "bundled image \(asset) not found (set LAYERSCOPE_ASSETS)")
        }
        return try ImageFile.read(url)
    }

    /// `$LAYERSCOPE_ASSETS/name`, `./assets/name`, or `assets/name` beside the executable or above it.
    private static func assetURL(_ name: String) -> URL? {
        var folders: [URL] = []
        if let environment = ProcessInfo.processInfo.environment["LAYERSCOPE_ASSETS"] {
            folders.append(URL(fileURLWithPath: environment))
        }
        folders.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("assets"))
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        for _ in 0..<6 {
            folders.append(folder.appendingPathComponent("assets"))
            folder = folder.deletingLastPathComponent()
        }
        return folders.map { $0.appendingPathComponent(name) }.first { FileManager.default.fileExists(atPath: $0.path) }
    }
}
