/// A flat, reference-count-free summary of a layer tree's animations, built after a frame in which
/// the model did not change and used by the following frames until it changes again
/// (`LayerEngine.modelGeneration`). A frame then only computes each layer's local time (in tree
/// order, exactly as the tree walk does) and walks a contiguous array of animation items, writing the
/// animated values into the presentation copies; unanimated layers are not visited at all.
///
/// A layer with exactly one attached basic animation of a number, point or colour on a common layer
/// key (opacity, position(.x/.y), anchorPoint, backgroundColor, transform components, and a shape
/// layer's strokeStart, strokeEnd, lineWidth, fillColor, strokeColor), without
/// additive, cumulative or value function, is a "direct" item: its timing, ends and model value are
/// copied into the item. Every other animated layer is a "layer" item, evaluated by the general code.
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

    /// The key a direct item writes.
    private enum DirectKey {
        case opacity, position, positionX, positionY, anchorPoint, backgroundColor
        case transformPart(AnimatableKey.TransformPart)
        /// Shape layer keys (the item's layers are `CAShapeLayer`s).
        case strokeStart, strokeEnd, lineWidth, fillColor, strokeColor
    }

    private struct FrameItem {
        var node: Int
        /// Nil for a "layer" item.
        var key: DirectKey?
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
        /// The model's transform is the identity (transform components are then written directly).
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
            node: node, key: nil, layer: layer, presentation: presentation,
            entry: nil, timing: layer.attached[0].program.timing, curve: nil)
        guard layer.attached.count == 1 else { return item }
        let entry = layer.attached[0]
        guard case .basic(let basic) = entry.program.body, let key = directKey(basic.key),
            !basic.key.isShapeKey || (layer is CAShapeLayer && presentation is CAShapeLayer),
            let ends = basic.directEnds(model: layer)
        else { return item }
        // The ends must have the property's own form (a number, a point, a colour).
        guard ends.components == LayerProperty.property(for: basic.key)?.valueType.componentCount else { return item }
        item.key = key
        item.entry = entry
        item.curve = entry.program.timingFunction
        item.from = ends.from
        item.to = ends.to
        item.life = entry.life
        item.identityBase = layer.state.transform == CATransform3DIdentity
        return item
    }

    private static func directKey(_ key: AnimatableKey) -> DirectKey? {
        switch key {
        case .opacity: return .opacity
        case .position: return .position
        case .positionX: return .positionX
        case .positionY: return .positionY
        case .anchorPoint: return .anchorPoint
        case .backgroundColor: return .backgroundColor
        case .transformPart(let part): return .transformPart(part)
        case .shape(.strokeStart): return .strokeStart
        case .shape(.strokeEnd): return .strokeEnd
        case .shape(.lineWidth): return .lineWidth
        case .shape(.fillColor): return .fillColor
        case .shape(.strokeColor): return .strokeColor
        default: return nil
        }
    }

    /// Copies the per-frame bookkeeping back into the attached animations (before the cache is dropped).
    func writeBack() {
        for item in items where item.key != nil {
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
            guard let key = items[i].key else {
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
                    restore(key, items[i].presentation, from: layer)
                    isValid = false
                    continue
                }
            }
            if sample.shown {
                let progress = items[i].timing.progress(of: sample, curve: items[i].curve)
                let value = items[i].from + (items[i].to - items[i].from) * progress
                let identityBase = items[i].identityBase
                write(key, value, items[i].presentation, model: items[i].layer, identityBase: identityBase)
            } else {
                restore(key, items[i].presentation, from: items[i].layer)
            }
        }
    }

    @inline(__always)
    private func write(_ key: DirectKey, _ v: SIMD4<Double>, _ target: CALayer, model: CALayer, identityBase: Bool) {
        switch key {
        case .opacity: target.state.opacity = Float(v.x)
        case .position: target.state.position = CGPoint(x: v.x, y: v.y)
        case .positionX: target.state.position.x = v.x
        case .positionY: target.state.position.y = v.x
        case .anchorPoint: target.state.anchorPoint = CGPoint(x: v.x, y: v.y)
        case .backgroundColor: target.state.backgroundColor = CGColor(red: v.x, green: v.y, blue: v.z, alpha: v.w)
        case .transformPart(.rotationZ) where identityBase:
            // The rest of the presentation transform is the model's identity already.
            let (c, s) = (cos(v.x), sin(v.x))
            target.state.transform.m11 = c
            target.state.transform.m12 = s
            target.state.transform.m21 = -s
            target.state.transform.m22 = c
        case .transformPart(let part):
            var transform = model.state.transform
            AnimatableKey.writeNumber(part, v.x, &transform)
            target.state.transform = transform
        case .strokeStart: unsafeDowncast(target, to: CAShapeLayer.self).shape.strokeStart = v.x
        case .strokeEnd: unsafeDowncast(target, to: CAShapeLayer.self).shape.strokeEnd = v.x
        case .lineWidth: unsafeDowncast(target, to: CAShapeLayer.self).shape.lineWidth = v.x
        case .fillColor:
            unsafeDowncast(target, to: CAShapeLayer.self).shape.fillColor = CGColor(
                red: v.x, green: v.y, blue: v.z, alpha: v.w)
        case .strokeColor:
            unsafeDowncast(target, to: CAShapeLayer.self).shape.strokeColor = CGColor(
                red: v.x, green: v.y, blue: v.z, alpha: v.w)
        }
    }

    @inline(__always)
    private func restore(_ key: DirectKey, _ target: CALayer, from model: CALayer) {
        switch key {
        case .opacity: target.state.opacity = model.state.opacity
        case .position, .positionX, .positionY: target.state.position = model.state.position
        case .anchorPoint: target.state.anchorPoint = model.state.anchorPoint
        case .backgroundColor: target.state.backgroundColor = model.state.backgroundColor
        case .transformPart: target.state.transform = model.state.transform
        case .strokeStart, .strokeEnd, .lineWidth, .fillColor, .strokeColor:
            let shape = unsafeDowncast(target, to: CAShapeLayer.self)
            let modelShape = unsafeDowncast(model, to: CAShapeLayer.self)
            switch key {
            case .strokeStart: shape.shape.strokeStart = modelShape.shape.strokeStart
            case .strokeEnd: shape.shape.strokeEnd = modelShape.shape.strokeEnd
            case .lineWidth: shape.shape.lineWidth = modelShape.shape.lineWidth
            case .fillColor: shape.shape.fillColor = modelShape.shape.fillColor
            default: shape.shape.strokeColor = modelShape.shape.strokeColor
            }
        }
    }
}
