import Testing

@testable import LayerKit

/// `CAReplicatorLayer`, with the vectors of core-animation-breadth.md §10.
@Suite struct ReplicatorTests {
    /// A 100×100 replicator with one 10×10 sublayer at `position`.
    func replicator(count: Int, sublayerAt position: CGPoint) -> (CAReplicatorLayer, CALayer) {
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        replicator.instanceCount = count
        let dot = CALayer()
        dot.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        dot.position = position
        replicator.addSublayer(dot)
        return (replicator, dot)
    }

    /// Count 4, T = a quarter turn about z: the copies sit at (50,10), (90,50), (50,90), (10,50) —
    /// T^k about the replicator's centre, clockwise on a y-down screen.
    @Test func instanceTransformIsAPowerAboutTheCentre() throws {
        let clock = freshEngine(at: 0)
        let (replicator, dot) = replicator(count: 4, sublayerAt: CGPoint(x: 50, y: 10))
        replicator.instanceTransform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        step(replicator, clock, at: 0)
        let instances = try #require(replicator.presentation()).instances()
        #expect(instances.count == 4)
        let expected = [CGPoint(x: 50, y: 10), CGPoint(x: 90, y: 50), CGPoint(x: 50, y: 90), CGPoint(x: 10, y: 50)]
        for (instance, point) in zip(instances, expected) {
            let moved = dot.position.applying(CATransform3DGetAffineTransform(instance.transform))
            #expect(close(moved.x, point.x, 1e-9) && close(moved.y, point.y, 1e-9), "\(moved) vs \(point)")
            #expect(instance.sublayers.count == 1)
        }
        #expect(instances[0].sublayers[0] === dot.presentation())
        #expect(instances[1].sublayers[0] !== dot.presentation())
    }

    /// alphaOffset −0.25 over 4 copies: multipliers 1, 0.75, 0.5, 0.25; a colour channel clamps at 0.
    @Test func colourOffsetsAccumulateAndClamp() throws {
        let clock = freshEngine(at: 0)
        let (replicator, _) = replicator(count: 4, sublayerAt: CGPoint(x: 50, y: 50))
        replicator.instanceAlphaOffset = -0.25
        replicator.instanceRedOffset = -0.5
        step(replicator, clock, at: 0)
        let colors = try #require(replicator.presentation()).instances().map(\.color)
        #expect(colors.map(\.alpha) == [1, 0.75, 0.5, 0.25])
        #expect(colors.map(\.red) == [1, 0.5, 0, 0])
        #expect(colors.map(\.green) == [1, 1, 1, 1])
    }

    /// Delay 0.1 and an opacity 0 → 1 linear 1 s animation filling backwards: at 0.25 s instance 2
    /// shows 0.05, instance 0 0.25; the copies' animations deliver no callbacks.
    @Test func laterInstancesLagByTheDelay() throws {
        let clock = freshEngine(at: 0)
        let (replicator, dot) = replicator(count: 3, sublayerAt: CGPoint(x: 50, y: 50))
        replicator.instanceDelay = 0.1
        let recorder = Recorder()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 1
        fade.timingFunction = CAMediaTimingFunction(name: .linear)
        fade.fillMode = .backwards
        fade.delegate = recorder
        dot.add(fade, forKey: "fade")
        step(replicator, clock, at: 0.25)
        let opacities = try #require(replicator.presentation()).instances().map { Double($0.sublayers[0].opacity) }
        #expect(close(opacities[0], 0.25, 1e-6) && close(opacities[1], 0.15, 1e-6) && close(opacities[2], 0.05, 1e-6))
        step(replicator, clock, at: 2)
        #expect(recorder.calls == [.start, .stop(true)])
    }

    @Test func instanceCountZeroDrawsNothingAndIsNeverNegative() throws {
        let clock = freshEngine(at: 0)
        let (replicator, _) = replicator(count: 0, sublayerAt: .zero)
        step(replicator, clock, at: 0)
        #expect(try #require(replicator.presentation()).instances().isEmpty)
        replicator.instanceCount = -3
        #expect(replicator.instanceCount == 0)
    }
}
