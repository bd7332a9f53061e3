/// One property of a layer class, declared once: its key path, the form of its value, which layer
/// classes have it, whether it animates (explicitly, and implicitly when the model changes), for a
/// scene file which values are valid, and for an animatable one the state field the engine keeps it
/// in (`StoredField`). The tree walk and the frame cache, key-value coding, the setters' implicit
/// actions, the scene loader, `eval` and `layerscope properties` all read this table
/// (`LayerProperty.all`) instead of keeping lists of their own.
public struct LayerProperty: Sendable {
    /// The form a property's value takes.
    public enum ValueType: Sendable, Equatable {
        /// The value types of the registry's properties, as scene files spell them.
        case number, bool, point, size, rect, transform, color, path, image, dashPattern, string
        /// A text layer's `string` (scene files spell it as a JSON string).
        case text
        /// A font (scene files spell it as a name `UIFont(name:size:)` knows).
        case font
        /// A list of `CAEmitterCell`s (scene files spell each as an object of `CAEmitterCell.properties`).
        case emitterCells
        /// One of a fixed set of names (`contentsGravity`, `lineCap`, …).
        case choice([String])
        /// A list of colours (a gradient's `colors`; scene files spell each as a colour), or nil.
        case colorList
        /// A list of numbers (a gradient's `locations`), or nil.
        case numberList

        /// How many numbers the value has in `numericComponents(forKeyPath:)` (nil when it is not numeric).
        public var componentCount: Int? {
            switch self {
            case .number, .bool: return 1
            case .point, .size: return 2
            case .rect, .color: return 4
            case .transform: return 16
            default: return nil
            }
        }
    }

    /// The layer classes a property belongs to; the raw value is the class's name in scene files.
    public enum LayerClass: String, Sendable, Equatable, CaseIterable {
        /// Every `CALayer`.
        case layer
        /// `CAShapeLayer` only.
        case shape
        /// `CAReplicatorLayer` only.
        case replicator
        /// `CAEmitterLayer` only.
        case emitter
        /// `CAGradientLayer` only.
        case gradient
        /// `CATextLayer` only.
        case text
        /// `CATransformLayer` only (it has no properties of its own; scene files name the class).
        case transformLayer

        /// The class itself (a new layer of the kind is `layerType.init(layer: ())`).
        public var layerType: CALayer.Type {
            switch self {
            case .layer: return CALayer.self
            case .shape: return CAShapeLayer.self
            case .replicator: return CAReplicatorLayer.self
            case .emitter: return CAEmitterLayer.self
            case .gradient: return CAGradientLayer.self
            case .text: return CATextLayer.self
            case .transformLayer: return CATransformLayer.self
            }
        }

        /// True when layers of `type` have the properties of this class.
        public func includes(_ type: CALayer.Type) -> Bool {
            switch self {
            case .layer: return true
            case .shape: return type is CAShapeLayer.Type
            case .replicator: return type is CAReplicatorLayer.Type
            case .emitter: return type is CAEmitterLayer.Type
            case .gradient: return type is CAGradientLayer.Type
            case .text: return type is CATextLayer.Type
            case .transformLayer: return type is CATransformLayer.Type
            }
        }
    }

    /// The key path, as Core Animation spells it (`position.x`, `transform.rotation.z`, …).
    public let keyPath: String
    /// The kind of value the property takes, which its scene-file spelling and checks follow.
    public let valueType: ValueType
    /// The layer class that declares the property (subclasses have it too).
    public let layerClass: LayerClass
    /// True when an animation may change it (`CAPropertyAnimation.keyPath`).
    public let isAnimatable: Bool
    /// True when a model change runs an implicit animation by default (`defaultAction(forKey:)`).
    public let animatesImplicitly: Bool
    /// The values a model may take, for scene files: a number's, or each of a size's two (nil: any
    /// finite number); animated values are not limited (an animation may overshoot).
    public let validRange: ClosedRange<Double>?
    /// True when an infinite value is valid (`duration`, `repeatCount`, `repeatDuration`).
    public let allowsInfinity: Bool
    /// True for the `CAMediaTiming` properties, which animations have too.
    public let isMediaTiming: Bool
    /// The typed key the engine reads and writes an animatable property with (`.custom` for the others).
    let key: AnimatableKey
    /// Key-value coding for the properties that are not animatable (they have no typed key).
    let access: KeyValueAccess?
    /// The state field an animatable property was declared with (nil for a transform component).
    private let fieldName: FieldName?

