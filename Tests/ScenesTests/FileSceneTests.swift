import Foundation
import LayerKit
import Testing

@testable import Scenes

/// Scene files become layer trees and timelines with Core Animation's meaning. Tolerance 1e-9
/// (1e-6 for `opacity`, a Float). The tests open alike (`EngineFixture`, `scene(layers:timeline:)`) on purpose:
/// each states its own timeline in full.
struct FileSceneTests {
    static func scene(layers: String, timeline: String) throws -> FileScene {
        let json = #"{ "size": [100, 100], "layers": ["# + layers + #"], "timeline": "# + timeline + "}"
        let document = try SceneFile.decode(Data(json.utf8), fileName: "t.json", baseURL: URL(fileURLWithPath: "/"))
        return FileScene(document: document, images: [:])
    }

    static let box =
        #"{ "name": "root", "frame": [0, 0, 100, 100], "sublayers": [ { "name": "box", "frame": [10, 20, 30, 40] } ] }"#

    static func value(_ scene: FileScene, _ layer: String, _ key: String, at time: CFTimeInterval) throws -> Double {
        scene.advance(to: time)
        return try presentedNumber(scene.layersByName[layer], key)
    }

    @Test func layerPropertiesAreAssigned() throws {
        _ = EngineFixture()
        let scene = try Self.scene(
            layers: #"""
                { "name": "a", "frame": [10, 20, 30, 40], "anchorPoint": [0, 0], "opacity": 0.5, "hidden": true,
                  "backgroundColor": "#ff800040", "transform": { "scale": 2, "rotation": 0, "translation": [5, 6] },
                  "masksToBounds": true, "contentsGravity": "center", "speed": 2 },
                { "name": "s", "kind": "shape", "path": { "rect": [0, 0, 4, 4] }, "fillColor": null, "strokeColor": "#000000",
                  "lineWidth": 3, "lineCap": "round", "lineJoin": "bevel", "lineDashPattern": [1, 2], "strokeStart": 0.25,
                  "fillRule": "even-odd" }
                """#, timeline: "[]")
        let a = try #require(scene.layersByName["a"])
        #expect(a.bounds == CGRect(x: 0, y: 0, width: 30, height: 40))
        #expect(a.position == CGPoint(x: 10, y: 20), "anchorPoint is applied before frame")
        #expect(a.opacity == 0.5 && a.isHidden && a.masksToBounds && a.speed == 2)
        #expect(a.backgroundColor == CGColor(red: 1, green: 128.0 / 255, blue: 0, alpha: 64.0 / 255))
        #expect(
            a.transform == CATransform3DConcat(CATransform3DMakeScale(2, 2, 1), CATransform3DMakeTranslation(5, 6, 0)))
        #expect(a.contentsGravity == .center)
        let s = try #require(scene.layersByName["s"] as? CAShapeLayer)
        #expect(s.path == CGPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4)))
        #expect(s.fillColor == nil && s.strokeColor == CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        #expect(s.lineWidth == 3 && s.lineCap == .round && s.lineJoin == .bevel && s.strokeStart == 0.25)
        #expect(s.lineDashPattern == [1, 2] && s.fillRule == .evenOdd)
        #expect(scene.rootLayer.bounds.size == CGSize(width: 100, height: 100))
        #expect(scene.naturalDuration == 1)
    }

    /// The outline's and shadow's keys: `maskedCorners` as Core Animation's bit mask, `cornerCurve` by
    /// name, `shadowOffset` a size, `shadowPath` a path.
    @Test func outlinePropertiesAreAssigned() throws {
        _ = EngineFixture()
        let scene = try Self.scene(
            layers: #"""
                { "name": "a", "frame": [0, 0, 30, 40], "cornerRadius": 8, "maskedCorners": 5,
                  "cornerCurve": "continuous", "borderWidth": 2.5, "borderColor": "#ff0000",
                  "shadowColor": "#0000ff", "shadowOpacity": 0.5, "shadowOffset": [1, 2], "shadowRadius": 6,
                  "shadowPath": { "rect": [0, 0, 30, 40] } }
                """#, timeline: "[]")
        let a = try #require(scene.layersByName["a"])
        #expect(a.cornerRadius == 8 && a.maskedCorners == [.layerMinXMinYCorner, .layerMinXMaxYCorner])
        #expect(a.cornerCurve == .continuous && a.borderWidth == 2.5)
        #expect(a.borderColor == CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(a.shadowColor == CGColor(red: 0, green: 0, blue: 1, alpha: 1) && a.shadowOpacity == 0.5)
        #expect(a.shadowOffset == CGSize(width: 1, height: 2) && a.shadowRadius == 6)
        #expect(a.shadowPath == CGPath(rect: CGRect(x: 0, y: 0, width: 30, height: 40), transform: nil))
    }

    @Test func pauseResumeSetAndRemoveFollowTheTimeline() throws {
        let engine = EngineFixture()
        let scene = try Self.scene(
            layers: Self.box,
            timeline: #"""
                [ { "at": 0, "add": { "layer": "box", "key": "x", "animation": { "kind": "basic", "keyPath": "position.x",
                    "fromValue": 0, "toValue": 100, "duration": 10 } } },
                  { "at": 1, "pause": "root" }, { "at": 3, "resume": "root" },
                  { "at": 4, "set": { "layer": "root", "speed": 2 } },
                  { "at": 5, "remove": { "layer": "box", "key": "x" } } ]
                """#)
        #expect(abs(try Self.value(scene, "box", "position.x", at: 0.5) - 5) < 1e-9)
        #expect(abs(try Self.value(scene, "box", "position.x", at: 2) - 10) < 1e-9, "paused at 1 s")
        #expect(abs(try Self.value(scene, "box", "position.x", at: 3.5) - 15) < 1e-9, "resumed at 3 s")
        // `set` speed 2 with no compensation: root time = (t − 2) × 2 → at 4.5 s local 5.
        #expect(abs(try Self.value(scene, "box", "position.x", at: 4.5) - 50) < 1e-9)
        #expect(try Self.value(scene, "box", "position.x", at: 5) == 25, "removed: back to the model")
        #expect(engine.stops.count == 1 && engine.stops[0].0 == 5 && !engine.stops[0].1)
        #expect(scene.naturalDuration == 10)
    }

    @Test func nonZeroBeginTimeIsLiteralAndKeyframesUseTheirTimes() throws {
        _ = EngineFixture()
        let scene = try Self.scene(
            layers: Self.box,
            timeline: #"""
                [ { "at": 0, "add": { "layer": "box", "key": "o", "animation": { "kind": "keyframe", "keyPath": "opacity",
                    "values": [0, 1, 0.5], "keyTimes": [0, 0.25, 1], "duration": 4, "beginTime": 2, "fillMode": "backwards" } } },
                  { "at": 0, "add": { "layer": "box", "key": "g", "animation": { "kind": "group", "duration": 1, "repeatCount": 2,
                    "animations": [ { "kind": "basic", "keyPath": "bounds.size.width", "byValue": 10, "duration": 2 } ] } } } ]
                """#)
        #expect(try Self.value(scene, "box", "opacity", at: 1) == 0, "backwards fill before beginTime 2")
        #expect(abs(try Self.value(scene, "box", "opacity", at: 2.5) - 0.5) < 1e-9)
        let late = try Self.value(scene, "box", "opacity", at: 4)
        #expect(abs(late - (1 - 0.5 * 1 / 3)) < 1e-6, "opacity is a Float: tolerance 1e-6")
        let width = try presentedNumber(scene.layersByName["box"], "bounds.size.width")
        #expect(abs(width - (30 + 10 * 0.0)) < 1e-9, "the group (duration 1, twice) ended at 2 s")
        #expect(abs(try Self.value(scene, "box", "bounds.size.width", at: 5) - 30) < 1e-9)
        #expect(scene.naturalDuration == 6)
    }

    @Test func groupChildrenAreClippedByTheGroup() throws {
        _ = EngineFixture()
        let scene = try Self.scene(
            layers: Self.box,
            timeline: #"""
                [ { "at": 0, "add": { "layer": "box", "key": "g", "animation": { "kind": "group", "duration": 1, "repeatCount": 2,
                    "animations": [ { "kind": "basic", "keyPath": "bounds.size.width", "byValue": 10, "duration": 2,
                    "timingFunction": [0, 0, 1, 1] } ] } } } ]
                """#)
        #expect(abs(try Self.value(scene, "box", "bounds.size.width", at: 0.5) - 32.5) < 1e-9)
        #expect(
            abs(try Self.value(scene, "box", "bounds.size.width", at: 1.5) - 32.5) < 1e-9, "second repeat of the group")
        #expect(abs(try Self.value(scene, "box", "bounds.size.width", at: 2.5) - 30) < 1e-9)
    }

    @Test func userActionsReplayStopAndPause() throws {
        let engine = EngineFixture()
        let scene = try Self.scene(
            layers: Self.box,
            timeline: #"""
                [ { "at": 0, "add": { "layer": "box", "key": "x", "animation": { "kind": "basic", "keyPath": "position.x",
                    "fromValue": 0, "toValue": 10, "duration": 1 } } } ]
                """#)
        scene.advance(to: 0.5)
        scene.perform(.stop)
        #expect(try presentedNumber(scene.layersByName["box"], "position.x") == 25)
        scene.advance(to: 2)
        scene.perform(.start)
        #expect(abs(try Self.value(scene, "box", "position.x", at: 2.5) - 5) < 1e-9)
        scene.perform(.pause)
        #expect(abs(try Self.value(scene, "box", "position.x", at: 9) - 5) < 1e-9)
        #expect(engine.stops.map(\.1) == [false])
    }
}
