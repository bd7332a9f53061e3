/// Makes the frame source the options name.
enum SourceFactory {
    /// The default picture size of built-in scenes.
    static let defaultWidth = 1280
    static let defaultHeight = 720

    /// The source for `options.scene`.
    static func makeSource(options: ViewerOptions) throws -> FrameSource {
        let width = options.width ?? defaultWidth
        let height = options.height ?? defaultHeight
        if options.scene == TestPattern.sceneName { return TestPattern(width: width, height: height) }
        throw ViewerSetupError(
            description: "unknown scene \"\(options.scene)\" (the viewer shows: \(TestPattern.sceneName))")
    }

    /// Built-in scene number `number` (1 wipe, 2 ship, 3 reveal), or nil when it cannot be made.
    static func makeBuiltInScene(number: Int, options: ViewerOptions) -> FrameSource? {
        nil
    }
}
