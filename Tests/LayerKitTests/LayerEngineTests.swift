import Foundation
import Testing

@testable import LayerKit

/// One engine object owns time and changes: a tree keeps its engine, joins a tree's engine when
/// added to it, and an engine refuses (in debug builds) to be driven from another thread.
@Suite struct LayerEngineTests {
    /// A box whose opacity fades 0 → 1 over 1 s, from its engine's time 0.
    func fadingBox() -> CALayer {
        let box = CALayer()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 1
        box.add(fade, forKey: "fade")
        return box
    }

    @Test func aTreeIsSteppedWithItsOwnEngineAfterTheThreadGetsANewOne() throws {
        let clock = freshEngine(at: 0)
        let box = fadingBox()
        let engine = LayerEngine.current
        CAEngine.reset()
        CAEngine.clock = ManualClock(now: 100)  // the new engine's time: not the box's
        #expect(box.engine === engine && LayerEngine.current !== engine)
        clock.now = 0.25
        CAEngine.step(box)
        #expect(try #require(box.presentation()).opacity == 0.25)
    }

    @Test func aLayerAddedToATreeJoinsItsEngine() {
        _ = freshEngine(at: 0)
        let root = CALayer()
        let other = LayerEngine(clock: ManualClock(now: 5))
        CAEngine.reset()
        let child = CALayer()
        let grandchild = CALayer()
        let mask = CALayer()
        child.addSublayer(grandchild)
        grandchild.mask = mask
        #expect(child.engine !== root.engine)
        root.addSublayer(child)
        #expect([child, grandchild, mask].allSatisfy { $0.engine === root.engine })
        #expect(other.clock.now == 5)
    }

    /// A change marks only its own engine: an unanimated layer joins that engine's dirty list, an
    /// animated one (the animation added, then the change) bumps that engine's generation.
    @Test func modelChangesMoveOnlyTheirEnginesGeneration() {
        _ = freshEngine(at: 0)
        let first = CALayer()
        CAEngine.reset()
        let second = CALayer()
        let (before1, before2) = (first.engine.modelGeneration, second.engine.modelGeneration)
        first.opacity = 0.5
        #expect(first.engine.dirtyLayers.count == 1 && first.engine.dirtyLayers[0] === first)
        #expect(second.engine.dirtyLayers.isEmpty)
        first.add(CABasicAnimation(keyPath: "opacity"), forKey: "a")
        first.opacity = 0.25
        #expect(first.engine.modelGeneration == before1 + 2)
        #expect(second.engine.modelGeneration == before2)
    }

    #if DEBUG
        /// Changing a layer from a thread other than its engine's traps, naming the rule.
        @Test func changingALayerFromAnotherThreadTraps() async {
            await #expect(processExitsWith: .failure) {
                nonisolated(unsafe) let layer = CALayer()
                let thread = Thread { layer.opacity = 0.5 }
                thread.start()
                while !thread.isFinished { usleep(1000) }
            }
        }
    #endif
}
