import Testing

@testable import LayerKit

/// A cell's `CAMediaTiming` decides when it emits, in the emitter layer's local time.
@Suite struct EmitterCellTimingTests {
    /// The number of particles alive at `t` of a layer with one cell (birth rate 10, lifetime 100: one
    /// birth every 0.1 s from 0.1 s on; the windows below avoid birth times at their ends).
    func count(at t: Double, _ configure: (CAEmitterCell) -> Void) -> Int {
        let clock = freshEngine(at: 0)
        let layer = CAEmitterLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let cell = CAEmitterCell()
        cell.birthRate = 10
        cell.lifetime = 100
        configure(cell)
        layer.emitterCells = [cell]
        step(layer, clock, at: t)
        return layer.presentation()?.particles().count ?? 0
    }

    @Test func aCellWithoutTimingEmitsFromTheStart() {
        #expect(count(at: 2) { _ in } == 20)
    }

    /// A cell timed by `configure` on a fresh cell: the particles alive at 5 s.
    func timed(_ configure: @escaping (CAEmitterCell) -> Void) -> Int { count(at: 5, configure) }

    @Test func beginTimeDelaysAndDurationEndsEmission() {
        #expect(count(at: 2) { $0.beginTime = 1.05 } == 10)
        #expect(count(at: 0.5) { $0.beginTime = 1 } == 0)
        #expect(timed { $0.duration = 1.55 } == 15)  // born in [0, 1.55), alive still
        #expect(timed { ($0.duration, $0.repeatCount) = (1, 2.55) } == 25)
        #expect(timed { ($0.duration, $0.autoreverses) = (1.025, true) } == 20)
        #expect(timed { ($0.duration, $0.repeatDuration) = (1, 0.55) } == 5)
    }

    @Test func speedAndTimeOffsetMoveTheWindow() {
        #expect(timed { ($0.duration, $0.speed) = (2.1, 2) } == 10)  // 2.1 s of cell time in 1.05 s
        #expect(timed { ($0.duration, $0.timeOffset) = (2.05, 1.5) } == 5)
    }

    @Test func timingIsReachedByKeyValueCoding() {
        let cell = CAEmitterCell()
        cell.setValue(2, forKey: "beginTime")
        cell.setValue(true, forKey: "autoreverses")
        #expect(cell.beginTime == 2 && cell.autoreverses)
        #expect(cell.value(forKey: "repeatCount") as? Float == 0)
    }
}
