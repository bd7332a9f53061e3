import LayerKit

/// A `SceneScript` run as a `Scene`: a root layer of the scene's size, the script's `setUp(root:)` at
/// media time 0, its `autoplay` cues scheduled on the engine, and its actions. The built-in scenes are
/// scripts too (`BuiltInScenes`), and so is every Swift scene file.
public final class ScriptScene: Scene {
    /// The scene's name (its file's name without the extension).
    public let name: String
    /// The picture size in points.
    public let size: CGSize
    /// The root of the scene's layer tree.
    public let rootLayer: CALayer
    public let naturalDuration: CFTimeInterval
    public let actions: [SceneAction]
    /// Receives the script's `NSLog` lines (see `SceneLog`); without it they go to standard error.
    public var log: ((String) -> Void)? {
        didSet { SceneLog.setSink(log, on: rootLayer.engine) }
    }
    let script: SceneScript

    /// Makes the tree: `script.setUp(root:)` on a root of `size`, at the clock's current time (0), on
    /// the current engine (`LayerEngine.current`, bound by the caller's `perform`).
    public init(name: String, script: SceneScript, size: CGSize) {
        self.name = name
        self.size = size
        self.script = script
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        root.engine.screenSize = size  // what the script's `UIScreen.main.bounds` reads
        rootLayer = root
        script.setUp(root: root)
        let reserved: [SceneAction] = [.start, .stop, .pause, .resume]
        actions = script.actions.map(SceneAction.init(named:)).filter { !reserved.contains($0) }
        // The tree's animations as set up, and each cue's time plus the longest of them (a cue that
        // starts an animation again runs it about that long).
        let span = AnimationSpans.longest(in: root) ?? 0
        naturalDuration = max(1, span, (script.autoplay.map(\.time).max() ?? 0) + span)
        AutoplayTimeline.schedule(
            script.autoplay.map { cue in
                .init(time: cue.time, label: cue.action) { [unowned self] in
                    apply(SceneAction(named: cue.action))
                }
            }, on: root.engine)
    }

    /// Passes the action to the script by its name (`start`, `stop`, `push`, `pop` or its own).
    public func respond(to action: SceneAction) {
        script.perform(action.name)
    }
}
