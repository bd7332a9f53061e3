/// A layer that draws its sublayers `instanceCount` times, as Core Animation's `CAReplicatorLayer`:
/// instance k (0 is the sublayers themselves) is transformed by `instanceTransform`ᵏ about the centre of
/// the replicator's bounds, runs `k · instanceDelay` behind instance 0 (its animations lag), and is
/// multiplied by the colour `instanceColor + k · (the four offsets)`, each channel clamped to 0…1
/// (core-animation-breadth.md §10).
///
/// The lagging instances are drawn from copies of the sublayer trees (made when the model changes,
/// with the same animations) evaluated at the earlier time; their animations deliver no callbacks.
/// An animation removed from a sublayer (on completion or by `removeAnimation`) leaves the copies at
/// the next model change, so a finite animation's last lagging instances end with it.
open class CAReplicatorLayer: CALayer {
    /// The replicator's own properties; `@exclusivity(unchecked)` for the reason `CALayer.state` gives.
    @exclusivity(unchecked) var replicator = ReplicatorState()
    /// On the model: the copies of the sublayer trees for instances 1, 2, …, and the engine generation
    /// they were made at.
    private var instanceTrees: [[CALayer]] = []
    private var instanceTreesGeneration: UInt64 = .max
    /// `FrameAllowance.layerCounts` of the sublayers, and the model generation they were counted at
    /// (counted again only when the model changed, not every frame).
    private var sublayerCounts = (generation: UInt64.max, plain: 0, expanded: 0)

    public override init() { super.init() }

