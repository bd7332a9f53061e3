import Compositor
import Foundation
import LayerKit
import LayerscopeTestSupport
import Raster
import Scenes
import Testing

@testable import Viewer

/// The window tells the truth: whatever the user does — play, pause, scrub, step, speed, replay,
/// loop, the scene's actions, easing edits, reloads — the picture the viewer session draws at media
/// time T equals the picture a fresh, independent replay of the same scene and the session's action
/// log draws at T, pixel for pixel. Seeded random sequences of user steps are run through a headless
/// session (no X server) over the bundled scenes and scenes written for this test; after every step
/// the two pictures are compared, and a failure is shrunk to the shortest sequence that still shows it.
///
/// `TRUTH_STEPS` (steps per scene, default 120) and `TRUTH_SEED` (default 23) set the run; the long
/// run is `TRUTH_STEPS=20000 swift test -c release -Xswiftc -enable-testing --filter ReplayTruthTests`.
@Suite(.serialized) struct ReplayTruthTests {
    static var steps: Int { ProcessInfo.processInfo.environment["TRUTH_STEPS"].flatMap(Int.init) ?? 120 }
    static var seed: UInt64 { ProcessInfo.processInfo.environment["TRUTH_SEED"].flatMap(UInt64.init) ?? 23 }

    @Test(arguments: TruthScene.all.map(\.name))
    func randomSessionsShowWhatAReplayDraws(scene name: String) throws {
        let scene = try #require(TruthScene.all.first { $0.name == name })
        var rng = SeededGenerator(seed: name.utf8.reduce(Self.seed) { $0 &* 31 &+ UInt64($1) })
        let sequence = (0..<Self.steps).map { _ in UserStep.random(&rng, scene: scene) }
        guard let failure = try TruthRun.firstFailure(of: sequence, on: scene) else { return }
        let shortest = try TruthRun.shrink(sequence, on: scene)
        Issue.record(
            """
            \(name): the window and the replay differ after step \(failure.index + 1): \(failure.reason)
            shortest sequence that shows it (\(shortest.count) steps):
            \(shortest.map { "  \($0)" }.joined(separator: "\n"))
            """)
    }

    /// The issue's own case, written out: the ship paused at 1 s and clicked at 1.9 s is turned as
    /// `render --at 1.9` turns it, and a frame step and a scrub back agree too.
    @Test func theShipPausedThenScrubbedShowsTheRenderedFrame() throws {
        let ship = try #require(TruthScene.all.first { $0.name == "ship" })
        let steps: [UserStep] = [.play(1), .togglePause, .scrub(1.9), .step(1), .scrub(0.3), .togglePause, .play(0.5)]
        #expect(try TruthRun.firstFailure(of: steps, on: ship) == nil)
    }

    /// The check catches what it exists for: a session whose paused scrub moved the root's timeOffset
    /// without replaying (the old viewer's way) differs from the replay, and the sequence shrinks.
    @Test func theCheckFailsWhenAPausedScrubIsNotAReplay() throws {
        let ship = try #require(TruthScene.all.first { $0.name == "ship" })
        let steps: [UserStep] = [.play(0.5), .togglePause, .corruptRootTime(0.3), .play(0.1)]
        let failure = try #require(try TruthRun.firstFailure(of: steps, on: ship))
        #expect(failure.index == 2)
        #expect(try TruthRun.shrink(steps, on: ship).count <= 3)
    }
}

/// A scene the truth test plays, small enough to draw thousands of frames in a debug build.
struct TruthScene {
    let name: String
    let make: ScenePlayer.Maker
    /// The scene's actions beyond start and stop.
    let actions: [ViewerCommand]
    /// How long its interesting part lasts (scrubs land up to a second past it).
    let length: Double
    /// The part of the scene drawn (its top-left corner), when not the whole.
    var pictureSize: (width: Int, height: Int)? = nil

    static let small = CGSize(width: 96, height: 54)

