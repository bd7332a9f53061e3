import Testing

@testable import LayerKit

/// `RenderBudget` in the engine: replicator copies and emitter particles are bounded per frame over
/// the whole tree, before they are made, and the first request beyond it is reported.
@Suite struct FrameBudgetTests {
    /// Replicators of `counts` nested outermost first, around one leaf layer.
    func nested(_ counts: [Int]) -> CAReplicatorLayer {
        var inner: CALayer = CALayer()
        inner.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        for (depth, count) in counts.enumerated().reversed() {
            let replicator = CAReplicatorLayer()
            replicator.name = "replicator\(depth + 1)"
            replicator.instanceCount = count
            replicator.addSublayer(inner)
            inner = replicator
        }
        return inner as! CAReplicatorLayer
    }

    /// An emitter named "fountain" of fifty cells at a million particles a second, each living 2 s.
    func fountain() -> CAEmitterLayer {
        let emitter = CAEmitterLayer()
        emitter.name = "fountain"
        emitter.emitterCells = (0..<50).map { _ in
            let cell = CAEmitterCell()
            cell.birthRate = 1e6
            cell.lifetime = 2
            return cell
        }
        return emitter
    }

    /// Every layer the presentation tree draws, replicator instances expanded.
    func drawnLayers(_ layer: CALayer) -> Int {
        var count = 0
        var stack = [layer]
        while let next = stack.popLast() {
            count += 1
            if let replicator = next as? CAReplicatorLayer {
                stack.append(contentsOf: replicator.instances().flatMap(\.sublayers))
            } else {
                stack.append(contentsOf: next.sublayers ?? [])
            }
        }
        return count
    }

    @Test(arguments: [[10_000, 10_000], [100, 100, 100], Array(repeating: 2, count: 20)])
    func nestedReplicatorsStopAtTheBudget(_ counts: [Int]) throws {
        let clock = freshEngine(at: 0)
        let root = nested(counts)
        step(root, clock, at: 0)
        let excess = try #require(root.engine.budgetExcess)
        #expect(excess.kind == .layerCopies && excess.requested > RenderBudget.layerCopies)
        #expect(drawnLayers(try #require(root.presentation())) <= RenderBudget.layerCopies + 64)
    }

    @Test func replicatorsWithinTheBudgetReportNothing() throws {
        let clock = freshEngine(at: 0)
        let root = nested([100, 100])
        step(root, clock, at: 0)
        #expect(root.engine.budgetExcess == nil)
        #expect(drawnLayers(try #require(root.presentation())) == 1 + 100 * (1 + 100))
    }

    /// Fifty cells at a million particles a second: the frame keeps the budget's worth, spread over the
    /// cells, and names the emitter.
    @Test func emitterParticlesAreBoundedOverAllCells() throws {
        let clock = freshEngine(at: 0)
        let emitter = fountain()
        step(emitter, clock, at: 0.5)
        let excess = try #require(emitter.engine.budgetExcess)
        #expect(excess == RenderBudget.Excess(kind: .particles, layer: "fountain", requested: 25_000_000))
        let particles = try #require(emitter.presentation() as? CAEmitterLayer).particles()
        #expect(particles.count <= RenderBudget.particles && particles.count > RenderBudget.particles * 9 / 10)
    }

    /// An engine that stops at the first excess (a command, which refuses the frame) makes nothing more
    /// for it: the excess is reported as before; the copies made before it (the inner replicators' 2,600)
    /// stay, the rest (up to the budget in an engine that does not stop) is not made; no particle is made.
    @Test func anEngineThatStopsAtTheExcessMakesNothingMore() throws {
        let clock = freshEngine(at: 0)
        let root = nested([50, 50, 50, 50])
        root.engine.stopsAtBudgetExcess = true
        step(root, clock, at: 0)
        let excess = try #require(root.engine.budgetExcess)
        #expect(excess.kind == .layerCopies && excess.requested > RenderBudget.layerCopies)
        #expect(drawnLayers(try #require(root.presentation())) < 3_000, "nothing copied past the excess")

        let emitter = fountain()
        emitter.engine.stopsAtBudgetExcess = true
        step(emitter, clock, at: 0.5)
        #expect(emitter.engine.budgetExcess?.kind == .particles)
        #expect(try #require(emitter.presentation() as? CAEmitterLayer).particles().isEmpty)
    }
}
