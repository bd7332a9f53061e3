import Foundation
import ImageFiles
import LayerKit
import Raster
import Supervision

/// Why a scene could not be loaded: one line naming the file (scene file or picture) and the reason.
public struct SceneLoadError: Error, CustomStringConvertible, Equatable {
    public let description: String
    /// For a Swift scene that does not compile: the compiler's messages, as it printed them.
    public let compilerOutput: String?

    /// An error with its one-line `description` and, for a Swift scene, the compiler's output.
    public init(description: String, compilerOutput: String? = nil) {
        self.description = description
        self.compilerOutput = compilerOutput
    }
}

/// Turns a scene's name or path (and optional picture files) into a ready `Scene`, with its pictures
/// loaded: what `--scene NAME|FILE` means everywhere (render, record, eval, bench and the viewer).
public enum SceneLoader {
    /// A built-in scene's name, a scene file's path, or a Swift scene's (`.swift`), made on the current
    /// engine. Built-in and Swift scenes use `size` (1280×720 when nil) and the pictures
    /// `imageA`/`imageB` when given, else the bundled assets (blank stand-ins when `drawn` is false, for
    /// callers that never draw); scene files use their own size and pictures. `note` receives one-line
    /// notices (a bundled picture replaced by a generated one).
    public static func load(
        _ scene: String, size: CGSize? = nil, imageA: String? = nil, imageB: String? = nil, drawn: Bool = true,
        note: (String) -> Void = { _ in }
    ) throws(SceneLoadError) -> Scene {
        let make = try maker(scene, size: size, imageA: imageA, imageB: imageB, drawn: drawn, note: note)
        do {
            return try make()
        } catch let error as SceneLoadError {
            throw error
        } catch {
            throw SceneLoadError(description: "\(error)")
        }
    }

    /// What `load` reads, read now — a scene file and its pictures, a Swift scene compiled (or taken from
    /// the cache) and loaded, the pictures of a built-in scene — and a maker that makes the scene from
    /// it on the current engine, as often as asked, with no more reading: the same version every time,
    /// however the files change (a viewer going back in time makes the scene it showed).
    public static func maker(
        _ scene: String, size: CGSize? = nil, imageA: String? = nil, imageB: String? = nil, drawn: Bool = true,
        note: (String) -> Void = { _ in }
    ) throws(SceneLoadError) -> ScenePlayer.Maker {
        let isSwift = scene.hasSuffix(".swift")
        guard BuiltInScenes.names.contains(scene) || isSwift else {
            let (document, images) = try readFile(scene)
            return { FileScene(document: document, images: images) }
        }
        let folder = isSwift ? URL(fileURLWithPath: scene).deletingLastPathComponent() : nil
        PictureSetup.prepare(sceneFolder: folder)
        // Notes wait until every picture is read, so a failure is the only line printed.
        var notes: [String] = []
        let images = try pictures(imageA: imageA, imageB: imageB, drawn: drawn, notes: &notes)
        let sceneSize = size ?? CGSize(width: 1280, height: 720)
        let make: ScenePlayer.Maker
        if isSwift {
            let file = URL(fileURLWithPath: scene).lastPathComponent
            WatchStatus.phase("compiling \(file)")
            let type = try SwiftSceneLoader.loadType(scene) { notes.append($0) }
            let name = URL(fileURLWithPath: scene).deletingPathExtension().lastPathComponent
            make = {
                ScenePictures.attach(images, folder: folder ?? URL(fileURLWithPath: "."), to: LayerEngine.current)
                WatchStatus.phase("in setUp of \(file)")
                let made = ScriptScene(name: name, script: type.init(), size: sceneSize)
                WatchStatus.phase("playing \(file)")
                return made
            }
        } else {
            make = { try BuiltInScenes.make(name: scene, size: sceneSize, images: images) }
        }
        notes.forEach(note)
        return make
    }

    /// Images A and B (the files named, else the bundled assets) and the ship; blank stand-ins when
    /// the scene is never drawn.
    private static func pictures(imageA: String?, imageB: String?, drawn: Bool, notes: inout [String])
        throws(SceneLoadError) -> SceneImages
    {
        guard drawn else {
            let blank = Bitmap(width: 1, height: 1)
            return SceneImages(a: blank, b: blank, ship: blank)
        }
        return SceneImages(
            a: try image(imageA, asset: "a.jpg", notes: &notes),
            b: try image(imageB, asset: "b.jpg", notes: &notes),
            ship: try image(nil, asset: "ship.png", notes: &notes))
    }

