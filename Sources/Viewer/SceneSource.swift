import Compositor
import LayerKit
import Raster
import Scenes

/// A `Scene` drawn by the Compositor, driven by a manual media clock: the viewer's playback clock
/// decides the media time and the scene's timeline and engine steps follow it. Going back in time
/// (a frame step back) rebuilds the scene and replays the user's actions up to that time, so every
/// frame is the one `render --at` would draw after the same actions.
///
/// Pausing is the scene's own pause: Apple's QA1673 recipe on the root layer (speed 0, timeOffset at
/// its local time), as an app on the device pauses, so code that looks at the layer's speed (seed
/// 000's completion block) sees a paused tree. While paused, a frame step or a scrub moves the root's
/// `timeOffset` by the same media time, so the tree shows that frame.
///
/// A Swift scene (`prepare` given) is compiled by `prepare` before it is made, and each piece of its
/// code is run first in a forked copy (`TrapProbe`): making it and playing it to a second past its
/// natural length, a reload with the user's actions replayed and the playback that follows, and each
/// action before it is performed. What traps or never returns there is reported and not run here.
final class SceneSource: FrameSource {
    private let makeScene: () throws -> Scene
    private let prepare: (() throws -> Void)?
    private var scene: Scene
    private let clock = ManualClock(now: 0)
    private let compositor = Compositor()
    private var shownTime = 0.0
    private var userActions: [(time: Double, action: SceneAction)] = []
    private var lastActionTime = 0.0
    /// Whether the user wants the tree paused.
    private var wantsPause = false
    /// While the tree is paused: the media time of the pause and the root's local time then.
    private var pauseAnchor: (mediaTime: Double, localTime: Double)?
    var log: ((String) -> Void)?

    /// The picture size asked for (`view --size`), which a scene file does not lay itself out for: its
    /// tree is drawn into a picture of that size, as `render --size` draws it. Nil: the scene's size.
    private let pictureSize: (width: Int, height: Int)?

    /// Makes the scene with `makeScene` (again after a backwards seek) on this thread's engine, for a
    /// picture of `pictureSize` (the scene's own size when nil); a Swift scene's `prepare` compiles it,
    /// and its code is tried in a copy of the process first.
    init(
        makeScene: @escaping () throws -> Scene, prepare: (() throws -> Void)? = nil,
        pictureSize: (width: Int, height: Int)? = nil
    ) throws {
        self.makeScene = makeScene
        self.prepare = prepare
        self.pictureSize = pictureSize.map { (max(1, $0.width), max(1, $0.height)) }
        CAEngine.reset()
        CAEngine.clock = clock
        if let prepare {
            try prepare()
            try TrapProbe.run("the scene") { [clock] in
                guard let scene = try? makeScene() else { return }
                for time in Self.frameTimes(from: 0, to: scene.naturalDuration + 1) {
                    clock.now = time
                    scene.advance(to: time)
                }
            }
        }
        scene = try makeScene()
        connectLogs()
        scene.advance(to: 0)
        remakeEvents()
    }

    var name: String { scene.name }
    var rootLayer: CALayer? { scene.rootLayer }
    /// The scene's timeline and the user's actions, remade when either changes.
    private(set) var events: [SceneEvent] = []

    func mediaTime(ofRootTime t: Double) -> Double? {
        if let anchor = pauseAnchor { return anchor.mediaTime + (t - anchor.localTime) }
        let root = scene.rootLayer
        guard root.speed != 0 else { return nil }
        let media = (t - root.timeOffset) / Double(root.speed) + root.beginTime
        return media.isFinite ? media : nil
    }

    /// Remakes `events`: the scene's timeline, then the user's actions (pause and resume by turns).
    private func remakeEvents() {
        var paused = false
        events =
            scene.events
            + userActions.map { entry in
                if entry.action == .pauseResume {
                    paused.toggle()
                    return SceneEvent(time: entry.time, label: paused ? "pause" : "resume")
                }
                return SceneEvent(time: entry.time, label: entry.action.title.lowercased())
            }
    }
    var width: Int { pictureSize?.width ?? Int(scene.size.width.rounded()) }
    var height: Int { pictureSize?.height ?? Int(scene.size.height.rounded()) }

    var extraCommands: [ViewerCommand] {
        scene.actions.compactMap { action in
            switch action {
            case .push: .push
            case .pop: .pop
            case .named(let name): .action(name)
            default: nil
            }
        }
    }

