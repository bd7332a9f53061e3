import Testing

@testable import LayerKit

/// The engine owns scheduled time: batches and display-link ticks run in order with the clock at
/// their own times, callbacks are dated at the events', so the state at media time T does not depend
/// on which frames were drawn before it.
@Suite struct EngineScheduleTests {
    @Test func batchesRunInTimeOrderEachAtItsTimeAfterAStep() {
        let clock = freshEngine(at: 0)
        let root = CALayer()
        let engine = root.engine
        var seen: [(String, CFTimeInterval)] = []
        engine.schedule(at: 2, label: "c") { seen.append(("c", CACurrentMediaTime())) }
        engine.schedule(at: 1, label: "a") { seen.append(("a", CACurrentMediaTime())) }
        engine.schedule(at: 1, label: "b") { seen.append(("b", CACurrentMediaTime())) }
        engine.advance(root, to: 1.5)
        #expect(seen.map(\.0) == ["a", "b"] && seen.map(\.1) == [1, 1])
        #expect(clock.now == 1.5)
        #expect(engine.scheduledEntries.map(\.hasRun) == [true, true, false])
        engine.advance(root, to: 3)
        #expect(seen.map(\.0) == ["a", "b", "c"] && seen.last?.1 == 2)
        // Time only moves forward: advancing to an earlier time steps at the clock's.
        engine.advance(root, to: 1)
        #expect(clock.now == 3)
    }

    @Test func aBatchSchedulesLaterWorkThatTheSameAdvanceRuns() {
        freshEngine(at: 0)
        let root = CALayer()
        let engine = root.engine
        var times: [CFTimeInterval] = []
        engine.schedule(at: 0.5) {
            times.append(CACurrentMediaTime())
            engine.schedule(at: 0.75) { times.append(CACurrentMediaTime()) }
        }
        engine.advance(root, to: 1)
        #expect(times == [0.5, 0.75])
    }

    /// Display links tick on a 1/60 s grid of media time: one jump to 0.1 s fires the seven ticks
    /// from 0 to 6/60, each with the clock at its time, as frames drawn at 37 fps do.
    @Test func displayLinksFireEveryTickOfTheGridHoweverFramesAreDrawn() {
        func ticks(frames: [Double]) -> [Double] {
            let clock = freshEngine(at: 0)
            let root = CALayer()
            var fired: [Double] = []
            let link = CADisplayLink { link in
                fired.append(link.timestamp)
                #expect(CACurrentMediaTime() == link.timestamp)
                #expect(abs(link.targetTimestamp - link.timestamp - 1.0 / 60) < 1e-12)
            }
            link.add(to: .main, forMode: .common)
            for frame in frames { root.engine.advance(root, to: frame) }
            #expect(clock.now == frames.last)
            return fired
        }
        let expected = (0...6).map { Double($0) / 60 }
        #expect(ticks(frames: [0.1]) == expected)
        #expect(ticks(frames: (1...3).map { Double($0) / 37 } + [0.1]) == expected)
    }

    /// A link with a preferred rate of 30 fires on every other tick of the grid.
    @Test func aPreferredRateSkipsTicks() {
        freshEngine(at: 0)
        let root = CALayer()
        var fired: [Double] = []
        let link = CADisplayLink { fired.append($0.timestamp) }
        link.preferredFramesPerSecond = 30
        link.add(to: .main, forMode: .common)
        root.engine.advance(root, to: 0.1)
        #expect(fired == [0, 2, 4, 6].map { Double($0) / 60 })
    }

    /// An animation a delegate adds when the one before stops begins where the first ended, whichever
    /// frame found the end: the callback runs with the clock at the event's time.
    @Test func aDelegateChainedAnimationBeginsAtTheEndOfTheFirst() throws {
        func secondBegin(frames: [Double]) throws -> Double? {
            let clock = freshEngine(at: 0)
            let box = CALayer()
            let recorder = Recorder(observing: false)
            recorder.onStop = { _, finished in
                guard finished else { return }
                box.add(basic("position.x", from: 0, to: 10, duration: 1), forKey: "second")
            }
            let first = basic("opacity", from: 0, to: 1, duration: 1)
            first.delegate = recorder
            box.add(first, forKey: "first")
            for t in frames { step(box, clock, at: t) }
            return box.animation(forKey: "second")?.beginTime
        }
        #expect(try secondBegin(frames: [0.5, 1.37]) == 1)
        #expect(try secondBegin(frames: [0.99, 2.5]) == 1)
    }