    /// A built-in scene at the small size, with plain pictures.
    static func builtIn(_ name: String, actions: [ViewerCommand] = [], length: Double) -> TruthScene {
        let picture = Bitmap(width: 8, height: 6)
        picture.fill(0xFF40_80C0)
        let ship = Bitmap(width: 4, height: 4)
        ship.fill(0xFFFF_FFFF)
        return TruthScene(
            name: name,
            make: {
                try BuiltInScenes.make(name: name, size: small, images: SceneImages(a: picture, b: ship, ship: ship))
            }, actions: actions, length: length)
    }

    /// A bundled scene file, drawn at a quarter of its size: its root is scaled about its top-left
    /// corner (the same for the session and the replay, since the maker does it).
    static func bundled(_ file: String, length: Double) -> TruthScene {
        let url = BundledScenes.folder.appendingPathComponent(file)
        return TruthScene(
            name: file,
            make: {
                let scene = try SceneLoader.loadFile(url.path)
                let root = scene.rootLayer
                root.anchorPoint = .zero
                root.position = .zero
                root.sublayerTransform = CATransform3DMakeScale(0.25, 0.25, 1)
                return scene
            }, actions: [], length: length, pictureSize: (320, 180))
    }

    /// A scene file written for the test.
    static func file(_ name: String, _ json: String, length: Double) -> TruthScene {
        TruthScene(
            name: name,
            make: {
                let document = try SceneFile.decode(
                    Data(json.utf8), fileName: name, baseURL: FileManager.default.temporaryDirectory)
                return FileScene(document: document, images: [:])
            }, actions: [], length: length)
    }

    /// A `SceneScript` of this test target.
    static func script(_ name: String, _ type: SceneScript.Type, length: Double) -> TruthScene {
        let actions = type.init().actions.filter { !["start", "stop"].contains($0) }.map { ViewerCommand.action($0) }
        return TruthScene(
            name: name, make: { ScriptScene(name: name, script: type.init(), size: small) }, actions: actions,
            length: length)
    }

    static var all: [TruthScene] {
        [
            builtIn("wipe", length: 4), builtIn("ship", length: 3.5),
            builtIn("reveal", actions: [.push, .pop], length: 5),
            bundled("timeline.json", length: 6), bundled("spinner.json", length: 3), bundled("emitter.json", length: 3),
            bundled("transition.json", length: 6), bundled("spring.json", length: 3),
            file("timing.json", TruthFiles.timing, length: 5),
            script("links", DisplayLinkScript.self, length: 3),
            script("chains", ChainScript.self, length: 4),
        ]
    }
}

/// The bundled scene files' folder.
enum BundledScenes {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("assets/scenes")
}

