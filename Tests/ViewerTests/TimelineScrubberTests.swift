import Overlay
import Testing

@testable import Viewer

struct TimelineScrubberTests {
    /// A scrubber for a 800×600 window with a 40-pixel toolbar and a 4-second timeline.
    static func scrubber() -> TimelineScrubber {
        let scrubber = TimelineScrubber(text: nil)
        scrubber.layout(width: 800, height: 600, bottomInset: 40, duration: 4)
        return scrubber
    }

    @Test func sitsAboveTheToolbar() {
        let scrubber = Self.scrubber()
        #expect(scrubber.bar.frame.minY == 600 - 40 - TimelineBar.height)
        #expect(scrubber.contains(x: 10, y: 560 - 1))
        #expect(!scrubber.contains(x: 10, y: 560))
    }

    @Test func dragOnTheTrackSeeksAndEndsOnRelease() {
        let scrubber = Self.scrubber()
        let y = scrubber.bar.frame.minY + TimelineBar.height / 2
        let start = scrubber.bar.playheadX(atMediaTime: 0)
        let end = scrubber.bar.playheadX(atMediaTime: 4)
        #expect(scrubber.pressed(x: start, y: y) == .seek(0, ended: false))
        #expect(scrubber.isScrubbing)
        let middle = scrubber.bar.mediaTime(atX: (start + end) / 2)
        #expect(
            scrubber.moved(x: (start + end) / 2, y: 0) == .seek(middle, ended: false), "the pointer may leave the bar")
        #expect(scrubber.released(x: end + 100, y: 0) == .seek(4, ended: true))
        #expect(!scrubber.isScrubbing)
        #expect(scrubber.moved(x: start, y: y) == nil, "no scrub after the release")
    }

    @Test func buttonsActWhenReleasedOverThemselves() {
        let scrubber = Self.scrubber()
        let y = scrubber.bar.frame.minY + TimelineBar.height / 2
        let expected: [(Int, TimelineScrubber.Action)] = [
            (21, .seek(0, ended: true)), (51, .step(-1)), (81, .command(.pauseResume)), (111, .step(1)),
            (141, .seek(4, ended: true)),
        ]
        for (x, action) in expected {
            #expect(scrubber.pressed(x: x, y: y) == nil)
            #expect(scrubber.released(x: x, y: y) == action)
        }
        #expect(scrubber.pressed(x: 21, y: y) == nil)
        #expect(scrubber.released(x: 51, y: y) == nil, "released over another button")
        #expect(scrubber.pressed(x: 800 - 8 - 13, y: y) == nil)
        #expect(scrubber.released(x: 800 - 8 - 13, y: y) == .command(.faster))
    }

    /// The speed readout is a control too: it picks the next preset rate, which cycles 1, 1/4, 1/10.
    @Test func theSpeedReadoutCyclesThePresets() throws {
        let scrubber = TimelineScrubber(text: try TextRenderer(dejaVuSansPixelSize: 11))
        scrubber.layout(width: 800, height: 600, bottomInset: 40, duration: 4)
        let y = scrubber.bar.frame.minY + TimelineBar.height / 2
        // Left of the ×2 button (26 px, 8 px from the edge) and its 6-px gap.
        let x = 800 - 8 - 26 - 6 - 2
        #expect(scrubber.pressed(x: x, y: y) == nil)
        #expect(scrubber.released(x: x, y: y) == .command(.nextSpeedPreset))
        var speed = 1.0
        var seen: [Double] = []
        for _ in 0..<4 {
            speed = ViewerSession.nextSpeedPreset(after: speed)
            seen.append(speed)
        }
        #expect(seen == [0.25, 0.1, 1, 0.25])
        #expect(ViewerSession.nextSpeedPreset(after: 2) == 1, "any other rate goes back to 1")
    }
}
