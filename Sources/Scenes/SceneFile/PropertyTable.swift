import LayerKit

/// The scene-file keys, all read from LayerKit's property registry (`LayerProperty.all`): a layer
/// sets the properties of its class by their plain names, an animation animates any animatable key
/// path, and a value takes the form of the property's `valueType` (within its `validRange` on a
/// layer; animated values may overshoot).
enum PropertyTable {
    /// CAMediaTiming keys, shared by layers and animations.
    static let timing: [LayerProperty] = settable { $0.isMediaTiming }

    /// Every property any layer class may set, for the list of allowed keys in animations' `set`.
    static let allSettable: [LayerProperty] = settable { _ in true }

    /// Properties a layer of `kind` may set (`mask`, `sublayers`, `name` and `kind` are structural,
    /// handled apart): those of every layer, then the class's own.
    static func settable(by kind: LayerKind) -> [LayerProperty] { byKind[kind] ?? [] }

    private static let byKind: [LayerKind: [LayerProperty]] = Dictionary(
        uniqueKeysWithValues: LayerKind.allCases.map { kind in
            (kind, settable { $0.layerClass == .layer || ($0.layerClass == kind && kind != .layer) })
        })

    static let fillModes = CAMediaTimingFillMode.allCases.map(\.rawValue)

    /// The registered properties a layer object may set: plain names (not `position.x`) whose values a
    /// scene file can spell, in registry order.
    private static func settable(_ include: (LayerProperty) -> Bool) -> [LayerProperty] {
        LayerProperty.all.filter { include($0) && !$0.keyPath.contains(".") && $0.valueType != .string }
    }

    /// The property `key` on whichever layer class has it (for `set`).
    static func settableProperty(_ key: String) -> LayerProperty? { allSettable.first { $0.keyPath == key } }

    /// The property `key` of a layer of `kind`.
    static func layerProperty(_ key: String, kind: LayerKind) -> LayerProperty? {
        settable(by: kind).first { $0.keyPath == key }
    }

    /// The layer class a key (a plain property name or an animatable key path) belongs to, nil for
    /// unknown keys.
    static func owner(of key: String) -> LayerKind? { LayerProperty.named(key)?.layerClass }

    /// The animatable property with key path `path` (values in its form, not range-checked).
    static func animatable(_ path: String) -> LayerProperty? {
        LayerProperty.named(path).flatMap { $0.isAnimatable && $0.keyPath == path ? $0 : nil }
    }

    /// True when a layer of `kind` has the property `key` (unknown keys are left to other checks).
    static func kind(_ kind: LayerKind, has key: String) -> Bool {
        owner(of: key).map { $0 == .layer || $0 == kind } ?? true
    }
}
