import LayerKit

/// A scene's own timeline: actions at media times, scheduled on its engine when it is made.
public enum AutoplayTimeline {
    /// One timed action.
    public struct Step {
        /// The media time the step runs at, in seconds.
        public let time: CFTimeInterval
        /// What the step does, as the inspector's timeline marks it (`start`, `pause root`, …).
        public let label: String
        /// The action itself.
        public let run: () -> Void

        /// A step that runs `run` at `time`, marked `label` on the inspector's timeline.
        public init(time: CFTimeInterval, label: String = "", run: @escaping () -> Void) {
            self.time = time
            self.label = label
            self.run = run
        }
    }

    /// Schedules `steps` on `engine`, those of one time together in one batch (as code run in one turn
    /// of a run loop: each sees the same "now", and one frame step comes before them and one after,
    /// not one per action — so 10,000 `add`s at one time cost two walks of the tree, not 20,000).
    /// Steps of one time keep their order.
    public static func schedule(_ steps: [Step], on engine: LayerEngine) {
        let steps = steps.map { $0.time.isNaN ? Step(time: 0, label: $0.label, run: $0.run) : $0 }
        let ordered = steps.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map(\.element)
        var index = 0
        while index < ordered.count {
            let time = ordered[index].time
            var batch: [(label: String, action: () -> Void)] = []
            while index < ordered.count, ordered[index].time == time {
                batch.append((ordered[index].label, ordered[index].run))
                index += 1
            }
            engine.schedule(at: time, batch)
        }
    }
}
