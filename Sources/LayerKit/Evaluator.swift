/// Builds presentation layers from the model tree: copies each model layer's state into its reused
/// presentation copy and applies the attached animations in the order they were added. The
/// lifecycle pass also starts, finishes and removes animations and collects their callbacks.
struct Evaluator {
    let now: CFTimeInterval
    /// When true, animation lifecycles advance and callbacks are collected into `events`.
    let lifecycle: Bool
    var events: [PendingEvent] = []
    var sequence = 0
    /// Set when the walk met a layer whose drawing is computed from time during the walk (a
    /// replicator's lagging copies, an emitter's particles): the frame cache, which knows nothing of
    /// them, must not stand in for the walk.
    var sawTimeDrivenLayer = false
    /// What is left of this frame's `RenderBudget` for replicator copies and emitter particles, and the
    /// first request beyond it.
    var allowance = FrameAllowance()

    /// Syncs `layer` and its subtree; `parentTime` is the time of the layer's superlayer (media time
    /// for a root).
    mutating func sync(_ layer: CALayer, parentTime: CFTimeInterval) {
        let time = layer.state.timing.localTime(fromParent: parentTime)
        let presentation = layer.presentationStorage ?? Self.makePresentation(for: layer)
        if presentation.syncedVersion != layer.version || presentation.syncedAnimations != layer.animationsVersion {
            // The model or its set of animations changed: copy everything, then animate.
            presentation.copyState(from: layer)
            presentation.syncedVersion = layer.version
            if !layer.attached.isEmpty { applyAnimations(of: layer, at: time, to: presentation) }
            presentation.syncedAnimations = layer.animationsVersion
        } else if !layer.attached.isEmpty {
            // Only time moved: put back the model values of the animated keys, then animate. The rest
            // of the presentation state already equals the model.
            reanimate(layer, at: time, presentation: presentation)
        }
        if presentation.syncedStructure != layer.structureVersion {
            relink(layer, presentation)
        }
        if let mask = layer.maskStorage { sync(mask, parentTime: time) }
        if let sublayers = layer.sublayerStorage {
            for sublayer in sublayers { sync(sublayer, parentTime: time) }
        }
        layer.didSync(at: time, evaluator: &self)
    }

    private static func makePresentation(for layer: CALayer) -> CALayer {
        let copy = type(of: layer).init(layer: layer)
        copy.isPresentation = true
        copy.modelStorage = layer
        layer.presentationStorage = copy
        return copy
    }

    /// Points the presentation's sublayers and mask at the children's presentation copies.
    private func relink(_ layer: CALayer, _ presentation: CALayer) {
        presentation.syncedStructure = layer.structureVersion
        // Detach the old children first, so none keeps an unowned pointer to this copy.
        for old in presentation.sublayerStorage ?? [] where old.superlayerStorage === presentation {
            old.superlayerStorage = nil
        }
        if let old = presentation.maskStorage, old.maskOwner === presentation { old.maskOwner = nil }
        if let sublayers = layer.sublayerStorage {
            presentation.sublayerStorage = sublayers.map { sublayer in
                let copy = sublayer.presentationStorage ?? Self.makePresentation(for: sublayer)
                copy.superlayerStorage = presentation
                return copy
            }
        } else {
            presentation.sublayerStorage = nil
        }
        if let mask = layer.maskStorage {
            let copy = mask.presentationStorage ?? Self.makePresentation(for: mask)
            copy.maskOwner = presentation
            presentation.maskStorage = copy
        } else {
            presentation.maskStorage = nil
        }
    }

    /// Restores the animated state of `layer`'s presentation and applies its animations again (the
    /// presentation is otherwise up to date with the model).
    mutating func reanimate(_ layer: CALayer, at time: CFTimeInterval, presentation: CALayer) {
        presentation.restoreAnimatedState(from: layer)
        applyAnimations(of: layer, at: time, to: presentation)
        presentation.syncedAnimations = layer.animationsVersion
    }

    mutating func applyAnimations(of layer: CALayer, at time: CFTimeInterval, to presentation: CALayer) {
        var removed = false
        for entry in layer.attached {
            let sample = entry.program.timing.sample(time)
            guard !lifecycle || !advance(entry, to: sample, on: layer) else {
                removed = true
                continue
            }
            if sample.shown { entry.program.apply(sample: sample, to: presentation, model: layer) }
        }
        if removed {
            layer.attached.removeAll { $0.life.stopped && $0.animation.isRemovedOnCompletion }
            layer.engineStorage.modelGeneration &+= 1
        }
    }

    /// Advances `entry`'s life for `sample` and records the callbacks that came due. Returns true when
    /// it finished now and is removed on completion (the caller drops it instead of applying it).
    @inline(__always)
    mutating func advance(_ entry: AttachedAnimation, to sample: ResolvedTiming.Sample, on layer: CALayer) -> Bool {
        let step = entry.life.advance(to: sample, at: now)
        return !step.isEmpty && record(step, entry, layer)
    }

    /// Records the callbacks of a lifecycle step of `entry` (the frame cache calls this with its own
    /// copy of the life). Returns true when the animation stopped and is removed on completion.
    mutating func record(_ step: AnimationLife.Step, _ entry: AttachedAnimation, _ layer: CALayer) -> Bool {
        let timing = entry.program.timing
        if step.started { record(.didStart, entry, layer, localTime: timing.startTime, lastSeen: step.lastSeen) }
        guard step.stopped else { return false }
        record(.didStop(finished: true), entry, layer, localTime: timing.endTime, lastSeen: step.lastSeen)
        return entry.animation.isRemovedOnCompletion
    }

    /// Dates a callback: the analytic time (layer local → media), kept within the interval since the
    /// last step that saw the animation (a time jump, e.g. a layer's speed or offset set directly,
    /// dates it at the start of that interval, when the jump happened).
    mutating func record(
        _ kind: CAAnimationEvent.Kind, _ entry: AttachedAnimation, _ layer: CALayer, localTime: CFTimeInterval?,
        lastSeen: CFTimeInterval
    ) {
        var media = localTime.map { layer.mediaTime(fromLocal: $0) } ?? now
        if !media.isFinite || media > now { media = now }
        if media < lastSeen { media = min(lastSeen, now) }
        events.append(
            PendingEvent(
                kind: kind, layer: layer, key: entry.key, animation: entry.animation, mediaTime: media,
                sequence: sequence, localTime: localTime))
        sequence += 1
    }

    /// Builds the presentation of a layer that no step has reached yet, at the clock's current time,
    /// without advancing any animation's life.
    static func syncDetached(_ layer: CALayer) {
        let now = layer.engineStorage.clock.now
        var evaluator = Evaluator(now: now, lifecycle: false)
        let parentTime = layer.superlayer.map { $0.localTime(atMediaTime: now) } ?? now
        evaluator.sync(layer, parentTime: parentTime)
    }
}
