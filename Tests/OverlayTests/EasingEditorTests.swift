import Foundation
import LayerKit
import LayerscopeTestSupport
import Raster
import Scenes
import Testing

@testable import Overlay

/// A layer `box` under `root` with one animation on position.x, stepped to media time 1 of 2 s:
/// a basic move (easeInEaseOut), or a keyframe move through 0, 100, 400 with key times 0, 0.25, 1.
/// The basic move is spelled out like the animations of DrawnContentsTests and CustomDrawingTests on purpose:
/// each test states the animation its checks are about.
@MainActor
private func editorScene(keyframes: Bool = false) -> (root: CALayer, clock: ManualClock) {
    let clock = freshEngine(at: 0)
    let root = CALayer()
    root.name = "root"
    root.frame = CGRect(x: 0, y: 0, width: 400, height: 100)
    let box = CALayer()
    box.name = "box"
    box.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
    root.addSublayer(box)
    if keyframes {
        let move = CAKeyframeAnimation(keyPath: "position.x")
        move.values = [0.0, 100.0, 400.0]
        move.keyTimes = [0, 0.25, 1]
        move.duration = 2
        box.add(move, forKey: "hop")
    } else {
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 0.0
        move.toValue = 400.0
        move.duration = 2
        move.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        box.add(move, forKey: "slide")
    }
    clock.now = 1
    CAEngine.step(root)
    return (root, clock)
}

/// What a viewer does with the editor's event: applies an edit to `root`'s tree (as its scene player
/// does); returns the text the log shows (nil for no event, "redraw" for a redraw).
@MainActor
@discardableResult
private func handled(_ event: EasingEditorEvent?, in root: CALayer) -> String? {
    switch event {
    case .edited(let description, let edit)?:
        #expect(edit.apply(in: root), "the edit names an attached animation")
        return description
    case .redraw?: return "redraw"
    case .writeBack?: return "write-back"
    case nil: return nil
    }
}

/// The presentation x of `root`'s box after a step at the clock's time.
@MainActor
private func boxX(_ root: CALayer) -> Double {
    CAEngine.step(root)
    return Double(root.sublayers![0].presentation()!.position.x)
}

@MainActor
struct EasingEditorTests {
    // MARK: The curve

    @Test func controlPointsAreOnTheGridWithXClampedAndYFree() {
        let curve = EasingCurve(-0.2, 1.23449, 1.7, -2.0004)
        #expect(curve.controlPoints == [0, 1.234, 1, -2])
        #expect(EasingCurve(0.1234, 0, 0, 99).controlPoints == [0.123, 0, 0, 10], "y stops at ±10")
        #expect(EasingCurve(.nan, 0, 1, .infinity).controlPoints == [0, 0, 1, 0])
        #expect(EasingCurve(0.42, 0, 0.58, 1).name == "easeInEaseOut")
        #expect(EasingCurve(0.4, 0, 0.58, 1).label == "cubic(0.4, 0, 0.58, 1)")
        #expect(EasingCurve(nil) == EasingCurve(0, 0, 1, 1))
        #expect(EasingCurve.presets.map(\.name) == ["linear", "easeIn", "easeOut", "easeInEaseOut", "default"])
    }

    // MARK: Layout maths

    @Test func pixelsAndCurvePointsMapBothWays() {
        // The unit square is 160 pixels a side, x from 70 to 230, y = 1 at 132 and 0 at 292.
        #expect(EasingEditorLayout.pixel(x: 0, y: 0) == CGPoint(x: 70, y: 292))
        #expect(EasingEditorLayout.pixel(x: 1, y: 1) == CGPoint(x: 230, y: 132))
        #expect(EasingEditorLayout.pixel(x: 0.25, y: 1.5) == CGPoint(x: 110, y: 52))
        let back = EasingEditorLayout.curvePoint(px: 110, py: 52)
        #expect(back.x == 0.25 && back.y == 1.5)
        #expect(EasingEditorLayout.handleCenter(x: 0.5, y: 7) == CGPoint(x: 150, y: 52), "held at the plot's top")
        #expect(EasingEditorLayout.handleCenter(x: 0.5, y: -3) == CGPoint(x: 150, y: 372), "and at its bottom")
    }

