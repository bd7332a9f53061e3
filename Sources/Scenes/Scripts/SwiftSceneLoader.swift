import Foundation
import LayerKit

/// Turns a Swift scene file into a ready `ScriptScene`: compiled (or taken from the cache), loaded
/// into this process, and set up at `size` with `images` as its `ScenePictures`.
enum SwiftSceneLoader {
    /// The toolchain, found once per process. Scenes are compiled on one thread at a time (the
    /// command's; in the viewer, its loop or the one background compile it waits for), so no two
    /// threads read or write it at once.
    nonisolated(unsafe) private static var toolchain: ScriptToolchain?

    /// Compiles the Swift scene at `path` unless the cache has it; the compiled library. `note`
    /// receives one line when the scene had to be compiled, with the time it took.
    static func compile(_ path: String, note: (String) -> Void) throws(SceneLoadError) -> URL {
        let source = try ScriptSource(path: path)
        let found: ScriptToolchain
        if let toolchain {
            found = toolchain
        } else {
            found = try ScriptToolchain.find()
            toolchain = found
        }
        let start = Date()
        let product = try ScriptCompiler(toolchain: found, cache: ScriptCompiler.defaultCache()).library(for: source)
        if !product.cached {
            note(String(format: "note: compiled %@ in %.2f s", path, Date().timeIntervalSince(start)))
        }
        return product.library
    }

    /// The `SceneScript` class of the Swift scene at `path`, compiled when needed and loaded.
    static func loadType(_ path: String, note: (String) -> Void) throws(SceneLoadError) -> SceneScript.Type {
        try ScriptLibrary.sceneType(in: try compile(path, note: note), for: path)
    }
}
