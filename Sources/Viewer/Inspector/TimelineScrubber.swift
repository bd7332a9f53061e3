import Overlay
import Raster

/// The viewer's timeline panel and what pointer input on it means: a press on the axis, the events
/// lane or a row's track starts a scrub (playback holds while the button is down and every motion
/// seeks), the release seeks once more and lets playback go on as before; a click on a transport
/// button asks for its command; a click on a row's label selects its animation (the time chain's).
/// The wheel zooms the axis around the pointer (sideways wheel pans), and a drag with the middle or
/// right button pans it, as in a browser's developer tools.
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

    /// The column a pan drag (middle or right button) was last at.
    private var panColumn: Int?

    /// How much one wheel step zooms.
    static let zoomStep = 1.25

    /// X button `button` (4–7 are the wheel) went down over the panel at `x`: zooms or pans; true when
    /// the panel changed. Buttons 2 and 3 begin a pan drag.
    func otherButtonPressed(_ button: UInt32, x: Int) -> Bool {
        switch button {
        case 2, 3:
            panColumn = x
            return false
        case 4: panel.zoom(by: 1 / Self.zoomStep, aroundX: x)
        case 5: panel.zoom(by: Self.zoomStep, aroundX: x)
        case 6: panel.pan(byPixels: -40)
        case 7: panel.pan(byPixels: 40)
        default: return false
        }
        return true
    }

    /// Button 2 or 3 came up: the pan drag ends.
    func otherButtonReleased(_ button: UInt32) {
        if button == 2 || button == 3 { panColumn = nil }
    }

    /// The pointer moved to (`x`, `y`): while scrubbing, the time under it (clamped to the axis). A pan
    /// drag moves the axis with the pointer instead (nil: nothing to seek, the panel already changed).
    func moved(x: Int, y: Int) -> Action? {
        if let column = panColumn {
            panel.pan(byPixels: column - x)
            panColumn = x
            return nil
        }
        return isScrubbing ? .seek(panel.sceneTime(atX: x), ended: false) : nil
    }

    /// True while a pan drag is under way.
    var isPanning: Bool { panColumn != nil }

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
        case .jumpToEnd: return .seek(panel.naturalLength, ended: true)
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
