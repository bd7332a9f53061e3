import Foundation
import LayerKit
import LayerscopeTestSupport
import Raster
import Scenes
import Testing

@testable import Overlay

/// `assets/scenes/timeline.json`: a slide; a second slide added at 1 s with the classic wrong
/// `beginTime` 0.5 (an absolute time, already past: it starts half a second before it is added); a group
/// of 1 s cutting off its second child (begins at 0.6 s of the group, lasts 0.8 s); a keyframe hop with
/// four key times whose layer is paused from 2.5 to 3 s; a spin with `timeOffset` 0.25 repeated 1.5 times.
@MainActor
func timelineScene(at t: Double) throws -> FileScene {
    freshEngine(at: 0)
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("assets/scenes/timeline.json")
    let scene = FileScene(document: try SceneFile.load(url: url), images: [:])
    scene.advance(to: t)
    return scene
}

/// A panel following `root`, expanded in a `width`-pixel frame tall enough for every line, its axis
/// `length` seconds from media time 0.
@MainActor
func expandedPanel(root: CALayer, events: [SceneEvent] = [], width: Int = 900, length: Double = 4, text: Bool = true)
    -> TimelinePanel
{
    let panel = TimelinePanel(text: text ? CurveGoldens.font(11) : nil)
    panel.setEvents(events)
    panel.update(root: root)
    panel.setAxis(origin: 0, length: length)
    panel.layout(
        frame: PixelRect(x: 0, y: 0, width: width, height: TimelinePanel.height(lineCount: panel.lineCount)),
        expanded: true)
    return panel
}

/// Spans as (start, end, kind) rounded to 1e-9 s, for exact comparisons.
/// The timeline scene played from 0 to `t` at 30 frames a second with a panel following it (as the
/// viewer's does), the panel expanded for every line.
@MainActor
func followedTimelineScene(until t: Double, width: Int = 900, text: Bool = true) throws -> (FileScene, TimelinePanel) {
    let scene = try timelineScene(at: 0)
    let panel = TimelinePanel(text: text ? CurveGoldens.font(11) : nil)
    panel.setAxis(origin: 0, length: 4)
    panel.setEvents(scene.events)
    follow(scene, with: panel, from: 0, to: t)
    panel.layout(
        frame: PixelRect(x: 0, y: 0, width: width, height: TimelinePanel.height(lineCount: panel.lineCount)),
        expanded: true)
    return (scene, panel)
}

/// Plays `scene` from `start` to `end` at 30 frames a second, `panel` following each frame.
@MainActor
func follow(_ scene: Scene, with panel: TimelinePanel, from start: Double, to end: Double) {
    var frame = 0
    while true {
        let time = min(end, start + Double(frame) / 30)
        (CAEngine.clock as? ManualClock)?.now = time
        scene.advance(to: time)
        panel.update(root: scene.rootLayer, mediaTime: time)
        if time >= end { break }
        frame += 1
    }
}

func rounded(_ spans: [TimelineSpan]) -> [String] {
    spans.map { String(format: "%.9f %.9f ", $0.start, $0.end) + "\($0.kind)" }
}

func rounded(_ marks: [TimelineMark]) -> [String] {
    marks.map { String(format: "%.9f ", $0.time) + "\($0.kind)" }
}

@MainActor
@Suite(.serialized)
struct TimelinePanelTests {
    /// A tree of more animations than the panel has rows: the first update makes samplers, and the
    /// frames after it, the tree unchanged, make none (before, every frame made a sampler of each of
    /// the thousand animations); an added animation makes them again.
    @Test func aSteadyTreeOfManyAnimationsIsNotSampledEveryFrame() {
        freshEngine(at: 0)
        let root = CALayer()
        for index in 0..<(TimelinePanel.maximumRows * 4) {
            let layer = CALayer()
            root.addSublayer(layer)
            let move = CABasicAnimation(keyPath: "position.x")
            move.fromValue = 0
            move.toValue = Double(index)
            move.duration = 2
            layer.add(move, forKey: "move")
        }
        let panel = TimelinePanel(text: nil)
        for _ in 0..<5 { panel.update(root: root, mediaTime: 0) }
        let settled = panel.samplingPasses
        #expect(settled <= 2, "made samplers in \(settled) of 5 updates")
        #expect(panel.samplers.count == TimelinePanel.maximumRows)
        for _ in 0..<10 { panel.update(root: root, mediaTime: 0) }
        #expect(panel.samplingPasses == settled)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.duration = 1
        root.add(fade, forKey: "fade")
        panel.update(root: root, mediaTime: 0)
        #expect(panel.samplingPasses == settled + 1)
    }