    /// A completion block runs with the clock at its last animation's stop.
    @Test func aCompletionBlockIsDatedAtItsLastAnimationsStop() {
        let clock = freshEngine(at: 0)
        let box = CALayer()
        var at: CFTimeInterval?
        CATransaction.begin()
        CATransaction.setCompletionBlock { at = CACurrentMediaTime() }
        box.add(basic("opacity", from: 0, to: 1, duration: 0.6), forKey: "fade")
        CATransaction.commit()
        step(box, clock, at: 0.25)
        step(box, clock, at: 1.7)
        #expect(at == 0.6)
        #expect(clock.now == 1.7, "and the clock is put back")
    }

    // MARK: Idle

    @Test func aTreeIsIdleOnceItsAnimationsEndAndWhileTimeStandsStill() {
        let clock = freshEngine(at: 0)
        let root = CALayer()
        let box = CALayer()
        root.addSublayer(box)
        let engine = root.engine
        box.add(basic("opacity", from: 0, to: 1, duration: 1), forKey: "fade")
        step(root, clock, at: 0.5)
        #expect(!engine.isIdle(root, at: 0.5))
        step(root, clock, at: 1.5)
        #expect(engine.isIdle(root, at: 1.5))
        let endless = basic("position.x", from: 0, to: 1, duration: 1)
        endless.repeatCount = .infinity
        box.add(endless, forKey: "endless")
        step(root, clock, at: 2)
        #expect(!engine.isIdle(root, at: 2), "an endless repeat never ends")
        root.speed = 0
        step(root, clock, at: 3)
        #expect(engine.isIdle(root, at: 3), "under a layer of speed 0 nothing moves")
    }

    @Test func scheduledWorkDisplayLinksEmittersAndReplicatorCopiesKeepATreeMoving() {
        let clock = freshEngine(at: 0)
        let root = CALayer()
        let engine = root.engine
        step(root, clock, at: 1)
        #expect(engine.isIdle(root, at: 1))
        engine.schedule(at: 5) {}
        #expect(!engine.isIdle(root, at: 1), "something is due at 5 s")
        engine.advance(root, to: 5)
        #expect(engine.isIdle(root, at: 5))
        let link = CADisplayLink { _ in }
        link.add(to: .main, forMode: .common)
        #expect(!engine.isIdle(root, at: 5))
        link.isPaused = true
        #expect(engine.isIdle(root, at: 5))
        link.invalidate()

        let emitter = CAEmitterLayer()
        let cell = CAEmitterCell()
        cell.birthRate = 10
        cell.lifetime = 2
        emitter.emitterCells = [cell]
        root.addSublayer(emitter)
        step(root, clock, at: 6)
        #expect(!engine.isIdle(root, at: 6), "an emitter emits")
        emitter.removeFromSuperlayer()

        let replicator = CAReplicatorLayer()
        replicator.instanceCount = 4
        replicator.instanceDelay = 0.5
        let dot = CALayer()
        replicator.addSublayer(dot)
        root.addSublayer(replicator)
        step(root, clock, at: 7)
        let fade = basic("opacity", from: 0, to: 1, duration: 1)
        fade.isRemovedOnCompletion = false  // kept, so the copies keep theirs (a removal takes every copy's)
        dot.add(fade, forKey: "fade")
        step(root, clock, at: 8.2)
        #expect(!engine.isIdle(root, at: 8.2), "the last copy runs 1.5 s behind the first")
        step(root, clock, at: 9.6)
        #expect(engine.isIdle(root, at: 9.6))
    }
}