    /// Logs the scene's lines and its engine's callbacks (the engine the scene's tree belongs to).
    private func connectLogs() {
        scene.log = { [weak self] line in self?.log?("scene: \(line)") }
        scene.rootLayer.engine.eventObserver = { [weak self] event in
            guard let self else { return }
            log?(SceneSource.describe(event, at: mediaTime(of: event)))
        }
    }

    /// Stops logging the current scene's callbacks.
    private func disconnectLogs() {
        scene.rootLayer.engine.eventObserver = nil
    }

    /// `makeScene()` on a fresh engine on the viewer's clock, made this thread's current one, so the
    /// new tree starts with no transactions or callbacks of the old. The old tree keeps its own engine,
    /// so when making fails it plays on as before.
    private func makeSceneOnFreshEngine() throws -> Scene {
        CAEngine.reset()
        CAEngine.clock = clock
        return try makeScene()
    }

    /// The media time at which `event` happened. While the viewer pauses the tree (root at speed 0, its
    /// `timeOffset` following the clock through steps and scrubs) no media time maps to an event, so the
    /// engine dates it at the frame that found it, e.g. the end of a scrub; the root's local time of
    /// the event is where the paused tree reached it, which maps back through the pause's anchor. Kept
    /// within the interval the step covered.
    private func mediaTime(of event: CAAnimationEvent) -> Double {
        guard let anchor = pauseAnchor, let local = event.localTime,
            let rootLocal = event.layer.convertTime(local, toAncestor: scene.rootLayer)
        else { return event.mediaTime }
        let time = anchor.mediaTime + (rootLocal - anchor.localTime)
        guard time.isFinite else { return event.mediaTime }
        return min(max(time, min(shownTime, event.mediaTime)), event.mediaTime)
    }

    /// A delegate callback at media time `time` as one log line, in `eval --events` form after `delegate`.
    static func describe(_ event: CAAnimationEvent, at time: Double) -> String {
        let time = String(format: "%.3f", time)
        let layer = event.layer.name ?? "layer"
        let key = event.key ?? "-"
        switch event.kind {
        case .didStart: return "delegate \(time) didStart \(layer) \(key)"
        case .didStop(let finished): return "delegate \(time) didStop \(layer) \(key) finished=\(finished)"
        }
    }

    func show(mediaTime: Double) {
        if mediaTime < shownTime { rebuild(upTo: mediaTime) }
        advanceScene(to: mediaTime)
        shownTime = mediaTime
        if wantsPause && pauseAnchor == nil { record(.pauseResume) }
    }

    func setPaused(_ paused: Bool) {
        wantsPause = paused
        if paused != (pauseAnchor != nil) { record(.pauseResume) }
    }

    /// Brings the scene to `mediaTime`; a paused root's local time moves by the same amount.
    private func advanceScene(to mediaTime: Double) {
        if let anchor = pauseAnchor {
            let offset = anchor.localTime + (mediaTime - anchor.mediaTime)
            if scene.rootLayer.timeOffset != offset { scene.rootLayer.timeOffset = offset }
        }
        scene.advance(to: mediaTime)
    }

    /// Performs `action` on the scene at media time `time`, noting where a pause anchors the root.
    private func apply(_ action: SceneAction, at time: Double) {
        scene.perform(action)
        guard action == .pauseResume else { return }
        let root = scene.rootLayer
        pauseAnchor = LayerPause.isPaused(root) ? (time, root.timeOffset) : nil
    }

    /// Performs `action` now and remembers it for replays.
    private func record(_ action: SceneAction) {
        userActions.append((shownTime, action))
        lastActionTime = shownTime
        apply(action, at: shownTime)
        remakeEvents()
    }

    /// Makes the scene again (its file changed) and brings it to the shown time with the user's
    /// actions replayed. When making it fails, throws and the current scene stays as it was.
    func reload() throws {
        if let prepare {
            try prepare()
            try TrapProbe.run("the reloaded scene") { [self] in
                guard (try? reloadNow()) != nil else { return }
                playAhead()
            }
        }
        try reloadNow()
    }

    /// The times of the frames from `start` to `end` at 30 frames per second (at most a minute of them).
    private static func frameTimes(from start: Double, to end: Double) -> [Double] {
        let count = Int(((min(end, start + 60) - start) * 30).rounded(.up))
        return count > 0 ? (1...count).map { start + Double($0) / 30 } : []
    }

    /// Plays the scene on from the shown time to a second after its animations end (in a probe's copy).
    private func playAhead() {
        let end = max(shownTime, scene.naturalDuration, AnimationSpans.longest(in: scene.rootLayer) ?? 0) + 1
        for time in Self.frameTimes(from: shownTime, to: end) { advanceScene(to: time) }
    }

