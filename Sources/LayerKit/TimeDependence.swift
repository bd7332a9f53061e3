extension LayerEngine {
    /// True when the picture of `root`'s tree at media times after `t` is the one at `t`: nothing is
    /// scheduled later, no display link runs, no emitter emits, and every attached animation (each
    /// replicator copy's, which lag by `instanceDelay`) has ended and shows its fill or the model — or
    /// stands still under a layer whose speed is 0. A driver may stop drawing frames then (the viewer's
    /// display link stops until something is done).
    public func isIdle(_ root: CALayer, at t: CFTimeInterval) -> Bool {
        if schedule.pending != nil { return false }
        if displayLinks.contains(where: { !$0.isPaused }) { return false }
        // Depth first without recursion: (layer, its parent's local time, whether time stands still
        // above it, the delay of the latest replicator copy above it).
        var pending: [(CALayer, CFTimeInterval, Bool, CFTimeInterval)] = [
            (root, root.superlayer.map { $0.localTime(atMediaTime: t) } ?? t, false, 0)
        ]
        while let (layer, parentTime, frozenAbove, lag) = pending.popLast() {
            let timing = layer.state.timing
            let frozen = frozenAbove || timing.speed == 0 || timing.speed.isNaN
            let time = timing.localTime(fromParent: parentTime)
            if !frozen {
                if let emitter = layer as? CAEmitterLayer, emitter.hasParticles(after: time) { return false }
                for entry in layer.attached {
                    // A copy `lag` seconds behind the first is where the first was then.
                    let latest = entry.program.timing.sample(time - lag / max(abs(Double(timing.speed)), 1e-300))
                    if latest.travel != .finished { return false }
                    if !entry.animation.isRemovedOnCompletion, !latest.shown { continue }
                }
            }
            var childLag = lag
            if let replicator = layer as? CAReplicatorLayer, replicator.instanceCount > 1 {
                childLag += abs(replicator.instanceDelay) * Double(replicator.instanceCount - 1)
            }
            if let mask = layer.maskStorage { pending.append((mask, time, frozen, childLag)) }
            for sublayer in layer.sublayerStorage ?? [] { pending.append((sublayer, time, frozen, childLag)) }
        }
        return true
    }
}

extension CAEmitterLayer {
    /// True when particles live at some local time after `t`: the layer still emits, or stopped so
    /// recently that the longest-lived of the particles born before is still alive.
    func hasParticles(after t: CFTimeInterval) -> Bool {
        let cells = (emitterCells ?? []).filter { $0.isEnabled && $0.birthRate > 0 && $0.lifetime > 0 }
        guard lifetime > 0, !cells.isEmpty else { return false }
        let longest = Double(lifetime) * Double(cells.map { $0.lifetime + abs($0.lifetimeRange) / 2 }.max() ?? 0)
        guard let current = rateHistory.last(where: { $0.start <= t }) ?? rateHistory.first else { return false }
        if current.rate > 0 { return true }
        let lastEmitting = rateHistory.last { $0.start <= t && $0.rate > 0 }
        return lastEmitting != nil && t < current.start + longest
    }
}
