/// A flat, reference-count-free summary of a layer tree's animations, built after a frame in which
/// the model did not change and used by the following frames until it changes again
/// (`LayerEngine.modelGeneration`). A frame then only computes each layer's local time (in tree
/// order, exactly as the tree walk does) and walks a contiguous array of animation items, writing the
/// animated values into the presentation copies; unanimated layers are not visited at all.
///
/// A layer with exactly one attached basic animation of a number, point or colour (`DirectValue`) on a
/// registered key of its class whose field takes that kind, without additive, cumulative or value
/// function, is a "direct" item: its timing, ends and field are copied into the item, and a frame
/// writes the eased value with the general typed writer (`StoredField.write`), as the tree walk
/// does. Every other animated layer is a "layer" item, evaluated by the general code.
final class FrameCache {
    /// The model generation the cache describes.
    let generation: UInt64
    // The arrays are `@exclusivity(unchecked)`: every access is a single subscript, or a buffer scope
    // that calls out to nothing, so no access can overlap another (a delegate stepping the engine
    // again from a callback only starts new single accesses) and the run-time checks could never fire.
    @exclusivity(unchecked) private var nodes: [TimingNode] = []
    @exclusivity(unchecked) private var times: [Double] = []
    @exclusivity(unchecked) private var items: [FrameItem] = []
    /// Keeps the direct items' animations alive for `writeBack` (items hold them unowned).
    private var retained: [AttachedAnimation] = []
    /// False once an item was removed from its layer (the next frame rebuilds).
    private(set) var isValid = true

    /// A layer's timing and the index of its superlayer's node (−1 for the root).
    private struct TimingNode {
        var parent: Int
        var timing: TimingParameters
    }

    private struct FrameItem {
        var node: Int
        /// The field a direct item writes; nil for a "layer" item.
        var field: StoredField?
        var form = DirectValue.number
        /// Unowned so the frame loop touches neither object's reference count; the cache is dropped
        /// whenever the tree changes, before either layer can go away.
        unowned(unsafe) var layer: CALayer
        unowned(unsafe) var presentation: CALayer
        unowned(unsafe) var entry: AttachedAnimation?
        var timing: ResolvedTiming
        var curve: UnitBezier?
        var from = SIMD4<Double>()
        var to = SIMD4<Double>()
        var life = AnimationLife(lastSeen: 0)
        /// The field is a transform component whose write must start from the model's transform (the
        /// others are written over their own last result: `TransformPart.writesEntries`).
        var rebases = false
        /// The model's transform is the identity.
        var identityBase = false
    }

    /// Summarises `root`'s tree (whose presentation copies are up to date) for `generation`.
    init(root: CALayer, generation: UInt64) {
        self.generation = generation
        add(root, parent: -1)
        times = [Double](repeating: 0, count: nodes.count)
    }

    private func add(_ layer: CALayer, parent: Int) {
        let index = nodes.count
        nodes.append(TimingNode(parent: parent, timing: layer.state.timing))
        if !layer.attached.isEmpty, let presentation = layer.presentationStorage {
            let item = Self.item(for: layer, presentation: presentation, node: index)
            if let entry = item.entry { retained.append(entry) }
            items.append(item)
        }
        if let mask = layer.maskStorage { add(mask, parent: index) }
        for sublayer in layer.sublayerStorage ?? [] { add(sublayer, parent: index) }
    }

    private static func item(for layer: CALayer, presentation: CALayer, node: Int) -> FrameItem {
        var item = FrameItem(
            node: node, field: nil, layer: layer, presentation: presentation,
            entry: nil, timing: layer.attached[0].program.timing, curve: nil)
        guard layer.attached.count == 1 else { return item }
        let entry = layer.attached[0]
        guard case .basic(let basic) = entry.program.body, case .stored(let field) = basic.key,
            let ends = basic.directEnds(model: layer), field.accepts(ends.form),
            // Both layers have the field's storage (the writes below skip the class check).
            field.isStored(in: layer), field.isStored(in: presentation)
        else { return item }
        item.field = field
        item.form = ends.form
        item.entry = entry
        item.curve = entry.program.timingFunction
        item.from = ends.from
        item.to = ends.to
        item.life = entry.life
        if case .part(let part) = field.form {
            item.identityBase = layer.withStorage(field.storage) { field.isIdentityTransform($0) } ?? false
            item.rebases = !part.writesEntries(overIdentity: item.identityBase)
        }
        return item
    }

    /// How many items are direct (written by the frame loop itself rather than the general code).
    var directItemCount: Int { items.reduce(0) { $0 + ($1.field == nil ? 0 : 1) } }

    /// Copies the per-frame bookkeeping back into the attached animations (before the cache is dropped).
    func writeBack() {
        for item in items where item.field != nil {
            item.entry?.life.lastSeen = item.life.lastSeen
        }
    }

    /// One frame: `rootParentTime` is the time of the root's superlayer (media time for a root).
    func run(rootParentTime: CFTimeInterval, evaluator: inout Evaluator) {
        let now = evaluator.now
        nodes.withUnsafeBufferPointer { nodes in
            times.withUnsafeMutableBufferPointer { times in
                for i in 0..<nodes.count {
                    let parent = nodes[i].parent
                    let parentTime = parent < 0 ? rootParentTime : times[parent]
                    times[i] = nodes[i].timing.localTime(fromParent: parentTime)
                }
            }
        }
        let count = items.count
        for i in 0..<count {
            let time = times[items[i].node]
            guard let field = items[i].field else {
                let layer = items[i].layer
                let before = layer.animationsVersion
                evaluator.reanimate(layer, at: time, presentation: items[i].presentation)
                if layer.animationsVersion != before { isValid = false }
                continue
            }
            let sample = items[i].timing.sample(time)
            let step = items[i].life.advance(to: sample, at: now)
            if !step.isEmpty {
                // The attached animation learns of its start or stop at once (a removal must not
                // report a second stop); its `lastSeen` is written back when the cache is dropped.
                let entry = items[i].entry!
                entry.life = items[i].life
                if evaluator.record(step, entry, items[i].layer) {
                    let layer = items[i].layer
                    layer.attached.removeAll { $0 === entry }
                    items[i].presentation.syncedAnimations = layer.animationsVersion
                    restore(field, items[i].presentation, from: layer)
                    isValid = false
                    continue
                }
            }
            if sample.shown {
                let progress = items[i].timing.progress(of: sample, curve: items[i].curve)
                let value = DirectValue.interpolate(items[i].from, items[i].to, progress)
                let presentation = items[i].presentation
                // A transform component is written over the model's transform, as after the tree
                // walk's restore (unless writing it over its own last result comes to the same).
                let identityBase = items[i].identityBase
                if items[i].rebases { restore(field, presentation, from: items[i].layer) }
                let form = items[i].form
                _ = presentation.withStorage(field.storage, checked: false) {
                    field.write(value, as: form, $0, transformIsIdentity: identityBase)
                }
            } else {
                restore(field, items[i].presentation, from: items[i].layer)
            }
        }
    }

    /// Puts the model's value of `field` back into the presentation `target`.
    @inline(__always)
    private func restore(_ field: StoredField, _ target: CALayer, from model: CALayer) {
        _ = model.withStorage(field.storage, checked: false) { source in
            target.withStorage(field.storage, checked: false) { field.copy(from: source, to: $0) }
        }
    }
}
