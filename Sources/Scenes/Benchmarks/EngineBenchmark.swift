import Foundation
import LayerKit

/// Measures one frame of the animation engine: `CAEngine.step` over a tree of N layers with one
/// animation each (a mix of opacity, position, transform.rotation and backgroundColor, repeating
/// forever, half of them eased), which evaluates every animation and rebuilds the presentation tree
/// the compositor draws. Frames are evenly spaced over 2 s of a manual clock. Returns two lines per
/// layer count: `engine layers=N frames=F median_ms=X p95_ms=Y per_layer_ns=Z` for frames in which
/// only time moved, and the same as `engine-change` for frames that also set one property of one
/// unanimated layer (its background colour, a different one each frame) before the step.
public func runEngineBenchmark(layerCounts: [Int], frames: Int) -> [String] {
    var lines: [String] = []
    let savedClock = CAEngine.clock
    defer { CAEngine.clock = savedClock }
    for count in layerCounts {
        for changing in [false, true] {
            let clock = ManualClock(now: 0)
            CAEngine.clock = clock
            let root = makeBenchmarkTree(layers: count)
            // The changed layer is a view's own layer: outside an animation block its changes do not
            // animate, so a frame costs the change itself (an implicit animation would add one).
            let probeView = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            let probe = probeView.layer
            root.addSublayer(probe)
            CAEngine.step(root)  // first frame builds the presentation copies; not timed
            var samples: [Double] = []
            samples.reserveCapacity(max(frames, 1))
            for frame in 0..<max(frames, 1) {
                clock.now = 2 * Double(frame + 1) / Double(max(frames, 1))
                let start = DispatchTime.now().uptimeNanoseconds
                if changing {
                    probe.backgroundColor = CGColor(red: Double(frame % 256) / 255, green: 0, blue: 0, alpha: 1)
                }
                CAEngine.step(root)
                samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            }
            withExtendedLifetime(probeView) {}
            lines.append(benchmarkLine(changing ? "engine-change" : "engine", layers: count, samples: samples))
        }
    }
    return lines
}

/// `NAME layers=N frames=F median_ms=X p95_ms=Y per_layer_ns=Z`.
private func benchmarkLine(_ name: String, layers count: Int, samples: [Double]) -> String {
    let sorted = samples.sorted()
    let median = sorted[sorted.count / 2]
    let p95 = sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.95).rounded(.up)) - 1)]
    let perLayer = count > 0 ? median * 1e6 / Double(count) : 0
    return "\(name) layers=\(count) frames=\(sorted.count) median_ms=\(String(format: "%.3f", median)) "
        + "p95_ms=\(String(format: "%.3f", p95)) per_layer_ns=\(String(format: "%.1f", perLayer))"
}

/// A root with `layers` sublayers in a grid, each with one infinitely repeating animation.
private func makeBenchmarkTree(layers: Int) -> CALayer {
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: 1280, height: 720)
    let easeInOut = CAMediaTimingFunction(name: .easeInEaseOut)
    for index in 0..<layers {
        let layer = CALayer()
        layer.frame = CGRect(x: CGFloat(index % 100) * 12, y: CGFloat(index / 100 % 60) * 12, width: 10, height: 10)
        layer.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1)
        let animation: CABasicAnimation
        switch index % 4 {
        case 0:
            animation = CABasicAnimation(keyPath: "opacity")
            animation.fromValue = 0
            animation.toValue = 1
        case 1:
            animation = CABasicAnimation(keyPath: "position")
            animation.toValue = CGPoint(x: 640, y: 360)
        case 2:
            animation = CABasicAnimation(keyPath: "transform.rotation")
            animation.byValue = 2 * CGFloat.pi
        default:
            animation = CABasicAnimation(keyPath: "backgroundColor")
            animation.toValue = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        }
        animation.duration = 0.5 + Double(index % 7) * 0.25
        animation.repeatCount = .infinity
        animation.autoreverses = index % 3 == 0
        if index % 2 == 0 { animation.timingFunction = easeInOut }
        layer.add(animation, forKey: "bench")
        root.addSublayer(layer)
    }
    return root
}