    /// The autoreversing pulse: forward, reverse, a second (repeat) forward, reverse, then the kept fill;
    /// the move, removed at its end. Times from the CAMediaTiming rules by hand.
    @Test func legsOfThePulseAndTheMove() throws {
        let root = panelScene(at: 1)
        let panel = expandedPanel(root: root, length: 3, text: false)
        #expect(panel.samplers.map(\.facts.key) == ["move", "pulse"])
        let move = panel.legs(ofRow: 0).legs
        #expect(rounded(move.spans) == ["0.000000000 1.500000000 active"])
        #expect(rounded(move.marks) == ["0.000000000 added", "1.500000000 removed"])
        let pulse = panel.legs(ofRow: 1).legs
        #expect(
            rounded(pulse.spans) == [
                "0.250000000 0.750000000 active", "0.750000000 1.250000000 reverse",
                "1.250000000 1.750000000 repeated", "1.750000000 2.250000000 reverse",
                "2.250000000 3.000000000 fillAfter",
            ])
        #expect(rounded(pulse.marks) == ["0.000000000 added", "1.250000000 repeatBoundary"])
        #expect(panel.latestEnd == 2.25)
    }

    /// The scene file's rows: the wrong beginTime shows as a bar starting before its add mark; the
    /// group's second child runs 0.4 s past the group's end, drawn cut off; the keyframes sit at their
    /// key times × the duration; the `timeOffset` wrap is marked as a wrap, the repeat apart from it.
    @Test func legsOfTheTimelineScene() throws {
        let (scene, panel) = try followedTimelineScene(until: 2.2, text: false)
        #expect(panel.samplers.map { $0.facts.key ?? "-" } == ["slide", "group", "late", "spin", "hop"])
        #expect(panel.lineCount == 7, "five animations and the group's two children")
        #expect(
            rounded(panel.legs(ofRow: 0).legs.spans) == [
                "0.000000000 1.500000000 active", "1.500000000 4.000000000 fillAfter",
            ])
        let late = panel.legs(ofRow: 2).legs
        #expect(rounded(late.spans) == ["0.500000000 2.000000000 active"])
        #expect(rounded(late.marks) == ["1.000000000 added", "2.000000000 removed"], "added half a second late")
        let group = panel.legs(ofRow: 1)
        #expect(rounded(group.legs.marks) == ["0.500000000 added", "1.500000000 removed"])
        #expect(rounded(group.legs.spans) == ["0.500000000 1.500000000 active"])
        #expect(rounded(group.children[0].spans) == ["0.500000000 1.500000000 active"])
        #expect(
            rounded(group.children[1].spans) == ["1.100000000 1.500000000 active", "1.500000000 1.900000000 cutOff"])
        // hop and spin are checked alike on purpose: each row's spans and marks are stated in full.
        let hop = panel.legs(ofRow: 4).legs
        #expect(
            rounded(hop.spans) == [
                "0.000000000 2.000000000 fillBefore", "2.000000000 3.500000000 active",
                "3.500000000 4.000000000 fillAfter",
            ])
        #expect(
            rounded(hop.marks) == [
                "2.000000000 added", "2.000000000 keyframe", "2.300000000 keyframe", "3.050000000 keyframe",
                "3.500000000 keyframe",
            ])
        let spin = panel.legs(ofRow: 3).legs
        #expect(
            rounded(spin.spans) == [
                "2.000000000 2.750000000 active", "2.750000000 3.000000000 active",
                "3.000000000 3.500000000 repeated",
            ])
        #expect(
            rounded(spin.marks) == [
                "2.000000000 added", "2.750000000 wrap", "3.000000000 repeatBoundary", "3.500000000 removed",
            ], "the value wraps at 2.75 s; the second repeat begins at 3 s")
        #expect(
            scene.events.map(\.label) == [
                "add a slide", "add c group", "add b late", "add d hop", "add a spin", "pause d", "resume d",
            ])
    }

    /// A paused layer on the way names itself on the row: its legs up to the pause keep their times, the
    /// pause is hatched from where it began, and after the resume the rest of its legs come as late as
    /// the layer stood still (hop: paused at 2.5 s, resumed at 3 s, so its 3.05 s keyframe is at 3.55 s).
    @Test func aPausedLayerHoldsItsRow() throws {
        let (scene, panel) = try followedTimelineScene(until: 2.7, text: false)
        #expect(panel.legs(ofRow: 4).pausedBy == "d")
        #expect(
            rounded(panel.legs(ofRow: 4).legs.spans) == [
                "0.000000000 2.000000000 fillBefore", "2.000000000 2.500000000 active",
            ], "kept while paused")
        #expect(panel.pauses(ofRow: 4).map { "\($0.start) \($0.end.map { "\($0)" } ?? "-")" } == ["2.5 -"])
        #expect(panel.legs(ofRow: 0).pausedBy == nil)
        follow(scene, with: panel, from: 2.7, to: 3.2)
        #expect(panel.legs(ofRow: 4).pausedBy == nil)
        #expect(
            rounded(panel.legs(ofRow: 4).legs.spans) == [
                "0.000000000 2.000000000 fillBefore", "2.000000000 2.500000000 active",
                "3.000000000 4.000000000 active",
            ], "half a second later")
        #expect(
            rounded(panel.legs(ofRow: 4).legs.marks) == [
                "2.000000000 added", "2.000000000 keyframe", "2.300000000 keyframe", "3.550000000 keyframe",
                "4.000000000 keyframe",
            ])
        #expect(panel.pauses(ofRow: 4).map { "\($0.start) \($0.end.map { "\($0)" } ?? "-")" } == ["2.5 3.0"])
    }

    /// Rows outlive their animations (scrubbing past the end keeps them) and a tree made again (a
    /// step back) takes them back instead of adding new ones.
    @Test func rowsOutliveTheEndAndATreeMadeAgain() throws {
        let (scene, panel) = try followedTimelineScene(until: 2.2, text: false)
        follow(scene, with: panel, from: 2.2, to: 9)
        #expect(panel.lineCount == 7, "past the end every row stays")
        let again = try timelineScene(at: 0)
        follow(again, with: panel, from: 0, to: 2.2)
        #expect(panel.lineCount == 7, "the same animations take their rows back")
        #expect(
            panel.samplers.allSatisfy { $0.layer.superlayer?.superlayer === again.rootLayer },
            "every row follows the new tree (under its layer named root)")
        panel.select(row: 1)
        #expect(panel.selectedSampler?.facts.key == "group")
        panel.removeAllRows()
        #expect(panel.lineCount == 0 && panel.selectedSampler == nil)
    }

    /// The playhead crosses the axis, the events lane and every row at its column, and its column
    /// follows scene time (never leaving the axis, also past its end).
    @Test func thePlayheadCrossesEveryRow() throws {
        let (_, panel) = try followedTimelineScene(until: 2.2, text: false)
        let bitmap = Bitmap(width: 900, height: panel.frame.height)
        for t in [0.0, 1.3, 4, 9] {
            panel.draw(sceneTime: t, speed: 1, paused: false, loops: false, into: bitmap)
            let x = panel.playheadX(atSceneTime: t)
            #expect(x == panel.playheadX(atSceneTime: min(t, 4)))
            let rows = (TimelinePanel.transportHeight + 8)..<bitmap.height
            let red = rows.filter { bitmap[x, $0] == CurvePlotStyle.playhead }
            #expect(red.count == rows.count, "at \(t) s: \(red.count) of \(rows.count) rows")
        }
    }

    @Test func sceneGolden() throws {
        let (_, panel) = try followedTimelineScene(until: 2.7)
        let bitmap = Bitmap(width: 900, height: panel.frame.height)
        panel.draw(sceneTime: 2.7, speed: 0.25, paused: true, loops: true, into: bitmap)
        try CurveGoldens.check(bitmap, named: "timeline_scene_2.7s")
    }

    @Test func pulseGolden() throws {
        let root = panelScene(at: 1.05)
        let panel = expandedPanel(root: root, width: 640, length: 3)
        let bitmap = Bitmap(width: 640, height: panel.frame.height)
        panel.draw(sceneTime: 1.05, speed: 1, paused: false, loops: false, into: bitmap)
        try CurveGoldens.check(bitmap, named: "timeline_pulse_1.05s")
    }

    /// The built-in scenes' timelines, as the viewer shows them after a run: wipe's strokeEnd (forwards,
    /// back), the ship's interrupted and restarted rotation, reveal's push and pop.
    @Test(arguments: [("wipe", 2.5, 4.0), ("ship", 2.0, 4.0), ("reveal", 4.0, 5.0)])
    func builtInSceneGolden(name: String, at t: Double, length: Double) throws {
        freshEngine(at: 0)
        let scene = try BuiltInScenes.make(
            name: name, size: CGSize(width: 640, height: 360), images: SceneImages(a: 0, b: 0, ship: 0))
        let panel = TimelinePanel(text: CurveGoldens.font(11))
        panel.setAxis(origin: 0, length: length)
        panel.setEvents(scene.events)
        follow(scene, with: panel, from: 0, to: t)
        panel.layout(
            frame: PixelRect(x: 0, y: 0, width: 720, height: TimelinePanel.height(lineCount: panel.lineCount)),
            expanded: true)
        let bitmap = Bitmap(width: 720, height: panel.frame.height)
        panel.draw(sceneTime: t, speed: 1, paused: false, loops: false, into: bitmap)
        try CurveGoldens.check(bitmap, named: "timeline_\(name)")
    }

    /// The ship's first rotation, stopped at 1 s of its 2 s: marked removed there, when the stop took
    /// it off its layer; the second, added at 1.5 s, runs to its end.
    @Test func aStopMarksWhereTheAnimationWasRemoved() throws {
        freshEngine(at: 0)
        let scene = try BuiltInScenes.make(
            name: "ship", size: CGSize(width: 640, height: 360), images: SceneImages(a: 0, b: 0, ship: 0))
        let panel = TimelinePanel(text: nil)
        panel.setAxis(origin: 0, length: 4)
        follow(scene, with: panel, from: 0, to: 2)
        #expect(panel.samplers.count == 2)
        #expect(panel.legs(ofRow: 0).removedAt == 1, "the frame of the stop")
        #expect(panel.legs(ofRow: 1).removedAt == nil)
    }

    /// The inspector's per-frame work at 1080p: the timeline's update and drawing with its rows, and
    /// the time chain; the release budget is 0.5 ms (BENCHMARKS.md).
    @Test func inspectorCostAt1080p() throws {
        let (scene, followed) = try followedTimelineScene(until: 2.2)
        let bitmap = Bitmap(width: 1920, height: 1080)
        bitmap.fill(0xFF00_0000)
        let font = CurveGoldens.font(11)
        let layout = WindowLayout(
            width: 1920, height: 1080, pictureWidth: 1280, pictureHeight: 720,
            chrome: WindowLayout.Chrome(
                bannerHeight: 0, hudHeight: 44, timelineHeight: TimelinePanel.height(lineCount: 7),
                toolbarHeight: 38, inspectorOpen: true))
        let panel = followed
        panel.layout(frame: layout.timeline, expanded: true)
        let chainView = TimeChainView(text: font)
        chainView.layout(frame: layout.timeChain)
        var chain = AnimationTimeChain()
        var costs: [Double] = []
        for frame in 0..<240 {
            let t = 2.2 + Double(frame) / 480
            let start = DispatchTime.now().uptimeNanoseconds
            panel.update(root: scene.rootLayer)
            panel.setEvents(scene.events)
            panel.draw(sceneTime: t, speed: 0.25, paused: false, loops: true, into: bitmap)
            if let sampler = panel.selectedSampler {
                sampler.timeChain(atMediaTime: t, into: &chain)
                chainView.draw(chain, facts: sampler.facts, into: bitmap)
            }
            costs.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        let warm = costs.dropFirst(10).sorted()
        let median = warm[warm.count / 2]
        print(
            String(
                format:
                    "inspector (timeline 7 rows + time chain) 1920x1080: median_ms=%.3f p95_ms=%.3f first_frame_ms=%.3f",
                median, warm[warm.count * 95 / 100], costs[0]))
        #if DEBUG
            #expect(median < 5, "debug build budget; the release budget is 0.5 ms")
        #else
            #expect(median < 0.5)
        #endif
    }
}

