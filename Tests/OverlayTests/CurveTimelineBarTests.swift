import Raster
import Testing

@testable import Overlay

struct CurveTimelineBarTests {
    static func bar(duration: Double = 4) -> TimelineBar {
        let bar = TimelineBar(text: nil)
        bar.layout(frame: PixelRect(x: 20, y: 300, width: 640, height: TimelineBar.height), duration: duration)
        return bar
    }

    @Test func speedLabels() {
        #expect(TimelineBar.speedLabel(1.0 / 16) == "1/16")
        #expect(TimelineBar.speedLabel(0.25) == "1/4")
        #expect(TimelineBar.speedLabel(1) == "1")
        #expect(TimelineBar.speedLabel(4) == "4")
    }

    @Test func buttonsAreHitInOrder() {
        let bar = Self.bar()
        let centres = [21, 51, 81, 111, 141].map { 20 + $0 }
        let expected: [TimelineBar.Control] = [.jumpToStart, .stepBackward, .playPause, .stepForward, .jumpToEnd]
        for (x, control) in zip(centres, expected) {
            #expect(bar.hit(x: x, y: 322) == .control(control))
        }
        #expect(bar.hit(x: 20 + 640 - 8 - 13, y: 322) == .control(.faster))
        #expect(bar.hit(x: 19, y: 322) == nil, "left of the bar")
        #expect(bar.hit(x: 100, y: 299) == nil, "above the bar")
    }

    @Test func trackMapsColumnsToMediaTime() {
        let bar = Self.bar(duration: 4)
        let start = bar.playheadX(atMediaTime: 0)
        let end = bar.playheadX(atMediaTime: 4)
        #expect(start == 20 + 8 + 5 * 30 + 10)
        #expect(bar.mediaTime(atX: start) == 0)
        #expect(bar.mediaTime(atX: end) == 4)
        #expect(bar.mediaTime(atX: start - 50) == 0, "drags past the ends clamp")
        #expect(bar.mediaTime(atX: end + 50) == 4)
        let middle = (start + end) / 2
        #expect(abs(bar.mediaTime(atX: middle) - 2) <= 4.0 / Double(end - start))
        #expect(bar.hit(x: middle, y: 301) == .track(mediaTime: bar.mediaTime(atX: middle)))
        #expect(bar.playheadX(atMediaTime: bar.mediaTime(atX: middle)) == middle)
    }

    @Test func timelineGolden() throws {
        let font = CurveGoldens.font(11)
        let bar = TimelineBar(text: font)
        let bitmap = Bitmap(width: 640, height: TimelineBar.height)
        bar.layout(frame: PixelRect(x: 0, y: 0, width: 640, height: TimelineBar.height), duration: 4)
        bar.draw(mediaTime: 1.5, speed: 0.25, paused: true, into: bitmap)
        try CurveGoldens.check(bitmap, named: "timeline_1.5s")
    }
}
