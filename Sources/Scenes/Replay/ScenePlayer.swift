import LayerKit
import Supervision

/// The one owner of a scene's time and of what the user did to it: the scene, its action log and the
/// media time shown. Whatever led there, the tree at media time T is the tree a fresh player makes when
/// it replays the same log to T — the viewer shows it, and `render --actions`, `record` and `eval`
/// replay it — because there is one way to get there:
///
/// - The scene is made on an engine of its own, at media time 0, and every entry of the log is
///   scheduled on that engine at its time (`LayerEngine.schedule`), after the scene's own timeline.
/// - Showing a later time advances the engine (`LayerEngine.advance(_:to:)`), which runs what is due
///   in order, each action with the clock at its time. Showing an earlier time makes the scene again
///   and advances the new one to it. Entries after the time shown stay in the log, still to come.
/// - An action (`perform`) is logged at the time shown, after the entries already there, and run at once
///   exactly as a replay runs it: scheduled there, then the engine advanced to the same time.
/// - `pause` and `resume` are actions (QA1673 on the root layer). While the player is paused, showing
///   another time moves the pause with it: the pause is taken back where it was (its entry removed and
///   the root's timing put back, when nothing was done since; otherwise a `resume` is logged), and the
///   tree is paused again at the new time. So a paused scrub shows the frames a replay without the
///   pause shows, and actions done while paused keep their place.
/// - Easing edits are logged too, but are edits of the scene rather than events in it: every animation
///   their layer and key name gets the curve when it is added (`LayerEngine.didAddAnimation`), and the
///   one attached when the edit is made gets it then.
public final class ScenePlayer {
    /// Makes the scene, called inside its new engine's `perform` at media time 0.
    public typealias Maker = () throws -> Scene

    private var make: Maker
    /// The scene being shown.
    public private(set) var scene: Scene
    /// What the user did, at media times.
    public private(set) var log: ActionLog
    /// The media time shown.
    public private(set) var time: Double = 0
    /// The scene's own timeline as marks, read when it was made (the log's entries are not among them).
    public private(set) var sceneEvents: [SceneEvent] = []
    /// The player's own pause, while it is paused: its entry, whether anything was logged since, and the
    /// root's timing before it.
    private var pause: (index: Int, untouched: Bool, timing: RootTiming)?
    /// The log's easing edits, read by the hook that gives new animations their curves.
    private let edits = TimingEditBook()
    /// Whether the scene's engines stop at a frame's first request over `RenderBudget`.
    private let stopsAtBudgetExcess: Bool
    /// Receives the scene's log lines (not those of a replay that remakes the scene).
    public var sceneLog: ((String) -> Void)? {
        didSet { connect() }
    }
    /// Receives every delegate callback (not those of a replay that remakes the scene).
    public var eventObserver: ((CAAnimationEvent) -> Void)? {
        didSet { connect() }
    }

    /// A player of the scene `make` makes, with `log` to replay, showing media time 0. Throws what
    /// `make` throws, or an `ActionLogError`-style message when the log names an action the scene has
    /// not (`file` names the log in it). With `stopsAtBudgetExcess` the scene's engines stop making
    /// copies and particles at a frame's first request over `RenderBudget` (`LayerEngine`'s; commands
    /// refuse such frames).
    public init(
        make: @escaping Maker, log: ActionLog = ActionLog(), logFile: String = "actions",
        stopsAtBudgetExcess: Bool = false
    ) throws {
        self.stopsAtBudgetExcess = stopsAtBudgetExcess
        self.make = make
        self.log = log
        edits.edits = log.timingEdits
        (scene, sceneEvents) = try Self.build(make, log: log, edits: edits, stopsAtBudgetExcess: stopsAtBudgetExcess)
        try checkActions(of: log, file: logFile)
        connect()
    }

    /// False until the tree has been advanced to a time: the first `show` (or action) does it, so a sink
    /// connected after `init` still receives the callbacks of time 0.
    private var hasStarted = false

    /// Advances the tree to the time shown the first time it is needed.
    private func start() {
        guard !hasStarted else { return }
        hasStarted = true
        scene.advance(to: time)
    }

    /// Whether the player's own pause holds the tree.
    public var isPaused: Bool { pause != nil }

    /// The scene's timeline and the logged actions as marks on one time axis (easing edits aside).
    public var events: [SceneEvent] {
        sceneEvents
            + log.entries.compactMap { entry in
                if case .scene(let action) = entry.action { return SceneEvent(time: entry.time, label: action.name) }
                return nil
            }
    }

