/// The time an engine schedules: batches of actions due at media times, the ticks of its display links
/// on a fixed grid of media time, and the starts and ends of the animations whose callbacks run code. `LayerEngine.advance(_:to:)` runs them in order, each with the
/// clock at its own time, so a tree driven through its engine shows at media time T exactly what it
/// shows when it is made again and advanced straight to T (swift-nio's `EmbeddedEventLoop.advanceTime`
/// is the model: time is owned by one object and moves only when told).
struct EngineSchedule {
    /// Actions that run together in one turn of the run loop: one frame step, then each action in order.
    struct Batch {
        let time: CFTimeInterval
        /// Order of scheduling, which decides between batches of one time.
        let sequence: Int
        let labels: [String]
        let actions: [() -> Void]
    }

    /// Every batch scheduled, in (time, sequence) order; those before `next` have run.
    private(set) var batches: [Batch] = []
    private(set) var next = 0
    private var sequence = 0
    /// The grid index of the display links' next tick (its time is `index × interval`); nil until a link
    /// is registered.
    var nextTick: Double?
    /// The animations added with a delegate or a completion block, until they stop or leave their layer:
    /// their starts and ends are times `advance` steps at.
    var observed: [ObservedAnimation] = []

    /// Adds a batch at `time` after every batch scheduled before it at that time. A batch due before
    /// one that already ran runs next (time does not go back).
    mutating func add(at time: CFTimeInterval, labels: [String], actions: [() -> Void]) {
        let batch = Batch(time: time, sequence: sequence, labels: labels, actions: actions)
        sequence += 1
        var index = batches.count
        while index > next, batches[index - 1].time > time { index -= 1 }
        batches.insert(batch, at: index)
    }

    /// The next batch to run, if any.
    var pending: Batch? { next < batches.count ? batches[next] : nil }

    /// Marks the next batch as run.
    mutating func markRun() { next += 1 }
}

extension LayerEngine {
    /// A batch of scheduled actions as the inspector lists them.
    public struct ScheduledEntry: Equatable, Sendable {
        /// The media time it is due at.
        public var time: CFTimeInterval
        /// What each of its actions does (`start`, `add box slide`, …).
        public var labels: [String]
        /// Whether `advance` has run it.
        public var hasRun: Bool
    }

    /// Schedules `action` to run at media time `time`, in a turn of its own (a frame step first).
    public func schedule(at time: CFTimeInterval, label: String = "", _ action: @escaping () -> Void) {
        schedule(at: time, [(label, action)])
    }

    /// Schedules `actions` to run together at media time `time`, as code run in one turn of a run loop:
    /// one frame step, then each action in order, then a frame step that delivers what they caused.
    /// 10,000 actions at one time cost two walks of the tree, not 20,000.
    public func schedule(at time: CFTimeInterval, _ actions: [(label: String, action: () -> Void)]) {
        assertOnOwnerThread()
        schedule.add(at: time.isNaN ? 0 : time, labels: actions.map(\.label), actions: actions.map(\.action))
    }

    /// Every batch scheduled so far, run or not, in the order they run.
    public var scheduledEntries: [ScheduledEntry] {
        schedule.batches.enumerated().map { index, batch in
            ScheduledEntry(time: batch.time, labels: batch.labels, hasRun: index < schedule.next)
        }
    }

    /// Brings `root`'s tree to media time `time`, stepping it at every time something happens, in time
    /// order, each with the clock at its own time: a display-link tick (fires the links, then a step), a
    /// scheduled batch (a step, its actions, a step), and the start or end of an animation whose
    /// delegate or transaction completion block will run code then (a step, which delivers it) — so a
    /// delegate that starts the next animation sees the state of that moment, and a chain of them plays
    /// out in order however far the time jumps. Then the clock goes to `time` and a last step evaluates
    /// the tree there. A tick comes before a batch of the same time, a batch before an event. Time only
    /// moves forward: a `time` before the clock's steps at the clock's time. The clock must be a
    /// `ManualClock` (on any other clock nothing is scheduled ahead of its own time).
    public func advance(_ root: CALayer, to time: CFTimeInterval) {
        assertOnOwnerThread()
        perform {
            let target = time.isNaN ? clock.now : time
            skipTicks(before: target - Self.maximumCatchUp)
            var stepsLeft = Self.maximumEventSteps
            // Events at or before this time were given their step (one a time: a zero-length chain at one
            // time goes on at the next step, whatever it is).
            var eventFloor = -Double.infinity
            while let due = nextScheduledTime(in: root, stepsLeft: stepsLeft, after: eventFloor), due.time <= target {
                setClock(due.time)
                switch due.kind {
                case .tick:
                    advanceTick()
                    fireDisplayLinks(at: due.time)
                    stepTree(root)
                case .batch:
                    guard let batch = schedule.pending else { break }
                    schedule.markRun()
                    stepTree(root)
                    for action in batch.actions { action() }
                    stepTree(root)
                case .event:
                    stepsLeft -= 1
                    eventFloor = due.time
                    stepTree(root)
                }
            }
            setClock(max(target, clock.now))
            stepTree(root)
        }
    }

    /// What makes `advance` step the tree.
    private enum Occasion { case tick, batch, event }

