import QuartzCore
import Testing

/// Code written for iOS with `import QuartzCore` compiles unchanged.
@Test func quartzCoreSnippetCompilesAndRuns() {
    CAEngine.reset()
    CAEngine.clock = ManualClock(now: 0)
    let layer = CALayer()
    let spring = CASpringAnimation(keyPath: "transform.scale")
    spring.fromValue = 0.5
    spring.toValue = 1
    spring.damping = 12
    spring.duration = spring.settlingDuration
    layer.add(spring, forKey: "pop")
    let pulse = CAKeyframeAnimation(keyPath: "opacity")
    pulse.values = [0, 1, 0.5]
    pulse.keyTimes = [0, 0.25, 0.75, 1]
    pulse.calculationMode = .discrete
    layer.add(pulse, forKey: "pulse")
    var ticks = 0
    let link = CADisplayLink { _ in ticks += 1 }
    link.add(to: .main, forMode: .common)
    CAEngine.step(layer)
    link.invalidate()
    #expect(ticks == 1)
    #expect(layer.animation(forKey: "pop") is CASpringAnimation)
    // At its first frame the spring is at its from value and the discrete keyframes at their first.
    #expect(layer.presentation()?.value(forKeyPath: "transform.scale") as? CGFloat == 0.5)
    #expect(layer.presentation()?.opacity == 0)
}
