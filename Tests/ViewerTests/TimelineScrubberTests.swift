import Overlay
import Raster
import Testing

@testable import Viewer

struct TimelineScrubberTests {
    /// A scrubber over an 800-pixel-wide panel at y 500 (collapsed), its axis 4 seconds from media time 0.
    static func scrubber(text: TextRenderer? = nil) -> TimelineScrubber {
        let scrubber = TimelineScrubber(text: text)
        scrubber.panel.layout(
            frame: PixelRect(x: 0, y: 500, width: 800, height: TimelinePanel.collapsedHeight), expanded: false)
        scrubber.panel.setAxis(origin: 0, length: 4)
        return scrubber
    }

    @Test func containsItsFrameOnly() {
        let scrubber = Self.scrubber()
        #expect(scrubber.contains(x: 10, y: 500))
        #expect(scrubber.contains(x: 799, y: 500 + TimelinePanel.collapsedHeight - 1))
        #expect(!scrubber.contains(x: 10, y: 499))
        #expect(!scrubber.contains(x: 10, y: 500 + TimelinePanel.collapsedHeight))
    }

    @Test func dragOnTheAxisSeeksAndEndsOnRelease() {
        let scrubber = Self.scrubber()
        let y = 500 + TimelinePanel.transportHeight + 5
        let start = scrubber.panel.playheadX(atSceneTime: 0)
        let end = scrubber.panel.playheadX(atSceneTime: 4)
        #expect(start == 176, "the track begins after the label column (22 % of 800)")
        #expect(scrubber.pressed(x: start, y: y) == .seek(0, ended: false))
        #expect(scrubber.isScrubbing)
        let middle = scrubber.panel.sceneTime(atX: (start + end) / 2)
        #expect(abs(middle - 2) <= 4.0 / Double(end - start))
        #expect(
            scrubber.moved(x: (start + end) / 2, y: 0) == .seek(middle, ended: false), "the pointer may leave the panel"
        )
        #expect(scrubber.released(x: end + 100, y: 0) == .seek(4, ended: true), "past the end clamps to the end")
        #expect(!scrubber.isScrubbing)
        #expect(scrubber.moved(x: start, y: y) == nil, "no scrub after the release")
        #expect(
            scrubber.pressed(x: start, y: y + TimelinePanel.collapsedHeight - TimelinePanel.transportHeight - 6) != nil,
            "the events lane scrubs too")
    }

    @Test func buttonsActWhenReleasedOverThemselves() {
        let scrubber = Self.scrubber()
        let y = 500 + TimelinePanel.transportHeight / 2
        // 22-pixel buttons 3 apart from x 6: centres at 17, 42, 67, 92, 117.
        let expected: [(Int, TimelineScrubber.Action)] = [
            (17, .seek(0, ended: true)), (42, .step(-1)), (67, .command(.pauseResume)), (92, .step(1)),
            (117, .seek(4, ended: true)),
        ]
        for (x, action) in expected {
            #expect(scrubber.pressed(x: x, y: y) == nil)
            #expect(scrubber.released(x: x, y: y) == action)
        }
        #expect(scrubber.pressed(x: 17, y: y) == nil)
        #expect(scrubber.released(x: 42, y: y) == nil, "released over another button")
        // Without a font the loop button is 36 wide at the right edge (6 px in), ×2 8 px left of it.
        #expect(scrubber.pressed(x: 800 - 6 - 18, y: y) == nil)
        #expect(scrubber.released(x: 800 - 6 - 18, y: y) == .command(.toggleLoop))
        #expect(scrubber.pressed(x: 800 - 6 - 36 - 8 - 11, y: y) == nil)
        #expect(scrubber.released(x: 800 - 6 - 36 - 8 - 11, y: y) == .command(.faster))
    }

    /// The speed readout is a control too: it picks the next preset rate, which cycles 1, 1/4, 1/10.
    @Test func theSpeedReadoutCyclesThePresets() throws {
        let scrubber = Self.scrubber(text: try TextRenderer(dejaVuSansPixelSize: 11))
        let y = 500 + TimelinePanel.transportHeight / 2
        guard case .control(let control)? = scrubber.panel.hit(x: 800 - 6 - 10, y: y), control == .loop else {
            Issue.record("the loop button is at the right edge")
            return
        }
        var found: Int?
        for x in stride(from: 800, to: 400, by: -1) where scrubber.panel.hit(x: x, y: y) == .control(.speedPreset) {
            found = x
            break
        }
        let x = try #require(found)
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

/// The axis is a window of scene time: it pages with the playhead, zooms around the pointer with the
/// wheel, pans with a sideways wheel or a middle-button drag, and keeps its scale while the viewer plays.
struct TimelineWindowTests {
    @Test func thePlayheadPagesTheWindowAndIsNeverPinned() {
        let scrubber = TimelineScrubberTests.scrubber()
        let panel = scrubber.panel
        panel.keepInView(sceneTime: 3.432)
        #expect(panel.windowStart == 0, "in view: no pan")
        panel.keepInView(sceneTime: 9.5)
        #expect(panel.windowStart == 8, "an endless repeat plays on page after page (4 s each)")
        #expect(panel.axisLength == 4)
        let end = panel.playheadX(atSceneTime: 12)
        #expect(panel.playheadX(atSceneTime: 9.5) < end, "not pinned at the right edge")
        #expect(abs(panel.sceneTime(atX: panel.playheadX(atSceneTime: 9.5)) - 9.5) <= 4.0 / 623)
        panel.keepInView(sceneTime: 1)
        #expect(panel.windowStart == 0, "a loop back to the start shows the first page")
    }

    @Test func theWheelZoomsAroundThePointerAndADragPans() {
        let scrubber = TimelineScrubberTests.scrubber()
        let panel = scrubber.panel
        let x = panel.playheadX(atSceneTime: 3)
        #expect(scrubber.otherButtonPressed(4, x: x))
        #expect(abs(panel.axisLength - 3.2) < 1e-12, "one step in: 4 s / 1.25")
        #expect(abs(panel.sceneTime(atX: x) - 3) <= 4.0 / 623, "the time under the pointer stays there")
        #expect(panel.isZoomedByUser)
        panel.setAxis(origin: 0, length: 10, mayRescale: true)
        #expect(abs(panel.axisLength - 3.2) < 1e-12, "a zoomed window keeps its length")
        #expect(panel.naturalLength == 10, "jump-to-end goes to the scene's end")
        let start = panel.windowStart
        #expect(!scrubber.otherButtonPressed(2, x: 500))
        #expect(scrubber.isPanning)
        #expect(scrubber.moved(x: 400, y: 0) == nil, "a pan drag seeks nothing")
        #expect(panel.windowStart > start, "dragging left brings later times into view")
        scrubber.otherButtonReleased(2)
        #expect(!scrubber.isPanning)
        panel.setAxis(origin: 5, length: 2)
        #expect(panel.windowStart == 0 && panel.axisLength == 2 && !panel.isZoomedByUser, "scene time began again")
    }

    @Test func theScaleHoldsWhilePlaying() {
        let scrubber = TimelineScrubberTests.scrubber()
        let panel = scrubber.panel
        panel.setAxis(origin: 0, length: 6, mayRescale: false)
        #expect(panel.axisLength == 4, "rows appearing while playing do not rescale the axis")
        panel.setAxis(origin: 0, length: 6, mayRescale: true)
        #expect(panel.axisLength == 6, "at the start it takes the scene's length")
    }
}