    /// Shows media time `t` (never before 0).
    public func show(_ t: Double) {
        let target = t.isNaN ? 0 : max(0, t)
        if WatchStatus.isWatched { WatchStatus.phase("playing \(scene.name) at \(String(format: "%.3f", target)) s") }
        if !hasStarted {
            time = target
            return start()
        }
        guard target != time else { return }
        guard let held = pause else { return move(to: target) }
        if held.untouched {
            // Take the pause back exactly: nothing was done since it, so the tree is as it was before.
            log.remove(at: held.index)
            pause = nil
            if target > time {
                held.timing.restore(on: scene.rootLayer)
                move(to: target)
            } else {
                rebuild(to: target)
            }
        } else {
            perform(.scene(.resume))
            move(to: target)
        }
        perform(.scene(.pause))
    }

    /// Logs `action` at the time shown and carries it out now. An easing edit replaces the curve it
    /// edits whole, so it takes the place of the earlier edits of that curve (a drag is one entry, and
    /// the log's order of time cannot put an older curve last).
    public func perform(_ action: ActionLog.Action) {
        start()
        if case .easing(let edit) = action {
            let kept = log.entries.filter { entry in
                if case .easing(let logged) = entry.action { return !logged.sameCurve(as: edit) }
                return true
            }
            if kept.count != log.entries.count { replaceEntries(with: kept) }
        }
        let index = log.insert(action, at: time)
        switch action {
        case .scene(.pause) where pause == nil:
            pause = (index, true, RootTiming(scene.rootLayer))
        case .scene(.resume):
            pause = nil
        case .scene:
            if let held = pause { pause = (held.index, false, held.timing) }
        case .easing:
            // An edit of the scene, not an event in it: the pause can still move. It went after the
            // pause (same time, later), so the pause's place is unchanged.
            break
        }
        switch action {
        case .scene(let sceneAction):
            let engine = scene.engine
            engine.perform {
                engine.schedule(at: time, label: sceneAction.name) { [weak scene] in scene?.apply(sceneAction) }
            }
            scene.advance(to: time)
        case .easing(let edit):
            edits.edits = log.timingEdits
            scene.engine.perform { _ = edit.apply(in: scene.rootLayer) }
            scene.advance(to: time)
        }
    }

    /// Puts `entries` in the log's place, keeping the player's own pause on its entry (a pause is at the
    /// time shown, the last pause logged there).
    private func replaceEntries(with entries: [ActionLog.Entry]) {
        log = ActionLog(entries)
        edits.edits = log.timingEdits
        guard let held = pause,
            let index = log.entries.lastIndex(where: { $0.action == .scene(.pause) && $0.time == time })
        else { return }
        pause = (index, held.untouched, held.timing)
    }

    /// Takes the easing edits of one curve (`edit`'s layer, key and interval) out of the log: the curve
    /// was written into the scene's file, which now holds it (a reload follows), so a later change of
    /// the file is not undone by the old edit. The tree is left as it is until then.
    public func forgetEdits(like edit: TimingEdit) {
        let kept = log.entries.filter { entry in
            if case .easing(let logged) = entry.action { return !logged.sameCurve(as: edit) }
            return true
        }
        if kept.count != log.entries.count { replaceEntries(with: kept) }
    }

    /// Makes the scene again with `make` (a changed file), the log replayed to the time shown, paused as
    /// before. When making it throws, nothing changes.
    public func reload(with newMaker: Maker? = nil) throws {
        let maker = newMaker ?? make
        let fresh = try Self.build(maker, log: log, edits: edits, stopsAtBudgetExcess: stopsAtBudgetExcess)
        make = maker
        replace(with: fresh)
        if hasStarted { scene.advance(to: time) }
        refreshPause()
        connect()
    }

    /// True when later times show the picture of the time shown (see `LayerEngine.isIdle(_:at:)`).
    public var isIdle: Bool { hasStarted && scene.engine.isIdle(scene.rootLayer, at: time) }

    /// The media time at which the root layer's local time is `t` (nil where none is): while the player
    /// pauses the tree, through the root's timing before the pause, so the times of what the pause holds
    /// stay where they were.
    public func mediaTime(ofRootTime t: Double) -> Double? {
        let timing = pause?.timing ?? RootTiming(scene.rootLayer)
        guard timing.speed != 0 else { return nil }
        let media = (t - timing.timeOffset) / Double(timing.speed) + timing.beginTime
        return media.isFinite ? media : nil
    }

    /// Lets go of the tree (before the viewer switches to another scene); `reload()` makes it again.
    public func close() {
        disconnect()
        release(scene)
    }

    /// The actions a log may name for this scene: the viewer's (start, stop, pause, resume) and the
    /// scene's own.
    public var knownActions: [SceneAction] { [.start, .stop, .pause, .resume] + scene.actions }

    // MARK: Making the scene

