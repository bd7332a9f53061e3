import Overlay
import Raster

/// The viewer's timeline panel and what pointer input on it means: a press on the axis, the events
/// lane or a row's track starts a scrub (playback holds while the button is down and every motion
/// seeks), the release seeks once more and lets playback go on as before; a click on a transport
/// button asks for its command; a click on a row's label selects its animation (the time chain's).
final class TimelineScrubber {
    /// What the session should do after a pointer event on the panel.
    enum Action: Equatable {
        /// Show exactly this scene time; `ended` on the release that finishes a scrub.
        case seek(Double, ended: Bool)
        /// Move one frame forward (1) or back (−1), pausing first.
        case step(Int)
        case command(ViewerCommand)
        /// The row's animation (an index into the panel's samplers) was selected.
        case select(Int)
    }

    let panel: TimelinePanel
    /// True between a press on the track and its release.
    private(set) var isScrubbing = false
    /// The control pressed, performed when released over it.
    private var pressedControl: TimelinePanel.Control?

    init(text: TextRenderer?) {
        panel = TimelinePanel(text: text)
    }

    /// True when (`x`, `y`) is on the panel.
    func contains(x: Int, y: Int) -> Bool {
        let frame = panel.frame
        return x >= frame.minX && x < frame.maxX && y >= frame.minY && y < frame.maxY
    }

    /// Button 1 went down at (`x`, `y`).
    func pressed(x: Int, y: Int) -> Action? {
        switch panel.hit(x: x, y: y) {
        case .track(let time):
            isScrubbing = true
            return .seek(time, ended: false)
        case .control(let control):
            pressedControl = control
            return nil
        case .row(let index):
            return .select(index)
        case nil:
            return nil
        }
    }

    /// The pointer moved to (`x`, `y`): while scrubbing, the time under it (clamped to the axis).
    func moved(x: Int, y: Int) -> Action? {
        isScrubbing ? .seek(panel.sceneTime(atX: x), ended: false) : nil
    }

    /// Button 1 came up at (`x`, `y`): the scrub ends there, or the pressed button acts.
    func released(x: Int, y: Int) -> Action? {
        if isScrubbing {
            isScrubbing = false
            return .seek(panel.sceneTime(atX: x), ended: true)
        }
        guard let control = pressedControl else { return nil }
        pressedControl = nil
        guard panel.hit(x: x, y: y) == .control(control) else { return nil }
        switch control {
        case .jumpToStart: return .seek(0, ended: true)
        case .jumpToEnd: return .seek(panel.axisLength, ended: true)
        case .stepBackward: return .step(-1)
        case .stepForward: return .step(1)
        case .playPause: return .command(.pauseResume)
        case .slower: return .command(.slower)
        case .faster: return .command(.faster)
        case .speedPreset: return .command(.nextSpeedPreset)
        case .loop: return .command(.toggleLoop)
        }
    }
}
