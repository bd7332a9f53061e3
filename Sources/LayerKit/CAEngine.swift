/// The once-per-frame driver, as static calls on the calling thread's engine (`LayerEngine.current`)
/// — or, for `step(_:)`, on the engine the tree belongs to. Time is passed in through `clock`;
/// `step(_:)` evaluates the tree at `clock.now`, then delivers callbacks, then runs due transaction
/// completion blocks — after evaluation and before the frame is drawn, never in the middle of a
/// change the caller is making.
public enum CAEngine {
    /// The media clock of the current engine; `CACurrentMediaTime()` reads it. A `MonotonicClock`
    /// until set.
    public static var clock: MediaClock {
        get { LayerEngine.current.clock }
        set { LayerEngine.current.clock = newValue }
    }

    /// Called with every delivered callback, after the delegate, in media-time order.
    public static var eventObserver: ((CAAnimationEvent) -> Void)? {
        get { LayerEngine.current.eventObserver }
        set { LayerEngine.current.eventObserver = newValue }
    }

    /// When true, changing an animatable property of a layer that a step has shown runs its implicit
    /// action (by default a 0.25 s animation with the `default` curve from the old presentation value),
    /// unless `CATransaction.setDisableActions(true)`. On by default, as in Core Animation; false makes
    /// every property change take effect at once.
    public static var implicitActionsEnabled: Bool {
        get { LayerEngine.current.implicitActionsEnabled }
        set { LayerEngine.current.implicitActionsEnabled = newValue }
    }

    /// Puts the current engine (`LayerEngine.current`) back in the state of a new one, in place: a new
    /// clock, no observer, no open transactions, scheduled actions or undelivered callbacks. Layers made
    /// before stay on it, so a transaction begun after a reset applies to them too. To give code an
    /// engine of its own, make one and run the code in `perform { … }` instead.
    public static func reset() { LayerEngine.current.resetState() }

    /// One frame of `root`'s tree at its engine's `clock.now` (see `LayerEngine.step(_:)`).
    public static func step(_ root: CALayer) { root.engine.step(root) }

    /// Brings `root`'s tree to media time `time` through its engine's schedule (see
    /// `LayerEngine.advance(_:to:)`).
    public static func advance(_ root: CALayer, to time: CFTimeInterval) { root.engine.advance(root, to: time) }
}

extension LayerEngine {
    /// One frame at `clock.now`, with this engine bound (`perform`) for the callbacks it runs:
    /// 0. fires the engine's display links when a tick of their grid is due (once for the frame, however
    ///    many ticks it covers: `advance(_:to:)` fires each), so their changes join this frame;
    /// 1. lays out the layers marked with `setNeedsLayout()` (`CALayer+Layout.swift`) and commits the
    ///    implicit transaction;
    /// 2. evaluates every animation of `root`'s tree (masks included) in its layer's local time,
    ///    starting, finishing and removing animations, and rebuilds the presentation tree;
    /// 3. delivers `animationDidStart` / `animationDidStop(_:finished:)` (and `eventObserver`) in
    ///    media-time order, including stops caused by removals since the last step, each with a manual
    ///    clock at the event's own media time (so an animation a delegate adds begins when the last one
    ///    ended, whichever frame found the end);
    /// 4. runs completion blocks whose animations have all finished, each with a manual clock at the
    ///    time the last of them stopped (or the block was sealed);
    /// 5. if a callback changed the model, rebuilds the presentation tree again (values only), so the
    ///    frame drawn next shows the callback's changes;
    /// 6. displays the layers that need it (`setNeedsDisplay`, and presentations whose custom
    ///    animatable properties moved: `CALayer+Display.swift`).
    public func step(_ root: CALayer) {
        if root.isPresentation, let model = root.modelStorage {
            step(model)
            return
        }
        assertOnOwnerThread()
        perform {
            if consumeTicks(through: clock.now) { fireDisplayLinks(at: clock.now) }
            stepTree(root)
        }
    }