    /// Reads and writes a property that is not animatable, through the layer's public API.
    struct KeyValueAccess: Sendable {
        let get: @Sendable (CALayer) -> Any?
        let set: @Sendable (CALayer, Any?) -> Void
    }

    /// The value a new layer of the property's class has, as `value(forKeyPath:)` returns it.
    public var defaultValue: Any? { layerClass.layerType.init(layer: ()).value(forKeyPath: keyPath) }

    /// True when `layer` has this property.
    public func belongs(to layer: CALayer) -> Bool { layerClass.includes(type(of: layer)) }

    /// The property with this key path (`isHidden` is accepted for `hidden`), or nil.
    public static func named(_ keyPath: String) -> LayerProperty? { byKeyPath[keyPath] }

    /// The animatable property declared with the state field `field` (nil for the others): the
    /// setters name their field once, and the registry says whether and how a change animates.
    static func declared<State: LayerStorage, Value>(_ field: WritableKeyPath<State, Value>) -> LayerProperty? {
        guard let offset = MemoryLayout<State>.offset(of: field) else { return nil }
        return byField[FieldName(storage: State.storage, offset: offset, type: ObjectIdentifier(Value.self))]
    }

    /// A state field as a setter names it: the field's type tells `position` from `position.x`, which
    /// start at the same offset.
    private struct FieldName: Hashable {
        let storage: StoredField.Storage
        let offset: Int
        let type: ObjectIdentifier
    }

    private static let byField: [FieldName: LayerProperty] = Dictionary(
        uniqueKeysWithValues: all.compactMap { property in property.fieldName.map { ($0, property) } })

    private static let byKeyPath: [String: LayerProperty] = {
        var table = [String: LayerProperty](uniqueKeysWithValues: all.map { ($0.keyPath, $0) })
        table["isHidden"] = table["hidden"]
        table["wrapped"] = table["isWrapped"]
        table["doubleSided"] = table["isDoubleSided"]
        return table
    }()
}

extension LayerProperty {
    /// An animatable property: the state field `field` of `State` holds it, and the field's type gives
    /// its value type; `State` names the layer class. Its setter runs the implicit action when
    /// `implicit` (`defaultAction(forKey:)`).
    private static func animatable<State: LayerStorage, Value>(
        _ keyPath: String, _ field: WritableKeyPath<State, Value>, implicit: Bool = true,
        range: ClosedRange<Double>? = nil
    ) -> LayerProperty {
        let stored = StoredField(field)
        return LayerProperty(
            keyPath: keyPath, valueType: stored.form.valueType, layerClass: State.storage.layerClass,
            isAnimatable: true, animatesImplicitly: implicit, validRange: range, allowsInfinity: false,
            isMediaTiming: false, key: .stored(stored), access: nil,
            fieldName: FieldName(storage: State.storage, offset: stored.offset, type: ObjectIdentifier(Value.self)))
    }

    /// The component `part` of the transform field `field`, animatable as key-value coding addresses it.
    private static func component<State: LayerStorage>(
        _ keyPath: String, of field: WritableKeyPath<State, CATransform3D>, _ part: TransformPart
    ) -> LayerProperty {
        let stored = StoredField(field, part: part)
        return LayerProperty(
            keyPath: keyPath, valueType: stored.form.valueType, layerClass: State.storage.layerClass,
            isAnimatable: true, animatesImplicitly: true, validRange: nil, allowsInfinity: false, isMediaTiming: false,
            key: .stored(stored), access: nil, fieldName: nil)
    }

    /// The key paths of `transform` or `sublayerTransform` (`name`) and of its components.
    private static func transform<State: LayerStorage>(
        _ name: String, _ field: WritableKeyPath<State, CATransform3D>
    ) -> [LayerProperty] {
        let parts: [(String, TransformPart)] = [
            ("rotation", .rotationZ), ("rotation.x", .rotationX), ("rotation.y", .rotationY),
            ("rotation.z", .rotationZ), ("scale", .scale), ("scale.x", .scaleX), ("scale.y", .scaleY),
            ("scale.z", .scaleZ), ("translation", .translation), ("translation.x", .translationX),
            ("translation.y", .translationY), ("translation.z", .translationZ),
        ]
        return [animatable(name, field)] + parts.map { component(name + "." + $0.0, of: field, $0.1) }
    }

