import LayerKit

/// A layer named in an evaluation that the scene never has.
public struct UnknownLayerError: Error, CustomStringConvertible, Equatable {
    /// The layer name given.
    public let name: String
    /// Every layer name the scene had, sorted.
    public let known: [String]
    public var description: String { "no layer named '\(name)' (layers: \(knownSummary))" }

    /// The known names for a message: the first 20, each cut to 40 characters, and how many in all.
    public var knownSummary: String {
        let shown = known.prefix(20).map { $0.count <= 40 ? $0 : $0.prefix(37) + "..." }
        return shown.joined(separator: ", ") + (known.count > 20 ? ", ... (\(known.count) in all)" : "")
    }
}

/// What `layerscope eval` computes: a layer's presentation value of one key path at media times, and
/// the delegate callbacks with the media time of each.
public enum SceneEvaluation {
    /// Advances `scene` (fresh, on an engine whose clock the scene's timeline drives) through `times`
    /// in increasing order and returns one `TIME VALUE` line per time; with `events`, the callbacks
    /// delivered on the way, as `TIME didStart LAYER KEY` and `TIME didStop LAYER KEY finished=BOOL`,
    /// each before the first value line at or after its time. A layer that exists at none of the
    /// times, nor at the start, is an `UnknownLayerError`; one that comes and goes prints `nil`
    /// while it is missing.
    public static func lines(scene: Scene, layer name: String, key: String, times: [Double], events: Bool)
        throws(UnknownLayerError) -> [String]
    {
        let engine = scene.rootLayer.engine
        let previousObserver = engine.eventObserver
        defer { engine.eventObserver = previousObserver }
        return try lines(
            root: { scene.rootLayer }, advance: scene.advance(to:), observe: { engine.eventObserver = $0 },
            layer: name, key: key, times: times, events: events)
    }

    /// `lines(scene:…)` for the scene of `player`, which shows each time in turn (replaying its log).
    public static func lines(player: ScenePlayer, layer name: String, key: String, times: [Double], events: Bool)
        throws(UnknownLayerError) -> [String]
    {
        let previousObserver = player.eventObserver
        defer { player.eventObserver = previousObserver }
        return try lines(
            root: { player.scene.rootLayer }, advance: player.show, observe: { player.eventObserver = $0 },
            layer: name, key: key, times: times, events: events)
    }

    private static func lines(
        root: () -> CALayer, advance: (Double) -> Void, observe: (((CAAnimationEvent) -> Void)?) -> Void,
        layer name: String, key: String, times: [Double], events: Bool
    ) throws(UnknownLayerError) -> [String] {
        var pending: [CAAnimationEvent] = []
        if events { observe { pending.append($0) } }
        var known = LayerSearch.names(in: root())
        var lines: [String] = []
        var sawLayer = false
        for time in times.sorted() {
            advance(time)
            for event in pending.sorted(by: { $0.mediaTime < $1.mediaTime }) { lines.append(describe(event)) }
            pending.removeAll()
            let value: String
            if let layer = LayerSearch.layer(named: name, in: root()) {
                sawLayer = true
                value = ValueFormatter.format((layer.presentation() ?? layer).value(forKeyPath: key))
            } else {
                value = "nil"
            }
            lines.append("\(ValueFormatter.format(time)) \(value)")
        }
        known.formUnion(LayerSearch.names(in: root()))
        guard sawLayer || known.contains(name) else { throw UnknownLayerError(name: name, known: known.sorted()) }
        return lines
    }

    private static func describe(_ event: CAAnimationEvent) -> String {
        let time = ValueFormatter.format(event.mediaTime)
        let layer = event.layer.name ?? "-"
        let key = event.key ?? "-"
        switch event.kind {
        case .didStart: return "\(time) didStart \(layer) \(key)"
        case .didStop(let finished): return "\(time) didStop \(layer) \(key) finished=\(finished)"
        }
    }
}

/// Finds layers by name in a tree, masks included.
public enum LayerSearch {
    /// The first layer named `name` in `root`'s tree (depth first, a layer's mask before its sublayers).
    public static func layer(named name: String, in root: CALayer) -> CALayer? {
        if root.name == name { return root }
        if let mask = root.mask, let found = layer(named: name, in: mask) { return found }
        for sublayer in root.sublayers ?? [] {
            if let found = layer(named: name, in: sublayer) { return found }
        }
        return nil
    }

    /// Every layer name in `root`'s tree.
    public static func names(in root: CALayer) -> Set<String> {
        var names: Set<String> = root.name.map { [$0] } ?? []
        if let mask = root.mask { names.formUnion(self.names(in: mask)) }
        for sublayer in root.sublayers ?? [] { names.formUnion(self.names(in: sublayer)) }
        return names
    }
}
