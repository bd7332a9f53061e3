import LayerKit

/// A user action a scene responds to (toolbar buttons, keys, timelines).
public enum SceneAction: Hashable, Sendable {
    case start
    case stop
    /// Pause or resume the whole tree (Apple's QA1673 recipe on the root layer).
    case pauseResume
    case push
    case pop
    /// One of a Swift scene's own actions, by the name it gave (a toolbar button of that title).
    case named(String)

    /// The action a Swift scene calls `name`: start, stop, push and pop are the viewer's own.
    public init(named name: String) {
        switch name {
        case "start": self = .start
        case "stop": self = .stop
        case "push": self = .push
        case "pop": self = .pop
        default: self = .named(name)
        }
    }

    /// The toolbar label.
    public var title: String {
        switch self {
        case .start: return "Start"
        case .stop: return "Stop"
        case .pauseResume: return "Pause/Resume"
        case .push: return "Push"
        case .pop: return "Pop"
        case .named(let name): return name
        }
    }
}

/// A layer tree with an autoplay timeline and user actions, driven by the engine's clock.
///
/// Time only moves forward through `advance(to:)`; when the engine's clock is a `ManualClock` the
/// scene sets it to each timeline action's exact time, otherwise (a monotonic clock) actions run at
/// the clock's current time.
public protocol Scene: AnyObject {
    var name: String { get }
    var size: CGSize { get }
    var rootLayer: CALayer { get }
    /// From 0 to the end of the last autoplay animation, at least 1 s.
    var naturalDuration: CFTimeInterval { get }
    /// The actions the toolbar offers, in order.
    var actions: [SceneAction] { get }
    /// Runs the autoplay actions due by `mediaTime` (each at its own time, after a frame step), then
    /// steps the engine at `mediaTime`.
    func advance(to mediaTime: CFTimeInterval)
    /// Applies a user action at the clock's current time, then steps so its callbacks are delivered.
    func perform(_ action: SceneAction)
    /// Scene-specific log lines (the ship's "The animation stopped (finished: NO)", …).
    var log: ((String) -> Void)? { get set }
    /// The autoplay timeline's actions at their media times, for the inspector's timeline.
    var events: [SceneEvent] { get }
}

extension Scene {
    /// A scene that does not tell its timeline shows no event marks.
    public var events: [SceneEvent] { [] }
}

/// Something a scene's timeline (or its user) did at a media time: `start`, `add wipe`, `pause root`.
public struct SceneEvent: Equatable, Sendable {
    public var time: Double
    public var label: String

    public init(time: Double, label: String) {
        self.time = time
        self.label = label
    }
}
