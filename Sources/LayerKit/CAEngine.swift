/// The once-per-frame driver. Time is passed in through `clock`; `step(_:)` evaluates the tree at
/// `clock.now`, then delivers callbacks, then runs due transaction completion blocks — after
/// evaluation and before the frame is drawn, never in the middle of a change the caller is making.
///
/// The engine's state belongs to the calling thread (each thread has its own clock, observer and
/// transactions), so tests running in parallel do not disturb each other. Drive one layer tree from
/// one thread; in `async` code, an `await` may resume on another thread with another engine state,
/// so set the clock and step without suspending in between.
public enum CAEngine {
    /// The media clock; `CACurrentMediaTime()` reads it. A `MonotonicClock` until set.
    public static var clock: MediaClock {
        get { EngineContext.current.clock }
        set { EngineContext.current.clock = newValue }
    }

    /// Called with every delivered callback, after the delegate, in media-time order.
    public static var eventObserver: ((CAAnimationEvent) -> Void)? {
        get { EngineContext.current.eventObserver }
        set { EngineContext.current.eventObserver = newValue }
    }

    /// When true, changing an animatable property of a layer that a step has shown runs its implicit
    /// action (by default a 0.25 s animation with the `default` curve from the old presentation value),
    /// unless `CATransaction.setDisableActions(true)`. Off by default: property changes then take effect
    /// at once, which is what the built-in scenes and scene files expect.
    public static var implicitActionsEnabled: Bool {
        get { EngineContext.current.implicitActionsEnabled }
        set { EngineContext.current.implicitActionsEnabled = newValue }
    }

    /// Forgets the clock, observer, open transactions and undelivered callbacks of this thread.
    public static func reset() { EngineContext.reset() }

    /// One frame at `clock.now`:
    /// 1. commits the implicit transaction;
    /// 2. evaluates every animation of `root`'s tree (masks included) in its layer's local time,
    ///    starting, finishing and removing animations, and rebuilds the presentation tree;
    /// 3. delivers `animationDidStart` / `animationDidStop(_:finished:)` (and `eventObserver`) in
    ///    media-time order, including stops caused by removals since the last step;
    /// 4. runs completion blocks whose animations have all finished;
    /// 5. if a callback changed the model, rebuilds the presentation tree again (values only), so the
    ///    frame drawn next shows the callback's changes.
    public static func step(_ root: CALayer) {
        if root.isPresentation, let model = root.modelStorage {
            step(model)
            return
        }
        let context = EngineContext.current
        let now = context.clock.now
        if let implicit = context.implicitTransaction {
            context.implicitTransaction = nil
            implicit.commit(in: context)
        }
        let parentTime = root.superlayer.map { $0.localTime(atMediaTime: now) } ?? now
        var evaluator = Evaluator(now: now, lifecycle: true)
        evaluator.events = context.stepEvents
        evaluator.events.removeAll(keepingCapacity: true)
        for (index, pending) in context.pendingEvents.enumerated() {
            var event = pending
            event.sequence = index - context.pendingEvents.count
            evaluator.events.append(event)
        }
        context.pendingEvents.removeAll()
        let generation = context.modelGeneration
        if let cache = root.frameCache, cache.isValid, cache.generation == generation {
            cache.run(rootParentTime: parentTime, evaluator: &evaluator)
        } else {
            root.frameCache?.writeBack()
            root.frameCache = nil
            evaluator.sync(root, parentTime: parentTime)
            // Summarise the tree once it has been stable for a whole frame.
            if context.frameCacheEnabled, root.lastStepGeneration == generation, context.modelGeneration == generation {
                root.frameCache = FrameCache(root: root, generation: generation)
            }
        }
        var events = evaluator.events
        context.stepEvents = []
        let afterEvaluation = context.modelGeneration
        if !events.isEmpty {
            events.sort { ($0.mediaTime, $0.sequence) < ($1.mediaTime, $1.sequence) }
            for event in events { deliver(event, in: context) }
        }
        runDueCompletions(in: context)
        events.removeAll(keepingCapacity: true)
        context.stepEvents = events
        if context.modelGeneration != afterEvaluation {
            var refresh = Evaluator(now: now, lifecycle: false)
            refresh.sync(root, parentTime: root.superlayer.map { $0.localTime(atMediaTime: now) } ?? now)
        }
        root.lastStepGeneration = context.modelGeneration
    }

    private static func deliver(_ event: PendingEvent, in context: EngineContext) {
        let observed = CAAnimationEvent(
            kind: event.kind, layer: event.layer, key: event.key, animation: event.animation,
            mediaTime: event.mediaTime)
        switch event.kind {
        case .didStart:
            event.animation.delegate?.animationDidStart(event.animation)
        case .didStop(let finished):
            event.animation.delegate?.animationDidStop(event.animation, finished: finished)
        }
        context.eventObserver?(observed)
        if case .didStop = event.kind { context.animationStopped(event.animation) }
    }

    /// Runs, in the order they were sealed, the blocks due now; blocks that become due while these
    /// run (a block committing a new transaction) wait for the next step.
    private static func runDueCompletions(in context: EngineContext) {
        let due = context.sealedCompletions.filter { $0.pending == 0 }
        guard !due.isEmpty else { return }
        context.sealedCompletions.removeAll { $0.pending == 0 }
        for record in due { record.block?() }
    }
}
