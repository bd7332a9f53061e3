import LayerKit

/// The types and limits of every key a scene file may set on a layer or animate.
enum PropertyType: Equatable {
    case number(ClosedRange<Double>, allowInfinity: Bool)
    case bool
    case point
    case size
    case rect
    case transform
    case color
    case path
    case dashPattern
    case image
    case choice([String])
    /// A list of emitter-cell objects.
    case emitterCells
    /// An array of colours, or null.
    case colorList
    /// An array of numbers, or null.
    case numberList
    /// A text layer's string: any JSON string.
    case text
    /// A font name `UIFont(name:size:)` knows.
    case fontName

    static let anyNumber = PropertyType.number(-.infinity...(.infinity), allowInfinity: false)

    /// The scene-file form of a registered property (nil for values a scene file cannot spell).
    init?(_ property: LayerProperty, rangeChecked: Bool) {
        switch property.valueType {
        case .number:
            let range = rangeChecked ? property.validRange ?? -.infinity...(.infinity) : -.infinity...(.infinity)
            self = .number(range, allowInfinity: property.allowsInfinity)
        case .bool: self = .bool
        case .point: self = .point
        case .size: self = .size
        case .rect: self = .rect
        case .transform: self = .transform
        case .color: self = .color
        case .path: self = .path
        case .image: self = .image
        case .dashPattern: self = .dashPattern
        case .choice(let names): self = .choice(names)
        case .emitterCells: self = .emitterCells
        case .colorList: self = .colorList
        case .numberList: self = .numberList
        case .text: self = .text
        case .font: self = .fontName
        case .string: return nil
        }
    }
}

/// The scene-file keys, all derived from LayerKit's property registry (`LayerProperty.all`): a layer
/// sets the properties of its class by their plain names, an animation animates any animatable key path.
enum PropertyTable {
    /// CAMediaTiming keys, shared by layers and animations.
    static let timing: [(String, PropertyType)] = settable { $0.isMediaTiming }

    /// Every property any layer class may set, for the list of allowed keys in animations' `set`.
    static let allSettable: [(String, PropertyType)] = settable { _ in true }

    /// Properties a layer of `kind` may set (`mask`, `sublayers`, `name` and `kind` are structural,
    /// handled apart): those of every layer, then the class's own.
    static func settable(by kind: LayerKind) -> [(String, PropertyType)] { byKind[kind] ?? [] }

    private static let byKind: [LayerKind: [(String, PropertyType)]] = Dictionary(
        uniqueKeysWithValues: LayerKind.allCases.map { kind in
            (kind, settable { $0.layerClass == .layer || ($0.layerClass == kind && kind != .layer) })
        })

    static let fillModes = CAMediaTimingFillMode.allCases.map(\.rawValue)

    /// The registered properties a layer object may set: plain names (not `position.x`), in registry order.
    private static func settable(_ include: (LayerProperty) -> Bool) -> [(String, PropertyType)] {
        LayerProperty.all.compactMap { property in
            guard include(property), !property.keyPath.contains(".") else { return nil }
            return PropertyType(property, rangeChecked: true).map { (property.keyPath, $0) }
        }
    }

    /// The form of `key` on whichever layer class has it (for `set`).
    static func settableType(_ key: String) -> PropertyType? { allSettable.first(where: { $0.0 == key })?.1 }

    static func layerType(_ key: String, kind: LayerKind) -> PropertyType? {
        settable(by: kind).first(where: { $0.0 == key })?.1
    }

    /// The layer class a key (a plain property name or an animatable key path) belongs to, nil for
    /// unknown keys.
    static func owner(of key: String) -> LayerKind? { LayerProperty.named(key)?.layerClass }

    /// Animatable key paths and the form their values take. Values are not range-checked: an
    /// animation may overshoot.
    static let animatable: [String: PropertyType] = Dictionary(
        uniqueKeysWithValues: LayerProperty.all.compactMap { property in
            guard property.isAnimatable, let type = PropertyType(property, rangeChecked: false) else { return nil }
            return (property.keyPath, type)
        })

    /// True when a layer of `kind` has the property `key` (unknown keys are left to other checks).
    static func kind(_ kind: LayerKind, has key: String) -> Bool {
        owner(of: key).map { $0 == .layer || $0 == kind } ?? true
    }
}