    /// A property of the class `L` (every layer's for `CALayer`) that animations do not change, read
    /// and written through the layer's public API.
    private static func plain<L: CALayer>(
        _ keyPath: String, _ valueType: ValueType, of _: L.Type = CALayer.self, range: ClosedRange<Double>? = nil,
        infinity: Bool = false, timing: Bool = false, get: @escaping @Sendable (L) -> Any?,
        set: @escaping @Sendable (L, Any?) -> Void
    ) -> LayerProperty {
        let layerClass = LayerClass.allCases.first { $0.layerType == L.self } ?? .layer
        return LayerProperty(
            keyPath: keyPath, valueType: valueType, layerClass: layerClass, isAnimatable: false,
            animatesImplicitly: false, validRange: range, allowsInfinity: infinity, isMediaTiming: timing,
            key: .custom(keyPath),
            access: KeyValueAccess(
                get: { ($0 as? L).flatMap(get) }, set: { layer, value in (layer as? L).map { set($0, value) } }),
            fieldName: nil)
    }

    /// A flag of the class `L` that animations do not change, read and written through its property.
    private static func flag<L: CALayer>(
        _ keyPath: String, _ field: ReferenceWritableKeyPath<L, Bool> & Sendable, timing: Bool = false
    ) -> LayerProperty {
        plain(
            keyPath, .bool, of: L.self, timing: timing, get: { $0[keyPath: field] },
            set: { layer, value in (value as? Bool).map { layer[keyPath: field] = $0 } })
    }

    /// A number of the class `L` that animations do not change, read and written through its property
    /// (from any numeric spelling).
    private static func number<L: CALayer, V: BinaryFloatingPoint & Sendable>(
        _ keyPath: String, _ field: ReferenceWritableKeyPath<L, V> & Sendable, range: ClosedRange<Double>? = nil,
        infinity: Bool = false, timing: Bool = false
    ) -> LayerProperty {
        plain(
            keyPath, .number, of: L.self, range: range, infinity: infinity, timing: timing,
            get: { $0[keyPath: field] }, set: { layer, value in number(value).map { layer[keyPath: field] = V($0) } })
    }

    /// A whole number of the class `L` that animations do not change, read and written through its
    /// property: any numeric spelling rounded to the nearest, clamped to `I`'s range (0 where it is not
    /// finite).
    private static func integer<L: CALayer, I: FixedWidthInteger & Sendable>(
        _ keyPath: String, _ field: ReferenceWritableKeyPath<L, I> & Sendable, range: ClosedRange<Double>
    ) -> LayerProperty {
        plain(
            keyPath, .number, of: L.self, range: range, get: { $0[keyPath: field] },
            set: { layer, value in
                number(value).map { layer[keyPath: field] = I(clamping: Int64(exactly: $0.rounded()) ?? 0) }
            })
    }

    /// One of a fixed set of names (`N.allCases`) of the class `L`, read and written through its
    /// property (from the name or the typed value).
    private static func choice<L: CALayer, N: RawRepresentable & CaseIterable & Sendable>(
        _ keyPath: String, _ field: ReferenceWritableKeyPath<L, N> & Sendable, timing: Bool = false
    ) -> LayerProperty where N.RawValue == String {
        plain(
            keyPath, .choice(N.allCases.map(\.rawValue)), of: L.self, timing: timing, get: { $0[keyPath: field] },
            set: { layer, value in name(value, as: N.self).map { layer[keyPath: field] = $0 } })
    }

    /// A number from any numeric spelling.
    private static func number(_ value: Any?) -> Double? { value.flatMap(AnimatableValue.number) }

    /// A name from its raw string or its typed form.
    private static func name<N: RawRepresentable>(_ value: Any?, as _: N.Type) -> N? where N.RawValue == String {
        if let typed = value as? N { return typed }
        return (value as? String).flatMap(N.init(rawValue:))
    }

    private static let nonNegative: ClosedRange<Double> = 0...(.infinity)
    private static let unit: ClosedRange<Double> = 0...1

    /// Every property of `CALayer` and its subclasses, grouped as Apple's documentation groups them.
    /// The groups below are one line per property on purpose (the one list; `duplicates` pairs their
    /// alike lines).
    public static let all: [LayerProperty] =
        geometry + appearance + timing + shape + replicator + emitter + text + gradient