    @Test func aPressGrabsTheNearerHandleWithinTenPixels() {
        let curve = EasingCurve(0.25, 0.1, 0.25, 1)  // P1 at (110, 276), P2 at (110, 132)
        #expect(EasingEditorLayout.handle(at: 110, 276, curve: curve) == 0)
        #expect(EasingEditorLayout.handle(at: 116, 284, curve: curve) == 0, "10 px away exactly")
        #expect(EasingEditorLayout.handle(at: 117, 284, curve: curve) == nil, "just over 10 px")
        #expect(EasingEditorLayout.handle(at: 103, 130, curve: curve) == 1)
        let stacked = EasingCurve(0.5, 0.5, 0.5, 0.5)
        #expect(EasingEditorLayout.handle(at: 150, 212, curve: stacked) == 1, "P2, drawn on top, wins a tie")
    }

    @Test func aDragClampsXAndLeavesYFree() {
        let curve = EasingCurve(0.42, 0, 0.58, 1)
        #expect(EasingEditorLayout.drag(curve, handle: 1, toPixel: 102, 100).controlPoints == [0.42, 0, 0.2, 1.2])
        #expect(EasingEditorLayout.drag(curve, handle: 0, toPixel: 10, 372).controlPoints == [0, -0.5, 0.58, 1])
        #expect(EasingEditorLayout.drag(curve, handle: 0, toPixel: 400, 0).controlPoints == [1, 1.825, 0.58, 1])
        #expect(
            EasingEditorLayout.drag(curve, handle: 1, toPixel: 70.4, 212.2).controlPoints == [0.42, 0, 0.003, 0.499])
    }

    @Test func buttonsAreFoundWhereTheyAreDrawn() {
        let curve = EasingCurve(0.42, 0, 0.58, 1)
        let parts: [EasingEditorLayout.Part] = (0..<5).map { .preset($0) }
        for (index, part) in parts.enumerated() {
            let r = EasingEditorLayout.presetButton(index)
            #expect(EasingEditorLayout.part(atX: r.x + 1, y: r.y + 1, curve: curve, segments: false) == part)
            #expect(EasingEditorLayout.part(atX: r.maxX - 1, y: r.maxY - 1, curve: curve, segments: false) == part)
        }
        let compare = EasingEditorLayout.compareButton
        #expect(
            EasingEditorLayout.part(atX: compare.x + 5, y: compare.y + 5, curve: curve, segments: false) == .compare)
        let write = EasingEditorLayout.writeButton
        #expect(EasingEditorLayout.part(atX: write.x + 5, y: write.y + 5, curve: curve, segments: false) == .writeBack)
        let next = EasingEditorLayout.nextSegmentButton
        #expect(EasingEditorLayout.part(atX: next.x + 2, y: next.y + 2, curve: curve, segments: true) == .nextSegment)
        #expect(EasingEditorLayout.part(atX: next.x + 2, y: next.y + 2, curve: curve, segments: false) == nil)
        #expect(EasingEditorLayout.part(atX: 150, y: 200, curve: curve, segments: true) == nil)
        #expect(EasingEditorLayout.writeButton.maxY + 20 <= EasingEditorLayout.height, "the status line fits")
    }

    // MARK: Live edits

    @Test func aDragAppliesToTheRunningAnimationAtOnce() throws {
        let (root, _) = editorScene()
        let editor = EasingEditor(text: nil)
        editor.place(x: 1000, y: 20)
        editor.update(root: root)
        let sampler = try #require(editor.sampler)
        #expect(sampler.facts.key == "slide")
        #expect(editor.curve == EasingCurve(0.42, 0, 0.58, 1))
        #expect(abs(boxX(root) - 200) < 1e-9, "easeInEaseOut is half way at half time")
        // Grab P2 at (0.58, 1) → pixel (162.8, 132) and drop it at (0.2, 1.2) → (102, 100).
        #expect(editor.pressed(x: 1000 + 163, y: 20 + 132) == .redraw)
        #expect(editor.isDragging)
        #expect(editor.moved(x: 1000 + 130, y: 20 + 120) != nil)
        let event = editor.released(x: 1000 + 102, y: 20 + 100)
        #expect(handled(event, in: root) == "box slide timingFunction = [0.42, 0, 0.2, 1.2]")
        let running = try #require(root.sublayers![0].animation(forKey: "slide")?.timingFunction)
        #expect(EasingCurve(running) == EasingCurve(0.42, 0, 0.2, 1.2))
        let expected = 400 * CAMediaTimingFunction(controlPoints: 0.42, 0, 0.2, 1.2).solve(0.5)
        #expect(abs(boxX(root) - expected) < 1e-4, "the Float init rounds the points to Float: within 1e-4 px")
        #expect(expected > 230, "and the new curve is well ahead of the old one")
    }

    @Test func keysNudgeSelectPresetsAndCompare() throws {
        let (root, _) = editorScene()
        let editor = EasingEditor(text: nil)
        editor.update(root: root)
        #expect(editor.selectedHandle == 1)
        #expect(
            handled(editor.perform(.nudge(dx: 0.01, dy: -0.01)), in: root)
                == "box slide timingFunction = [0.42, 0, 0.59, 0.99]")
        #expect(editor.perform(.nextHandle) == .redraw)
        #expect(
            handled(editor.perform(.nudge(dx: -1, dy: 0)), in: root) == "box slide timingFunction = [0, 0, 0.59, 0.99]")
        #expect(editor.perform(.nudge(dx: -1, dy: 0)) == nil, "x is already 0")
        #expect(
            handled(editor.perform(.nextPreset), in: root) == "box slide timingFunction = [0, 0, 1, 1]", "linear first")
        #expect(handled(editor.perform(.nextPreset), in: root) == "box slide timingFunction = [0.42, 0, 1, 1]")
        #expect(editor.perform(.nextCompare) == .redraw)
        #expect(editor.perform(.nextSegment) == nil, "a basic animation has no intervals")
        guard case .writeBack(let request)? = editor.perform(.writeBack) else {
            Issue.record("no write-back request")
            return
        }
        #expect(request.layerName == "box" && request.key == "slide" && request.segment == nil)
        #expect(request.addedAt == 0 && request.curve == EasingCurve(0.42, 0, 1, 1))
    }

    @Test func keyframeIntervalsAreEditedOneAtATime() throws {
        let (root, clock) = editorScene(keyframes: true)
        let editor = EasingEditor(text: nil)
        editor.update(root: root)
        let sampler = try #require(editor.sampler)
        #expect(sampler.segmentCount == 2)
        #expect(editor.segment == nil)
        #expect(editor.perform(.nextSegment) == .redraw)
        #expect(editor.perform(.nextSegment) == .redraw)
        #expect(editor.segment == 1)
        #expect(editor.curve == EasingCurve(0, 0, 1, 1), "no timingFunctions: linear")
        // At t = 1 (progress 0.5) the second interval (0.25…1) is a third of the way.
        #expect(abs(boxX(root) - 200) < 1e-9)
        #expect(handled(editor.perform(.nextPreset), in: root) == "box hop timingFunctions[1] = [0.42, 0, 1, 1]")
        let keyframes = try #require(root.sublayers![0].animation(forKey: "hop") as? CAKeyframeAnimation)
        #expect(keyframes.timingFunctions?.count == 2)
        #expect(EasingCurve(keyframes.timingFunctions?[0]) == EasingCurve(0, 0, 1, 1), "padded with linear")
        #expect(EasingCurve(keyframes.timingFunctions?[1]) == EasingCurve(0.42, 0, 1, 1))
        let eased = CAMediaTimingFunction(controlPoints: 0.42, 0, 1, 1).solve(1.0 / 3)
        #expect(abs(boxX(root) - (100 + 300 * eased)) < 1e-6)
        clock.now = 0.25  // progress 0.125: the first interval, untouched
        #expect(abs(boxX(root) - 50) < 1e-9)
        #expect(editor.perform(.nextSegment) == .redraw)
        #expect(editor.segment == nil, "after the last interval, the whole animation again")
    }

    @Test func springsAreNotSelectedAndANewAnimationIs() throws {
        let (root, _) = editorScene()
        let box = root.sublayers![0]
        box.removeAllAnimations()
        let spring = CASpringAnimation(keyPath: "opacity")
        spring.fromValue = 0.0
        spring.toValue = 1.0
        box.add(spring, forKey: "spring")
        let editor = EasingEditor(text: nil)
        editor.update(root: root)
        editor.update(root: root)
        #expect(editor.sampler == nil, "a spring ignores timing functions")
        let fade = CABasicAnimation(keyPath: "opacity")
        root.add(fade, forKey: "fade")
        editor.update(root: root)
        #expect(editor.sampler?.facts.key == "fade")
        editor.forgetTree()
        #expect(editor.sampler == nil)
        editor.update(root: root)
        #expect(editor.sampler?.facts.key == "fade", "followed again once drawn")
    }

    // MARK: Pictures

    /// The editor drawn at media time `t` into a bitmap of its own size.
    private func picture(_ editor: EasingEditor, at t: Double) -> Bitmap {
        let bitmap = Bitmap(width: EasingEditorLayout.width, height: EasingEditorLayout.height)
        bitmap.fill(0xFF00_0000)
        editor.draw(mediaTime: t, into: bitmap)
        return bitmap
    }

    private static func rgb(_ p: Pixel) -> (Int, Int, Int) {
        (Int((p >> 16) & 255), Int((p >> 8) & 255), Int(p & 255))
    }

    private static func near(_ a: Pixel, _ b: Pixel, within: Int) -> Bool {
        let (x, y) = (rgb(a), rgb(b))
        return abs(x.0 - y.0) <= within && abs(x.1 - y.1) <= within && abs(x.2 - y.2) <= within
    }

    @Test func theEditorPictureShowsCurveHandlesAndDot() throws {
        let (root, _) = editorScene()
        let editor = EasingEditor(text: CurveGoldens.font(11))
        editor.update(root: root)
        handled(editor.perform(.nudge(dx: -0.22, dy: 0.3)), in: root)  // P2 (0.36, 1.3): compare with the original
        let bitmap = picture(editor, at: 1)
        // Handles: P1 (0.42, 0) in pink at (137.2, 292), P2 (0.36, 1.3) cyan with the white ring at (127.6, 84).
        #expect(Self.near(bitmap.row(292)[137], CurvePlotStyle.palette[3], within: 2))
        #expect(Self.near(bitmap.row(84)[127], CurvePlotStyle.palette[1], within: 2))
        #expect(Self.near(bitmap.row(84)[127 + 8], CurvePlotStyle.cursor, within: 60), "the selected ring")
        // The curve, from the Bézier formula itself (not the editor's solver): at parameter s the point is
        // 3(1−s)²s·P1 + 3(1−s)s²·P2 + s³.
        for s in [0.2, 0.5, 0.8] {
            let b1 = 3 * (1 - s) * (1 - s) * s
            let b2 = 3 * (1 - s) * s * s
            let x = b1 * 0.42 + b2 * 0.36 + s * s * s
            let y = b1 * 0 + b2 * 1.3 + s * s * s
            let p = EasingEditorLayout.pixel(x: x, y: y)
            let pixel = bitmap.row(Int(p.y))[Int(p.x)]
            #expect(Self.rgb(pixel).0 > 150, "curve at s=\(s): \(String(pixel, radix: 16))")
        }
        // The dot at the input fraction 0.5 and the eased value of the new curve.
        let eased = CAMediaTimingFunction(controlPoints: 0.42, 0, 0.36, 1.3).solve(0.5)
        let dot = EasingEditorLayout.pixel(x: 0.5, y: eased)
        #expect(Self.near(bitmap.row(Int(dot.y))[Int(dot.x)], CurvePlotStyle.playhead, within: 4))
        try CurveGoldens.check(bitmap, named: "easing_editor_edited")
    }

    @Test func thePictureOfAKeyframeIntervalWithAPresetAndACompareCurve() throws {
        let (root, _) = editorScene(keyframes: true)
        let editor = EasingEditor(text: CurveGoldens.font(11))
        editor.update(root: root)
        _ = editor.perform(.nextSegment)
        _ = editor.perform(.nextSegment)
        for _ in 0..<3 { handled(editor.perform(.nextPreset), in: root) }  // easeInEaseOut
        for _ in 0..<3 { _ = editor.perform(.nextCompare) }  // easeOut
        let bitmap = picture(editor, at: 1)
        try CurveGoldens.check(bitmap, named: "easing_editor_keyframe_interval")
    }

    /// The editor's frame at 1920×1080: `update(root:)` and `draw` with the cache warm; see BENCHMARKS.md.
    @Test func editorCostAt1080p() {
        let (root, _) = editorScene()
        let bitmap = Bitmap(width: 1920, height: 1080)
        bitmap.fill(0xFF00_0000)
        let editor = EasingEditor(text: CurveGoldens.font(11))
        editor.place(x: 1920 - EasingEditorLayout.width, y: 0)
        var costs: [Double] = []
        for frame in 0..<240 {
            let t = Double(frame) / 120
            let start = DispatchTime.now().uptimeNanoseconds
            editor.update(root: root)
            editor.draw(mediaTime: t, into: bitmap)
            costs.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        // Frames of a drag: the curve moves every frame, so the curve layer is redrawn each time.
        var drags: [Double] = []
        for frame in 0..<240 {
            let start = DispatchTime.now().uptimeNanoseconds
            let step = frame % 2 == 0 ? 0.01 : -0.01
            _ = editor.perform(.nudge(dx: step, dy: step))
            editor.update(root: root)
            editor.draw(mediaTime: 1, into: bitmap)
            drags.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        // The floor beside it: copying a block of the editor's size, which every frame does.
        let block = Bitmap(width: EasingEditorLayout.width, height: EasingEditorLayout.height)
        block.fill(0xFF20_2020)
        var copies: [Double] = []
        for _ in 0..<240 {
            let start = DispatchTime.now().uptimeNanoseconds
            for y in 0..<block.height {
                (bitmap.row(y) + (1920 - block.width)).update(from: block.row(y), count: block.width)
            }
            copies.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        let warm = costs.dropFirst(10).sorted()
        let median = warm[warm.count / 2]
        let copy = copies.dropFirst(10).sorted()
        let drag = drags.dropFirst(10).sorted()
        print(
            String(
                format:
                    "easing editor 1920x1080: median_ms=%.3f p95_ms=%.3f first_frame_ms=%.3f drag_median_ms=%.3f drag_p95_ms=%.3f block_copy_median_ms=%.3f",
                median, warm[warm.count * 95 / 100], costs[0], drag[drag.count / 2], drag[drag.count * 95 / 100],
                copy[copy.count / 2]))
        #if DEBUG
            #expect(median < 5, "debug build budget; the release budget is 0.5 ms")
        #else
            #expect(median < 0.5)
            #expect(drag[drag.count / 2] < 1, "a drag's frame redraws the curve layer")
        #endif
    }
}
