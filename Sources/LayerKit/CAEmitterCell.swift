/// One kind of particle an emitter makes, as Core Animation's `CAEmitterCell`. For a property with a
/// mean M and a range R, each particle draws its value uniformly from [M − R/2, M + R/2]; a `…Speed`
/// is the change per second of the particle's age (core-animation-breadth.md §11). Angles are in
/// radians, clockwise on a y-down screen; `yAcceleration > 0` falls down.
open class CAEmitterCell {
    /// The cell's name (Core Animation names cells in key paths by it; those are not animated here).
    public var name: String?
    /// Whether the cell emits particles (default true).
    public var isEnabled = true
    /// Particles per second (times the layer's `birthRate`).
    public var birthRate: Float = 0
    /// Seconds a particle lives (times the layer's `lifetime`), and its range.
    public var lifetime: Float = 0
    /// How far a particle's lifetime may differ from `lifetime`, either way, in seconds.
    public var lifetimeRange: Float = 0
    /// Initial speed in points per second (times the layer's `velocity`), and its range.
    public var velocity: CGFloat = 0
    /// How far a particle's initial speed may differ from `velocity`, either way, in points per second.
    public var velocityRange: CGFloat = 0
    /// The direction of emission in the plane, from +x; `emissionRange` is the full width of the fan.
    public var emissionLongitude: CGFloat = 0
    /// Kept for ported code: particles move in the layer's plane, so the colatitude is not used.
    public var emissionLatitude: CGFloat = 0
    /// The angle around the emission direction particles are spread over, in radians.
    public var emissionRange: CGFloat = 0
    /// Acceleration in points per second squared.
    public var xAcceleration: CGFloat = 0
    /// The acceleration along y applied to every particle, in points per second squared.
    public var yAcceleration: CGFloat = 0
    /// The acceleration along z (drawn flat: it changes nothing).
    public var zAcceleration: CGFloat = 0
    /// Size multiplier of the contents (times the layer's `scale`), its range, and its change per second.
    public var scale: CGFloat = 1
    /// How far a particle's scale may differ from `scale`, either way.
    public var scaleRange: CGFloat = 0
    /// How fast a particle's scale changes, per second.
    public var scaleSpeed: CGFloat = 0
    /// Turning speed in radians per second (times the layer's `spin`), and its range.
    public var spin: CGFloat = 0
    /// How far a particle's spin may differ from `spin`, either way, in radians per second.
    public var spinRange: CGFloat = 0
    /// The colour the contents are multiplied by, its ranges per channel and their changes per second.
    public var color: CGColor? = .white
    /// How far a particle's red component may differ from `color`'s, either way.
    public var redRange: Float = 0
    /// How far a particle's green component may differ from `color`'s, either way.
    public var greenRange: Float = 0
    /// How far a particle's blue component may differ from `color`'s, either way.
    public var blueRange: Float = 0
    /// How far a particle's alpha may differ from `color`'s, either way.
    public var alphaRange: Float = 0
    /// How fast a particle's red component changes, per second.
    public var redSpeed: Float = 0
    /// How fast a particle's green component changes, per second.
    public var greenSpeed: Float = 0
    /// How fast a particle's blue component changes, per second.
    public var blueSpeed: Float = 0
    /// How fast a particle's alpha changes, per second.
    public var alphaSpeed: Float = 0
    /// The particle's image (a Raster `Bitmap`, as for `CALayer.contents`); a cell without one draws nothing.
    public var contents: Any?
    /// Pixels per point of `contents` (its drawn size is its pixel size ÷ this × the particle's scale).
    public var contentsScale: CGFloat = 1

    // The `CAMediaTiming` properties, alike `AnimationSpec`'s (SceneDocument.swift) on purpose: each lists the
    // protocol's eight, with Core Animation's defaults.
    /// When the cell starts emitting, in its emitter layer's local time (see `emits(at:)`).
    public var beginTime: CFTimeInterval = 0
    /// How long one cycle of emission lasts; 0 (the default) emits without end.
    public var duration: CFTimeInterval = 0
    /// The rate of the cell's time against its layer's.
    public var speed: Float = 1
    /// An offset added to the cell's time.
    public var timeOffset: CFTimeInterval = 0
    /// How many cycles of `duration` the cell emits for (0: one).
    public var repeatCount: Float = 0
    /// How long the cell emits for, in its own time (0: decided by `repeatCount`).
    public var repeatDuration: CFTimeInterval = 0
    /// Whether a cycle lasts twice `duration` (forwards and back).
    public var autoreverses = false
    /// Kept for `CAMediaTiming`: emission has no fill.
    public var fillMode = CAMediaTimingFillMode.removed

    /// A new cell that emits nothing until its `birthRate` and `lifetime` are set.
    public init() {}
}

