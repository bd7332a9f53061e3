import LayerscopeTestSupport
import Testing

@testable import LayerKit

/// The frame cache must be invisible: the same random scene stepped with and without it gives the
/// same presentation values (bit for bit) and the same callbacks at the same times.
@Suite struct FrameCacheTests {
    struct Observation: Equatable {
        var opacity: [Float] = []
        var positions: [CGPoint] = []
        var transforms: [CATransform3D] = []
        var colors: [CGColor?] = []
        var strokes: [CGFloat] = []
        var strokeColors: [CGColor?] = []
        var events: [String] = []
        /// Frames stepped through the cache (not compared).
        var cachedFrames = 0

        static func == (a: Observation, b: Observation) -> Bool {
            a.opacity == b.opacity && a.positions == b.positions && a.transforms == b.transforms && a.colors == b.colors
                && a.strokes == b.strokes && a.strokeColors == b.strokeColors && a.events == b.events
        }
    }

    /// Builds a seeded random scene (direct and general animations, nested layer timing), steps it
    /// at seeded random times (with occasional backward jumps and model changes) and records.
    func run(seed: UInt64, cache: Bool) -> Observation {
        let clock = freshEngine(at: 0)
        LayerEngine.current.frameCacheEnabled = cache
        var random = SeededGenerator(seed: seed)
        var observation = Observation()
        CAEngine.eventObserver = { event in
            observation.events.append("\(event.layer.name ?? "") \(event.key ?? "-") \(event.kind) \(event.mediaTime)")
        }
        let root = CALayer()
        let group = CALayer()
        group.speed = 1.5
        group.timeOffset = 0.3
        root.addSublayer(group)
        var layers: [CALayer] = []
        let keys = [
            "opacity", "position", "position.x", "transform.rotation", "transform.scale", "backgroundColor",
            "bounds.size.width",
        ]
        let shapeKeys = ["strokeEnd", "strokeColor", "lineWidth", "opacity"]
        for index in 0..<60 {
            let layer = index % 5 == 0 ? CAShapeLayer() : CALayer()
            layer.name = "l\(index)"
            layer.position = CGPoint(x: 10, y: 20)
            layer.backgroundColor = index % 3 == 0 ? nil : CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 1)
            (index % 2 == 0 ? root : group).addSublayer(layer)
            layers.append(layer)
            let count = index % 7 == 0 ? 2 : 1
            for n in 0..<count {
                let choices = layer is CAShapeLayer ? shapeKeys : keys
                let key = choices[Int(random.next() % UInt64(choices.count))]
                let animation = CABasicAnimation(keyPath: key)
                switch key {
                case "position": animation.toValue = CGPoint(x: random.unit() * 100, y: random.unit() * 100)
                case "backgroundColor", "strokeColor":
                    animation.toValue = CGColor(red: random.unit(), green: 0, blue: 1, alpha: 1)
                default: animation.byValue = random.unit() * 3
                }
                if random.unit() < 0.3 {
                    animation.fromValue =
                        key == "position" ? CGPoint(x: 1, y: 2) : (key.hasSuffix("Color") ? CGColor.white : 0.5)
                }
                animation.duration = 0.2 + random.unit() * 2
                animation.beginTime = random.unit() < 0.5 ? 0 : random.unit() * 3
                animation.speed = [1, 1, 2, 0.5, -1, 0][Int(random.next() % 6)]
                animation.timeOffset = random.unit() < 0.3 ? random.unit() : 0
                animation.repeatCount = [0, 0, 2, 1.5, .infinity][Int(random.next() % 5)]
                animation.autoreverses = random.unit() < 0.3
                animation.fillMode = [.removed, .forwards, .backwards, .both][Int(random.next() % 4)]
                animation.isRemovedOnCompletion = random.unit() < 0.6
                animation.isAdditive = random.unit() < 0.1
                if random.unit() < 0.5 { animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut) }
                layer.add(animation, forKey: "k\(n)")
            }
        }
        var t = 0.0
        for frame in 0..<150 {
            t += random.unit() < 0.05 ? -0.5 : random.unit() * 0.1
            if frame == 70 { layers[3].opacity = 0.4 }
            if frame == 71 { layers[8].removeAnimation(forKey: "k0") }
            let usesCache = root.frameCache != nil && root.lastStepGeneration == LayerEngine.current.modelGeneration
            step(root, clock, at: t)
            if usesCache { observation.cachedFrames += 1 }
            for layer in layers {
                let p = layer.presentation()!
                observation.opacity.append(p.opacity)
                observation.positions.append(p.position)
                observation.transforms.append(p.transform)
                observation.colors.append(p.backgroundColor)
                if let shape = p as? CAShapeLayer {
                    observation.strokes.append(shape.strokeEnd)
                    observation.strokeColors.append(shape.strokeColor)
                }
            }
        }
        CAEngine.eventObserver = nil
        return observation
    }

    @Test(arguments: [1, 2, 3] as [UInt64]) func cacheIsInvisible(seed: UInt64) {
        let cached = run(seed: seed, cache: true)
        let uncached = run(seed: seed, cache: false)
        #expect(cached.events.count > 20)
        #expect(cached.cachedFrames > 40)
        #expect(uncached.cachedFrames == 0)
        #expect(mismatches(cached.events, uncached.events) == 0, "events")
        #expect(mismatches(cached.opacity, uncached.opacity) == 0, "opacity")
        #expect(mismatches(cached.positions, uncached.positions) == 0, "positions")
        #expect(mismatches(cached.transforms, uncached.transforms) == 0, "transforms")
        #expect(mismatches(cached.colors, uncached.colors) == 0, "colors")
        #expect(mismatches(cached.strokes, uncached.strokes) == 0, "strokes")
        #expect(mismatches(cached.strokeColors, uncached.strokeColors) == 0, "strokeColors")
    }

    /// How many positions differ (and any length difference), for short failure messages.
    func mismatches<T: Equatable>(_ a: [T], _ b: [T]) -> Int {
        zip(a, b).filter { $0 != $1 }.count + abs(a.count - b.count)
    }

    /// The cache is actually used once the model is stable, and dropped when it changes.
    @Test func cacheLifecycle() {
        let clock = freshEngine(at: 0)
        let root = CALayer()
        let layer = CALayer()
        root.addSublayer(layer)
        layer.add(basic("opacity", from: 0, to: 1, duration: 10), forKey: "a")
        step(root, clock, at: 1)
        #expect(root.frameCache == nil)
        step(root, clock, at: 2)
        #expect(root.frameCache != nil)
        step(root, clock, at: 3)
        #expect(close(Double(layer.presentation()!.opacity), 0.3, 1e-6))
        layer.position = CGPoint(x: 5, y: 5)
        step(root, clock, at: 4)
        #expect(root.frameCache == nil)
        #expect(layer.presentation()!.position == CGPoint(x: 5, y: 5))
        #expect(close(Double(layer.presentation()!.opacity), 0.4, 1e-6))
    }
}