    /// A layer with default properties (see `CALayer.init(coder:)`).
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    public required init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CAReplicatorLayer { replicator = other.replicator }
    }

    override func copyState(from model: CALayer) {
        super.copyState(from: model)
        if let model = model as? CAReplicatorLayer { replicator = model.replicator }
    }

    override func restoreAnimatedState(from model: CALayer) {
        super.restoreAnimatedState(from: model)
        if let model = model as? CAReplicatorLayer { replicator = model.replicator }
    }

    /// Sets one field of the replicator state, running its implicit action as `CALayer.setState` does.
    @inline(__always)
    final func setReplicator<Value>(_ field: WritableKeyPath<ReplicatorState, Value>, _ value: Value) {
        changeModel(field) { replicator[keyPath: field] = value }
    }

    /// The number of copies drawn, the sublayers included (default 1; 0 draws no sublayer).
    public var instanceCount: Int {
        get { replicator.instanceCount }
        set { setReplicator(\.instanceCount, max(0, newValue)) }
    }
    /// The time each instance runs behind the previous one, in seconds (negative: ahead).
    public var instanceDelay: CFTimeInterval {
        get { replicator.instanceDelay }
        set { setReplicator(\.instanceDelay, newValue) }
    }
    /// Applied to instance k − 1 to make instance k, about the centre of the replicator's bounds.
    public var instanceTransform: CATransform3D {
        get { replicator.instanceTransform }
        set { setReplicator(\.instanceTransform, newValue) }
    }
    /// The colour instance 0 is multiplied by (default opaque white: unchanged).
    public var instanceColor: CGColor? {
        get { replicator.instanceColor }
        set { setReplicator(\.instanceColor, newValue) }
    }
    /// Added to the red component of `instanceColor` once more for each copy. Animatable.
    public var instanceRedOffset: Float {
        get { replicator.instanceRedOffset }
        set { setReplicator(\.instanceRedOffset, newValue) }
    }
    /// Added to the green component of `instanceColor` once more for each copy. Animatable.
    public var instanceGreenOffset: Float {
        get { replicator.instanceGreenOffset }
        set { setReplicator(\.instanceGreenOffset, newValue) }
    }
    /// Added to the blue component of `instanceColor` once more for each copy. Animatable.
    public var instanceBlueOffset: Float {
        get { replicator.instanceBlueOffset }
        set { setReplicator(\.instanceBlueOffset, newValue) }
    }
    /// Added to the alpha of `instanceColor` once more for each copy. Animatable.
    public var instanceAlphaOffset: Float {
        get { replicator.instanceAlphaOffset }
        set { setReplicator(\.instanceAlphaOffset, newValue) }
    }
    /// Kept for ported code; layers are drawn flat, so it changes nothing yet.
    public var preservesDepth: Bool {
        get { replicator.preservesDepth }
        set { setReplicator(\.preservesDepth, newValue) }
    }

    /// One drawn copy of the sublayers.
    public struct Instance {
        /// The presentation sublayers of this copy, back to front.
        public let sublayers: [CALayer]
        /// Applied to the sublayers after their own transforms, in the replicator's coordinates.
        public let transform: CATransform3D
        /// The colour the copy is multiplied by, straight alpha, each channel in 0…1.
        public let color: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)
    }

    /// On a presentation layer: the copies to draw, instance 0 first.
    public func instances() -> [Instance] {
        let model = (isPresentation ? modelStorage as? CAReplicatorLayer : self) ?? self
        let base = replicator.instanceColor ?? .clear
        let center = CGPoint(x: state.bounds.midX, y: state.bounds.midY)
        let toCenter = CATransform3DMakeTranslation(-center.x, -center.y, 0)
        let fromCenter = CATransform3DMakeTranslation(center.x, center.y, 0)
        var power = CATransform3DIdentity
        var result: [Instance] = []
        for k in 0..<replicator.instanceCount {
            let sublayers: [CALayer]
            if k == 0 {
                sublayers = sublayerStorage ?? []
            } else {
                guard k - 1 < model.instanceTrees.count else { break }
                sublayers = model.instanceTrees[k - 1].compactMap(\.presentationStorage)
            }
            let step = CGFloat(k)
            func channel(_ c: CGFloat, _ offset: Float) -> CGFloat { min(max(c + step * CGFloat(offset), 0), 1) }
            result.append(
                Instance(
                    sublayers: sublayers,
                    transform: CATransform3DConcat(CATransform3DConcat(toCenter, power), fromCenter),
                    color: (
                        channel(base.red, replicator.instanceRedOffset),
                        channel(base.green, replicator.instanceGreenOffset),
                        channel(base.blue, replicator.instanceBlueOffset),
                        channel(base.alpha, replicator.instanceAlphaOffset)
                    )))
            power = CATransform3DConcat(power, replicator.instanceTransform)
        }
        return result
    }

    /// After the tree walk synced this (model) replicator at local `time`: remakes the instance copies
    /// when the model changed, and evaluates copy k at `time − k · instanceDelay`, without callbacks.
    override func didSync(at time: CFTimeInterval, evaluator: inout Evaluator) {
        evaluator.sawTimeDrivenLayer = true
        // The copies are counted against the frame's budget before any is made.
        let trees = sublayerStorage ?? []
        let generation = engineStorage.modelGeneration
        if sublayerCounts.generation != generation {
            let counts = FrameAllowance.layerCounts(of: trees)
            sublayerCounts = (generation, counts.plain, counts.expanded)
        }
        let copies = evaluator.allowance.grantCopies(
            max(0, replicator.instanceCount - 1), plain: sublayerCounts.plain, expanded: sublayerCounts.expanded,
            for: self)
        if instanceTreesGeneration != generation || instanceTrees.count != copies {
            instanceTrees = (0..<copies).map { _ in trees.map { $0.instanceCopy() } }
            instanceTreesGeneration = generation
        }
        var quiet = Evaluator(now: evaluator.now, lifecycle: false)
        quiet.allowance = evaluator.allowance
        for (index, tree) in instanceTrees.enumerated() {
            let instanceTime = time - CFTimeInterval(index + 1) * replicator.instanceDelay
            for layer in tree { quiet.sync(layer, parentTime: instanceTime) }
        }
        evaluator.allowance = quiet.allowance
    }
}

/// The properties of a `CAReplicatorLayer`.
struct ReplicatorState: LayerStorage {
    static var storage: StoredField.Storage { .replicator }

    var instanceCount = 1
    var instanceDelay: CFTimeInterval = 0
    var instanceTransform = CATransform3DIdentity
    var instanceColor: CGColor? = .white
    var instanceRedOffset: Float = 0
    var instanceGreenOffset: Float = 0
    var instanceBlueOffset: Float = 0
    var instanceAlphaOffset: Float = 0
    var preservesDepth = false
}

extension CALayer {
    /// A copy of this model layer's tree for a replicator instance: the same properties, mask,
    /// sublayers and attached animations (their programs and begin times shared, their lives fresh),
    /// outside any tree.
    func instanceCopy() -> CALayer {
        let copy = type(of: self).init(layer: self)
        copy.engineStorage = engineStorage
        copy.attached = attached.map {
            AttachedAnimation(key: $0.key, animation: $0.animation, program: $0.program, addedAt: $0.addedAt)
        }
        if let mask = maskStorage { copy.mask = mask.instanceCopy() }
        for sublayer in sublayerStorage ?? [] { copy.addSublayer(sublayer.instanceCopy()) }
        return copy
    }
}