    /// Geometry: the frame, bounds, position, anchor point, depth, the two transforms and their
    /// components, double-sidedness.
    private static let geometry: [LayerProperty] =
        [
            plain(
                "frame", .rect, get: { $0.frame }, set: { layer, value in (value as? CGRect).map { layer.frame = $0 } }),
            animatable("bounds", \LayerState.bounds),
            animatable("bounds.origin", \LayerState.bounds.origin),
            animatable("bounds.origin.x", \LayerState.bounds.origin.x),
            animatable("bounds.origin.y", \LayerState.bounds.origin.y),
            animatable("bounds.size", \LayerState.bounds.size),
            animatable("bounds.size.width", \LayerState.bounds.size.width),
            animatable("bounds.size.height", \LayerState.bounds.size.height),
            animatable("position", \LayerState.position),
            animatable("position.x", \LayerState.position.x),
            animatable("position.y", \LayerState.position.y),
            animatable("anchorPoint", \LayerState.anchorPoint),
            animatable("anchorPoint.x", \LayerState.anchorPoint.x),
            animatable("anchorPoint.y", \LayerState.anchorPoint.y),
            animatable("zPosition", \LayerState.zPosition),
            animatable("anchorPointZ", \LayerState.anchorPointZ),
        ] + transform("transform", \LayerState.transform)
        + transform("sublayerTransform", \LayerState.sublayerTransform)
        + [
            flag("isDoubleSided", \CALayer.isDoubleSided)
        ]

    /// Appearance: opacity, visibility, background, corners, border, shadow, contents, clipping, name.
    private static let appearance: [LayerProperty] =
        [
            animatable("opacity", \LayerState.opacity, range: unit),
            flag("allowsGroupOpacity", \CALayer.allowsGroupOpacity),
            animatable("hidden", \LayerState.isHidden),
            animatable("backgroundColor", \LayerState.backgroundColor),
            animatable("cornerRadius", \LayerState.cornerRadius, range: nonNegative),
            plain(
                "maskedCorners", .number, range: 0...15, get: { Int($0.maskedCorners.rawValue) },
                set: { layer, value in
                    if let mask = value as? CACornerMask {
                        layer.maskedCorners = mask
                    } else if let bits = number(value), let raw = UInt(exactly: bits) {
                        layer.maskedCorners = CACornerMask(rawValue: raw & 15)
                    }
                }),
            choice("cornerCurve", \CALayer.cornerCurve),
            animatable("borderWidth", \LayerState.borderWidth, range: nonNegative),
            animatable("borderColor", \LayerState.borderColor),
            animatable("shadowColor", \LayerState.shadowColor),
            animatable("shadowOpacity", \LayerState.shadowOpacity, range: unit),
            animatable("shadowOffset", \LayerState.shadowOffset),
            animatable("shadowRadius", \LayerState.shadowRadius, range: nonNegative),
            animatable("shadowPath", \LayerObjects.shadowPath, implicit: false),
            plain("contents", .image, get: { $0.contents }, set: { $0.contents = $1 }),
            choice("contentsGravity", \CALayer.contentsGravity),
            animatable("contentsRect", \LayerState.contentsRect),
            number("contentsScale", \CALayer.contentsScale, range: 0.01...1000),
            animatable("contentsCenter", \LayerState.contentsCenter),
            animatable("masksToBounds", \LayerState.masksToBounds),
            plain("name", .string, get: { $0.name }, set: { $0.name = $1 as? String }),
        ]

    /// The `CAMediaTiming` properties of a layer.
    private static let timing: [LayerProperty] =
        [
            number("beginTime", \CALayer.beginTime, timing: true),
            number("duration", \CALayer.duration, range: nonNegative, infinity: true, timing: true),
            number("speed", \CALayer.speed, timing: true),
            number("timeOffset", \CALayer.timeOffset, timing: true),
            number("repeatCount", \CALayer.repeatCount, range: nonNegative, infinity: true, timing: true),
            number("repeatDuration", \CALayer.repeatDuration, range: nonNegative, infinity: true, timing: true),
            flag("autoreverses", \CALayer.autoreverses, timing: true),
            choice("fillMode", \CALayer.fillMode, timing: true),
        ]

