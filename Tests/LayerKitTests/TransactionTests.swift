import Testing

@testable import LayerKit

/// CATransaction completion blocks (core-animation.md §3; measured behaviour of Apple's).
@Suite struct TransactionTests {
    @Test func completionRunsOnceAfterItsAnimationsNeverInsideCommit() {
        let clock = freshEngine(at: 0)
        let root = CALayer()
        let a = CALayer()
        let b = CALayer()
        root.sublayers = [a, b]
        var order: [String] = []
        let recorder = Recorder(observing: false)
        recorder.onStop = { _, finished in order.append("stop \(finished)") }
        CATransaction.begin()
        CATransaction.setCompletionBlock { order.append("block at \(CACurrentMediaTime())") }
        let short = basic("opacity", from: 0, to: 1, duration: 1)
        short.delegate = recorder
        a.add(short, forKey: "s")
        let long = basic("opacity", from: 0, to: 1, duration: 2)
        long.delegate = recorder
        b.add(long, forKey: "l")
        CATransaction.commit()
        #expect(order.isEmpty)
        step(root, clock, at: 1.5)
        #expect(order == ["stop true"])
        step(root, clock, at: 2.5)
        // The block runs with the clock at its last animation's stop (2 s), not the frame that found it.
        #expect(order == ["stop true", "stop true", "block at 2.0"])
        step(root, clock, at: 3)
        #expect(order.count == 3)
    }

    @Test func blockWithoutAnimationsRunsAtTheNextStep() {
        let clock = freshEngine(at: 0)
        let root = CALayer()
        var runs = 0
        CATransaction.begin()
        CATransaction.setCompletionBlock { runs += 1 }
        CATransaction.commit()
        #expect(runs == 0)
        step(root, clock, at: 0)
        #expect(runs == 1)
        step(root, clock, at: 1)
        #expect(runs == 1)
    }

    /// Removal counts as completion; a nested commit does not run the outer block; the outer block
    /// waits for animations added inside the nested transaction.
    @Test func nestingAndRemoval() {
        let clock = freshEngine(at: 0)
        let layer = CALayer()
        var log: [String] = []
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.append("outer") }
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.append("inner") }
        layer.add(basic("opacity", from: 0, to: 1, duration: 5), forKey: "k")
        CATransaction.commit()
        step(layer, clock, at: 0.1)
        #expect(log.isEmpty)
        CATransaction.commit()
        step(layer, clock, at: 0.2)
        #expect(log.isEmpty)
        layer.removeAnimation(forKey: "k")
        #expect(log.isEmpty)
        step(layer, clock, at: 0.3)
        #expect(log == ["inner", "outer"])
    }

    /// Setting a second block does not cancel the first: each covers the animations added while it
    /// was set; clearing to nil still runs the one already set. It opens like `nestingAndRemoval` on purpose:
    /// each test states its own blocks and animations.
    @Test func replacingTheBlock() {
        let clock = freshEngine(at: 0)
        let layer = CALayer()
        var log: [String] = []
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.append("first") }
        layer.add(basic("opacity", from: 0, to: 1, duration: 1), forKey: "a")
        CATransaction.setCompletionBlock { log.append("second") }
        layer.add(basic("position.x", from: 0, to: 1, duration: 2), forKey: "b")
        CATransaction.setCompletionBlock(nil)
        CATransaction.commit()
        step(layer, clock, at: 1)
        #expect(log == ["first"])
        step(layer, clock, at: 2)
        #expect(log == ["first", "second"])
    }

    /// Outside an explicit transaction the implicit one collects the block; it commits at the next step.
    @Test func implicitTransaction() {
        let clock = freshEngine(at: 0)
        let layer = CALayer()
        var runs = 0
        CATransaction.setCompletionBlock { runs += 1 }
        layer.add(basic("opacity", from: 0, to: 1, duration: 1), forKey: "a")
        step(layer, clock, at: 0.5)
        #expect(runs == 0)
        step(layer, clock, at: 1)
        #expect(runs == 1)
    }

    @Test func settingsAndValues() {
        _ = freshEngine(at: 0)
        #expect(CATransaction.animationDuration() == 0.25)
        #expect(!CATransaction.disableActions())
        CATransaction.begin()
        CATransaction.setAnimationDuration(1.5)
        CATransaction.setDisableActions(true)
        CATransaction.setValue("v", forKey: "custom")
        #expect(CATransaction.animationDuration() == 1.5)
        #expect(CATransaction.disableActions())
        #expect(CATransaction.value(forKey: "custom") as? String == "v")
        #expect(CATransaction.value(forKey: "animationDuration") as? Double == 1.5)
        CATransaction.begin()
        #expect(CATransaction.animationDuration() == 0.25)
        CATransaction.commit()
        CATransaction.commit()
        #expect(CATransaction.animationDuration() == 0.25)
    }
}

/// A completion block that opens another transaction with a block: the new block runs at the next
/// step, not in the same one (no unbounded chains inside one frame). A block without animations is
/// dated at its transaction's commit, so each sees the time the first was committed at.
@Suite struct ChainedCompletionTests {
    @Test func chainedBlocksRunOnePerStep() {
        let clock = freshEngine(at: 0.5)
        let root = CALayer()
        var runs: [(step: Double, dated: Double)] = []
        func schedule() {
            CATransaction.begin()
            CATransaction.setCompletionBlock {
                runs.append((clock.now, CACurrentMediaTime()))
                if runs.count < 3 { schedule() }
            }
            CATransaction.commit()
        }
        schedule()
        var stepTime = 0.0
        for t in [1.0, 2, 3, 4] {
            stepTime = t
            step(root, clock, at: t)
            #expect(runs.count == min(Int(t), 3), "one block a step, at \(stepTime)")
        }
        #expect(runs.map(\.dated) == [0.5, 0.5, 0.5])
    }
}
