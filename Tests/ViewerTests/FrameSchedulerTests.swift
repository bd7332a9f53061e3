import Testing

@testable import Viewer

@Suite struct FrameSchedulerTests {
    @Test func periodIsRoundedNanoseconds() {
        #expect(FrameScheduler(framesPerSecond: 60).period == 16_666_667)
        #expect(FrameScheduler(framesPerSecond: 50).period == 20_000_000)
    }

    @Test func stoppedLinkHasNoDeadline() {
        let scheduler = FrameScheduler(framesPerSecond: 50)
        #expect(scheduler.timeout(at: 123) == nil)
    }

    @Test func ticksAtDeadlinesFromTheDeadlineNotTheWakeUp() {
        var scheduler = FrameScheduler(framesPerSecond: 50)
        scheduler.start(at: 1_000)
        #expect(scheduler.tick(at: 1_000) == FrameTick(timestamp: 1_000, targetTimestamp: 20_001_000))
        #expect(scheduler.tick(at: 10_000_000) == nil)
        #expect(scheduler.timeout(at: 10_000_000) == 10_001_000)
        #expect(scheduler.tick(at: 20_301_000) == FrameTick(timestamp: 20_001_000, targetTimestamp: 40_001_000))
        #expect(scheduler.droppedFrames == 0)
    }

    @Test func wholeMissedPeriodsAreSkippedAndCounted() {
        var scheduler = FrameScheduler(framesPerSecond: 50)
        scheduler.start(at: 0)
        _ = scheduler.tick(at: 0)
        let late = scheduler.tick(at: 70_000_000)
        #expect(late == FrameTick(timestamp: 60_000_000, targetTimestamp: 80_000_000))
        #expect(scheduler.droppedFrames == 2)
        #expect(scheduler.timeout(at: 70_000_000) == 10_000_000)
    }

    @Test func restartingBeginsANewPhase() {
        var scheduler = FrameScheduler(framesPerSecond: 50)
        scheduler.start(at: 0)
        _ = scheduler.tick(at: 0)
        scheduler.stop()
        scheduler.start(at: 5_000_000_000)
        #expect(scheduler.tick(at: 5_000_000_000)?.timestamp == 5_000_000_000)
        #expect(scheduler.droppedFrames == 0)
    }

    @Test func startKeepsTheRunningPhase() {
        var scheduler = FrameScheduler(framesPerSecond: 50)
        scheduler.start(at: 0)
        _ = scheduler.tick(at: 0)
        scheduler.start(at: 5_000_000)
        #expect(scheduler.nextDeadline == 20_000_000)
    }
}