/// Scene files written for the test: the timing rules that are easy to get wrong in a replay.
enum TruthFiles {
    /// A group whose child outlasts it, a layer paused and resumed by the timeline, a `timeOffset` that
    /// wraps, a negative speed, an endless repeat, and a `set` of a layer's speed without compensation.
    static let timing = """
        { "size": [96, 54], "layers": [ { "name": "root", "frame": [0, 0, 96, 54], "backgroundColor": "#101020",
          "sublayers": [
            { "name": "a", "frame": [4, 4, 12, 12], "backgroundColor": "#ff4040" },
            { "name": "b", "frame": [4, 20, 12, 12], "backgroundColor": "#40ff40" },
            { "name": "c", "frame": [4, 36, 12, 12], "backgroundColor": "#4040ff", "speed": 1.5 },
            { "name": "d", "kind": "shape", "frame": [40, 4, 40, 40], "path": { "oval": [0, 0, 40, 40] },
              "fillColor": null, "strokeColor": "#ffffff", "lineWidth": 4 } ] } ],
          "timeline": [
            { "at": 0, "add": { "layer": "a", "key": "group", "animation": { "kind": "group", "duration": 1.5,
                "repeatCount": 2, "animations": [
                  { "kind": "basic", "keyPath": "position.x", "fromValue": 10, "toValue": 80, "duration": 2 },
                  { "kind": "basic", "keyPath": "opacity", "fromValue": 1, "toValue": 0.2, "duration": 1 } ] } } },
            { "at": 0.2, "add": { "layer": "b", "key": "wrap", "animation": { "kind": "basic", "keyPath": "position.x",
                "fromValue": 10, "toValue": 80, "duration": 1, "timeOffset": 0.6, "autoreverses": true, "repeatCount": "inf",
                "timingFunction": "easeInEaseOut" } } },
            { "at": 0.5, "add": { "layer": "c", "key": "back", "animation": { "kind": "basic", "keyPath": "position.x",
                "fromValue": 10, "toValue": 80, "duration": 1, "speed": -1, "timeOffset": 1, "fillMode": "both",
                "removedOnCompletion": false } } },
            { "at": 0, "add": { "layer": "d", "key": "draw", "animation": { "kind": "keyframe", "keyPath": "strokeEnd",
                "values": [0, 0.3, 1], "keyTimes": [0, 0.7, 1], "duration": 2, "repeatCount": "inf" } } },
            { "at": 1.0, "pause": "b" },
            { "at": 1.8, "resume": "b" },
            { "at": 2.5, "set": { "layer": "c", "speed": 0.5 } },
            { "at": 3.0, "remove": { "layer": "a" } }
          ] }
        """
}

/// A Swift scene moved by a display link: a layer that crawls 1 point a tick, wrapping, and a colour
/// that follows the link's timestamp; `jump` moves it by hand.
final class DisplayLinkScript: SceneScript {
    let crawler = CALayer()
    var link: CADisplayLink?
    required init() {}

    func setUp(root: CALayer) {
        root.backgroundColor = UIColor.black.cgColor
        crawler.name = "crawler"
        crawler.frame = CGRect(x: 0, y: 20, width: 10, height: 10)
        crawler.backgroundColor = UIColor.white.cgColor
        root.addSublayer(crawler)
        start()
    }

    var actions: [String] { ["start", "stop", "jump"] }

    func perform(_ action: String) {
        switch action {
        case "start": start()
        case "stop":
            link?.invalidate()
            link = nil
        case "jump": crawler.position.y = crawler.position.y == 25 ? 40 : 25
        default: break
        }
    }

    func start() {
        guard link == nil else { return }
        let link = CADisplayLink { [crawler] link in
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            crawler.position.x = (crawler.position.x + 1).truncatingRemainder(dividingBy: 96)
            let phase = CGFloat(link.timestamp.truncatingRemainder(dividingBy: 1))
            crawler.backgroundColor = UIColor(red: phase, green: 1 - phase, blue: 0.5, alpha: 1).cgColor
            CATransaction.commit()
        }
        link.add(to: .main, forMode: .common)
        self.link = link
    }
}

/// A Swift scene of chained animations: each fade's delegate starts the next one at its end, a
/// transaction's completion block moves a layer, and `bump` changes a shown layer (an implicit
/// animation). Its `setUp` and `perform` are shaped like `DisplayLinkScript`'s on purpose: each is a whole
/// scene as a user writes one, with its own layers and actions.
final class ChainScript: SceneScript, CAAnimationDelegate {
    let box = CALayer()
    let marker = CALayer()
    var fades = 0
    required init() {}

    func setUp(root: CALayer) {
        root.backgroundColor = UIColor.darkGray.cgColor
        box.name = "box"
        box.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        box.backgroundColor = UIColor.orange.cgColor
        marker.name = "marker"
        marker.frame = CGRect(x: 60, y: 30, width: 8, height: 8)
        marker.backgroundColor = UIColor.cyan.cgColor
        root.addSublayer(box)
        root.addSublayer(marker)
        fade()
    }

    var actions: [String] { ["start", "stop", "bump"] }

    func perform(_ action: String) {
        switch action {
        case "start": fade()
        case "stop": box.removeAllAnimations()
        case "bump": marker.position.x = marker.position.x > 60 ? 40 : 80
        default: break
        }
    }

