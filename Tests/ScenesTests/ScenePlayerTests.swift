import Foundation
import LayerKit
import Testing

@testable import Scenes

/// The player owns a scene's time and its action log: whatever was done, the tree at media time T is
/// the tree a fresh player replaying the same log draws at T.
@Suite struct ScenePlayerTests {
    static func ship() -> ScenePlayer.Maker {
        {
            try BuiltInScenes.make(
                name: "ship", size: CGSize(width: 640, height: 480), images: SceneImages(a: 0, b: 0, ship: 0))
        }
    }

    static func shipAngle(_ player: ScenePlayer) throws -> Double {
        let ship = try #require(LayerSearch.layer(named: "ship", in: player.scene.rootLayer))
        return try presentedNumber(ship, "transform.rotation")
    }

    /// A curve's control points (none for nil).
    static func points(_ curve: CAMediaTimingFunction?) -> [Double] {
        curve.map { [Double($0.c1.x), Double($0.c1.y), Double($0.c2.x), Double($0.c2.y)] } ?? []
    }

    /// A fresh player of the same scene replaying `log`, shown at `time`.
    static func replay(_ make: @escaping ScenePlayer.Maker, _ log: ActionLog, at time: Double) throws -> ScenePlayer {
        let fresh = try ScenePlayer(make: make, log: log)
        fresh.show(time)
        return fresh
    }

    /// The issue's first case: the ship paused at 1 s, then shown at 1.9 s, is turned as `render --at
    /// 1.9` turns it (the 1.5 s restart ran at 1.5 s, 0.4 s into its 2π in 2 s), and the pause moved
    /// with the time shown.
    @Test func aPausedScrubShowsTheFrameOfThatTime() throws {
        let player = try ScenePlayer(make: Self.ship())
        player.show(1)
        player.perform(.scene(.pause))
        player.show(1.9)
        #expect(abs(try Self.shipAngle(player) - 0.4 / 2 * 2 * .pi) < 1e-9)
        #expect(player.isPaused && LayerPause.isPaused(player.scene.rootLayer))
        #expect(player.log.entries == [.init(time: 1.9, action: .scene(.pause))])
        let unpaused = try Self.replay(Self.ship(), ActionLog(), at: 1.9)
        #expect(try Self.shipAngle(unpaused) == Self.shipAngle(player))
        // Back to 1.2 s while paused: the tree is made again, paused there.
        player.show(1.2)
        #expect(player.log.entries == [.init(time: 1.2, action: .scene(.pause))])
        #expect(LayerPause.isPaused(player.scene.rootLayer))
        #expect(try Self.shipAngle(player) == 0, "stopped at 1 s")
        player.perform(.scene(.resume))
        player.show(2.5)
        #expect(abs(try Self.shipAngle(player) - .pi) < 1e-9, "resumed where it was paused: no time lost")
        #expect(try Self.shipAngle(Self.replay(Self.ship(), player.log, at: 2.5)) == Self.shipAngle(player))
    }

    /// An action done while paused keeps its place: the pause is resumed where it was, then taken up
    /// again at the new time.
    @Test func actionsDoneWhilePausedStayWhereTheyWereDone() throws {
        let player = try ScenePlayer(make: Self.ship())
        player.show(0.5)
        player.perform(.scene(.pause))
        player.perform(.scene(.stop))
        player.show(0.8)
        #expect(
            player.log.entries.map { "\($0.action.name)@\($0.time)" } == [
                "pause@0.5", "stop@0.5", "resume@0.5", "pause@0.8",
            ])
        #expect(try Self.shipAngle(player) == 0)
        let fresh = try Self.replay(Self.ship(), player.log, at: 0.8)
        #expect(try Self.shipAngle(fresh) == 0 && LayerPause.isPaused(fresh.scene.rootLayer))
    }

    /// Going back in time keeps the log: an action after the time shown is still to come.
    @Test func actionsAfterTheTimeShownStayInTheLog() throws {
        let player = try ScenePlayer(make: Self.ship())
        player.show(0.5)
        player.perform(.scene(.stop))
        player.show(0.25)
        #expect(abs(try Self.shipAngle(player) - 0.25 * .pi) < 1e-9, "before the stop")
        player.show(0.75)
        #expect(try Self.shipAngle(player) == 0, "the stop at 0.5 s ran again")
        #expect(player.log.entries.map(\.action.name) == ["stop"])
    }

    /// A log written by one player, replayed by another, through every frame or in one jump, gives the
    /// same values; its callbacks come at the same media times.
    @Test func aReplayInOneJumpMatchesFrameByFramePlayback() throws {
        let live = try ScenePlayer(make: Self.ship())
        var liveStops: [Double] = []
        live.eventObserver = { if case .didStop = $0.kind { liveStops.append($0.mediaTime) } }
        for frame in 1...40 { live.show(Double(frame) / 37) }
        live.perform(.scene(.start))
        for frame in 41...150 { live.show(Double(frame) / 37) }
        let replayed = try ScenePlayer(make: Self.ship(), log: live.log)
        var replayedStops: [Double] = []
        replayed.eventObserver = { if case .didStop = $0.kind { replayedStops.append($0.mediaTime) } }
        replayed.show(150.0 / 37)
        #expect(try Self.shipAngle(replayed) == Self.shipAngle(live))
        #expect(replayedStops == liveStops && !liveStops.isEmpty)
    }

    /// An easing edit is an edit of the scene: a tree made again (a step back) gets it from the start.
    @Test func anEasingEditGoesToTreesMadeAgainAndADragIsOneEntry() throws {
        let player = try ScenePlayer(make: Self.ship())
        player.show(0.5)
        for y in [0.5, 0.8, 1.2] {
            player.perform(
                .easing(
                    TimingEdit(
                        layerName: "ship", key: "rotateAnimation", segment: nil, controlPoints: [0.42, 0, 0.58, y])))
        }
        #expect(player.log.entries.count == 1, "one entry for the drag")
        let curve = CAMediaTimingFunction(controlPoints: 0.42, 0, 0.58, 1.2)
        #expect(abs(try Self.shipAngle(player) - 2 * .pi * curve.solve(0.25)) < 1e-6)
        player.show(0.25)
        let rebuilt = try #require(LayerSearch.layer(named: "ship", in: player.scene.rootLayer))
        #expect(Self.points(rebuilt.animation(forKey: "rotateAnimation")?.timingFunction) == Self.points(curve))
        // The restart at 1.5 s adds a new animation under the same key: it gets the curve too.
        player.show(2)
        let again = try #require(LayerSearch.layer(named: "ship", in: player.scene.rootLayer))
        #expect(Self.points(again.animation(forKey: "rotateAnimation")?.timingFunction) == Self.points(curve))
        #expect(try Self.shipAngle(Self.replay(Self.ship(), player.log, at: 2)) == Self.shipAngle(player))
    }

    @Test func aLogNamingAnActionTheSceneHasNotIsAnError() {
        let log = ActionLog([.init(time: 1, action: .scene(.named("jump")))])
        #expect(throws: ActionLogError.self) { try ScenePlayer(make: Self.ship(), log: log, logFile: "bug.json") }
        do {
            _ = try ScenePlayer(make: Self.ship(), log: log, logFile: "bug.json")
        } catch {
            #expect(
                "\(error)"
                    == #"bug.json: actions[0].action: the scene ship has no action "jump" (its actions: start, stop, pause, resume)"#
            )
        }
    }
}
