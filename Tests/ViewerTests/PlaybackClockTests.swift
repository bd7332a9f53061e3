import Testing

@testable import Viewer

@Suite struct PlaybackClockTests {
    @Test func runningClockScalesHostTimeBySpeed() {
        let clock = PlaybackClock(mediaTime: 2, hostTime: 100, speed: 0.5)
        #expect(clock.mediaTime(atHostTime: 100) == 2)
        #expect(clock.mediaTime(atHostTime: 104) == 4)
    }

    /// A frame drawn for a display-link tick from before a seek (a scene switch) or a speed change shows
    /// the time chosen then, not an earlier one (which would rebuild the scene).
    @Test func runningClockNeverReadsBeforeItsAnchor() {
        var clock = PlaybackClock(mediaTime: 3, hostTime: 100)
        clock.seek(to: 0, atHostTime: 200)
        #expect(clock.mediaTime(atHostTime: 199.999) == 0)
        clock.setSpeed(2, atHostTime: 199)
        #expect(clock.mediaTime(atHostTime: 201) == 2)
    }

    @Test func initialTimeAndSpeedAreClamped() {
        let clock = PlaybackClock(mediaTime: -3, hostTime: 0, speed: 100, paused: true)
        #expect(clock.mediaTime(atHostTime: 5) == 0)
        #expect(clock.speed == 16)
        #expect(PlaybackClock(mediaTime: 0, hostTime: 0, speed: 0.001).speed == 1.0 / 16.0)
    }

    @Test func pauseFreezesAndResumeContinuesWithoutAJump() {
        var clock = PlaybackClock(mediaTime: 0, hostTime: 10)
        clock.pause(atHostTime: 11.5)
        #expect(clock.isPaused)
        #expect(clock.mediaTime(atHostTime: 50) == 1.5)
        clock.resume(atHostTime: 50)
        #expect(clock.mediaTime(atHostTime: 50) == 1.5)
        #expect(clock.mediaTime(atHostTime: 52) == 3.5)
    }

    @Test func togglePauseAlternates() {
        var clock = PlaybackClock(mediaTime: 0, hostTime: 0)
        clock.togglePause(atHostTime: 1)
        #expect(clock.isPaused)
        clock.togglePause(atHostTime: 3)
        #expect(!clock.isPaused)
        #expect(clock.mediaTime(atHostTime: 4) == 2)
    }

    @Test func speedStepsDoubleAndHalveWithinLimits() {
        var clock = PlaybackClock(mediaTime: 0, hostTime: 0)
        for _ in 0..<10 { clock.slower(atHostTime: 0) }
        #expect(clock.speed == 1.0 / 16.0)
        clock.faster(atHostTime: 0)
        #expect(clock.speed == 1.0 / 8.0)
        for _ in 0..<10 { clock.faster(atHostTime: 0) }
        #expect(clock.speed == 16)
    }

    @Test func speedChangeKeepsTheCurrentMediaTime() {
        var clock = PlaybackClock(mediaTime: 0, hostTime: 0)
        clock.faster(atHostTime: 3)
        #expect(clock.mediaTime(atHostTime: 3) == 3)
        #expect(clock.mediaTime(atHostTime: 4) == 5)
    }

    @Test func frameStepsOnlyWhilePausedAndNeverBeforeZero() {
        var clock = PlaybackClock(mediaTime: 0.5, hostTime: 0)
        let steppedWhileRunning = clock.step(frames: 1, frameDuration: 0.25)
        #expect(!steppedWhileRunning)
        #expect(clock.mediaTime(atHostTime: 0) == 0.5)
        clock.pause(atHostTime: 0)
        let steppedWhilePaused = clock.step(frames: 1, frameDuration: 0.25)
        #expect(steppedWhilePaused)
        #expect(clock.mediaTime(atHostTime: 9) == 0.75)
        clock.step(frames: -5, frameDuration: 0.25)
        #expect(clock.mediaTime(atHostTime: 9) == 0)
    }

    @Test func seekKeepsPauseAndSpeed() {
        var clock = PlaybackClock(mediaTime: 0, hostTime: 0, speed: 2, paused: true)
        clock.seek(to: 1.25, atHostTime: 7)
        #expect(clock.isPaused)
        #expect(clock.mediaTime(atHostTime: 8) == 1.25)
        clock.resume(atHostTime: 8)
        #expect(clock.mediaTime(atHostTime: 8.5) == 2.25)
    }
}
