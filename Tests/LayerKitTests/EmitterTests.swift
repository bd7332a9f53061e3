import Testing

@testable import LayerKit

/// `CAEmitterLayer`, with the vectors of core-animation-breadth.md §11. Particles are a function of
/// time: the tests step straight to the time they look at.
@Suite struct EmitterTests {
    func emitter(_ configure: (CAEmitterCell) -> Void) -> (CAEmitterLayer, CAEmitterCell) {
        let layer = CAEmitterLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        layer.emitterPosition = CGPoint(x: 50, y: 50)
        let cell = CAEmitterCell()
        configure(cell)
        layer.emitterCells = [cell]
        return (layer, cell)
    }

    func particles(_ layer: CAEmitterLayer, _ clock: ManualClock, at t: Double) -> [CAEmitterLayer.Particle] {
        step(layer, clock, at: t)
        return layer.presentation()?.particles() ?? []
    }

    /// Little's law: birth rate 10 for 2 s lives gives a steady 20; the layer's multipliers scale it.
    @Test func steadyCountsFollowTheRates() {
        let clock = freshEngine(at: 0)
        let (layer, _) = emitter {
            $0.birthRate = 10
            $0.lifetime = 2
        }
        #expect(particles(layer, clock, at: 5).count == 20)
        layer.birthRate = 2
        #expect(particles(layer, clock, at: 10).count == 40)
        let (short, _) = emitter {
            $0.birthRate = 10
            $0.lifetime = 2
        }
        short.lifetime = 0.5
        #expect(particles(short, clock, at: 10).count == 10)
    }

    /// velocity 100 along +x from (50, 50): at age 0.5 at (100, 50); with yAcceleration 100 at
    /// (100, 62.5), lower on the screen.
    @Test func particlesMoveInClosedForm() throws {
        let clock = freshEngine(at: 0)
        let (layer, cell) = emitter {
            $0.birthRate = 1
            $0.lifetime = 10
            $0.velocity = 100
        }
        // The first particle is born at 1 s (one emitted at rate 1).
        let first = try #require(particles(layer, clock, at: 1.5).first)
        #expect(first.age == 0.5 && close(first.position.x, 100) && close(first.position.y, 50))
        cell.yAcceleration = 100
        layer.emitterCells = [cell]
        let falling = try #require(particles(layer, clock, at: 1.5).first)
        #expect(close(falling.position.x, 100) && close(falling.position.y, 62.5))
    }

    @Test func scaleAndAlphaChangeWithAge() throws {
        let clock = freshEngine(at: 0)
        let (layer, _) = emitter {
            $0.birthRate = 1
            $0.lifetime = 10
            $0.scaleSpeed = -0.5
            $0.alphaSpeed = -0.5
        }
        let particle = try #require(particles(layer, clock, at: 2).first)
        #expect(close(particle.scale, 0.5) && close(particle.color.alpha, 0.5, 1e-6))
    }

    /// Ranges spread uniformly over mean ± range/2: velocity 100, range 40 gives speeds in [80, 120).
    @Test func rangesSpreadAroundTheMean() {
        let clock = freshEngine(at: 0)
        let (layer, _) = emitter {
            $0.birthRate = 1000
            $0.lifetime = 10
            $0.velocity = 100
            $0.velocityRange = 40
        }
        let speeds = particles(layer, clock, at: 1).map { ($0.position.x - 50) / $0.age }.filter(\.isFinite)
        #expect(speeds.count > 900)
        #expect(speeds.min()! >= 80 - 1e-9 && speeds.max()! < 120)
        let mean = speeds.reduce(0, +) / Double(speeds.count)
        #expect(abs(mean - 100) < 1.5)
    }

    /// Setting the layer's birthRate to 0 stops births; the living particles live on. The cell is that of
    /// `steadyCountsFollowTheRates` on purpose: each test states the rates its counts follow from.
    @Test func stoppingEmissionLetsTheLivingFinish() {
        let clock = freshEngine(at: 0)
        let (layer, _) = emitter {
            $0.birthRate = 10
            $0.lifetime = 2
        }
        #expect(particles(layer, clock, at: 1).count == 10)
        layer.birthRate = 0
        #expect(particles(layer, clock, at: 2.5).count == 5)
        #expect(particles(layer, clock, at: 3.1).isEmpty)
    }

    /// The same seed gives the same particles at a time however the steps got there; another seed
    /// gives others.
    @Test func particlesDependOnTimeAndSeedOnly() {
        func positions(seed: UInt32, steps: [Double]) -> [CGPoint] {
            let clock = freshEngine(at: 0)
            let (layer, _) = emitter {
                $0.birthRate = 50
                $0.lifetime = 1
                $0.velocity = 80
                $0.emissionRange = 2 * .pi
            }
            layer.seed = seed
            var result: [CGPoint] = []
            for t in steps { result = particles(layer, clock, at: t).map(\.position) }
            return result
        }
        let direct = positions(seed: 7, steps: [3])
        #expect(direct.count == 50)
        #expect(positions(seed: 7, steps: [0.5, 1.25, 2, 3]) == direct)
        #expect(positions(seed: 8, steps: [3]) != direct)
    }

    /// A circle emits from a disc of radius `emitterSize.width` (not width / 2).
    @Test func aCircleIsOfRadiusWidth() {
        let clock = freshEngine(at: 0)
        let (layer, _) = emitter {
            $0.birthRate = 500
            $0.lifetime = 10
        }
        layer.emitterShape = .circle
        layer.emitterSize = CGSize(width: 30, height: 0)
        let distances = particles(layer, clock, at: 1).map { hypot($0.position.x - 50, $0.position.y - 50) }
        #expect(distances.max()! <= 30 && distances.max()! > 28)
    }
}
