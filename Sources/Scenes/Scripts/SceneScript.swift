import LayerKit

/// A Swift scene: the user's own Core Animation code in one `.swift` file, which declares one class
/// conforming to this protocol. Layerscope compiles the file against its own modules and runs it like
/// any scene (`--scene FILE.swift`).
///
/// The scene is made at media time 0 on a manual clock: `setUp(root:)` builds the tree under `root`
/// (its bounds already the scene's size, `--size`, 1280×720 by default) and adds the animations that
/// play by themselves. `autoplay` lists actions to perform later; `actions` are what the toolbar and
/// keys offer, passed to `perform(_:)`.
public protocol SceneScript: AnyObject {
    /// Makes the scene; Layerscope calls it once per scene made (at launch, on a reload, on a replay).
    init()
    /// Builds the tree under `root` and adds the autoplay animations (media time 0).
    func setUp(root: CALayer)
    /// The actions the toolbar offers: "start" (s/Return), "stop" (x/BackSpace), "push", "pop", and
    /// others as buttons titled by their names. Pause/Resume is always there (QA1673 on `root`).
    var actions: [String] { get }
    /// Performs one of `actions` (or an `autoplay` cue) at the clock's current time.
    func perform(_ action: String)
    /// Actions performed by themselves at media times, after `setUp(root:)`.
    var autoplay: [SceneCue] { get }
}

extension SceneScript {
    public var actions: [String] { ["start", "stop"] }
    public func perform(_ action: String) {}
    public var autoplay: [SceneCue] { [] }
}

/// An action a Swift scene performs by itself at a media time.
public struct SceneCue: Sendable, Equatable {
    /// Media time in seconds.
    public let time: CFTimeInterval
    /// The name passed to `perform(_:)`.
    public let action: String

    /// The action `action` at media time `time`.
    public init(at time: CFTimeInterval, _ action: String) {
        self.time = time
        self.action = action
    }
}

/// What a compiled Swift scene hands to Layerscope: its `SceneScript` class, to make instances of.
public final class SceneScriptFactory {
    /// The scene's class.
    public let type: SceneScript.Type

    /// A factory of instances of `type`.
    public init(_ type: SceneScript.Type) {
        self.type = type
    }
}
