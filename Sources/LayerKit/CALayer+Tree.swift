extension CALayer {
    /// The layer this one is drawn in: the parent for a sublayer, the masked layer for a mask.
    public var superlayer: CALayer? { superlayerStorage ?? maskOwner }

    /// The engine the layer belongs to: the one current on the thread that made it, or the engine of
    /// the tree it was last added to. Its clock and transactions are the layer's.
    public var engine: LayerEngine { engineStorage }

    /// Makes `layer`'s tree (sublayers and masks) belong to this layer's engine, as it joins this tree.
    func adoptIntoEngine(_ layer: CALayer) {
        guard layer.engineStorage !== engineStorage else { return }
        var pending = [layer]
        while let next = pending.popLast() {
            next.engineStorage = engineStorage
            next.presentationStorage?.engineStorage = engineStorage
            pending.append(contentsOf: next.sublayerStorage ?? [])
            if let mask = next.maskStorage { pending.append(mask) }
        }
    }

    /// The sublayers, back to front. Setting it detaches the old ones and adopts the new ones.
    public var sublayers: [CALayer]? {
        get { sublayerStorage }
        set {
            for layer in sublayerStorage ?? [] where layer.superlayerStorage === self {
                layer.superlayerStorage = nil
            }
            sublayerStorage = nil
            for layer in newValue ?? [] { addSublayer(layer) }
            if newValue != nil, sublayerStorage == nil { sublayerStorage = [] }
            structureDidChange()
        }
    }

    /// A layer whose alpha masks this layer's content; it takes this layer as its superlayer (for
    /// geometry and time) without being one of its sublayers.
    public var mask: CALayer? {
        get { maskStorage }
        set {
            if newValue === maskStorage { return }
            if let old = maskStorage, old.maskOwner === self { old.maskOwner = nil }
            if let layer = newValue {
                layer.removeFromSuperlayer()
                adoptIntoEngine(layer)
                layer.maskOwner = self
            }
            maskStorage = newValue
            structureDidChange()
        }
    }

    /// Appends `layer` (removing it from its current superlayer first).
    public func addSublayer(_ layer: CALayer) {
        insertSublayer(layer, at: UInt32(sublayerStorage?.count ?? 0))
    }

    /// Inserts `layer` at `index` (clamped to the end).
    public func insertSublayer(_ layer: CALayer, at index: UInt32) {
        guard layer !== self else { return }
        layer.removeFromSuperlayer()
        if sublayerStorage == nil { sublayerStorage = [] }
        sublayerStorage!.insert(layer, at: min(Int(index), sublayerStorage!.count))
        adoptIntoEngine(layer)
        layer.superlayerStorage = self
        structureDidChange()
    }

    /// Inserts `layer` just below `sibling` (at the back when `sibling` is not a sublayer).
    public func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        let index = sibling.flatMap { s in sublayerStorage?.firstIndex { $0 === s } } ?? 0
        insertSublayer(layer, at: UInt32(index))
    }

    /// Inserts `layer` just above `sibling` (at the front when `sibling` is not a sublayer).
    public func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        let count = sublayerStorage?.count ?? 0
        let index = sibling.flatMap { s in sublayerStorage?.firstIndex { $0 === s }.map { $0 + 1 } } ?? count
        insertSublayer(layer, at: UInt32(index))
    }

    /// Puts `newLayer` where `oldLayer` was.
    public func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard let index = sublayerStorage?.firstIndex(where: { $0 === oldLayer }) else { return }
        oldLayer.removeFromSuperlayer()
        insertSublayer(newLayer, at: UInt32(index))
    }

    /// Detaches the layer from its superlayer (or from the layer it masks).
    public func removeFromSuperlayer() {
        if let owner = maskOwner {
            owner.mask = nil
            return
        }
        guard let parent = superlayerStorage else { return }
        parent.sublayerStorage?.removeAll { $0 === self }
        superlayerStorage = nil
        parent.structureDidChange()
    }

    /// True when `layer` is this layer or an ancestor of it via `superlayer`.
    func isDescendant(of layer: CALayer) -> Bool {
        var node: CALayer? = self
        while let current = node {
            if current === layer { return true }
            node = current.superlayer
        }
        return false
    }
}
