import LayerKit

/// A Swift scene's `SceneScript` run as a `Scene`: a root layer of the scene's size, the script's
/// `setUp(root:)` at media time 0, its `autoplay` cues as the autoplay timeline, and its actions
/// (pause/resume is QA1673 on the root, as for every scene).
public final class ScriptScene: Scene {
    public let name: String
    public let size: CGSize
    public let rootLayer: CALayer
    public let naturalDuration: CFTimeInterval
    public let actions: [SceneAction]
    public var log: ((String) -> Void)?
    public var events: [SceneEvent] { timeline.events }
    private let script: SceneScript
    private lazy var timeline = AutoplayTimeline(
        script.autoplay.map { cue in
            .init(time: cue.time, label: cue.action) { [unowned self] in self.perform(SceneAction(named: cue.action)) }
        })

    /// Makes the tree: `script.setUp(root:)` on a root of `size`, at the clock's current time (0).
    public init(name: String, script: SceneScript, size: CGSize) {
        self.name = name
        self.size = size
        self.script = script
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        root.engine.screenSize = size  // what the script's `UIScreen.main.bounds` reads
        script.setUp(root: root)
        rootLayer = root
        var offered = script.actions.map(SceneAction.init(named:))
        offered.insert(.pauseResume, at: offered.firstIndex { ![.start, .stop].contains($0) } ?? offered.count)
        actions = offered
        // The tree's animations as set up, and each cue's time plus the longest of them (a cue that
        // starts an animation again runs it about that long).
        let span = AnimationSpans.longest(in: root) ?? 0
        naturalDuration = max(1, span, (script.autoplay.map(\.time).max() ?? 0) + span)
    }

    public func advance(to mediaTime: CFTimeInterval) { timeline.advance(rootLayer, to: mediaTime) }

    /// Steps the engine, performs `action` (pause/resume on the root, the rest by the script), steps again.
    public func perform(_ action: SceneAction) {
        CAEngine.step(rootLayer)
        switch action {
        case .pauseResume: LayerPause.toggle(rootLayer)
        case .start: script.perform("start")
        case .stop: script.perform("stop")
        case .push: script.perform("push")
        case .pop: script.perform("pop")
        case .named(let name): script.perform(name)
        }
        CAEngine.step(rootLayer)
    }
}
