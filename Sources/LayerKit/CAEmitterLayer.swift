/// A particle emitter, as Core Animation's `CAEmitterLayer`. Its particles are a function of the
/// layer's local time, never of frame deltas: particle i of a cell is born when the emitted count
/// reaches i + 1 (the count is the integral of `birthRate` over local time from 0, the layer's
/// `beginTime`), draws its random values from `seed`, the cell and i, and moves in closed form
/// (position p₀ + v·age + a·age²/2), so `render --at T` shows the same particles however it got
/// there. The layer's `birthRate` changes are kept as a history (in local time), so setting it to 0
/// stops emission while the living particles finish; the other multipliers apply as they are now.
/// Particles are drawn above the background and below the sublayers; animations of the cells'
/// properties and emitter cells of cells are not evaluated.
open class CAEmitterLayer: CALayer {
    /// The emitter's own properties; `@exclusivity(unchecked)` for the reason `CALayer.state` gives.
    @exclusivity(unchecked) var emitter = EmitterState()
    /// On the model: where the layer's birth rate changed, in local time, with the count emitted by then.
    var rateHistory: [EmitterRateSegment] = [EmitterRateSegment(start: 0, rate: 1, emitted: 0)]
    /// On a presentation layer: the living particles, computed by the last step.
    var particleStorage: [Particle] = []

    public override init() { super.init() }

    /// A layer with default properties (see `CALayer.init(coder:)`).
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    public required init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CAEmitterLayer {
            emitter = other.emitter
            rateHistory = other.rateHistory
        }
    }

    override func copyState(from model: CALayer) {
        super.copyState(from: model)
        if let model = model as? CAEmitterLayer { emitter = model.emitter }
    }

    override func restoreAnimatedState(from model: CALayer) {
        super.restoreAnimatedState(from: model)
        if let model = model as? CAEmitterLayer { emitter = model.emitter }
    }

    /// Key-value coding's birth-rate changes join the history, as the property's own do.
    override func keyValueWillSet(_ value: AnimatableValue, for key: AnimatableKey) {
        if key == Self.birthRateKey, case .number(let rate) = value { recordRateChange(to: Float(rate)) }
    }

    private static let birthRateKey = AnimatableKey("birthRate")

    /// Sets one field of the emitter state, running its implicit action as `CALayer.setState` does.
    @inline(__always)
    final func setEmitter<Value>(_ field: WritableKeyPath<EmitterState, Value>, _ value: Value) {
        changeModel(field) { emitter[keyPath: field] = value }
    }

    /// The kinds of particle emitted.
    public var emitterCells: [CAEmitterCell]? {
        get { emitter.cells }
        set { setEmitter(\.cells, newValue) }
    }
    /// The centre of the emission shape, in the layer's coordinates.
    public var emitterPosition: CGPoint {
        get { emitter.position }
        set { setEmitter(\.position, newValue) }
    }
    /// The z coordinate of the emitter's centre (drawn flat: it changes nothing).
    public var emitterZPosition: CGFloat {
        get { emitter.zPosition }
        set { setEmitter(\.zPosition, newValue) }
    }
    /// The size of the emission shape (a circle's radius is its width).
    public var emitterSize: CGSize {
        get { emitter.size }
        set { setEmitter(\.size, newValue) }
    }
    /// The emitter shape's depth (drawn flat: it changes nothing).
    public var emitterDepth: CGFloat {
        get { emitter.depth }
        set { setEmitter(\.depth, newValue) }
    }
    /// The shape particles are emitted from (default `point`).
    public var emitterShape: CAEmitterLayerEmitterShape {
        get { emitter.shape }
        set { setEmitter(\.shape, newValue) }
    }
    /// Which part of the shape particles start from (default `volume`).
    public var emitterMode: CAEmitterLayerEmitterMode {
        get { emitter.mode }
        set { setEmitter(\.mode, newValue) }
    }
    /// The order and way particles are drawn (default `unordered`).
    public var renderMode: CAEmitterLayerRenderMode {
        get { emitter.renderMode }
        set { setEmitter(\.renderMode, newValue) }
    }
    /// Multiplies every cell's birth rate; a change starts a new stretch of the emission history at
    /// the layer's current local time.
    public var birthRate: Float {
        get { emitter.birthRate }
        set {
            recordRateChange(to: newValue)
            setEmitter(\.birthRate, newValue)
        }
    }
    /// Multiplies every cell's `lifetime` (default 1).
    public var lifetime: Float {
        get { emitter.lifetime }
        set { setEmitter(\.lifetime, newValue) }
    }
    /// Multiplies every cell's `velocity` (default 1).
    public var velocity: Float {
        get { emitter.velocity }
        set { setEmitter(\.velocity, newValue) }
    }
    /// Multiplies every cell's `scale` (default 1).
    public var scale: Float {
        get { emitter.scale }
        set { setEmitter(\.scale, newValue) }
    }
    /// Multiplies every cell's `spin` (default 1).
    public var spin: Float {
        get { emitter.spin }
        set { setEmitter(\.spin, newValue) }
    }
    /// The seed of the particles' random values (the same seed gives the same particles).
    public var seed: UInt32 {
        get { emitter.seed }
        set { setEmitter(\.seed, newValue) }
    }
    /// Kept for ported code; layers are drawn flat.
    public var preservesDepth: Bool {
        get { emitter.preservesDepth }
        set { setEmitter(\.preservesDepth, newValue) }
    }

    /// A layer no step has shown starts its history with the new rate; a shown one appends a stretch
    /// at its current local time (dropping any later stretch, when time went back).
    private func recordRateChange(to rate: Float) {
        guard !isPresentation else { return }
        guard presentationStorage != nil else {
            rateHistory = [EmitterRateSegment(start: 0, rate: Double(rate), emitted: 0)]
            return
        }
        let now = localTime(atMediaTime: engineStorage.clock.now)
        guard now.isFinite else { return }
        rateHistory.removeAll { $0.start > now && $0.start > 0 }
        let emitted = EmitterRateSegment.emitted(by: now, in: rateHistory)
        rateHistory.append(EmitterRateSegment(start: max(0, now), rate: Double(rate), emitted: emitted))
    }

    /// On a presentation layer: the living particles at the last step, oldest first within each cell.
    public func particles() -> [Particle] { particleStorage }

    /// One living particle, in the emitter layer's coordinates.
    public struct Particle {
        /// The particle's centre, in the emitter layer's coordinates.
        public var position: CGPoint
        /// The turn of the contents, radians, clockwise on screen.
        public var angle: CGFloat
        /// The particle's scale, 1 for the contents at their size.
        public var scale: CGFloat
        /// The colour the contents are multiplied by, straight alpha, each channel in 0…1.
        public var color: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)
        /// The picture drawn for the particle (its cell's `contents`).
        public var contents: Any?
        /// Pixels per point of `contents`.
        public var contentsScale: CGFloat
        /// Seconds since the particle was born.
        public var age: CFTimeInterval
    }

    /// Computes the particles at local `time` into the presentation copy.
    override func didSync(at time: CFTimeInterval, evaluator: inout Evaluator) {
        evaluator.sawTimeDrivenLayer = true
        guard let presentation = presentationStorage as? CAEmitterLayer else { return }
        presentation.particleStorage.removeAll(keepingCapacity: true)
        EmitterSimulation(layer: presentation.emitter, history: rateHistory)
            .particles(at: time, into: &presentation.particleStorage) {
                evaluator.allowance.grantParticles($0, for: self)
            }
    }
}