    /// A frame step of `root`'s tree at `clock.now` without display links (points 1–5 of `step(_:)`).
    func stepTree(_ root: CALayer) {
        assertOnOwnerThread()
        let now = clock.now
        layOutMarkedLayers()
        if let implicit = implicitTransaction {
            implicitTransaction = nil
            implicit.commit(in: self)
        }
        let parentTime = root.superlayer.map { $0.localTime(atMediaTime: now) } ?? now
        var evaluator = Evaluator(now: now, lifecycle: true)
        evaluator.allowance.stopsAtExcess = stopsAtBudgetExcess
        budgetExcess = nil
        evaluator.events = stepEvents
        evaluator.events.removeAll(keepingCapacity: true)
        for (index, pending) in pendingEvents.enumerated() {
            var event = pending
            event.sequence = index - pendingEvents.count
            evaluator.events.append(event)
        }
        pendingEvents.removeAll()
        var generation = modelGeneration
        if let cache = root.frameCache, cache.isValid, cache.generation == generation,
            DirtyLayers.sync(in: self, root: root)
        {
            cache.run(rootParentTime: parentTime, evaluator: &evaluator)
        } else {
            // The walk below copies every changed layer (their versions moved), dirty ones included.
            DirtyLayers.clear(in: self, walking: root)
            generation = modelGeneration
            root.frameCache?.writeBack()
            root.frameCache = nil
            evaluator.sync(root, parentTime: parentTime)
            // Summarise the tree once it has been stable for a whole frame.
            if frameCacheEnabled, !evaluator.sawTimeDrivenLayer, root.lastStepGeneration == generation,
                modelGeneration == generation
            {
                root.frameCache = FrameCache(root: root, generation: generation)
            }
        }
        budgetExcess = evaluator.allowance.excess
        var events = evaluator.events
        stepEvents = []
        let afterEvaluation = modelGeneration
        if !events.isEmpty {
            events.sort { ($0.mediaTime, $0.sequence) < ($1.mediaTime, $1.sequence) }
            for event in events { deliver(event) }
        }
        runDueCompletions()
        events.removeAll(keepingCapacity: true)
        stepEvents = events
        if modelGeneration != afterEvaluation || !DirtyLayers.sync(in: self, root: root) {
            DirtyLayers.clear(in: self, walking: root)
            var refresh = Evaluator(now: now, lifecycle: false)
            refresh.allowance.stopsAtExcess = stopsAtBudgetExcess
            refresh.sync(root, parentTime: root.superlayer.map { $0.localTime(atMediaTime: now) } ?? now)
            budgetExcess = budgetExcess ?? refresh.allowance.excess
        }
        displayDrawingLayers()
        root.lastStepGeneration = modelGeneration
        if !schedule.observed.isEmpty { pruneObserved() }
    }

    private func deliver(_ event: PendingEvent) {
        let observed = CAAnimationEvent(
            kind: event.kind, layer: event.layer, key: event.key, animation: event.animation,
            mediaTime: event.mediaTime, localTime: event.localTime)
        withClock(at: event.mediaTime) {
            switch event.kind {
            case .didStart:
                event.animation.delegate?.animationDidStart(event.animation)
            case .didStop(let finished):
                event.animation.delegate?.animationDidStop(event.animation, finished: finished)
            }
            eventObserver?(observed)
        }
        if case .didStop = event.kind { animationStopped(event.animation, at: event.mediaTime) }
    }

    /// Runs, in the order they were sealed, the blocks due now; blocks that become due while these
    /// run (a block committing a new transaction) wait for the next step.
    private func runDueCompletions() {
        let due = sealedCompletions.filter { $0.pending == 0 }
        guard !due.isEmpty else { return }
        sealedCompletions.removeAll { $0.pending == 0 }
        for record in due { withClock(at: record.dueTime) { record.block?() } }
    }
}
