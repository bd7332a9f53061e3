import LayerKit

/// What `eval --plot` draws: a layer's presentation value of one key path sampled over a span, with the
/// phase of the last animation of that key path at each sample, and, for each time `eval` printed, the
/// index of a sample taken at exactly that time, so a cursor's dots sit on the printed values (also on
/// either side of a jump, where the nearest evenly spaced sample would show the other side).
public struct PlotSamples {
    /// Sample times, increasing (the even spacing with the printed times merged in).
    public var times: [Double]
    /// The value's numeric components at each time (empty where the layer is missing).
    public var values: [[Double]]
    /// The phase of the last animation of the key path on the layer (nil before there is one).
    public var phases: [AnimationPhase?]
    /// For each printed time, in increasing order, the index of its sample.
    public var cursorIndices: [Int]

    /// Advances `scene` (fresh, its timeline driving the engine's clock) from `start` to `end` through
    /// `count` evenly spaced times and the printed `times`, reading the value as `eval` prints it.
    public static func sample(
        scene: Scene, layer name: String, key: String, from start: Double, to end: Double, count: Int,
        times printed: [Double]
    ) -> PlotSamples {
        sample(
            root: { scene.rootLayer }, advance: scene.advance(to:), layer: name, key: key, from: start, to: end,
            count: count, times: printed)
    }

    /// `sample(scene:…)` for the scene of `player`, which shows each time in turn (replaying its log).
    public static func sample(
        player: ScenePlayer, layer name: String, key: String, from start: Double, to end: Double, count: Int,
        times printed: [Double]
    ) -> PlotSamples {
        sample(
            root: { player.scene.rootLayer }, advance: player.show, layer: name, key: key, from: start, to: end,
            count: count, times: printed)
    }

    private static func sample(
        root: () -> CALayer, advance: (Double) -> Void, layer name: String, key: String, from start: Double,
        to end: Double, count: Int, times printed: [Double]
    ) -> PlotSamples {
        let even = (0..<max(2, count)).map { start + (end - start) * Double($0) / Double(max(2, count) - 1) }
        let sortedPrinted = printed.sorted()
        let times = (even + sortedPrinted).sorted()
        var result = PlotSamples(times: times, values: [], phases: [], cursorIndices: [])
        var samplers: [AnimationSampler] = []
        for t in times {
            advance(t)
            guard let layer = LayerSearch.layer(named: name, in: root()) else {
                result.values.append([])
                result.phases.append(nil)
                continue
            }
            for sampler in AnimationSampler.samplers(in: layer)
            where sampler.layer === layer && sampler.facts.keyPath == key
                && !samplers.contains(where: { $0.animation === sampler.animation })
            {
                samplers.append(sampler)
            }
            result.values.append((layer.presentation() ?? layer).numericComponents(forKeyPath: key) ?? [])
            result.phases.append(samplers.last.map { phase(of: $0, on: layer, at: t) })
        }
        var searchFrom = 0
        for t in sortedPrinted {
            let index = times[searchFrom...].firstIndex(of: t) ?? searchFrom
            result.cursorIndices.append(index)
            searchFrom = index
        }
        return result
    }

    /// The sampler's phase at media time `t`, or `removed` once its animation has left the layer.
    private static func phase(of sampler: AnimationSampler, on layer: CALayer, at t: Double) -> AnimationPhase {
        var attached = false
        AnimationSampler.forEachAttachedAnimation(in: layer) { owner, animation in
            if owner === layer && animation === sampler.animation { attached = true }
        }
        return attached ? sampler.sample(atMediaTime: t).phase : .removed
    }
}