/// A cell's own timing decides when it emits: with local time `(t − beginTime) · speed + timeOffset`
/// (`t` the emitter layer's local time), the cell emits while local time is in [0, active duration),
/// the active duration being `repeatDuration`, else `duration` × the cycle count (× 2 with
/// `autoreverses`), and unbounded when `duration` is 0, a cell's default, so a cell without timing
/// emits from the emitter's start on, as Core Animation's do. Particles already born live on, aging in
/// the emitter's time. (`CAEmitterCell` adopts `CAMediaTiming`:
/// https://developer.apple.com/documentation/quartzcore/caemittercell; what the timing does to a cell is
/// not documented beyond that, and this is the reading under which `beginTime` delays a cell and
/// `duration` ends its emission, the uses published code makes of them.)
extension CAEmitterCell: CAMediaTiming {
    /// Whether the cell emits at `time`, the emitter layer's local time.
    func emits(at time: CFTimeInterval) -> Bool {
        let local = (time - beginTime) * Double(speed) + timeOffset
        guard local >= 0 else { return false }
        guard duration > 0 else { return true }
        let cycle = duration * (autoreverses ? 2 : 1)
        let active =
            repeatDuration > 0
            ? repeatDuration
            : repeatCount >= Float.greatestFiniteMagnitude
                ? .infinity : repeatCount > 0 ? cycle * Double(repeatCount) : cycle
        return local < active
    }
}

extension CAEmitterCell {
    /// A cell property as scene files and key-value coding name it.
    public struct Property: Sendable {
        /// The property's key, as scene files and `value(forKey:)` spell it.
        public let name: String
        /// The kind of value the property takes.
        public let valueType: LayerProperty.ValueType
        /// The values a scene file may give it (nil: any finite number).
        public let validRange: ClosedRange<Double>?
        let get: @Sendable (CAEmitterCell) -> Any?
        let set: @Sendable (CAEmitterCell, Any?) -> Void
    }

    /// A number-valued cell property (`Float`, `CGFloat` or `Double`).
    private static func number<F: BinaryFloatingPoint & Sendable>(
        _ name: String, _ field: ReferenceWritableKeyPath<CAEmitterCell, F> & Sendable,
        range: ClosedRange<Double>? = nil
    ) -> Property {
        Property(
            name: name, valueType: .number, validRange: range, get: { $0[keyPath: field] },
            set: { cell, value in value.flatMap(AnimatableValue.number).map { cell[keyPath: field] = F($0) } })
    }

    /// Every property a scene file may set on a cell.
    public static let properties: [Property] = [
        Property(
            name: "name", valueType: .string, validRange: nil, get: { $0.name }, set: { $0.name = $1 as? String }),
        Property(
            name: "enabled", valueType: .bool, validRange: nil, get: { $0.isEnabled },
            set: { cell, value in (value as? Bool).map { cell.isEnabled = $0 } }),
        number("birthRate", \.birthRate, range: 0...1e6), number("lifetime", \.lifetime, range: 0...1e6),
        number("lifetimeRange", \.lifetimeRange, range: 0...1e6),
        number("velocity", \.velocity), number("velocityRange", \.velocityRange),
        number("emissionLongitude", \.emissionLongitude), number("emissionLatitude", \.emissionLatitude),
        number("emissionRange", \.emissionRange), number("xAcceleration", \.xAcceleration),
        number("yAcceleration", \.yAcceleration), number("zAcceleration", \.zAcceleration),
        number("scale", \.scale), number("scaleRange", \.scaleRange), number("scaleSpeed", \.scaleSpeed),
        number("spin", \.spin), number("spinRange", \.spinRange),
        Property(
            name: "color", valueType: .color, validRange: nil, get: { $0.color },
            set: { cell, value in cell.color = value as? CGColor ?? (value as? UIColor)?.cgColor }),
        number("redRange", \.redRange), number("greenRange", \.greenRange), number("blueRange", \.blueRange),
        number("alphaRange", \.alphaRange), number("redSpeed", \.redSpeed), number("greenSpeed", \.greenSpeed),
        number("blueSpeed", \.blueSpeed), number("alphaSpeed", \.alphaSpeed),
        Property(name: "contents", valueType: .image, validRange: nil, get: { $0.contents }, set: { $0.contents = $1 }),
        number("contentsScale", \.contentsScale, range: 0.01...1000),
        number("beginTime", \.beginTime), number("duration", \.duration, range: 0...1e9),
        number("speed", \.speed), number("timeOffset", \.timeOffset),
        number("repeatCount", \.repeatCount, range: 0...1e30),
        number("repeatDuration", \.repeatDuration, range: 0...1e9),
        Property(
            name: "autoreverses", valueType: .bool, validRange: nil, get: { $0.autoreverses },
            set: { cell, value in (value as? Bool).map { cell.autoreverses = $0 } }),
    ]

    private static let byName = [String: Property](uniqueKeysWithValues: properties.map { ($0.name, $0) })

    /// The property `key` by name (`enabled` is `isEnabled`); nil for other keys.
    public func value(forKey key: String) -> Any? { Self.byName[key]?.get(self) }

    /// Sets the property `key` from a value in any numeric type or the property's own; other keys are
    /// ignored.
    public func setValue(_ value: Any?, forKey key: String) { Self.byName[key]?.set(self, value) }
}