    /// The scene made on a new engine (a manual clock at 0), with the easing edits of `edits` applied
    /// to every animation added and the log's actions scheduled after the scene's own timeline; and the
    /// marks of that timeline alone.
    private static func build(_ make: Maker, log: ActionLog, edits: TimingEditBook, stopsAtBudgetExcess: Bool)
        throws -> (Scene, [SceneEvent])
    {
        let engine = LayerEngine(clock: ManualClock(now: 0))
        engine.stopsAtBudgetExcess = stopsAtBudgetExcess
        engine.didAddAnimation = { [edits] layer, key, _ in
            guard let key, let name = layer.name else { return }
            for edit in edits.edits where edit.layerName == name && edit.key == key { edit.apply(to: layer) }
        }
        return try engine.perform {
            let scene = try make()
            let own = scene.events
            for entry in log.entries {
                guard case .scene(let action) = entry.action else { continue }
                engine.schedule(at: entry.time, label: action.name) { [weak scene] in scene?.apply(action) }
            }
            return (scene, own)
        }
    }

    /// The scene made again and advanced to `target`, silently (its callbacks were logged the first time).
    private func rebuild(to target: Double) {
        guard let fresh = try? Self.build(make, log: log, edits: edits, stopsAtBudgetExcess: stopsAtBudgetExcess) else {
            return
        }
        replace(with: fresh)
        scene.advance(to: target)
        time = target
        refreshPause()
        connect()
    }

    /// Lets go of the current scene and shows `fresh` (not yet advanced).
    private func replace(with fresh: (Scene, [SceneEvent])) {
        disconnect()
        release(scene)
        (scene, sceneEvents) = fresh
    }

    /// Brings time forward (`advance`) or back (a rebuild) to `target`.
    private func move(to target: Double) {
        if target > time {
            scene.advance(to: target)
            time = target
        } else {
            rebuild(to: target)
        }
    }

    /// After a rebuild or reload: the pause in effect is the last pause or resume logged at or before the
    /// time shown, the player's own when it is a pause.
    private func refreshPause() {
        guard let held = pause else { return }
        pause = (held.index, false, held.timing)
    }

    /// Connects the sinks to the current scene and its engine.
    private func connect() {
        scene.log = sceneLog
        scene.engine.eventObserver = eventObserver
    }

    private func disconnect() {
        scene.log = nil
        scene.engine.eventObserver = nil
    }

    /// Lets go of a tree before it is dropped: every animation removed (an animation retains its
    /// delegate, as in Core Animation, and the seeds' delegates own the layers their animations run
    /// on, so a tree left with an animation in flight would keep itself, and its pictures, alive for
    /// ever), the removals delivered by one step on the tree's own engine (which also drops the root's
    /// frame cache), and its display links invalidated.
    private func release(_ old: Scene) {
        let engine = old.engine
        engine.perform {
            Self.removeAnimations(in: old.rootLayer)
            engine.step(old.rootLayer)
            Self.removeAnimations(in: old.rootLayer)
            engine.invalidateDisplayLinks()
        }
    }

    private static func removeAnimations(in layer: CALayer) {
        layer.removeAllAnimations()
        for child in (layer.sublayers ?? []) + (layer.mask.map { [$0] } ?? []) { removeAnimations(in: child) }
    }

    // MARK: Checking a log

    /// Throws when the log names a scene action the scene does not offer.
    private func checkActions(of log: ActionLog, file: String) throws {
        let known = knownActions
        for (index, entry) in log.entries.enumerated() {
            guard case .scene(let action) = entry.action, !known.contains(action), action != .push, action != .pop
            else { continue }
            throw ActionLogError(
                file: file, location: "actions[\(index)].action",
                message:
                    "the scene \(scene.name) has no action \"\(action.name)\" (its actions: \(known.map(\.name).joined(separator: ", ")))"
            )
        }
    }
}

extension TimingEdit {
    /// True when both edit the same curve of the same animation.
    func sameCurve(as other: TimingEdit) -> Bool {
        layerName == other.layerName && key == other.key && segment == other.segment
    }
}

/// The easing edits a player has logged, shared with the hook of each engine it makes.
final class TimingEditBook {
    var edits: [TimingEdit] = []
}

/// A root layer's timing, to put it back exactly.
struct RootTiming {
    let speed: Float
    let timeOffset: Double
    let beginTime: Double

    init(_ layer: CALayer) {
        speed = layer.speed
        timeOffset = layer.timeOffset
        beginTime = layer.beginTime
    }

    func restore(on layer: CALayer) {
        layer.engine.perform {
            layer.speed = speed
            layer.timeOffset = timeOffset
            layer.beginTime = beginTime
        }
    }
}
