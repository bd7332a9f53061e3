import LayerKit
import Raster
import Testing

@testable import Viewer

/// A source recording what the session asks of it.
private final class RecordingSource: FrameSource {
    let name = "probe"
    let width = 320
    let height = 240
    let extraCommands: [ViewerCommand] = [.push, .pop]
    let rootLayer: CALayer? = nil
    var log: ((String) -> Void)?
    var isIdle = false
    var shownTimes: [Double] = []
    var performed: [ViewerCommand] = []
    var pauses: [Bool] = []

    func show(mediaTime: Double) { shownTimes.append(mediaTime) }
    func setPaused(_ paused: Bool) { pauses.append(paused) }
    var damageOnlyDraws: [Bool] = []
    func draw(into bitmap: Bitmap, damageOnly: Bool) {
        damageOnlyDraws.append(damageOnly)
        bitmap.fill(0xFF00_00FF)
    }
    func perform(_ command: ViewerCommand) { performed.append(command) }
}

@Suite struct ViewerSessionTests {
    private final class Lines: @unchecked Sendable {
        var all: [String] = []
    }

    private var layoutLines: [String] = []

    private mutating func makeSession(
        _ options: ViewerOptions = ViewerOptions(scene: "probe")
    ) -> (ViewerSession, RecordingSource, Lines) {
        let source = RecordingSource()
        let lines = Lines()
        let session = ViewerSession(
            source: source, options: options, hostTime: 100, text: nil, makeScene: { _ in nil },
            log: { lines.all.append($0) })
        session.layout(width: 320, height: 240)
        layoutLines = lines.all
        lines.all.removeAll()
        return (session, source, lines)
    }

