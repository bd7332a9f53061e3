/// One property of a layer class, declared once: its key path, the form of its value, which layer
/// classes have it, whether it animates (explicitly, and implicitly when the model changes) and, for a
/// scene file, which values are valid. The scene loader, `eval`, the implicit actions, key-value coding
/// and the frame cache all read this table (`LayerProperty.all`) instead of keeping lists of their own.
public struct LayerProperty: Sendable {
    /// The form a property's value takes.
    public enum ValueType: Sendable, Equatable {
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
    public let valueType: ValueType
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

    /// The animatable property a typed key stands for (the first declared, for the aliases of one key).
    static func property(for key: AnimatableKey) -> LayerProperty? { byKey[key] }

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

    private static let byKey: [AnimatableKey: LayerProperty] = {
        var table: [AnimatableKey: LayerProperty] = [:]
        for property in all where property.isAnimatable && table[property.key] == nil { table[property.key] = property }
        return table
    }()

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
    private static func animatable<State: LayerStorage, Value: StoredValue>(
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

    /// A property of every layer that animations do not change.
    private static func plain(
        _ keyPath: String, _ valueType: ValueType, range: ClosedRange<Double>? = nil, infinity: Bool = false,
        timing: Bool = false, get: @escaping @Sendable (CALayer) -> Any?,
        set: @escaping @Sendable (CALayer, Any?) -> Void
    ) -> LayerProperty {
        LayerProperty(
            keyPath: keyPath, valueType: valueType, layerClass: .layer, isAnimatable: false, animatesImplicitly: false,
            validRange: range, allowsInfinity: infinity, isMediaTiming: timing, key: .custom(keyPath),
            access: KeyValueAccess(get: get, set: set), fieldName: nil)
    }

    /// A property of the subclass `L` that animations do not change.
    private static func plain<L: CALayer>(
        _ keyPath: String, _ valueType: ValueType, of _: L.Type, range: ClosedRange<Double>? = nil,
        get: @escaping @Sendable (L) -> Any?, set: @escaping @Sendable (L, Any?) -> Void
    ) -> LayerProperty {
        let layerClass = LayerClass.allCases.first { $0.layerType == L.self } ?? .layer
        return LayerProperty(
            keyPath: keyPath, valueType: valueType, layerClass: layerClass, isAnimatable: false,
            animatesImplicitly: false, validRange: range, allowsInfinity: false, isMediaTiming: false,
            key: .custom(keyPath),
            access: KeyValueAccess(
                get: { ($0 as? L).flatMap(get) }, set: { layer, value in (layer as? L).map { set($0, value) } }),
            fieldName: nil)
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
    public static let all: [LayerProperty] =
        geometry + appearance + timing + shape + replicator + emitter + text + gradient

    /// Geometry
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
            plain(
                "isDoubleSided", .bool, get: { $0.isDoubleSided },
                set: { layer, value in (value as? Bool).map { layer.isDoubleSided = $0 } })
        ]

    /// Appearance
    private static let appearance: [LayerProperty] =
        [
            animatable("opacity", \LayerState.opacity, range: unit),
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
            plain(
                "cornerCurve", .choice([CALayerCornerCurve.circular.rawValue, CALayerCornerCurve.continuous.rawValue]),
                get: { $0.cornerCurve },
                set: { layer, value in name(value, as: CALayerCornerCurve.self).map { layer.cornerCurve = $0 } }),
            animatable("borderWidth", \LayerState.borderWidth, range: nonNegative),
            animatable("borderColor", \LayerState.borderColor),
            animatable("shadowColor", \LayerState.shadowColor),
            animatable("shadowOpacity", \LayerState.shadowOpacity, range: unit),
            animatable("shadowOffset", \LayerState.shadowOffset),
            animatable("shadowRadius", \LayerState.shadowRadius, range: nonNegative),
            animatable("shadowPath", \LayerObjects.shadowPath, implicit: false),
            plain("contents", .image, get: { $0.contents }, set: { $0.contents = $1 }),
            plain(
                "contentsGravity", .choice(CALayerContentsGravity.allCases.map(\.rawValue)),
                get: { $0.contentsGravity },
                set: { layer, value in name(value, as: CALayerContentsGravity.self).map { layer.contentsGravity = $0 } }
            ),
            animatable("contentsRect", \LayerState.contentsRect),
            plain(
                "contentsScale", .number, range: 0.01...1000, get: { $0.contentsScale },
                set: { layer, value in number(value).map { layer.contentsScale = $0 } }),
            animatable("contentsCenter", \LayerState.contentsCenter),
            animatable("masksToBounds", \LayerState.masksToBounds),
            plain("name", .string, get: { $0.name }, set: { $0.name = $1 as? String }),
        ]

    /// CAMediaTiming
    private static let timing: [LayerProperty] =
        [
            plain(
                "beginTime", .number, timing: true, get: { $0.beginTime },
                set: { layer, value in number(value).map { layer.beginTime = $0 } }),
            plain(
                "duration", .number, range: nonNegative, infinity: true, timing: true, get: { $0.duration },
                set: { layer, value in number(value).map { layer.duration = $0 } }),
            plain(
                "speed", .number, timing: true, get: { $0.speed },
                set: { layer, value in number(value).map { layer.speed = Float($0) } }),
            plain(
                "timeOffset", .number, timing: true, get: { $0.timeOffset },
                set: { layer, value in number(value).map { layer.timeOffset = $0 } }),
            plain(
                "repeatCount", .number, range: nonNegative, infinity: true, timing: true, get: { $0.repeatCount },
                set: { layer, value in number(value).map { layer.repeatCount = Float($0) } }),
            plain(
                "repeatDuration", .number, range: nonNegative, infinity: true, timing: true, get: { $0.repeatDuration },
                set: { layer, value in number(value).map { layer.repeatDuration = $0 } }),
            plain(
                "autoreverses", .bool, timing: true, get: { $0.autoreverses },
                set: { layer, value in (value as? Bool).map { layer.autoreverses = $0 } }),
            plain(
                "fillMode", .choice(CAMediaTimingFillMode.allCases.map(\.rawValue)), timing: true,
                get: { $0.fillMode },
                set: { layer, value in name(value, as: CAMediaTimingFillMode.self).map { layer.fillMode = $0 } }),
        ]

    /// CAShapeLayer (`path` changes are not animated implicitly, as in Core Animation)
    private static let shape: [LayerProperty] =
        [
            animatable("path", \ShapeState.path, implicit: false),
            animatable("fillColor", \ShapeState.fillColor),
            plain(
                "fillRule", .choice(CAShapeLayerFillRule.allCases.map(\.rawValue)), of: CAShapeLayer.self,
                get: { $0.fillRule },
                set: { layer, value in name(value, as: CAShapeLayerFillRule.self).map { layer.fillRule = $0 } }),
            animatable("strokeColor", \ShapeState.strokeColor),
            animatable("lineWidth", \ShapeState.lineWidth, range: nonNegative),
            plain(
                "lineCap", .choice(CAShapeLayerLineCap.allCases.map(\.rawValue)), of: CAShapeLayer.self,
                get: { $0.lineCap },
                set: { layer, value in name(value, as: CAShapeLayerLineCap.self).map { layer.lineCap = $0 } }),
            plain(
                "lineJoin", .choice(CAShapeLayerLineJoin.allCases.map(\.rawValue)), of: CAShapeLayer.self,
                get: { $0.lineJoin },
                set: { layer, value in name(value, as: CAShapeLayerLineJoin.self).map { layer.lineJoin = $0 } }),
            animatable("miterLimit", \ShapeState.miterLimit, range: nonNegative),
            plain(
                "lineDashPattern", .dashPattern, of: CAShapeLayer.self, get: { $0.lineDashPattern },
                set: { layer, value in layer.lineDashPattern = dashPattern(value) }),
            animatable("lineDashPhase", \ShapeState.lineDashPhase),
            animatable("strokeStart", \ShapeState.strokeStart, range: unit),
            animatable("strokeEnd", \ShapeState.strokeEnd, range: unit),
        ]

    /// CAReplicatorLayer
    private static let replicator: [LayerProperty] =
        [
            plain(
                // Scene files stop at 10,000 copies: each copy is a whole subtree evaluated every frame.
                "instanceCount", .number, of: CAReplicatorLayer.self, range: 0...10_000,
                get: { $0.instanceCount },
                set: { layer, value in
                    number(value).map { layer.instanceCount = Int(clamping: Int64(exactly: $0.rounded()) ?? 0) }
                }),
            animatable("instanceDelay", \ReplicatorState.instanceDelay),
            animatable("instanceTransform", \ReplicatorState.instanceTransform),
            animatable("instanceColor", \ReplicatorState.instanceColor),
            animatable("instanceRedOffset", \ReplicatorState.instanceRedOffset),
            animatable("instanceGreenOffset", \ReplicatorState.instanceGreenOffset),
            animatable("instanceBlueOffset", \ReplicatorState.instanceBlueOffset),
            animatable("instanceAlphaOffset", \ReplicatorState.instanceAlphaOffset),
            plain(
                "preservesDepth", .bool, of: CAReplicatorLayer.self, get: { $0.preservesDepth },
                set: { layer, value in (value as? Bool).map { layer.preservesDepth = $0 } }),
        ]

    /// CAEmitterLayer (`emitterCells` is set in code, or by a scene file's "emitterCells" list)
    private static let emitter: [LayerProperty] =
        [
            plain(
                "emitterCells", .emitterCells, of: CAEmitterLayer.self, get: { $0.emitterCells },
                set: { $0.emitterCells = $1 as? [CAEmitterCell] }),
            animatable("emitterPosition", \EmitterState.position),
            animatable("emitterZPosition", \EmitterState.zPosition),
            animatable("emitterSize", \EmitterState.size, range: nonNegative),
            animatable("emitterDepth", \EmitterState.depth),
            plain(
                "emitterShape", .choice(CAEmitterLayerEmitterShape.allCases.map(\.rawValue)), of: CAEmitterLayer.self,
                get: { $0.emitterShape },
                set: { layer, value in name(value, as: CAEmitterLayerEmitterShape.self).map { layer.emitterShape = $0 }
                }),
            plain(
                "emitterMode", .choice(CAEmitterLayerEmitterMode.allCases.map(\.rawValue)), of: CAEmitterLayer.self,
                get: { $0.emitterMode },
                set: { layer, value in name(value, as: CAEmitterLayerEmitterMode.self).map { layer.emitterMode = $0 } }),
            plain(
                "renderMode", .choice(CAEmitterLayerRenderMode.allCases.map(\.rawValue)), of: CAEmitterLayer.self,
                get: { $0.renderMode },
                set: { layer, value in name(value, as: CAEmitterLayerRenderMode.self).map { layer.renderMode = $0 } }),
            animatable("birthRate", \EmitterState.birthRate, range: nonNegative),
            animatable("lifetime", \EmitterState.lifetime, range: nonNegative),
            animatable("velocity", \EmitterState.velocity),
            animatable("scale", \EmitterState.scale),
            animatable("spin", \EmitterState.spin),
            plain(
                "seed", .number, of: CAEmitterLayer.self, range: 0...Double(UInt32.max), get: { $0.seed },
                set: { layer, value in
                    number(value).map { layer.seed = UInt32(clamping: Int64(exactly: $0.rounded()) ?? 0) }
                }),
        ]

    /// CATextLayer
    private static let text: [LayerProperty] =
        [
            plain("string", .text, of: CATextLayer.self, get: { $0.string }, set: { $0.string = $1 }),
            plain("font", .font, of: CATextLayer.self, get: { $0.font }, set: { $0.font = $1 as CFTypeRef? }),
            animatable("fontSize", \TextState.fontSize, range: nonNegative),
            animatable("foregroundColor", \TextState.foregroundColor),
            plain(
                "alignmentMode", .choice(CATextLayerAlignmentMode.allCases.map(\.rawValue)), of: CATextLayer.self,
                get: { $0.alignmentMode },
                set: { layer, value in name(value, as: CATextLayerAlignmentMode.self).map { layer.alignmentMode = $0 } }
            ),
            plain(
                "isWrapped", .bool, of: CATextLayer.self, get: { $0.isWrapped },
                set: { layer, value in (value as? Bool).map { layer.isWrapped = $0 } }),
            plain(
                "truncationMode", .choice(CATextLayerTruncationMode.allCases.map(\.rawValue)), of: CATextLayer.self,
                get: { $0.truncationMode },
                set: { layer, value in name(value, as: CATextLayerTruncationMode.self).map { layer.truncationMode = $0 }
                }),
            plain(
                "allowsFontSubpixelQuantization", .bool, of: CATextLayer.self,
                get: { $0.allowsFontSubpixelQuantization },
                set: { layer, value in (value as? Bool).map { layer.allowsFontSubpixelQuantization = $0 } }),
        ]

    /// CAGradientLayer
    private static let gradient: [LayerProperty] =
        [
            animatable("colors", \GradientState.colors),
            animatable("locations", \GradientState.locations),
            animatable("startPoint", \GradientState.startPoint),
            animatable("endPoint", \GradientState.endPoint),
            plain(
                "type", .choice(CAGradientLayerType.allCases.map(\.rawValue)), of: CAGradientLayer.self,
                get: { $0.type },
                set: { layer, value in name(value, as: CAGradientLayerType.self).map { layer.type = $0 } }),
        ]

    /// A dash pattern from `[NSNumber]` or any array of numbers (nil for anything else).
    private static func dashPattern(_ value: Any?) -> [NSNumber]? {
        if let numbers = value as? [NSNumber] { return numbers }
        guard let array = value as? [Any] else { return nil }
        let numbers = array.compactMap(AnimatableValue.number)
        return numbers.count == array.count ? numbers.map { NSNumber(value: $0) } : nil
    }
}
