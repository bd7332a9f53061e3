import Foundation
import LayerKit
import Testing

@testable import Scenes

/// `"kind": "spring"` in scene files: the bundled spring scene evaluates to the closed-form spring,
/// the spring keys build the right `CASpringAnimation`, and bad spring keys name their JSON path. Also
/// discrete keyframes in Apple's documented form (one more key time than values).
@Suite struct SpringSceneFileTests {
    /// 1 − x(t) of an under-damped spring of mass 1, written out for the test.
    static func underdamped(stiffness k: Double, damping c: Double, at t: Double) -> Double {
        let w0 = k.squareRoot()
        let zeta = c / (2 * w0)
        let wd = w0 * (1 - zeta * zeta).squareRoot()
        return 1 - exp(-zeta * w0 * t) * (cos(wd * t) + zeta * w0 / wd * sin(wd * t))
    }

    @Test func bundledSpringSceneFollowsTheSprings() throws {
        _ = EngineFixture()
        let url = BuiltInSceneFileTests.scenesFolder.appendingPathComponent("spring.json")
        let scene = try SceneLoader.loadFile(url.path)
        let times = [0.4, 0.6, 1.0, 1.7]
        let lines = try SceneEvaluation.lines(
            scene: scene, layer: "bouncy", key: "position.x", times: times, events: false)
        let expected = times.map { t in
            ValueFormatter.format(t < 0.5 ? 200 : 200 + 700 * Self.underdamped(stiffness: 100, damping: 5, at: t - 0.5))
        }
        #expect(lines.count == 4)
        for (line, (t, want)) in zip(lines, zip(times, expected)) {
            let fields = line.split(separator: " ")
            let value = try #require(Double(String(fields[1])))
            let number = try #require(Double(want))
            #expect(fields[0] == Substring(ValueFormatter.format(t)) && abs(value - number) <= 1e-9, "\(line)")
        }
        // Each spring runs for its settling duration, then the layer shows its model value, the end.
        // A second scene on an engine of its own (its clock starts at 0 again).
        let settled = try SceneEvaluation.lines(
            player: try ScenePlayer(make: { try SceneLoader.loadFile(url.path) }), layer: "critical",
            key: "position.x", times: [1.45, 1.5], events: true)
        #expect(settled.contains("1.5 didStop critical slide finished=true"))
        #expect(settled.last == "1.5 900")
        let bouncy = CASpringAnimation()
        bouncy.damping = 5
        #expect(scene.naturalDuration == 0.5 + bouncy.settlingDuration)
    }