    @Test mutating func toolbarLayoutIsLoggedOnce() {
        _ = makeSession()
        #expect(
            layoutLines == [
                "layout: picture 66,0 187x140 scale 0.5833 timeline 0,140 320x62 window 320x240",
                "toolbar: Start 8,206,41,30; Stop 51,206,41,30; Pause 94,206,41,30; Push 137,206,41,30; Pop 180,206,41,30; Inspector 223,206,41,30; Record 266,206,41,30",
            ])
    }

    @Test mutating func spacePausesAndLogsTheActionAndTheRenamedButton() {
        let (session, source, lines) = makeSession()
        session.perform(.pauseResume, origin: "key space", hostTime: 101.5)
        #expect(session.clock.isPaused)
        #expect(source.shownTimes == [0, 1.5], "shown at launch, then brought to the pause time first")
        #expect(source.pauses == [true])
        #expect(!session.isAnimating)
        #expect(
            lines.all == [
                "key space: pause-resume -> paused t=1.500",
                "toolbar: Start 8,206,41,30; Stop 51,206,41,30; Resume 94,206,41,30; Push 137,206,41,30; Pop 180,206,41,30; Inspector 223,206,41,30; Record 266,206,41,30",
            ])
    }

    @Test mutating func frameStepsMoveAPausedPictureByOnePeriod() {
        var options = ViewerOptions(scene: "probe", paused: true, seek: 1, fps: 64)
        options.noHUD = true
        let (session, source, lines) = makeSession(options)
        session.perform(.stepForward, origin: "key period", hostTime: 200)
        session.perform(.stepForward, origin: "key Right", hostTime: 200)
        session.perform(.stepBackward, origin: "key comma", hostTime: 200)
        let bitmap = Bitmap(width: 320, height: 240)
        session.draw(into: bitmap, hostTime: 300, figures: HUDFigures(), dropped: 0)
        // Shown at the seek time and paused there (the tree's own pause), then at the stepped time.
        #expect(source.shownTimes == [1, 1.015625])
        #expect(source.pauses == [true])
        #expect(lines.all.last == "key comma: step-backward -> stepped t=1.016")
        #expect(bitmap[5, 5] == 0xFF00_00FF)
        #expect(source.damageOnlyDraws == [true], "without the overlay only damage is redrawn")
    }

    @Test mutating func warmUpDrawsTheCurrentPictureOffScreen() {
        let (session, source, lines) = makeSession()
        session.warmUp(hostTime: 100.25)
        #expect(source.shownTimes == [0, 0.25])
        #expect(source.damageOnlyDraws == [false])
        #expect(lines.all.isEmpty, "nothing the user did, nothing logged")
    }

    @Test mutating func stepWhileRunningIsIgnored() {
        let (session, _, lines) = makeSession()
        session.perform(.stepForward, origin: "key period", hostTime: 100)
        #expect(lines.all == ["key period: step-forward -> ignored (not paused) t=0.000"])
    }

    @Test mutating func startAndStopGoToTheSourceAtTheCurrentMediaTime() {
        let (session, source, _) = makeSession()
        session.perform(.start, origin: "key s", hostTime: 102)
        session.perform(.stop, origin: "key x", hostTime: 102)
        #expect(source.performed == [.start, .stop])
        #expect(source.shownTimes == [0, 2])
    }

    @Test mutating func toolbarHasTheSceneActionsAndClicksPerformThem() throws {
        let (session, source, lines) = makeSession()
        let toolbar = session.toolbarForTesting
        #expect(toolbar.items.map(\.title) == ["Start", "Stop", "Pause", "Push", "Pop", "Inspector", "Record"])
        let push = try #require(toolbar.button(for: "push"))
        session.pointerMoved(x: push.x + 2, y: push.y + 2)
        #expect(toolbar.hovered == "push")
        session.pointerPressed(button: 1, x: push.x + 2, y: push.y + 2)
        #expect(toolbar.pressed == "push")
        session.pointerReleased(button: 1, x: push.x + 2, y: push.y + 2, hostTime: 100.25)
        #expect(source.performed == [.push])
        #expect(lines.all == ["button Push: push -> done t=0.250"])
    }

    @Test mutating func releasingOutsideThePressedButtonDoesNothing() throws {
        let (session, source, _) = makeSession()
        let start = try #require(session.toolbarForTesting.button(for: "start"))
        session.pointerPressed(button: 1, x: start.x + 1, y: start.y + 1)
        session.pointerReleased(button: 1, x: 2, y: 2, hostTime: 100)
        #expect(source.performed.isEmpty)
        #expect(session.toolbarForTesting.pressed == nil)
    }

    @Test mutating func pauseButtonTitleFollowsTheState() {
        let (session, _, _) = makeSession()
        session.perform(.pauseResume, origin: "key space", hostTime: 100)
        #expect(session.toolbarForTesting.items[2].title == "Resume")
    }

    @Test mutating func speedStepsAreLoggedAsFractions() {
        let (session, _, lines) = makeSession()
        session.perform(.slower, origin: "key Down", hostTime: 100)
        session.perform(.slower, origin: "key bracketleft", hostTime: 100)
        session.perform(.faster, origin: "key Up", hostTime: 100)
        #expect(
            lines.all.map { $0.components(separatedBy: " -> ")[1] } == [
                "speed 1/2 t=0.000", "speed 1/4 t=0.000", "speed 1/2 t=0.000",
            ])
    }

    @Test mutating func noHUDKeepsOverlayOffAndIgnoresTheToolbar() {
        let options = ViewerOptions(scene: "probe", noHUD: true)
        let (session, source, _) = makeSession(options)
        #expect(!session.hudVisible)
        session.perform(.toggleHUD, origin: "key h", hostTime: 100)
        #expect(!session.hudVisible)
        let start = session.toolbarForTesting.button(for: "start")!
        session.pointerPressed(button: 1, x: start.x + 1, y: start.y + 1)
        session.pointerReleased(button: 1, x: start.x + 1, y: start.y + 1, hostTime: 100)
        #expect(source.performed.isEmpty)
    }

    @Test mutating func missingSceneNumberIsLoggedAndIgnored() {
        let (session, _, lines) = makeSession()
        session.perform(.scene(2), origin: "key 2", hostTime: 100)
        #expect(session.source.name == "probe")
        #expect(lines.all == ["key 2: scene-2 -> ignored (no scene 2) t=0.000"])
    }

    @Test mutating func quitIsRequested() {
        let (session, _, _) = makeSession()
        session.perform(.quit, origin: "key q", hostTime: 100)
        #expect(session.quitRequested)
    }
}
