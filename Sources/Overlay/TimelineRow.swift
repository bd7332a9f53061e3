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
    /// The media-time stretches over which a layer on the way stood still, as seen while following it.
    private(set) var pauses: [(start: Double, end: Double?)] = []
    /// How the layer's local time ran, era by era, as seen while following it: from media time `from`
    /// on, either mapped to media time by the affine map through (0, m0) and (1, m1), or held at one
    /// local time by a paused layer. A pause and a resume each begin an era, so the legs before a pause
    /// keep the times they had.
    private var eras: [Era] = []

    private struct Era {
        enum Clock: Equatable {
            case running(m0: Double, m1: Double)
            case held(localTime: Double)
        }
        var from: Double
        var clock: Clock
    }

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

    /// Follows `newSampler` (the same animation in a tree made again: its history begins again).
    func rebind(_ newSampler: AnimationSampler) {
        sampler = newSampler
        isAttached = true
        removedAt = nil
        eras = []
        pauses = []
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
        guard isAttached else { return false }
        let clock: Era.Clock
        if let m0 = toMedia(0), let m1 = toMedia(1), m1 != m0 {
            clock = .running(m0: m0, m1: m1)
        } else {
            let held = layer.convertTime(0, from: root)
            clock = .held(localTime: held.isFinite ? held : 0)
        }
        let moved = clock != eras.last?.clock
        if moved { enterEra(clock) }
        guard moved || force else { return false }
        pausedBy = nil
        if case .held = clock { pausedBy = pausedLayerName(root: root) ?? "layer" }
        computeLegs(from: from, to: to)
        return true
    }

    /// Begins an era with `clock`, at the media time where the layer's local time passes from the last
    /// era's clock to it without a jump (where a pause held it, where a resume took it up again).
    private func enterEra(_ clock: Era.Clock) {
        func media(_ m0: Double, _ m1: Double, _ local: Double) -> Double { m0 + (m1 - m0) * local }
        var start: Double?
        switch (eras.last?.clock, clock) {
        case (.running(let m0, let m1), .held(let local)): start = media(m0, m1, local)
        case (.held(let local), .running(let m0, let m1)): start = media(m0, m1, local)
        case (.running(let a0, let a1), .running(let b0, let b1)):
            // The local time both maps agree on (none when parallel: a jump, the history begins again).
            let slopeA = a1 - a0
            let slopeB = b1 - b0
            if slopeA != slopeB { start = media(a0, a1, (b0 - a0) / (slopeA - slopeB)) }
        default: break
        }
        guard let start, start.isFinite, start >= (eras.last?.from ?? -.infinity) else {
            eras = [Era(from: -.infinity, clock: clock)]
            pauses = []
            if case .held = clock { pauses = [(start: -.infinity, end: nil)] }
            return
        }
        if case .held = eras.last?.clock, !pauses.isEmpty { pauses[pauses.count - 1].end = start }
        if case .held = clock { pauses.append((start: start, end: nil)) }
        eras.append(Era(from: start, clock: clock))
    }

    /// The legs, era by era: each running era's legs through its own map, over the media times it lasted.
    private func computeLegs(from: Double, to: Double) {
        let facts = sampler.facts
        var combined = TimelineLegs()
        var childLegs = facts.children.map { _ in TimelineLegs() }
        var addedMark = true
        for (index, era) in eras.enumerated() {
            guard case .running(let m0, let m1) = era.clock else { continue }
            let eraFrom = max(from, era.from)
            let eraTo = min(to, index + 1 < eras.count ? eras[index + 1].from : .infinity)
            guard eraTo > eraFrom else { continue }
            func toMedia(_ t: Double) -> Double? { m0 + (m1 - m0) * t }
            let legs = TimelineLegs(
                facts, addedAt: addedMark ? sampler.addedAt : nil, from: eraFrom, to: eraTo, toMedia: toMedia)
            addedMark = false
            combined.spans += legs.spans
            combined.marks += legs.marks
            combined.activeEnd = legs.activeEnd
            for (childIndex, child) in facts.children.enumerated() {
                let legs = TimelineLegs(child: child, of: facts, from: eraFrom, to: eraTo, toMedia: toMedia)
                childLegs[childIndex].spans += legs.spans
                childLegs[childIndex].marks += legs.marks
            }
        }
        if addedMark { combined.marks.append(TimelineMark(time: sampler.addedAt, kind: .added)) }
        legs = combined
        children = zip(facts.children, childLegs).map { child, legs in (child.keyPath ?? child.kind, legs) }
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