    /// `CAShapeLayer`'s own (`path` changes are not animated implicitly, as in Core Animation)
    private static let shape: [LayerProperty] =
        [
            animatable("path", \ShapeState.path, implicit: false),
            animatable("fillColor", \ShapeState.fillColor),
            choice("fillRule", \CAShapeLayer.fillRule),
            animatable("strokeColor", \ShapeState.strokeColor),
            animatable("lineWidth", \ShapeState.lineWidth, range: nonNegative),
            choice("lineCap", \CAShapeLayer.lineCap),
            choice("lineJoin", \CAShapeLayer.lineJoin),
            animatable("miterLimit", \ShapeState.miterLimit, range: nonNegative),
            plain(
                "lineDashPattern", .dashPattern, of: CAShapeLayer.self, get: { $0.lineDashPattern },
                set: { layer, value in layer.lineDashPattern = dashPattern(value) }),
            animatable("lineDashPhase", \ShapeState.lineDashPhase),
            animatable("strokeStart", \ShapeState.strokeStart, range: unit),
            animatable("strokeEnd", \ShapeState.strokeEnd, range: unit),
        ]

    /// `CAReplicatorLayer`'s own.
    private static let replicator: [LayerProperty] =
        [
            // Scene files stop at 10,000 copies: each copy is a whole subtree evaluated every frame.
            integer("instanceCount", \CAReplicatorLayer.instanceCount, range: 0...10_000),
            animatable("instanceDelay", \ReplicatorState.instanceDelay),
            animatable("instanceTransform", \ReplicatorState.instanceTransform),
            animatable("instanceColor", \ReplicatorState.instanceColor),
            animatable("instanceRedOffset", \ReplicatorState.instanceRedOffset),
            animatable("instanceGreenOffset", \ReplicatorState.instanceGreenOffset),
            animatable("instanceBlueOffset", \ReplicatorState.instanceBlueOffset),
            animatable("instanceAlphaOffset", \ReplicatorState.instanceAlphaOffset),
            flag("preservesDepth", \CAReplicatorLayer.preservesDepth),
        ]

    /// `CAEmitterLayer`'s own (`emitterCells` is set in code, or by a scene file's "emitterCells" list)
    private static let emitter: [LayerProperty] =
        [
            plain(
                "emitterCells", .emitterCells, of: CAEmitterLayer.self, get: { $0.emitterCells },
                set: { $0.emitterCells = $1 as? [CAEmitterCell] }),
            animatable("emitterPosition", \EmitterState.position),
            animatable("emitterZPosition", \EmitterState.zPosition),
            animatable("emitterSize", \EmitterState.size, range: nonNegative),
            animatable("emitterDepth", \EmitterState.depth),
            choice("emitterShape", \CAEmitterLayer.emitterShape),
            choice("emitterMode", \CAEmitterLayer.emitterMode),
            choice("renderMode", \CAEmitterLayer.renderMode),
            animatable("birthRate", \EmitterState.birthRate, range: nonNegative),
            animatable("lifetime", \EmitterState.lifetime, range: nonNegative),
            animatable("velocity", \EmitterState.velocity),
            animatable("scale", \EmitterState.scale),
            animatable("spin", \EmitterState.spin),
            integer("seed", \CAEmitterLayer.seed, range: 0...Double(UInt32.max)),
        ]

    /// `CATextLayer`'s own.
    private static let text: [LayerProperty] =
        [
            plain("string", .text, of: CATextLayer.self, get: { $0.string }, set: { $0.string = $1 }),
            plain("font", .font, of: CATextLayer.self, get: { $0.font }, set: { $0.font = $1 as CFTypeRef? }),
            animatable("fontSize", \TextState.fontSize, range: nonNegative),
            animatable("foregroundColor", \TextState.foregroundColor),
            choice("alignmentMode", \CATextLayer.alignmentMode),
            flag("isWrapped", \CATextLayer.isWrapped),
            choice("truncationMode", \CATextLayer.truncationMode),
            flag("allowsFontSubpixelQuantization", \CATextLayer.allowsFontSubpixelQuantization),
        ]

    /// `CAGradientLayer`'s own.
    private static let gradient: [LayerProperty] =
        [
            animatable("colors", \GradientState.colors),
            animatable("locations", \GradientState.locations),
            animatable("startPoint", \GradientState.startPoint),
            animatable("endPoint", \GradientState.endPoint),
            choice("type", \CAGradientLayer.type),
        ]

    /// A dash pattern from `[NSNumber]` or any array of numbers (nil for anything else).
    private static func dashPattern(_ value: Any?) -> [NSNumber]? {
        if let numbers = value as? [NSNumber] { return numbers }
        guard let array = value as? [Any] else { return nil }
        let numbers = array.compactMap(AnimatableValue.number)
        return numbers.count == array.count ? numbers.map { NSNumber(value: $0) } : nil
    }
}