    @Test func springKeysBuildTheAnimation() throws {
        let json = SceneFileErrorTests.withLayer(
            SceneFileErrorTests.box,
            timeline: SceneFileErrorTests.add(
                #"{ "kind": "spring", "keyPath": "position.x", "toValue": 5, "mass": 2, "stiffness": 300, "#
                    + #""damping": 4, "initialVelocity": -1.5, "allowsOverdamping": true, "duration": 3 }"#))
        let document = try SceneFileErrorTests.decode(json)
        guard case .add(_, _, let spec) = try #require(document.timeline.first).action else {
            Issue.record("not an add")
            return
        }
        let spring = try #require(AnimationBuilder.build(spec) as? CASpringAnimation)
        #expect((spring.mass, spring.stiffness, spring.damping, spring.initialVelocity) == (2, 300, 4, -1.5))
        #expect(spring.allowsOverdamping && spring.duration == 3 && spring.keyPath == "position.x")
        #expect(spring.toValue as? CGFloat == 5)

        let perceptual = try SceneFileErrorTests.decode(
            SceneFileErrorTests.withLayer(
                SceneFileErrorTests.box,
                timeline: SceneFileErrorTests.add(
                    #"{ "kind": "spring", "keyPath": "opacity", "perceptualDuration": 0.5, "bounce": 0.3 }"#)))
        guard case .add(_, _, let perceptualSpec) = try #require(perceptual.timeline.first).action else { return }
        let built = try #require(AnimationBuilder.build(perceptualSpec) as? CASpringAnimation)
        let reference = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.3)
        #expect(built.stiffness == reference.stiffness && built.damping == reference.damping)
        #expect(built.allowsOverdamping && built.duration == reference.settlingDuration)
    }

    static let badSprings: [(String, String)] = [
        (
            #"{ "kind": "spring", "keyPath": "opacity", "mass": 0 }"#,
            "timeline[0].add.animation.mass: must be greater than 0, got 0"
        ),
        (
            #"{ "kind": "spring", "keyPath": "opacity", "stiffness": -1 }"#,
            "timeline[0].add.animation.stiffness: must be greater than 0, got -1"
        ),
        (
            #"{ "kind": "spring", "keyPath": "opacity", "damping": -2 }"#,
            "timeline[0].add.animation.damping: must be at least 0, got -2"
        ),
        (
            #"{ "kind": "spring", "keyPath": "opacity", "initialVelocity": "fast" }"#,
            "timeline[0].add.animation.initialVelocity: expected a number, got \"fast\""
        ),
        (
            #"{ "kind": "spring", "keyPath": "opacity", "bounce": 0.2, "damping": 3, "perceptualDuration": 1 }"#,
            "timeline[0].add.animation.perceptualDuration: perceptualDuration and bounce replace mass, stiffness and damping; give one set, not both"
        ),
        (
            #"{ "kind": "spring", "keyPath": "opacity", "bounce": 0.2 }"#,
            "timeline[0].add.animation: \"bounce\" needs \"perceptualDuration\" too"
        ),
        (
            #"{ "kind": "spring", "keyPath": "opacity", "perceptualDuration": 1, "bounce": -1 }"#,
            "timeline[0].add.animation.bounce: must be greater than -1 and at most 1, got -1"
        ),
        (
            #"{ "kind": "spring", "keyPath": "opacity", "duration": "settled" }"#,
            "timeline[0].add.animation.duration: expected a number, \"inf\" or \"settlingDuration\", got \"settled\""
        ),
        (
            #"{ "kind": "spring", "keyPath": "opacity", "damping": 0, "duration": "settlingDuration" }"#,
            "timeline[0].add.animation.duration: this spring never settles (undamped: damping 0 or bounce 1); give \"duration\" a number"
        ),
        (
            #"{ "kind": "basic", "keyPath": "opacity", "mass": 1 }"#,
            "timeline[0].add.animation.mass: unknown key \"mass\" (allowed: kind, removedOnCompletion, timingFunction, beginTime, duration, speed, timeOffset, repeatCount, repeatDuration, autoreverses, fillMode, keyPath, additive, cumulative, fromValue, toValue, byValue)"
        ),
        (
            #"{ "kind": "keyframe", "keyPath": "opacity", "values": [0, 1], "keyTimes": [0, 0.5, 0.7, 1], "calculationMode": "discrete" }"#,
            "timeline[0].add.animation.keyTimes: needs one key time per value and one to end the last (3), or one per value, got 4"
        ),
    ]

    @Test(arguments: badSprings)
    func badSpringGivesItsMessage(animation: String, message: String) {
        let json = SceneFileErrorTests.withLayer(SceneFileErrorTests.box, timeline: SceneFileErrorTests.add(animation))
        #expect(throws: SceneFileError.self) { try SceneFileErrorTests.decode(json) }
        do {
            _ = try SceneFileErrorTests.decode(json)
        } catch {
            #expect(error.description == "bad.json: " + message)
        }
    }

    /// Apple's example form: three values, four key times; the last key time ends the last value.
    @Test func discreteKeyframesWithOneMoreKeyTime() throws {
        _ = EngineFixture()
        let json = SceneFileErrorTests.withLayer(
            SceneFileErrorTests.box,
            timeline: SceneFileErrorTests.add(
                #"{ "kind": "keyframe", "keyPath": "position.x", "values": [10, 20, 30], "#
                    + #""keyTimes": [0, 0.25, 0.75, 1], "calculationMode": "discrete", "duration": 1 }"#))
        let scene = FileScene(document: try SceneFileErrorTests.decode(json), images: [:])
        let lines = try SceneEvaluation.lines(
            scene: scene, layer: "box", key: "position.x", times: [0.1, 0.5, 0.8, 0.99], events: false)
        #expect(lines == ["0.1 10", "0.5 20", "0.8 30", "0.99 30"])
    }
}
