import Foundation

/// Loads a compiled Swift scene into this process, where it uses the executable's own LayerKit and
/// Scenes (their symbols are exported by the `layerscope` executable), and hands out its class.
/// A library is never unloaded (the Swift runtime keeps its types); each version of a scene is a
/// library of its own, with its own module name.
enum ScriptLibrary {
    /// The C symbol of the entry point compiled with every scene.
    static let entrySymbol = "layerscope_scene_factory"

    /// The `SceneScript` class of the library at `url`.
    static func sceneType(in url: URL, for path: String) throws(SceneLoadError) -> SceneScript.Type {
        guard let handle = dlopen(url.path, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "unknown reason"
            throw SceneLoadError(description: "\(path): cannot load the compiled scene (\(reason))")
        }
        guard let symbol = dlsym(handle, entrySymbol) else {
            throw SceneLoadError(description: "\(path): the compiled scene has no \(entrySymbol)")
        }
        typealias Entry = @convention(c) () -> UnsafeMutableRawPointer
        let factory = Unmanaged<SceneScriptFactory>.fromOpaque(unsafeBitCast(symbol, to: Entry.self)())
            .takeRetainedValue()
        return factory.type
    }
}
