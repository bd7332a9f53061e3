import LayerKit
import Testing

@testable import Scenes

/// Seed 002 as ported: byValue 2π over 2 s, linear (no timing function set); stop at 1 s gives
/// finished NO and identity at once; the restart at 1.5 s runs to its end at 3.5 s. Tolerance 1e-9.
struct ShipSceneTests {
    @Test func autoplayStartsStopsAndRestarts() throws {
        let engine = EngineFixture()
        let (scene, script) = try builtIn("ship", Ship.self, size: CGSize(width: 1280, height: 720))
        var lines: [String] = []
        scene.log = { lines.append($0) }
        let ship = script.shipLayer
        #expect(ship.position == CGPoint(x: 150, y: 150))
        #expect(ship.bounds == CGRect(x: 0, y: 0, width: 128, height: 128))
        #expect(script.containerView.frame == CGRect(x: 490, y: 210, width: 300, height: 300))

        scene.advance(to: 0.5)
        #expect(abs(try presentedNumber(ship, "transform.rotation") - .pi / 2) < 1e-9)
        let transform = try #require(presented(ship, "transform") as? CATransform3D)
        #expect(abs(transform.m11) < 1e-9 && abs(transform.m12 - 1) < 1e-9)

        scene.advance(to: 1)
        #expect(lines == ["The animation stopped (finished: NO)"])
        #expect(presented(ship, "transform") as? CATransform3D == CATransform3DIdentity)
        #expect(engine.stops.first.map { $0.0 == 1 && !$0.1 } == true)

        scene.advance(to: 2.5)
        #expect(abs(try presentedNumber(ship, "transform.rotation") - .pi) < 1e-9)
        scene.advance(to: 3.5)
        #expect(lines == ["The animation stopped (finished: NO)", "The animation stopped (finished: YES)"])
        #expect(engine.stops.last.map { abs($0.0 - 3.5) < 1e-9 && $0.1 } == true)
        #expect(presented(ship, "transform") as? CATransform3D == CATransform3DIdentity)
        #expect(scene.naturalDuration == 3.5)
    }

    @Test func pausedShipHoldsItsAngle() throws {
        _ = EngineFixture()
        let (scene, script) = try builtIn("ship", Ship.self, size: CGSize(width: 640, height: 480))
        scene.advance(to: 2)
        scene.perform(.pause)
        let ship = script.shipLayer
        let angle = try presentedNumber(ship, "transform.rotation")
        #expect(abs(angle - .pi / 2) < 1e-9)
        scene.advance(to: 9)
        #expect(abs(try presentedNumber(ship, "transform.rotation") - angle) < 1e-9)
        scene.perform(.resume)
        scene.advance(to: 9.5)
        #expect(abs(try presentedNumber(ship, "transform.rotation") - .pi) < 1e-9)
    }
}
