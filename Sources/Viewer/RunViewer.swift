import Foundation
import Scenes

/// Opens the live viewer with `options`, loading scenes as `layerscope view` does (`SceneLoader`: a
/// built-in scene at `options`' size with its pictures, or a scene file's path); notes go to stderr.
public func runViewer(options: ViewerOptions) -> Int32 {
    let size = options.width.flatMap { w in options.height.map { CGSize(width: w, height: $0) } }
    return runViewer(
        options: options,
        resolve: { name throws(SceneLoadError) in
            try SceneLoader.maker(
                name, size: size, imageA: options.imageA, imageB: options.imageB, note: { LineOutput.error($0) })
        })
}

/// Opens the live viewer on `script`, a `SceneScript` class of the caller's own program, at `options`'
/// size (1280×720 by default) with its pictures; the keys 1, 2, 3 still switch to the built-in scenes.
/// This is how a package that depends on Layerscope plays its own Core Animation code.
public func runViewer(_ script: SceneScript.Type, options: ViewerOptions = ViewerOptions()) -> Int32 {
    let size = options.width.flatMap { w in options.height.map { CGSize(width: w, height: $0) } }
    var options = options
    options.scene = String(describing: script)
    return runViewer(
        options: options,
        resolve: { [options] name throws(SceneLoadError) in
            let note = { LineOutput.error($0) }
            guard name == options.scene else {
                return try SceneLoader.maker(
                    name, size: size, imageA: options.imageA, imageB: options.imageB, note: note)
            }
            return try SceneLoader.maker(
                script: script, size: size, imageA: options.imageA, imageB: options.imageB, note: note)
        })
}

/// Opens the live viewer with `options` and runs it until the user quits; returns the process exit
/// code (0 after a normal close, q/Escape, SIGINT or SIGTERM; 1 when no X display is usable, the scene
/// cannot be loaded or the window was destroyed, with one line on stderr saying why). Scenes are made
/// by `loadScene` (a built-in scene's name or a scene file's path → a ready scene); the keys 1, 2, 3
/// call it with `wipe`, `ship`, `reveal`. It is called on the viewer's thread, inside the engine the
/// viewer made for the scene (`LayerEngine.perform`), whenever the scene is made again (a step back, a
/// replay, a reload).
public func runViewer(options: ViewerOptions, loadScene: @escaping (String) throws -> Scene) -> Int32 {
    runViewer(options: options, resolve: { name in { try loadScene(name) } })
}

/// `runViewer(options:loadScene:)` with scenes prepared by `resolve` (a name → a maker).
func runViewer(options: ViewerOptions, resolve: @escaping SourceFactory.Resolver) -> Int32 {
    let source: FrameSource
    do {
        source = try SourceFactory.makeSource(options: options, resolve: resolve)
    } catch {
        // A Swift scene's compile errors are printed as the compiler printed them.
        for line in (error as? SceneLoadError)?.compilerOutput?.split(separator: "\n") ?? [] {
            LineOutput.error(String(line))
        }
        LineOutput.error("layerscope: \(error)")
        return 1
    }
    do {
        let app = try ViewerApp(options: options, source: source) { number in
            SourceFactory.makeBuiltInScene(number: number, resolve: resolve)
        }
        return app.run()
    } catch {
        LineOutput.error("layerscope: \(error)")
        return 1
    }
}
