import LayerKit
import Testing

@testable import Scenes

/// Seed 000 as ported: the strokeEnd timeline of a 2 s autoreversing linear wipe, the completion
/// block, and QA1673 pause/resume (notes §9, vectors 2 and 3). Tolerance 1e-9.
struct WipeSceneTests {
    @Test func strokeEndFollowsTheSeedsTimelineAndTheImageIsHiddenAt4s() throws {
        let engine = EngineFixture()
        let (scene, wipe) = try builtIn("wipe", Wipe.self, size: CGSize(width: 200, height: 100))
        let expected: [(CFTimeInterval, Double)] = [
            (0.5, 0.25), (1, 0.5), (2, 1), (3, 0.5), (3.5, 0.25), (3.999, 0.0005),
        ]
        for (time, strokeEnd) in expected {
            scene.advance(to: time)
            let value = try presentedNumber(wipe.imageView.layer.mask, "strokeEnd")
            #expect(abs(value - strokeEnd) < 1e-9, "at \(time)")
            #expect(wipe.imageView.isHidden == false)
            #expect(wipe.animationInFlight)
        }
        scene.advance(to: 4)
        #expect(wipe.imageView.isHidden)
        #expect(wipe.imageView.layer.mask == nil)
        #expect(wipe.animationInFlight == false)
        #expect(engine.stops.count == 1)
        #expect(engine.stops.first?.0 == 4)
        #expect(engine.stops.first?.1 == true)
        scene.advance(to: 10)
        #expect(engine.stops.count == 1, "the completion block runs once")
    }

    @Test func maskIsTheSeedsArc() throws {
        _ = EngineFixture()
        let (scene, wipe) = try builtIn("wipe", Wipe.self, size: CGSize(width: 300, height: 400))
        scene.advance(to: 0)
        let mask = try #require(wipe.imageView.layer.mask as? CAShapeLayer)
        #expect(mask.lineWidth == 250)
        #expect(mask.frame == CGRect(x: 0, y: 0, width: 300, height: 400))
        let reference = CGMutablePath()
        reference.move(to: CGPoint(x: 150, y: 200 - 125))
        reference.addArc(
            center: CGPoint(x: 150, y: 200), radius: 125, startAngle: 3 * .pi / 2, endAngle: -.pi / 2, clockwise: false)
        #expect(mask.path == reference)
        #expect(mask.strokeEnd == 0)
        #expect(mask.fillColor == UIColor.clear.cgColor)
        #expect(mask.strokeColor == UIColor.black.cgColor)
    }

    @Test func pauseAndResumeFollowQA1673() throws {
        let engine = EngineFixture()
        let (scene, wipe) = try builtIn("wipe", Wipe.self, size: CGSize(width: 200, height: 100))
        func strokeEnd() throws -> Double { try presentedNumber(wipe.imageView.layer.mask, "strokeEnd") }
        scene.advance(to: 1.5)
        scene.perform(.pause)
        #expect(abs(try strokeEnd() - 0.75) < 1e-9)
        scene.advance(to: 5)
        #expect(abs(try strokeEnd() - 0.75) < 1e-9)
        scene.advance(to: 11.5)
        scene.perform(.resume)
        scene.advance(to: 12)
        #expect(abs(try strokeEnd() - 1) < 1e-9)
        scene.advance(to: 13)
        #expect(abs(try strokeEnd() - 0.5) < 1e-9)
        scene.advance(to: 14)
        #expect(engine.stops.count == 1)
        #expect(engine.stops.first.map { abs($0.0 - 14) < 1e-9 && $0.1 } == true)
        #expect(wipe.imageView.isHidden)
    }

    @Test func stopWhilePausedRunsTheBlockAndRemovesThePause() throws {
        let engine = EngineFixture()
        let (scene, wipe) = try builtIn("wipe", Wipe.self, size: CGSize(width: 200, height: 100))
        scene.advance(to: 1)
        scene.perform(.pause)
        #expect(scene.rootLayer.speed == 0)
        scene.perform(.stop)
        #expect(engine.stops.count == 1)
        #expect(engine.stops.first?.1 == false)
        #expect(scene.rootLayer.speed == 1)
        #expect(scene.rootLayer.timeOffset == 0)
        #expect(wipe.imageView.isHidden)
        #expect(wipe.animationInFlight == false)
    }

    @Test func startWhileInFlightIsIgnored() throws {
        let engine = EngineFixture()
        let (scene, wipe) = try builtIn("wipe", Wipe.self, size: CGSize(width: 200, height: 100))
        var lines: [String] = []
        scene.log = { lines.append($0) }
        scene.advance(to: 1)
        scene.perform(.start)
        #expect(lines == ["Wipe already in flight; start ignored"])
        scene.advance(to: 4)
        scene.perform(.start)
        scene.advance(to: 8)
        #expect(engine.stops.map(\.1) == [true, true])
    }
}
