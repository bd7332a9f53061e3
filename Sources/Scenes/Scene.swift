import LayerKit

/// A user action a scene responds to (toolbar buttons, keys, action logs, timelines).
public enum SceneAction: Hashable, Sendable {
    /// Start the scene's animations (s, Return, the Start button).
    case start
    /// Stop them (x, BackSpace, the Stop button).
    case stop
    /// A navigation push (the reveal scene's circle grows).
    case push
    /// A navigation pop (the push played back).
    case pop
    /// Pauses the whole tree: Apple's QA1673 recipe on the root layer (nothing when already paused).
    case pause
    /// Resumes a paused tree: QA1673's second half (nothing when not paused).
    case resume
    /// One of a Swift scene's own actions, by the name it gave (a toolbar button of that title).
    case named(String)

    /// The action called `name`: `start`, `stop`, `push`, `pop`, `pause` and `resume` are the viewer's
    /// own; any other name is a scene's own action.
    public init(named name: String) {
        switch name {
        case "start": self = .start
        case "stop": self = .stop
        case "push": self = .push
        case "pop": self = .pop
        case "pause": self = .pause
        case "resume": self = .resume
        default: self = .named(name)
        }
    }

    /// The name action logs and `SceneScript.perform(_:)` use: `start`, `pause`, or the scene's own.
    public var name: String {
        switch self {
        case .start: "start"
        case .stop: "stop"
        case .push: "push"
        case .pop: "pop"
        case .pause: "pause"
        case .resume: "resume"
        case .named(let name): name
        }
    }

    /// The toolbar label.
    public var title: String {
        switch self {
        case .start: "Start"
        case .stop: "Stop"
        case .push: "Push"
        case .pop: "Pop"
        case .pause: "Pause"
        case .resume: "Resume"
        case .named(let name): name
        }
    }
}

/// A layer tree and the actions scheduled on its engine: the scene's own timeline (its autoplay) is
/// scheduled when the scene is made, and user actions are scheduled as they happen, so one function
/// of the engine (`LayerEngine.advance(_:to:)`) decides when everything runs.
///
/// A scene is made inside its engine's `perform { … }` at media time 0 (the engine's clock a
/// `ManualClock`), so its layers belong to that engine and its timeline is scheduled there.
public protocol Scene: AnyObject {
    /// The scene's name, shown in the window's title and the HUD.
    var name: String { get }
    /// The picture size in points.
    var size: CGSize { get }
    /// The root of the scene's layer tree.
    var rootLayer: CALayer { get }
    /// From 0 to the end of the last autoplay animation, at least 1 s.
    var naturalDuration: CFTimeInterval { get }
    /// The actions the toolbar offers beyond start, stop and pause/resume, in order.
    var actions: [SceneAction] { get }
    /// What the scene itself does for `action` (start, stop, push, pop or its own; pause and resume are
    /// the same for every scene and never reach it), run by the engine in a batch of its own: a frame
    /// step before and after it.
    func respond(to action: SceneAction)
    /// Scene-specific log lines (the ship's "The animation stopped (finished: NO)", …).
    var log: ((String) -> Void)? { get set }
}

extension Scene {
    /// The engine the scene's tree belongs to.
    public var engine: LayerEngine { rootLayer.engine }

    /// Runs the actions due by `mediaTime` and steps the tree there (`LayerEngine.advance(_:to:)`).
    public func advance(to mediaTime: CFTimeInterval) { engine.advance(rootLayer, to: mediaTime) }

    /// Carries out `action` at the engine's current time: scheduled there and run at once, with a frame
    /// step before and after it, as an action of an action log is run on replay.
    public func perform(_ action: SceneAction) {
        let now = engine.clock.now
        engine.schedule(at: now, label: action.name) { [unowned self] in apply(action) }
        advance(to: now)
    }

    /// Pause and resume (QA1673 on the root), or the scene's own response.
    func apply(_ action: SceneAction) {
        switch action {
        case .pause: if !LayerPause.isPaused(rootLayer) { LayerPause.pause(rootLayer) }
        case .resume: if LayerPause.isPaused(rootLayer) { LayerPause.resume(rootLayer) }
        default: respond(to: action)
        }
    }

    /// The actions scheduled on the scene's engine (its timeline, and what was performed), as marks.
    public var events: [SceneEvent] {
        engine.scheduledEntries.flatMap { entry in entry.labels.map { SceneEvent(time: entry.time, label: $0) } }
    }
}

/// Something a scene's timeline (or its user) did at a media time: `start`, `add wipe`, `pause root`.
public struct SceneEvent: Equatable, Sendable {
    /// The media time of the event, in seconds.
    public var time: Double
    /// What happened, as the timeline's event lane shows it.
    public var label: String

    /// An event `label` at `time`. Alike `CrashFrame`'s init (SourceLines.swift) on purpose: each stores its fields.
    public init(time: Double, label: String) {
        self.time = time
        self.label = label
    }
}
