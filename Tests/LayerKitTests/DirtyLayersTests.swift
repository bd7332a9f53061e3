import LayerscopeTestSupport
import Testing

@testable import LayerKit

/// Dirty tracking must be invisible: the same seeded random tree, changed at random every frame (own
/// properties of unanimated and animated layers, timing, animations, structure, masks) and stepped
/// with the frame cache (which syncs dirty layers alone) and without it (which walks the whole tree
/// every frame), shows the same presentation tree after every step.
@Suite struct DirtyLayersTests {
    struct Run {
        var snapshots: [String] = []
        /// Frames that had dirty layers and were stepped through the frame cache.
        var incrementalFrames = 0
    }

    func run(seed: UInt64, cache: Bool) -> Run {
        let clock = freshEngine(at: 0)
        let engine = LayerEngine.current
        engine.frameCacheEnabled = cache
        // The changes are to take effect at once (as a view's own layer takes them), not to animate.
        engine.implicitActionsEnabled = false
        var random = SeededGenerator(seed: seed)
        var result = Run()
        let root = CALayer()
        root.name = "root"
        var layers: [CALayer] = [root]
        for index in 0..<80 {
            let layer = index % 4 == 0 ? CAShapeLayer() : CALayer()
            layer.name = "l\(index)"
            layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            layer.position = CGPoint(x: random.unit() * 100, y: random.unit() * 100)
            if index % 3 == 0 { layer.speed = 2 }
            layers[Int(random.next() % UInt64(layers.count))].addSublayer(layer)
            layers.append(layer)
            if random.unit() < 0.3 {
                let animation = basic("opacity", from: 0, to: 1, duration: 0.5 + random.unit())
                animation.repeatCount = .infinity
                layer.add(animation, forKey: "a")
            }
        }
        let mask = CAShapeLayer()
        mask.name = "mask"
        layers[5].mask = mask
        layers.append(mask)
        var t = 0.0
        for frame in 0..<120 {
            t += 0.05
            for _ in 0..<(1 + Int(random.next() % 3)) {
                change(layers[Int(random.next() % UInt64(layers.count))], &random, &layers, frame: frame)
            }
            let before = root.frameCache
            let dirty = !engine.dirtyLayers.isEmpty
            step(root, clock, at: t)
            if dirty, before != nil, root.frameCache === before { result.incrementalFrames += 1 }
            result.snapshots.append(snapshot(root.presentation()!))
        }
        return result
    }

    /// One random change of `layer`: mostly its own properties, sometimes its timing, an animation
    /// or the tree's structure.
    func change(_ layer: CALayer, _ random: inout SeededGenerator, _ layers: inout [CALayer], frame: Int) {
        let value = random.unit()
        switch random.next() % 30 {
        case 0: layer.speed = Float(1 + value)
        case 1: layer.add(basic("position.x", by: value * 10, duration: 1), forKey: "m\(frame)")
        case 2:
            let child = CALayer()
            child.name = "n\(frame)"
            layer.addSublayer(child)
            layers.append(child)
        case 3: layer.setValue(value, forKey: "custom")
        case 4: layer.name = "renamed\(frame)"
        case 5: layer.isHidden = value < 0.5
        case 6: layer.transform = CATransform3DMakeRotation(value, 0, 0, 1)
        case 7: layer.bounds = CGRect(x: 0, y: 0, width: value * 20, height: 5)
        case 8, 9:
            if let shape = layer as? CAShapeLayer {
                shape.strokeEnd = value
                shape.fillColor = CGColor(red: value, green: 0, blue: 0, alpha: 1)
                shape.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: value * 10, height: 4), transform: nil)
            } else {
                layer.opacity = Float(value)
            }
        case 10, 11, 12: layer.position = CGPoint(x: value * 50, y: 3)
        default: layer.backgroundColor = CGColor(red: 0, green: value, blue: 1, alpha: 1)
        }
    }

    /// Every presentation property the tests can read, of the whole tree, as exact text.
    func snapshot(_ layer: CALayer) -> String {
        var text = "\(layer.name ?? "-") \(layer.bounds) \(layer.position) \(layer.anchorPoint) \(layer.transform)"
        text += " \(layer.opacity) \(layer.isHidden) \(String(describing: layer.backgroundColor)) \(layer.speed)"
        text += " \(String(describing: layer.value(forKey: "custom")))"
        if let shape = layer as? CAShapeLayer {
            text +=
                " \(shape.strokeEnd) \(String(describing: shape.fillColor)) \(String(describing: shape.path?.elements))"
        }
        if let mask = layer.mask { text += " mask[\(snapshot(mask))]" }
        for sublayer in layer.sublayers ?? [] { text += " (\(snapshot(sublayer)))" }
        return text
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64]) func dirtyTrackingEqualsTheFullWalk(seed: UInt64) {
        let incremental = run(seed: seed, cache: true)
        let full = run(seed: seed, cache: false)
        #expect(incremental.incrementalFrames > 10)
        #expect(full.incrementalFrames == 0)
        let first = zip(incremental.snapshots, full.snapshots).enumerated().first { $0.element.0 != $0.element.1 }?
            .offset
        #expect(first == nil, "first differing frame: \(first ?? -1)")
        #expect(incremental.snapshots.count == full.snapshots.count)
    }

    /// A property set on an unanimated layer of a cached tree reaches its presentation at the next
    /// step without dropping the frame cache, and the dirty list is empty again.
    @Test func unanimatedChangeKeepsTheFrameCache() {
        let clock = freshEngine(at: 0)
        let root = CALayer()
        let animated = CALayer()
        let still = CALayer()
        root.addSublayer(animated)
        root.addSublayer(still)
        animated.add(basic("opacity", from: 0, to: 1, duration: 10), forKey: "a")
        step(root, clock, at: 1)
        step(root, clock, at: 2)
        let cache = root.frameCache
        #expect(cache != nil)
        CATransaction.setDisableActions(true)
        still.position = CGPoint(x: 7, y: 8)
        #expect(LayerEngine.current.dirtyLayers.count == 1)
        step(root, clock, at: 3)
        #expect(root.frameCache === cache)
        #expect(still.presentation()!.position == CGPoint(x: 7, y: 8))
        #expect(close(Double(animated.presentation()!.opacity), 0.3, 1e-6))
        #expect(LayerEngine.current.dirtyLayers.isEmpty)
    }

    /// A change to a layer of another tree of the same engine is not lost: that tree is walked at its
    /// next step. Its trees open like `unanimatedChangeKeepsTheFrameCache`'s on purpose: each test builds the
    /// trees it is about.
    @Test func changeInAnotherTreeReachesIt() {
        let clock = freshEngine(at: 0)
        let first = CALayer()
        let second = CALayer()
        let child = CALayer()
        second.addSublayer(child)
        for t in [1.0, 2.0] {
            step(first, clock, at: t)
            step(second, clock, at: t)
        }
        #expect(first.frameCache != nil && second.frameCache != nil)
        child.opacity = 0.25
        step(first, clock, at: 3)
        step(second, clock, at: 3)
        #expect(child.presentation()!.opacity == 0.25)
    }
}
