/// The step's incremental path for model changes: the layers on an engine's dirty list (model layers
/// without animations whose own properties changed) get their state copied into their presentation
/// copies one by one, exactly as the full tree walk copies a changed unanimated layer, so the frame
/// cache stays valid and the step costs the changed layers, not the tree.
enum DirtyLayers {
    /// Syncs the presentation of every dirty layer of `engine` that lies in `root`'s tree and empties
    /// the list. Returns false — leaving the rest to the tree walk — when a dirty layer cannot be
    /// synced alone: it gained animations, its timing changed (its sublayers' local times move), it
    /// has no presentation yet, or it lies outside `root`'s tree.
    static func sync(in engine: LayerEngine, root: CALayer) -> Bool {
        while let layer = engine.dirtyLayers.last {
            guard let presentation = layer.presentationStorage, layer.attached.isEmpty,
                presentation.syncedAnimations == layer.animationsVersion,
                presentation.state.timing == layer.state.timing, isInTree(layer, of: root)
            else { return false }
            engine.dirtyLayers.removeLast()
            layer.isDirty = false
            if presentation.syncedVersion != layer.version {
                presentation.copyState(from: layer)
                presentation.syncedVersion = layer.version
            }
        }
        return true
    }

    /// Empties the dirty list before a walk of `root`'s tree, which copies these layers by their
    /// versions. A dirty layer outside that tree bumps the model generation, as its change did before
    /// dirty lists existed, so the tree it lies in is walked at its next step.
    static func clear(in engine: LayerEngine, walking root: CALayer) {
        guard !engine.dirtyLayers.isEmpty else { return }
        var outside = false
        for layer in engine.dirtyLayers {
            layer.isDirty = false
            if !outside, !isInTree(layer, of: root) { outside = true }
        }
        engine.dirtyLayers.removeAll(keepingCapacity: true)
        if outside { engine.modelGeneration &+= 1 }
    }

    /// Whether `layer` is `root` or lies under it, through sublayers and masks.
    private static func isInTree(_ layer: CALayer, of root: CALayer) -> Bool {
        var current: CALayer? = layer
        while let node = current {
            if node === root { return true }
            current = node.superlayer
        }
        return false
    }
}