/// The window's layout: the picture at its own size when it fits, else scaled down, aspect kept, and
/// centred; the side column only while the inspector is open and leaves the picture 160 pixels.
struct WindowLayoutTests {
    static let chrome = WindowLayout.Chrome(
        bannerHeight: 0, hudHeight: 44, timelineHeight: TimelinePanel.height(lineCount: 3), toolbarHeight: 38,
        inspectorOpen: true)

    @Test func thePreferredSizeShowsThePictureAtItsOwnSize() {
        let size = WindowLayout.preferredSize(pictureWidth: 1280, pictureHeight: 720, chrome: Self.chrome)
        #expect(size.width == 1280 + 440 && size.height == 720 + 44 + 62 + 54 + 38)
        let layout = WindowLayout(
            width: size.width, height: size.height, pictureWidth: 1280, pictureHeight: 720, chrome: Self.chrome)
        #expect(layout.scale == 1)
        #expect(layout.picture == PixelRect(x: 0, y: 44, width: 1280, height: 720))
        #expect(layout.sideColumn == PixelRect(x: 1280, y: 44, width: 440, height: 720))
        #expect(layout.timeChain.height == TimeChainView.height)
        #expect(
            layout.editorSlot
                == PixelRect(x: 1280, y: 44 + TimeChainView.height, width: 440, height: 720 - TimeChainView.height))
        #expect(layout.timeline == PixelRect(x: 0, y: 764, width: 1720, height: 116))
    }

    @Test func aSmallWindowScalesThePictureAndCentresIt() {
        let layout = WindowLayout(width: 800, height: 400, pictureWidth: 1280, pictureHeight: 720, chrome: Self.chrome)
        #expect(layout.sideColumn.width == 320, "800 − 320 leaves the picture more than half")
        #expect(layout.pictureArea == PixelRect(x: 0, y: 44, width: 480, height: 400 - 44 - 38 - 116))
        #expect(layout.scale == 202.0 / 720)
        #expect(layout.picture == PixelRect(x: (480 - 359) / 2, y: 44, width: 359, height: 202))
        let narrow = WindowLayout(width: 480, height: 320, pictureWidth: 1280, pictureHeight: 720, chrome: Self.chrome)
        #expect(narrow.sideColumn.isEmpty, "480 − 320 would leave the picture a third")
        let closed = WindowLayout(
            width: 320, height: 240, pictureWidth: 1280, pictureHeight: 720,
            chrome: WindowLayout.Chrome(
                bannerHeight: 0, hudHeight: 44, timelineHeight: TimelinePanel.collapsedHeight, toolbarHeight: 38,
                inspectorOpen: false))
        #expect(closed.sideColumn.isEmpty)
        #expect(closed.pictureArea == PixelRect(x: 0, y: 44, width: 320, height: 240 - 44 - 38 - 62))
        #expect(closed.picture.height == 96 && closed.picture.width == 171 && closed.picture.x == (320 - 171) / 2)
    }

    @Test func theTimelineRowsTakeAtMostHalfTheHeight() {
        let tall = WindowLayout.Chrome(
            bannerHeight: 0, hudHeight: 44, timelineHeight: TimelinePanel.height(lineCount: 30), toolbarHeight: 38,
            inspectorOpen: true)
        let layout = WindowLayout(width: 800, height: 480, pictureWidth: 640, pictureHeight: 360, chrome: tall)
        #expect(layout.timeline.height == (480 - 44 - 38) / 2)
        #expect(layout.pictureArea.height == 480 - 44 - 38 - (480 - 44 - 38) / 2)
    }
}

