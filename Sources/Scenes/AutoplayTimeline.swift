import LayerKit

/// A list of actions at media times, run in order as time advances; shared by every scene.
public struct AutoplayTimeline {
    /// One timed action.
    public struct Step {
        public let time: CFTimeInterval
        /// What the step does, as the inspector's timeline marks it (`start`, `pause root`, …).
        public let label: String
        public let run: () -> Void

        public init(time: CFTimeInterval, label: String = "", run: @escaping () -> Void) {
            self.time = time
            self.label = label
            self.run = run
        }
    }

    public private(set) var steps: [Step]

    /// The steps as marks on a timeline.
    public var events: [SceneEvent] { steps.map { SceneEvent(time: $0.time, label: $0.label) } }
    private var next = 0

    /// `steps` sorted by time; equal times keep their order.
    public init(_ steps: [Step]) {
        self.steps = steps.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map(\.element)
    }

    /// For each time at which steps are due by `mediaTime`: clock to that time, a frame step, then
    /// every action due at that time, in order (as code run in one turn of a run loop: each sees the
    /// same "now", and one frame step follows them, not one per action — so 10,000 `add`s at one time
    /// cost one walk of the tree, not 10,000); then clock to `mediaTime` and a final frame step.
    public mutating func advance(_ root: CALayer, to mediaTime: CFTimeInterval) {
        while next < steps.count, steps[next].time <= mediaTime {
            let time = steps[next].time
            SceneClock.set(time)
            CAEngine.step(root)
            while next < steps.count, steps[next].time == time {
                let step = steps[next]
                next += 1
                step.run()
            }
        }
        SceneClock.set(mediaTime)
        CAEngine.step(root)
    }
}

/// Moves the engine's clock when it is a manual one.
public enum SceneClock {
    public static func set(_ time: CFTimeInterval) {
        if let clock = CAEngine.clock as? ManualClock, clock.now != time { clock.now = time }
    }
}