/// The properties of a `CAEmitterLayer`. Alike `ReplicatorState` (CAReplicatorLayer.swift) and `TimingParameters`
/// (LayerState.swift) on purpose: each lists its own properties' stored fields, with their defaults.
struct EmitterState: LayerStorage {
    static var storage: StoredField.Storage { .emitter }

    var cells: [CAEmitterCell]?
    var position = CGPoint.zero
    var zPosition: CGFloat = 0
    var size = CGSize.zero
    var depth: CGFloat = 0
    var shape = CAEmitterLayerEmitterShape.point
    var mode = CAEmitterLayerEmitterMode.volume
    var renderMode = CAEmitterLayerRenderMode.unordered
    var birthRate: Float = 1
    var lifetime: Float = 1
    var velocity: Float = 1
    var scale: Float = 1
    var spin: Float = 1
    var seed: UInt32 = 0
    var preservesDepth = false
}

/// A stretch of an emitter's history from `start` (local time) on, emitting at `rate` times the cells'
/// birth rates, `emitted` being the multiplier's integral up to `start`.
struct EmitterRateSegment {
    var start: CFTimeInterval
    var rate: Double
    var emitted: Double

    /// ∫₀ᵗ layer birth rate, from the history.
    static func emitted(by t: CFTimeInterval, in history: [EmitterRateSegment]) -> Double {
        guard t > 0, let segment = history.last(where: { $0.start <= t }) else { return 0 }
        return segment.emitted + segment.rate * (t - segment.start)
    }

    /// The local time at which the integral reaches `count` (nil if it never does).
    static func time(whenEmitted count: Double, in history: [EmitterRateSegment]) -> CFTimeInterval? {
        for (index, segment) in history.enumerated() {
            let end = index + 1 < history.count ? history[index + 1].emitted : .infinity
            guard count < end || index == history.count - 1 else { continue }
            if count <= segment.emitted { return segment.start }
            guard segment.rate > 0 else { return nil }
            return segment.start + (count - segment.emitted) / segment.rate
        }
        return nil
    }
}