    /// The earliest of the next display-link tick, the next batch and the next observed animation event
    /// (ties in that order). A batch scheduled before the clock's time is due at the clock's time; an
    /// event the last step did not deliver yet (an animation added by a callback, starting now) is due
    /// now. Events at or before `floor`, and all events once `stepsLeft` steps were spent on them, are
    /// left out.
    private func nextScheduledTime(in root: CALayer, stepsLeft: Int, after floor: CFTimeInterval) -> (
        time: CFTimeInterval, kind: Occasion
    )? {
        var best: (time: CFTimeInterval, kind: Occasion)?
        if !displayLinks.isEmpty, let tick = schedule.nextTick {
            best = (tick * displayRefreshInterval, .tick)
        }
        if let batch = schedule.pending {
            let time = max(batch.time, clock.now)
            if best.map({ time < $0.time }) ?? true { best = (time, .batch) }
        }
        if stepsLeft > 0, let event = nextObservedEvent(in: root) {
            let time = max(event, clock.now)
            if time > floor, best.map({ time < $0.time }) ?? true { best = (time, .event) }
        }
        return best
    }

    /// At most this many steps of one `advance` go to animation events (a chain of them of any length
    /// plays out; an endless chain of zero-length ones does not hang the engine).
    static let maximumEventSteps = 100_000

    /// Moves a manual clock to `time` (other clocks keep their own time).
    func setClock(_ time: CFTimeInterval) {
        if let manual = clock as? ManualClock, manual.now != time { manual.now = time }
    }

    /// Runs `body` with a manual clock at `time` (an event's own time, never after the clock's), then
    /// puts the clock back: code run for an event sees the media time the event happened at.
    func withClock(at time: CFTimeInterval, _ body: () -> Void) {
        guard let manual = clock as? ManualClock, time.isFinite, time < manual.now else { return body() }
        let now = manual.now
        manual.now = time
        body()
        manual.now = now
    }

    /// The grid index of the first tick at or after media time `time`.
    func firstTick(atOrAfter time: CFTimeInterval) -> Double {
        guard time.isFinite else { return time > 0 ? .infinity : 0 }
        return (time / displayRefreshInterval - 1e-9).rounded(.up)
    }

    /// Moves to the grid tick after the one just fired (none once the grid cannot count any further).
    private func advanceTick() {
        guard let index = schedule.nextTick else { return }
        let following = index + 1
        schedule.nextTick = following > index && following.isFinite ? following : nil
    }

    /// Drops the ticks due before media time `time`: a jump of hours does not fire a million ticks.
    private func skipTicks(before time: CFTimeInterval) {
        guard let index = schedule.nextTick, index * displayRefreshInterval < time else { return }
        schedule.nextTick = firstTick(atOrAfter: time)
    }

    /// Called when a display link is registered: ticks begin at the first grid time at or after now
    /// (a grid that already runs ahead keeps its place).
    func displayLinkAdded() {
        let first = firstTick(atOrAfter: clock.now)
        if let index = schedule.nextTick, index >= first { return }
        schedule.nextTick = first
    }

    /// For a frame step on its own (not `advance`): true when a grid tick is due by media time `time`,
    /// marking every tick up to `time` as fired, so the links fire once for the frame.
    func consumeTicks(through time: CFTimeInterval) -> Bool {
        guard !displayLinks.isEmpty, let index = schedule.nextTick, index * displayRefreshInterval <= time else {
            return false
        }
        let after = firstTick(atOrAfter: time)
        schedule.nextTick = after * displayRefreshInterval <= time ? after + 1 : after
        return true
    }

    /// How far behind the target time display-link ticks still fire one by one (ten minutes of frames).
    static let maximumCatchUp: CFTimeInterval = 600
}

/// An attached animation whose start or end runs code (a delegate, a transaction's completion block).
struct ObservedAnimation {
    weak var layer: CALayer?
    let entry: AttachedAnimation
}

extension LayerEngine {
    /// Notes `entry`, just attached to `layer`, when its start or end will run code.
    func observeIfItRunsCode(_ entry: AttachedAnimation, on layer: CALayer) {
        guard entry.animation.delegate != nil || entry.animation.completionRecords != nil else { return }
        schedule.observed.append(ObservedAnimation(layer: layer, entry: entry))
    }

    /// The media time of the earliest start or end still to be delivered among the observed animations
    /// of `root`'s tree (at or before the clock's time when the last step has not delivered it yet); nil
    /// when there is none. Animations that stopped or left their layer are dropped.
    func nextObservedEvent(in root: CALayer) -> CFTimeInterval? {
        guard !schedule.observed.isEmpty else { return nil }
        pruneObserved()
        var earliest: CFTimeInterval?
        for item in schedule.observed {
            guard let layer = item.layer, layer.isDescendant(of: root) else { continue }
            let timing = item.entry.program.timing
            guard let local = item.entry.life.started ? timing.endTime : timing.startTime else { continue }
            let media = layer.mediaTime(fromLocal: local)
            guard media.isFinite else { continue }
            if earliest.map({ media < $0 }) ?? true { earliest = media }
        }
        return earliest
    }

    /// Drops the observed animations that stopped or left their layer (so their delegates go, as the
    /// layer's copy lets go of them at its stop).
    func pruneObserved() {
        schedule.observed.removeAll { item in
            guard let layer = item.layer, !item.entry.life.stopped else { return true }
            return !layer.attached.contains { $0 === item.entry }
        }
    }
}
