import Overlay
import Raster

/// The viewer's timeline bar and what pointer input on it means: a press on the track starts a scrub
/// (playback holds while the button is down and every motion seeks), the release seeks once more and
/// lets playback go on as before; a click on a button asks for its command.
final class TimelineScrubber {
    /// What the session should do after a pointer event on the bar.
    enum Action: Equatable {
        /// Show exactly this scene time; `ended` on the release that finishes a scrub.
        case seek(Double, ended: Bool)
        /// Move one frame forward (1) or back (−1), pausing first.
        case step(Int)
        case command(ViewerCommand)
    }

    let bar: TimelineBar
    /// True between a press on the track and its release.
    private(set) var isScrubbing = false
    /// The control pressed, performed when released over it.
    private var pressedControl: TimelineBar.Control?

    init(text: TextRenderer?) {
        bar = TimelineBar(text: text)
    }

    /// Places the bar just above the bottom `bottomInset` pixels of a `width`×`height` window, for a
    /// timeline from 0 to `duration` seconds of scene time.
    func layout(width: Int, height: Int, bottomInset: Int, duration: Double) {
        bar.layout(
            frame: PixelRect(
                x: 0, y: height - bottomInset - TimelineBar.height, width: width, height: TimelineBar.height),
            duration: duration)
    }

    /// True when (`x`, `y`) is on the bar.
    func contains(x: Int, y: Int) -> Bool {
        x >= bar.frame.minX && x < bar.frame.maxX && y >= bar.frame.minY && y < bar.frame.maxY
    }

    /// Button 1 went down at (`x`, `y`).
    func pressed(x: Int, y: Int) -> Action? {
        switch bar.hit(x: x, y: y) {
        case .track(let time):
            isScrubbing = true
            return .seek(time, ended: false)
        case .control(let control):
            pressedControl = control
            return nil
        case nil:
            return nil
        }
    }

    /// The pointer moved to (`x`, `y`): while scrubbing, the time under it (clamped to the track).
    func moved(x: Int, y: Int) -> Action? {
        isScrubbing ? .seek(bar.mediaTime(atX: x), ended: false) : nil
    }

    /// Button 1 came up at (`x`, `y`): the scrub ends there, or the pressed button acts.
    func released(x: Int, y: Int) -> Action? {
        if isScrubbing {
            isScrubbing = false
            return .seek(bar.mediaTime(atX: x), ended: true)
        }
        guard let control = pressedControl else { return nil }
        pressedControl = nil
        guard bar.hit(x: x, y: y) == .control(control) else { return nil }
        switch control {
        case .jumpToStart: return .seek(0, ended: true)
        case .jumpToEnd: return .seek(bar.duration, ended: true)
        case .stepBackward: return .step(-1)
        case .stepForward: return .step(1)
        case .playPause: return .command(.pauseResume)
        case .slower: return .command(.slower)
        case .faster: return .command(.faster)
        case .speedPreset: return .command(.nextSpeedPreset)
        }
    }
}
