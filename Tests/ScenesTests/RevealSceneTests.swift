import LayerKit
import Testing

@testable import Scenes

/// Seed 003 as ported, on the notes' 375 × 667 screen: the mask is an oval centred at (375.5, 667.5)
/// whose radius grows linearly from 0.5 to 765.6889 over 2 s (notes §5). Tolerance 1e-3.
struct RevealSceneTests {
    static let size = CGSize(width: 375, height: 667)

    /// Radius of the presented mask of `layer`, a concentric oval whose first point is at 3 o'clock.
    static func radius(_ layer: CALayer) throws -> Double {
        guard let mask = layer.mask, case .moveTo(let start)? = (presented(mask, "path") as? CGPath)?.elements.first
        else { throw MissingValue(description: "no mask path") }
        return Double(start.x) - 375.5
    }

    @Test func pushGrowsTheOvalAndPopShrinksIt() throws {
        let engine = EngineFixture()
        let (scene, navigation) = try builtIn("reveal", Reveal.self, size: Self.size)
        let radii: [(CFTimeInterval, Double)] = [
            (0, 0.5), (0.5, 191.797), (1, 383.094), (1.5, 574.392), (1.999, 765.306),
        ]
        for (time, radius) in radii {
            scene.advance(to: time)
            #expect(abs(try Self.radius(navigation.screenB) - radius) < 1e-3, "at \(time)")
            #expect(navigation.container.sublayers?.last === navigation.screenB)
        }
        scene.advance(to: 2)
        #expect(abs(try Self.radius(navigation.screenB) - 765.6889) < 1e-3)
        #expect(navigation.container.sublayers?.map { $0 } == [navigation.screenB])
        #expect(navigation.showingB)
        #expect(engine.stops.count == 1)

        scene.advance(to: 4)
        #expect(abs(try Self.radius(navigation.screenB) - (765.6889 + 0.5) / 2) < 1e-3)
        #expect(navigation.container.sublayers?.map { $0 } == [navigation.screenA, navigation.screenB])
        scene.advance(to: 5)
        #expect(navigation.container.sublayers?.map { $0 } == [navigation.screenA])
        #expect(navigation.showingB == false)
        #expect(engine.stops.map(\.1) == [true, true])
    }

    @Test func pauseHoldsTheRevealAndResumeContinuesIt() throws {
        let engine = EngineFixture()
        let (scene, navigation) = try builtIn("reveal", Reveal.self, size: Self.size)
        scene.advance(to: 0.5)
        scene.perform(.pause)
        scene.advance(to: 2.5)
        #expect(abs(try Self.radius(navigation.screenB) - 191.797) < 1e-3)
        #expect(engine.stops.isEmpty)
        scene.perform(.resume)
        scene.advance(to: 3)
        #expect(abs(try Self.radius(navigation.screenB) - 383.094) < 1e-3, "the pop at 3 s is refused mid-push")
        scene.advance(to: 4)
        #expect(engine.stops.count == 1 && abs(engine.stops[0].0 - 4) < 1e-9 && engine.stops[0].1)
        #expect(abs(try Self.radius(navigation.screenB) - 765.6889) < 1e-3)
        #expect(navigation.showingB)
    }

    @Test func stopEndsTheTransitionAtOnce() throws {
        _ = EngineFixture()
        let (scene, navigation) = try builtIn("reveal", Reveal.self, size: Self.size)
        scene.advance(to: 0.5)
        scene.perform(.stop)
        #expect(abs(try Self.radius(navigation.screenB) - 765.6889) < 1e-3)
        #expect(navigation.showingB)
        scene.perform(.start)
        scene.advance(to: 1.5)
        #expect(abs(try Self.radius(navigation.screenB) - 383.094) < 1e-3)
    }
}
