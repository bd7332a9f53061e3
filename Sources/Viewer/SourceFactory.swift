import Foundation
import LayerKit
import Scenes

/// Makes the frame source the options name: a built-in scene, a scene file, a Swift scene, or the test
/// pattern.
enum SourceFactory {
    /// The default picture size of built-in scenes.
    static let defaultWidth = 1280
    static let defaultHeight = 720

    /// Reads what a scene name stands for and gives its maker (`SceneLoader.maker`, or a caller's own).
    typealias Resolver = (String) throws -> ScenePlayer.Maker

    /// The source for `options.scene`, its scenes prepared by `resolve`, replaying `options.actions`.
    static func makeSource(options: ViewerOptions, resolve: @escaping Resolver) throws -> FrameSource {
        if options.scene == TestPattern.sceneName {
            return TestPattern(width: options.width ?? defaultWidth, height: options.height ?? defaultHeight)
        }
        let actions = try options.actions.map { file throws(ActionLogError) in
            try ActionLog.read(URL(fileURLWithPath: file))
        }
        let size = options.width.flatMap { width in options.height.map { (width: width, height: $0) } }
        return try SceneSource(
            resolve: { [scene = options.scene] in try resolve(scene) },
            codeFile: options.scene.hasSuffix(".swift") ? URL(fileURLWithPath: options.scene).lastPathComponent : nil,
            pictureSize: size, actions: actions ?? ActionLog(), actionsFile: options.actions ?? "actions")
    }

    /// Built-in scene number `number` (1 wipe, 2 ship, 3 reveal), or nil when it cannot be made.
    static func makeBuiltInScene(number: Int, resolve: @escaping Resolver) -> FrameSource? {
        guard BuiltInScenes.names.indices.contains(number - 1) else { return nil }
        let name = BuiltInScenes.names[number - 1]
        return try? SceneSource(resolve: { try resolve(name) })
    }
}