    /// A `SceneScript` class compiled into the caller's own program (a package that depends on
    /// Layerscope), made as a Swift scene file's class is: at `size` (1280×720 when nil), with images
    /// A and B from `imageA`/`imageB` or the bundled assets as its `ScenePictures`.
    public static func load(
        script: SceneScript.Type, size: CGSize? = nil, imageA: String? = nil, imageB: String? = nil,
        note: (String) -> Void = { _ in }
    ) throws(SceneLoadError) -> Scene {
        try maker(script: script, size: size, imageA: imageA, imageB: imageB, note: note)()
    }

    /// `load(script:…)` as a maker: the pictures read now, the scene made on the current engine each call.
    public static func maker(
        script: SceneScript.Type, size: CGSize? = nil, imageA: String? = nil, imageB: String? = nil,
        note: (String) -> Void = { _ in }
    ) throws(SceneLoadError) -> () -> Scene {
        var notes: [String] = []
        let images = try pictures(imageA: imageA, imageB: imageB, drawn: true, notes: &notes)
        notes.forEach(note)
        return {
            ScenePictures.attach(images, folder: URL(fileURLWithPath: "."), to: LayerEngine.current)
            return ScriptScene(
                name: String(describing: script), script: script.init(),
                size: size ?? CGSize(width: 1280, height: 720))
        }
    }

    /// Compiles the Swift scene at `path` (a `.swift` file) unless it is cached, without running it:
    /// a compile error throws with the compiler's messages in `compilerOutput`.
    public static func compileSwiftScene(_ path: String, note: (String) -> Void = { _ in }) throws(SceneLoadError) {
        _ = try SwiftSceneLoader.compile(path, note: note)
    }

    /// A scene file and the pictures it names, made on the current engine.
    public static func loadFile(_ path: String) throws(SceneLoadError) -> FileScene {
        let (document, images) = try readFile(path)
        return FileScene(document: document, images: images)
    }

    /// A scene file's document and the pictures it names, read.
    static func readFile(_ path: String) throws(SceneLoadError) -> (SceneDocument, [String: Any]) {
        let url = URL(fileURLWithPath: path)
        PictureSetup.prepare(sceneFolder: url.deletingLastPathComponent())
        if !FileManager.default.fileExists(atPath: url.path), !path.contains("/"), !path.hasSuffix(".json") {
            throw SceneLoadError(
                description:
                    "\(path): no such file, and not a built-in scene (\(BuiltInScenes.names.joined(separator: ", ")))"
                    + NearestName.hint(for: path, among: BuiltInScenes.names))
        }
        let document: SceneDocument
        do {
            document = try SceneFile.load(url: url)
        } catch {
            throw SceneLoadError(description: error.description)
        }
        var images: [String: Any] = [:]
        for (name, imageURL) in document.images {
            do {
                images[name] = try ImageFile.read(imageURL)
            } catch {
                throw SceneLoadError(description: "\(path): images.\(name): \(error)")
            }
        }
        return (document, images)
    }

    /// The named image file, else the bundled asset, else a generated stand-in (with a note).
    private static func image(_ path: String?, asset: String, notes: inout [String]) throws(SceneLoadError)
        -> Bitmap
    {
        guard let url = path.map({ URL(fileURLWithPath: $0) }) ?? AssetLocator.url(for: asset) else {
            notes.append("note: bundled image \(asset) not found; using a generated stand-in")
            return StandInImage.make(for: asset)
        }
        do {
            return try ImageFile.read(url)
        } catch {
            throw SceneLoadError(description: "\(error)")
        }
    }
}

/// Finds the bundled `assets/` folder: `$LAYERSCOPE_ASSETS`, `./assets`, or an `assets` folder next
/// to the executable or in one of its parent folders (the package root for a SwiftPM build), or in
/// `lib/layerscope/` of one (an installed binary's `PREFIX/lib/layerscope/assets`).
public enum AssetLocator {
    /// The bundled asset `name` (`a.jpg`, `scenes/wipe.json`, …), if one of the folders has it.
    public static func url(for name: String) -> URL? {
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
            candidates.append(folder.appendingPathComponent("lib/layerscope/assets"))
            folder = folder.deletingLastPathComponent()
        }
        return candidates.map { $0.appendingPathComponent(name) }.first {
            FileManager.default.fileExists(atPath: $0.path)
        }
    }

    /// The bundled `assets/` folder itself, if one is found.
    public static var folder: URL? { url(for: ".")?.standardizedFileURL }
}

/// Generated pictures used when the bundled assets are missing: a diagonal gradient for A, a
/// different one for B, a filled diamond for the ship.
enum StandInImage {
    /// The stand-in for the bundled asset `asset`.
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