    func fade() {
        fades += 1
        CATransaction.begin()
        CATransaction.setCompletionBlock { [marker] in
            CATransaction.setDisableActions(true)
            marker.position.y = marker.position.y > 30 ? 20 : 44
        }
        let animation = CABasicAnimation(keyPath: fades % 2 == 0 ? "opacity" : "position.x")
        animation.fromValue = fades % 2 == 0 ? 1 : 20
        animation.toValue = fades % 2 == 0 ? 0.2 : 70
        animation.duration = 0.7
        animation.delegate = self
        box.add(animation, forKey: "fade")
        CATransaction.commit()
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        if flag, fades < 6 { fade() }
    }
}

/// One thing a user does, as the random sequences draw them.
enum UserStep: CustomStringConvertible, Equatable {
    /// Frames drawn over this many seconds of host time (a frame every 1/60 s to 1/6 s).
    case play(Double)
    case togglePause
    /// A click on the timeline's axis at this scene time.
    case scrub(Double)
    /// One frame forward or back (pausing first, as the transport's buttons do).
    case step(Int)
    case faster
    case slower
    /// Home: back to scene time 0, playing.
    case replay
    case toggleLoop
    case command(ViewerCommand)
    /// An easing edit of the newest named animation's curve: P1 and P2's y.
    case edit(Double, Double)
    case reload
    /// Not a user step: moves the root's timeOffset by this much without replaying, as the old viewer
    /// scrubbed a paused tree (the test that the check can fail).
    case corruptRootTime(Double)

    var description: String {
        switch self {
        case .play(let s): String(format: "play %.3f s", s)
        case .togglePause: "pause/resume"
        case .scrub(let t): String(format: "scrub to %.3f s", t)
        case .step(let n): n > 0 ? "frame forward" : "frame back"
        case .faster: "faster"
        case .slower: "slower"
        case .replay: "replay"
        case .toggleLoop: "loop on/off"
        case .command(let command): command.logName
        case .edit(let a, let b): String(format: "easing edit y1 %.2f y2 %.2f", a, b)
        case .reload: "reload"
        case .corruptRootTime(let d): "move the root's timeOffset by \(d)"
        }
    }

    /// A step drawn with weights that keep the time moving most of the time.
    static func random(_ rng: inout SeededGenerator, scene: TruthScene) -> UserStep {
        let commands: [ViewerCommand] = [.start, .stop] + scene.actions
        switch rng.below(100) {
        case 0..<34: return .play(Double(1 + rng.below(30)) / 60)
        case 34..<46: return .togglePause
        case 46..<58: return .scrub((rng.unit() * (scene.length + 1) * 1000).rounded() / 1000)
        case 58..<68: return .step(rng.below(2) == 0 ? 1 : -1)
        case 68..<71: return .faster
        case 71..<74: return .slower
        case 74..<77: return .replay
        case 77..<79: return .toggleLoop
        case 79..<92: return .command(commands[rng.below(commands.count)])
        case 92..<97: return .edit(Double(rng.below(21)) / 10 - 0.5, Double(rng.below(21)) / 10 - 0.5)
        default: return .reload
        }
    }
}

/// A headless viewer session driven through a sequence of user steps, checked against replays.
final class TruthRun {
    let session: ViewerSession
    let source: SceneSource
    let scene: TruthScene
    let window: Bitmap
    var host = 100.0

    init(_ scene: TruthScene) throws {
        self.scene = scene
        source = try SceneSource(resolve: { [make = scene.make] in make }, pictureSize: scene.pictureSize)
        var options = ViewerOptions(scene: scene.name)
        options.noHUD = true
        session = ViewerSession(
            source: source, options: options, hostTime: host, text: nil, makeScene: { _ in nil }, log: { _ in })
        window = Bitmap(width: source.width, height: source.height)
        session.layout(width: source.width, height: source.height)
    }

