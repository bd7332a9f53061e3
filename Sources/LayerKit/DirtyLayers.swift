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
        var membership = TreeMembership(root: root)
        while let layer = engine.dirtyLayers.last {
            guard let presentation = layer.presentationStorage, layer.attached.isEmpty,
                presentation.syncedAnimations == layer.animationsVersion,
                presentation.state.timing == layer.state.timing, membership.contains(layer)
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
        var membership = TreeMembership(root: root)
        for layer in engine.dirtyLayers {
            layer.isDirty = false
            if !outside, !membership.contains(layer) { outside = true }
        }
        engine.dirtyLayers.removeAll(keepingCapacity: true)
        if outside { engine.modelGeneration &+= 1 }
    }
}

/// Answers whether layers lie in `root`'s tree (through sublayers and masks), remembering the layers
/// found on the way up, so a list of layers deep in one branch costs the branch once, not once a layer.
struct TreeMembership {
    let root: CALayer
    private var inside: Set<ObjectIdentifier> = []

    init(root: CALayer) { self.root = root }

    mutating func contains(_ layer: CALayer) -> Bool {
        // Most layers are a few levels below the root: walk up without remembering anything first.
        var current: CALayer? = layer
        for _ in 0..<64 {
            guard let node = current else { return false }
            if node === root { return true }
            current = node.superlayer
        }
        return remembering(layer)
    }

    /// The walk up that remembers what it passed (deep trees).
    private mutating func remembering(_ layer: CALayer) -> Bool {
        var path: [ObjectIdentifier] = []
        var current: CALayer? = layer
        while let node = current {
            let id = ObjectIdentifier(node)
            if node === root || inside.contains(id) {
                inside.formUnion(path)
                return true
            }
            path.append(id)
            current = node.superlayer
        }
        return false
    }
}
