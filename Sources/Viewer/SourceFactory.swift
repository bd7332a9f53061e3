import LayerKit
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
        let prepare: (() throws -> Void)? =
            options.scene.hasSuffix(".swift")
            ? { [scene = options.scene] in try SceneLoader.compileSwiftScene(scene) { LineOutput.error($0) } } : nil
        let size = options.width.flatMap { width in options.height.map { (width: width, height: $0) } }
        return try SceneSource(makeScene: { try loadScene(options.scene) }, prepare: prepare, pictureSize: size)
    }

    /// Built-in scene number `number` (1 wipe, 2 ship, 3 reveal), or nil when it cannot be made.
    static func makeBuiltInScene(number: Int, loadScene: @escaping (String) throws -> Scene) -> FrameSource? {
        guard BuiltInScenes.names.indices.contains(number - 1) else { return nil }
        let name = BuiltInScenes.names[number - 1]
        return try? SceneSource { try loadScene(name) }
    }
}