    /// Carries out `step` as the viewer would.
    func apply(_ step: UserStep) {
        switch step {
        case .play(let seconds):
            let frames = max(1, Int((seconds * 20).rounded()))
            for _ in 0..<frames {
                host += seconds / Double(frames)
                _ = draw()
            }
        case .togglePause: session.perform(.pauseResume, origin: "test", hostTime: host)
        case .scrub(let t): session.seek(toSceneTime: t, hostTime: host)
        case .step(let n):
            if !session.clock.isPaused { session.perform(.pauseResume, origin: "test", hostTime: host) }
            session.perform(n > 0 ? .stepForward : .stepBackward, origin: "test", hostTime: host)
        case .faster: session.perform(.faster, origin: "test", hostTime: host)
        case .slower: session.perform(.slower, origin: "test", hostTime: host)
        case .replay: session.perform(.replay, origin: "test", hostTime: host)
        case .toggleLoop: session.perform(.toggleLoop, origin: "test", hostTime: host)
        case .command(let command): session.perform(command, origin: "test", hostTime: host)
        case .edit(let y1, let y2):
            _ = draw()
            guard let root = source.rootLayer,
                let sampler = AnimationSampler.samplers(in: root).last(where: {
                    $0.facts.key != nil && $0.facts.layerName != nil && $0.facts.spring == nil
                }),
                let key = sampler.facts.key, let layer = sampler.facts.layerName
            else { return }
            source.retime(TimingEdit(layerName: layer, key: key, segment: nil, controlPoints: [0.3, y1, 0.7, y2]))
        case .reload: session.reloadSceneFile()
        case .corruptRootTime(let delta):
            _ = draw()
            if let root = source.rootLayer {
                root.engine.perform { root.timeOffset += delta }
                CAEngine.step(root)
            }
        }
    }

    /// The window as the session draws it now.
    func draw() -> Bitmap {
        session.draw(into: window, hostTime: host, figures: HUDFigures(), dropped: 0)
        return window
    }

    /// Nil when the window equals a fresh replay of the scene and the session's log at the time shown;
    /// else where and how they differ.
    func check() throws -> String? {
        let shown = draw()
        let replay = try ScenePlayer(make: scene.make, log: source.actionLog)
        replay.show(source.shownTime)
        let expected = Bitmap(width: shown.width, height: shown.height)
        Compositor(cores: 1).render(replay.scene.rootLayer, into: expected)
        for y in 0..<shown.height {
            for x in 0..<shown.width where shown[x, y] != expected[x, y] {
                return String(
                    format: "at media time %.6f, pixel %d,%d is %08X in the window and %08X in the replay (log: %@)",
                    source.shownTime, x, y, shown[x, y], expected[x, y], source.actionLog.json)
            }
        }
        return nil
    }

    /// The first step after which the window and the replay differ, and how.
    static func firstFailure(of steps: [UserStep], on scene: TruthScene) throws -> (index: Int, reason: String)? {
        let run = try TruthRun(scene)
        if let reason = try run.check() { return (-1, reason) }
        for (index, step) in steps.enumerated() {
            run.apply(step)
            if let reason = try run.check() { return (index, reason) }
        }
        return nil
    }

    /// The shortest sequence found (by removing steps, chunks first) that still fails.
    static func shrink(_ steps: [UserStep], on scene: TruthScene) throws -> [UserStep] {
        guard let first = try firstFailure(of: steps, on: scene) else { return steps }
        var current = Array(steps.prefix(first.index + 1))
        var chunk = max(1, current.count / 2)
        while chunk >= 1 {
            var start = 0
            while start < current.count {
                var candidate = current
                candidate.removeSubrange(start..<min(current.count, start + chunk))
                if let failure = try firstFailure(of: candidate, on: scene) {
                    current = Array(candidate.prefix(failure.index + 1))
                } else {
                    start += chunk
                }
            }
            chunk /= 2
        }
        return current
    }
}
