import Compositor
import LayerKit
import Raster
import Scenes

/// A `Scene` drawn by the Compositor and played by a `ScenePlayer`: the viewer's playback clock decides
/// the media time shown, and the player brings the scene there, so the picture at media time T is the
/// one `render --actions LOG --at T` draws from the player's action log, whatever navigation led there.
///
/// Pausing is the scene's own pause, logged: Apple's QA1673 recipe on the root layer (speed 0,
/// timeOffset at its local time), as an app on the device pauses, so code that looks at the layer's
/// speed (seed 000's completion block) sees a paused tree. A frame step or a scrub while paused moves
/// the pause with the time shown (`ScenePlayer.show`).
///
/// A Swift scene (`codeFile`, its file) is compiled by `resolve` before it is made, and each piece of its code
/// is run first in a forked copy (`TrapProbe`): making it and playing it to a second past its natural
/// length, a reload with the user's actions replayed and the playback that follows, and each action
/// before it is performed. What traps or never returns there is reported and not run here. Going back
/// in time makes the same version of the scene again from what `resolve` read, and replays code that
/// already ran: nothing new to probe.
final class SceneSource: FrameSource {
    private let resolve: () throws -> ScenePlayer.Maker
    /// The Swift scene's file name, whose code is tried in a copy first (nil for other scenes).
    private let codeFile: String?
    private let player: ScenePlayer
    private let compositor = Compositor()
    var log: ((String) -> Void)? {
        didSet { connectLogs() }
    }

    /// The picture size asked for (`view --size`), which a scene file does not lay itself out for: its
    /// tree is drawn into a picture of that size, as `render --size` draws it. Nil: the scene's size.
    private let pictureSize: (width: Int, height: Int)?

    /// Plays the scene `resolve` prepares (again for a reload) for a picture of `pictureSize` (the
    /// scene's own size when nil), replaying `actions` (read from `actionsFile`); a Swift scene's code is
    /// tried in a copy of the process first.
    init(
        resolve: @escaping () throws -> ScenePlayer.Maker, codeFile: String? = nil,
        pictureSize: (width: Int, height: Int)? = nil, actions: ActionLog = ActionLog(), actionsFile: String = "actions"
    ) throws {
        self.resolve = resolve
        self.codeFile = codeFile
        self.pictureSize = pictureSize.map { (max(1, $0.width), max(1, $0.height)) }
        let maker = try resolve()
        if let codeFile {
            try TrapProbe.run("\(codeFile): setUp and the first seconds of playing") {
                guard let trial = try? ScenePlayer(make: maker, log: actions) else { return }
                Self.playAhead(trial)
            }
        }
        player = try ScenePlayer(make: maker, log: actions, logFile: actionsFile)
    }

    /// Plays the scenes `make` makes (the same version every time, a reload included).
    convenience init(make: @escaping ScenePlayer.Maker) throws {
        try self.init(resolve: { make })
    }

    var name: String { player.scene.name }
    var rootLayer: CALayer? { player.scene.rootLayer }
    var events: [SceneEvent] { player.events }
    var scheduledLength: Double? { player.scene.naturalDuration.isFinite ? player.scene.naturalDuration : nil }
    var actionLog: ActionLog { player.log }
    /// The media time shown.
    var shownTime: Double { player.time }
    var width: Int { pictureSize?.width ?? Int(player.scene.size.width.rounded()) }
    var height: Int { pictureSize?.height ?? Int(player.scene.size.height.rounded()) }

    func mediaTime(ofRootTime t: Double) -> Double? { player.mediaTime(ofRootTime: t) }

    var extraCommands: [ViewerCommand] {
        player.scene.actions.compactMap { action in
            switch action {
            case .push: .push
            case .pop: .pop
            case .named(let name): .action(name)
            default: nil
            }
        }
    }

    /// Logs the scene's lines and its engine's callbacks, each callback at the media time it happened.
    private func connectLogs() {
        player.sceneLog = { [weak self] line in self?.log?("scene: \(line)") }
        player.eventObserver = { [weak self] event in self?.log?(Self.describe(event)) }
    }

    /// A delegate callback as one log line, in `eval --events` form after `delegate`.
    static func describe(_ event: CAAnimationEvent) -> String {
        let time = String(format: "%.3f", event.mediaTime)
        let layer = event.layer.name ?? "layer"
        let key = event.key ?? "-"
        switch event.kind {
        case .didStart: return "delegate \(time) didStart \(layer) \(key)"
        case .didStop(let finished): return "delegate \(time) didStop \(layer) \(key) finished=\(finished)"
        }
    }

    func show(mediaTime: Double) { player.show(mediaTime) }

    func setPaused(_ paused: Bool) {
        guard paused != player.isPaused else { return }
        player.perform(.scene(paused ? .pause : .resume))
    }

    /// Logs an easing edit and gives the animation it names the new curve.
    func retime(_ edit: TimingEdit) { player.perform(.easing(edit)) }

    func forgetEdits(like edit: TimingEdit) { player.forgetEdits(like: edit) }

    /// The frame times at 30 frames per second from `start` to `end` (at most a minute of them).
    private static func frameTimes(from start: Double, to end: Double) -> [Double] {
        let count = Int(((min(end, start + 60) - start) * 30).rounded(.up))
        return count > 0 ? (1...count).map { start + Double($0) / 30 } : []
    }

    /// Plays `player` on from its time to a second after its scene's animations end (in a probe's copy).
    private static func playAhead(_ player: ScenePlayer) {
        let scene = player.scene
        let end = max(player.time, scene.naturalDuration, AnimationSpans.longest(in: scene.rootLayer) ?? 0) + 1
        for time in frameTimes(from: player.time, to: end) { player.show(time) }
    }

    /// Reads the scene again (its file changed) and shows it at the same time with the user's actions
    /// replayed. When it cannot be read or made, throws and the current scene stays as it was.
    func reload() throws {
        let maker = try resolve()
        if let codeFile {
            try TrapProbe.run("\(codeFile): the reloaded scene") { [player] in
                guard (try? player.reload(with: maker)) != nil else { return }
                Self.playAhead(player)
            }
        }
        try player.reload(with: maker)
    }

    /// Lets go of the tree (its animations, its display links) before the viewer switches scenes.
    func close() { player.close() }

    /// Makes the scene again, as a reload does, without logging again the callbacks of its replay.
    func reopen() {
        let log = self.log
        self.log = nil
        try? player.reload()
        self.log = log
    }

    var isIdle: Bool { player.isIdle }

    func draw(into bitmap: Bitmap, damageOnly: Bool) {
        compositor.render(player.scene.rootLayer, into: bitmap, damageOnly: damageOnly)
    }

    func drawChanges(into bitmap: Bitmap) -> PixelRect? {
        guard let changed = compositor.render(player.scene.rootLayer, into: bitmap, damageOnly: true).first else {
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
        if let codeFile {
            try TrapProbe.run("\(codeFile): the action \(action.name)") { [player] in
                player.perform(.scene(action))
                Self.playAhead(player)
            }
        }
        player.perform(.scene(action))
    }
}
