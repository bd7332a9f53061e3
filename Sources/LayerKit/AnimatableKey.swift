/// A parsed key path of a layer property, so the per-frame write is a store rather than string work:
/// a registered property's `StoredField` (`LayerProperty.all` declares each), or any other key,
/// which lives in the layer's key-value dictionary.
enum AnimatableKey: Hashable {
    /// A property of the registry, kept in one of the layer's state structs.
    case stored(StoredField)
    /// Any other key: stored in the layer's key-value dictionary.
    case custom(String)

    /// The key of a registered animatable property (`LayerProperty.named`), else `.custom`.
    init(_ keyPath: String) {
        self = LayerProperty.named(keyPath)?.key ?? .custom(keyPath)
    }

    /// The layer class that has the key (every layer has the custom keys).
    var layerClass: LayerProperty.LayerClass {
        if case .stored(let field) = self { return field.storage.layerClass }
        return .layer
    }

    /// `transform`, which a keyframe animation's `rotationMode` also writes.
    static let transform = AnimatableKey("transform")
}

/// The components of `transform` and `sublayerTransform` addressable by key path.
enum TransformPart: Hashable {
    case rotationX, rotationY, rotationZ
    case scale, scaleX, scaleY, scaleZ
    case translation, translationX, translationY, translationZ

    /// The component of `t` as Core Animation's key-value coding returns it: an angle, a scale
    /// (`scale` = mean of the three factors), a translation (`translation` = the x, y pair as a size).
    func read(_ t: CATransform3D) -> AnimatableValue {
        switch self {
        case .translationX: return .number(t.m41)
        case .translationY: return .number(t.m42)
        case .translationZ: return .number(t.m43)
        case .translation: return .size(CGSize(width: t.m41, height: t.m42))
        default: break
        }
        let c = TransformComponents(t)
        switch self {
        case .rotationX: return .number(c.rotation.x)
        case .rotationY: return .number(c.rotation.y)
        case .rotationZ: return .number(c.rotation.z)
        case .scale: return .number((c.scale.x + c.scale.y + c.scale.z) / 3)
        case .scaleX: return .number(c.scale.x)
        case .scaleY: return .number(c.scale.y)
        default: return .number(c.scale.z)
        }
    }

    /// Replaces this numeric component of `t`; over an identity `t` (the common case: `isIdentity`)
    /// the component is written into it directly.
    @inline(__always)
    func write(_ v: Double, _ t: inout CATransform3D, isIdentity: Bool) {
        if isIdentity {
            switch self {
            case .rotationZ:
                let (c, s) = (cos(v), sin(v))
                t.m11 = c
                t.m12 = s
                t.m21 = -s
                t.m22 = c
                return
            case .scale:
                (t.m11, t.m22, t.m33) = (v, v, v)
                return
            case .scaleX:
                t.m11 = v
                return
            case .scaleY:
                t.m22 = v
                return
            case .scaleZ:
                t.m33 = v
                return
            default: break
            }
        }
        _ = write(.number(v), &t)
    }

    /// True when writing a number (or a point) into this component sets entries of the transform from
    /// the value alone and keeps the others (the translations always; over the identity, the z
    /// rotation and the scales), so writing it again over its own last result gives what writing it
    /// over the first transform gives.
    func writesEntries(overIdentity: Bool) -> Bool {
        switch self {
        case .translation, .translationX, .translationY, .translationZ: return true
        case .rotationZ, .scale, .scaleX, .scaleY, .scaleZ: return overIdentity
        default: return false
        }
    }

    /// Replaces this component of `t`, keeping the others; false when `value` has the wrong kind.
    func write(_ value: AnimatableValue, _ t: inout CATransform3D) -> Bool {
        switch (self, value) {
        case (.translationX, .number(let v)): t.m41 = v
        case (.translationY, .number(let v)): t.m42 = v
        case (.translationZ, .number(let v)): t.m43 = v
        case (.translation, .size(let v)):
            t.m41 = v.width
            t.m42 = v.height
        case (.translation, .point(let v)):
            t.m41 = v.x
            t.m42 = v.y
        case (_, .number(let v)):
            var c = TransformComponents(t)
            switch self {
            case .rotationX: c.rotation.x = v
            case .rotationY: c.rotation.y = v
            case .rotationZ: c.rotation.z = v
            case .scale: c.scale = (v, v, v)
            case .scaleX: c.scale.x = v
            case .scaleY: c.scale.y = v
            case .scaleZ: c.scale.z = v
            default: return false
            }
            t = c.transform
        default: return false
        }
        return true
    }
}
