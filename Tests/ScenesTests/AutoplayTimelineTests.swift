import LayerKit
import Scenes
import Testing

/// The timeline runs the actions due at one time together, in one batch of the engine's schedule (a
/// frame step before them and one after), each seeing that time as "now".
@Suite struct AutoplayTimelineTests {
    static func move() -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: "position.x")
        animation.fromValue = 0.0
        animation.toValue = 4.0
        animation.duration = 4
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        return animation
    }

    /// Its tree is built like that of `sublayersAndMasks` (LayerTreeTests) on purpose: each test states its layers.
    @Test func actionsAtOneTimeRunTogetherAfterOneStep() throws {
        let engine = EngineFixture()
        let root = CALayer()
        let a = CALayer()
        let b = CALayer()
        root.addSublayer(a)
        root.addSublayer(b)
        var seen: [(time: CFTimeInterval, events: Int)] = []
        let note = { seen.append((CACurrentMediaTime(), engine.events.count)) }
        AutoplayTimeline.schedule(
            [
                .init(time: 0) {
                    a.add(Self.move(), forKey: "move")
                    note()
                },
                .init(time: 1, run: note),
                .init(time: 0) {
                    b.add(Self.move(), forKey: "move")
                    note()
                },
            ], on: root.engine)
        root.engine.advance(root, to: 2)
        // In time order, equal times in their order; the second action at 0 ran before a step could
        // deliver the first one's start.
        #expect(seen.map(\.time) == [0, 0, 1])
        #expect(seen.map(\.events) == [0, 0, 2])
        // Both animations began at 0 (their "now"): at 2 s both layers are halfway.
        #expect(abs(try presentedNumber(a, "position.x") - 2) < 1e-9)
        #expect(abs(try presentedNumber(b, "position.x") - 2) < 1e-9)
    }
}
