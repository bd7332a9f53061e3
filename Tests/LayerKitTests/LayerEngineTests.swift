import Foundation
import Testing

@testable import LayerKit

/// One engine object owns time and changes: it is held and bound for a scope (`perform`), a tree keeps
/// its engine and joins a tree's engine when added to it, and an engine refuses (in debug builds) to be
/// driven from another thread or from inside another engine's scope.
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

    /// Inside `perform` the statics act on the bound engine and new layers belong to it; scopes nest
    /// and the binding before is restored.
    @Test func performBindsTheEngineForTheStaticsAndNewLayers() {
        freshEngine(at: 7)
        let outer = LayerEngine(clock: ManualClock(now: 1))
        let inner = LayerEngine(clock: ManualClock(now: 2))
        let outside = LayerEngine.current
        outer.perform {
            #expect(CACurrentMediaTime() == 1)
            #expect(CALayer().engine === outer)
            inner.perform {
                #expect(CACurrentMediaTime() == 2)
                CATransaction.begin()
                CATransaction.setAnimationDuration(3)
                #expect(inner.transactions.count == 1 && outer.transactions.isEmpty)
                CATransaction.commit()
            }
            #expect(LayerEngine.current === outer)
        }
        #expect(LayerEngine.current === outside)
        #expect(CACurrentMediaTime() == 7)
    }

    /// The probe of the issue that made engines held: a tree, a reset, then a transaction with a
    /// duration and a completion block around a fade. The reset puts the same engine back in a new
    /// state, so the fade takes the transaction's 2 s and the block runs on the tree's own step, dated
    /// at the fade's end.
    @Test func aTransactionAfterAResetAppliesToTheTreeMadeBefore() throws {
        let clock = freshEngine(at: 0)
        let root = CALayer()
        let box = CALayer()
        root.addSublayer(box)
        CAEngine.reset()
        CAEngine.clock = clock
        var completedAt: [CFTimeInterval] = []
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        CATransaction.setCompletionBlock { completedAt.append(CACurrentMediaTime()) }
        box.add(CABasicAnimation(keyPath: "opacity"), forKey: "fade")
        CATransaction.commit()
        #expect(box.animation(forKey: "fade")?.duration == 2)
        for t in [0.5, 1.9, 2.2, 3.0] {
            clock.now = t
            CAEngine.step(root)
        }
        #expect(completedAt == [2], "once, at the animation's end")
    }

    @Test func aTreeIsSteppedWithItsOwnEngineWhateverIsBound() throws {
        let engine = LayerEngine(clock: ManualClock(now: 0))
        let box = engine.perform { fadingBox() }
        freshEngine(at: 100)  // the thread's default: not the box's
        #expect(box.engine === engine && LayerEngine.current !== engine)
        (engine.clock as? ManualClock)?.now = 0.25
        CAEngine.step(box)
        #expect(try #require(box.presentation()).opacity == 0.25)
    }

    @Test func aLayerAddedToATreeJoinsItsEngine() {
        freshEngine(at: 0)
        let root = CALayer()
        let other = LayerEngine(clock: ManualClock(now: 5))
        let (child, grandchild, mask) = other.perform { (CALayer(), CALayer(), CALayer()) }
        other.perform {
            child.addSublayer(grandchild)
            grandchild.mask = mask
        }
        #expect(child.engine === other && child.engine !== root.engine)
        root.addSublayer(child)
        #expect([child, grandchild, mask].allSatisfy { $0.engine === root.engine })
        #expect(other.clock.now == 5)
    }

    /// A change marks only its own engine: an unanimated layer joins that engine's dirty list, an
    /// animated one (the animation added, then the change) bumps that engine's generation.
    @Test func modelChangesMoveOnlyTheirEnginesGeneration() {
        freshEngine(at: 0)
        let first = CALayer()
        let secondEngine = LayerEngine(clock: ManualClock(now: 0))
        let second = secondEngine.perform { CALayer() }
        let (before1, before2) = (first.engine.modelGeneration, second.engine.modelGeneration)
        first.opacity = 0.5
        #expect(first.engine.dirtyLayers.count == 1 && first.engine.dirtyLayers[0] === first)
        #expect(second.engine.dirtyLayers.isEmpty)
        first.add(CABasicAnimation(keyPath: "opacity"), forKey: "a")
        first.opacity = 0.25
        #expect(first.engine.modelGeneration == before1 + 2)
        #expect(second.engine.modelGeneration == before2)
    }

    /// A reset keeps the engine object: its layers stay on it, their dirty marks are cleared, and
    /// everything it kept is gone.
    @Test func aResetClearsTheEngineInPlace() {
        let clock = freshEngine(at: 3)
        let box = CALayer()
        box.opacity = 0.5
        let link = CADisplayLink { _ in }
        link.add(to: .main, forMode: .common)
        CAEngine.eventObserver = { _ in }
        box.engine.schedule(at: 9) {}
        CAEngine.reset()
        let engine = box.engine
        #expect(LayerEngine.current === engine)
        #expect(!(engine.clock === clock) && engine.eventObserver == nil)
        #expect(engine.dirtyLayers.isEmpty && !box.isDirty && engine.displayLinks.isEmpty)
        #expect(engine.scheduledEntries.isEmpty)
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

        /// Changing a layer of one engine inside another engine's `perform` traps, naming the rule.
        @Test func changingAForeignEnginesLayerInsideAScopeTraps() async {
            await #expect(processExitsWith: .failure) {
                let layer = CALayer()
                LayerEngine(clock: ManualClock(now: 0)).perform { layer.opacity = 0.5 }
            }
        }

        /// Stepping a tree of one engine inside another engine's `perform` traps too.
        @Test func steppingAForeignTreeInsideAScopeTraps() async {
            await #expect(processExitsWith: .failure) {
                let layer = CALayer()
                LayerEngine(clock: ManualClock(now: 0)).perform { CAEngine.step(layer) }
            }
        }
    #endif
}