    /// The scene made again at media time 0 (a Swift scene adds its animations as it is made).
    private func reloadNow() throws {
        let shown = clock.now
        clock.now = 0
        let fresh: Scene
        do {
            fresh = try makeSceneOnFreshEngine()
        } catch {
            clock.now = shown
            throw error
        }
        releaseScene()
        scene = fresh
        pauseAnchor = nil
        for entry in userActions where entry.time <= shownTime {
            advanceScene(to: entry.time)
            apply(entry.action, at: entry.time)
        }
        connectLogs()
        advanceScene(to: shownTime)
        remakeEvents()
    }

    /// Releases the tree and resets the engine.
    func close() {
        releaseScene()
        CAEngine.reset()
    }

    /// Lets go of the current tree before it is dropped (closed, or replaced by a rebuild or a reload):
    /// its logs are disconnected and every animation is removed. An animation retains its delegate, as
    /// in Core Animation, and the seeds' delegates own the layers their animations run on (a completion
    /// block stored on the animation captures them too), so a tree left with an animation in flight
    /// would keep itself, and its pictures, alive for ever. The delegates are told `finished: NO` as on
    /// any removal (nothing is logged); the step that tells them (on the tree's own engine) also drops
    /// the root's frame cache, which holds the animations.
    private func releaseScene() {
        disconnectLogs()
        scene.log = nil
        Self.removeAnimations(in: scene.rootLayer)
        CAEngine.step(scene.rootLayer)
        Self.removeAnimations(in: scene.rootLayer)
    }

    /// Makes the scene again, as a reload does, without logging again the callbacks of its replay.
    func reopen() {
        let log = self.log
        self.log = nil
        try? reload()
        self.log = log
    }

    private static func removeAnimations(in layer: CALayer) {
        layer.removeAllAnimations()
        for child in (layer.sublayers ?? []) + (layer.mask.map { [$0] } ?? []) { removeAnimations(in: child) }
    }

    /// Makes the scene again and replays the user's actions up to `mediaTime` (a step back). A Swift
    /// scene is made from its file as it is now, so that is compiled and tried in a copy first; when
    /// it does not compile or would trap, the step back does nothing.
    private func rebuild(upTo mediaTime: Double) {
        if let prepare {
            guard (try? prepare()) != nil,
                (try? TrapProbe.run("the rebuilt scene") { [self] in
                    rebuildNow(upTo: mediaTime)
                    advanceScene(to: mediaTime)
                }) != nil
            else { return }
        }
        rebuildNow(upTo: mediaTime)
    }

    private func rebuildNow(upTo mediaTime: Double) {
        let shown = clock.now
        clock.now = 0
        guard let fresh = try? makeSceneOnFreshEngine() else {
            clock.now = shown
            return
        }
        releaseScene()
        scene = fresh
        pauseAnchor = nil
        let replayed = userActions.filter { $0.time <= mediaTime }
        userActions = replayed
        for entry in replayed {
            advanceScene(to: entry.time)
            apply(entry.action, at: entry.time)
        }
        connectLogs()
        remakeEvents()
    }

    var isIdle: Bool {
        guard let span = AnimationSpans.longest(in: scene.rootLayer) else { return false }
        return shownTime >= max(scene.naturalDuration, lastActionTime + span)
    }

    func draw(into bitmap: Bitmap, damageOnly: Bool) {
        compositor.render(scene.rootLayer, into: bitmap, damageOnly: damageOnly)
    }

    func drawChanges(into bitmap: Bitmap) -> PixelRect? {
        guard let changed = compositor.render(scene.rootLayer, into: bitmap, damageOnly: true).first else {
            return PixelRect(x: 0, y: 0, width: 0, height: 0)
        }
        return PixelRect(
            x: Int(changed.minX), y: Int(changed.minY), width: Int(changed.width), height: Int(changed.height))
    }

    /// Performs the command's action; a Swift scene's is tried in a copy first and throws when it traps.
    func perform(_ command: ViewerCommand) throws {
        let action: SceneAction
        switch command {
        case .start: action = .start
        case .stop: action = .stop
        case .push: action = .push
        case .pop: action = .pop
        case .action(let name): action = .named(name)
        default: return
        }
        if prepare != nil {
            try TrapProbe.run("the scene's \(command.logName)") { [self] in
                record(action)
                playAhead()
            }
        }
        record(action)
    }
}
