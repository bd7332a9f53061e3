import LayerKit

/// One animation on the inspector's timeline: the sampler it was last seen through, its legs in media
/// time (its group children's too) and whether a paused layer holds it. Rows outlive their animation's
/// removal and the tree being made again (a step back): an animation added again at the same media
/// time, on a layer and key of the same names, takes its row back.
final class TimelineRow {
    private(set) var sampler: AnimationSampler
    let identity: Identity
    /// Whether the animation was attached to its layer at the last update, and at the one before.
    var isAttached = true
    var wasAttached = true
    /// The media time at which the animation left its layer in the same tree (a stop, a `remove`), when
    /// the panel was told the time.
    var removedAt: Double?
    private(set) var legs = TimelineLegs()
    private(set) var children: [(title: String, legs: TimelineLegs)] = []
    /// The first layer on the way to the root that stands still (speed 0), while one does.
    private(set) var pausedBy: String?
    /// Media times of the layer's local times 0 and 1 when the legs were computed: they change when a
    /// layer's timing on the way does, and the legs are computed again.
    private var anchor: (Double, Double)?

    /// What makes an animation the same one after the tree is made again.
    struct Identity: Equatable {
        var layerName: String?
        var key: String?
        var keyPath: String?
        var addedAt: Double

        init(_ sampler: AnimationSampler) {
            layerName = sampler.facts.layerName
            key = sampler.facts.key
            keyPath = sampler.facts.keyPath
            addedAt = sampler.addedAt
        }
    }

    init(sampler: AnimationSampler) {
        self.sampler = sampler
        identity = Identity(sampler)
    }

    /// Follows `newSampler` (the same animation in a tree made again).
    func rebind(_ newSampler: AnimationSampler) {
        sampler = newSampler
        isAttached = true
        removedAt = nil
        anchor = nil
    }

    /// The label: `layer · keyPath  [key]`.
    var title: String {
        let facts = sampler.facts
        let key = facts.key.map { "  [\($0)]" } ?? ""
        return (facts.layerName ?? "layer") + " · " + (facts.keyPath ?? facts.kind) + key
    }

    /// Brings the legs up to date for media times `from`…`to` in a tree under `root` whose local time
    /// maps to media time by `rootToMedia`; true when they changed. Cheap when nothing changed (two
    /// time conversions, no allocation).
    func refresh(root: CALayer, from: Double, to: Double, force: Bool, rootToMedia: (Double) -> Double?) -> Bool {
        let layer = sampler.layer
        func toMedia(_ t: Double) -> Double? {
            layer.convertTime(t, toAncestor: root).flatMap(rootToMedia).flatMap { $0.isFinite ? $0 : nil }
        }
        guard isAttached, let m0 = toMedia(0), let m1 = toMedia(1) else {
            let paused = isAttached ? pausedLayerName(root: root) : nil
            defer { pausedBy = paused }
            return paused != pausedBy
        }
        let wasPaused = pausedBy != nil
        pausedBy = nil
        if !force, !wasPaused, let anchor, anchor == (m0, m1) { return false }
        anchor = (m0, m1)
        let facts = sampler.facts
        legs = TimelineLegs(facts, addedAt: sampler.addedAt, from: from, to: to, toMedia: toMedia)
        children = facts.children.map { child in
            let title = (child.keyPath ?? child.kind)
            return (title, TimelineLegs(child: child, of: facts, from: from, to: to, toMedia: toMedia))
        }
        return true
    }

    /// The name of the first layer from the animated one up that has speed 0 (the root's own pause
    /// included, when `rootToMedia` cannot map it).
    private func pausedLayerName(root: CALayer) -> String? {
        var layer: CALayer? = sampler.layer
        while let current = layer {
            if current.speed == 0 { return current.name ?? "layer" }
            if current === root { break }
            layer = current.superlayer
        }
        return nil
    }
}