/// An animation that repeats forever gives the scene no end: the transport says ∞, not its first second.
/// A tree of one layer under a root, with an opacity animation from 0 to 1 added under `key`, in a
/// fresh engine at media time 0.
@MainActor
func treeWithOpacityAnimation(key: String, duration: Double, repeatCount: Float = 0) -> (
    root: CALayer, layer: CALayer, animation: CABasicAnimation
) {
    freshEngine(at: 0)
    let root = CALayer()
    let layer = CALayer()
    root.addSublayer(layer)
    let animation = CABasicAnimation(keyPath: "opacity")
    animation.fromValue = 0
    animation.toValue = 1
    animation.duration = duration
    animation.repeatCount = repeatCount
    layer.add(animation, forKey: key)
    return (root, layer, animation)
}

@Test @MainActor func anEndlessRepeatHasNoEnd() {
    let (root, layer, _) = treeWithOpacityAnimation(key: "spin", duration: 1, repeatCount: .infinity)
    let panel = expandedPanel(root: root)
    #expect(panel.repeatsForever)
    #expect(panel.latestEnd == nil)
    layer.removeAllAnimations()
    panel.update(root: root, mediaTime: 2)
    panel.setAxis(origin: 0, length: 4)
    #expect(!panel.repeatsForever, "once it is gone the scene ends again")
}

/// A scene that has ended keeps its window: the playhead a frame past the end of a 3.5 s fade (axis
/// 0 … 4 s) does not page to an empty 4 … 8 s; with the fade replaced by an endless one it pages on.
@Test @MainActor func anEndedSceneKeepsItsWindow() {
    let (root, layer, fade) = treeWithOpacityAnimation(key: "fade", duration: 3.5)
    let panel = expandedPanel(root: root)
    #expect(panel.latestEnd == 3.5)
    panel.keepInView(sceneTime: 4.03)
    #expect(panel.windowStart == 0)
    #expect(panel.playheadX(atSceneTime: 4.03) == panel.playheadX(atSceneTime: 4), "at the right edge")
    fade.repeatCount = .infinity
    layer.add(fade, forKey: "fade")
    // Replaced right after the panel first saw it (the same counts of animations and unseen ones as at
    // that update): the replacement takes its row at once.
    panel.update(root: root, mediaTime: 0)
    #expect(panel.repeatsForever)
    panel.keepInView(sceneTime: 4.03)
    #expect(panel.windowStart == 4, "an endless repeat pages on")
}
