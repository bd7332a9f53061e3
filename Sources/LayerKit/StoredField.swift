/// Where the engine keeps an animatable property: the layer's state struct that holds it, the byte
/// offset of its field in that struct, and the field's form. The registry makes one from each declared
/// key path (`LayerProperty.all`: `\LayerState.opacity`), `MemoryLayout.offset(of:)` giving the
/// offset and the field's Swift type the form, so every property is read and written by the same few
/// lines here — the tree walk, the frame cache, key-value coding and the implicit actions alike — with
/// a switch on two small enums and a load or a store, no key-path application and no code per property.
///
/// Safety: an offset is `MemoryLayout<State>.offset(of:)` of a stored key path of `State`, and a form
/// is the exact Swift type of that field (`StoredValue`), so `base + offset` of the bytes of a `State`
/// (which `CALayer.withStorage` hands out, for the class that has it) is that field, read and written
/// as its own type.
struct StoredField: Hashable {
    /// The state struct a property lives in (the raw values only order them).
    enum Storage: UInt8 {
        /// `CALayer.state` (`LayerState`).
        case layer
        /// `CALayer.objects` (`LayerObjects`): the reference-holding properties of every layer.
        case objects
        /// `CAShapeLayer.shape` (`ShapeState`).
        case shape
        /// `CAReplicatorLayer.replicator` (`ReplicatorState`).
        case replicator
        /// `CAEmitterLayer.emitter` (`EmitterState`).
        case emitter
        /// `CAGradientLayer.gradient` (`GradientState`).
        case gradient
        /// `CATextLayer.text` (`TextState`).
        case text

        /// The layer class whose layers have this storage.
        var layerClass: LayerProperty.LayerClass {
            switch self {
            case .layer, .objects: return .layer
            case .shape: return .shape
            case .replicator: return .replicator
            case .emitter: return .emitter
            case .gradient: return .gradient
            case .text: return .text
            }
        }
    }

    /// The Swift type of a field (`StoredValue` says which type is which form).
    enum Form: Hashable {
        case float, double, cgFloat, bool, point, size, rect, transform
        /// `CGColor?`.
        case color
        /// `CGPath?`.
        case path
        /// `[CGColor]?`.
        case colors
        /// `[Double]?`.
        case numbers
        /// One component of a `CATransform3D` field, as key-value coding addresses it.
        case part(TransformPart)

        /// The value type the registry states for a property of this form.
        var valueType: LayerProperty.ValueType {
            switch self {
            case .float, .double, .cgFloat: return .number
            case .bool: return .bool
            case .point: return .point
            case .size, .part(.translation): return .size
            case .rect: return .rect
            case .transform: return .transform
            case .color: return .color
            case .path: return .path
            case .colors: return .colorList
            case .numbers: return .numberList
            case .part: return .number
            }
        }
    }

    let storage: Storage
    let form: Form
    let offset: Int

    /// The field `field` of `State`, in the form of its type.
    init<State: LayerStorage, Value: StoredValue>(_ field: WritableKeyPath<State, Value>) {
        storage = State.storage
        form = Value.storedForm
        offset = MemoryLayout<State>.offset(of: field)!
    }

    /// The component `part` of the transform field `field` of `State`.
    init<State: LayerStorage>(_ field: WritableKeyPath<State, CATransform3D>, part: TransformPart) {
        storage = State.storage
        form = .part(part)
        offset = MemoryLayout<State>.offset(of: field)!
    }

    /// True when `write` takes values of the kind `direct` (a number for a number, a flag or a
    /// transform component but the translation pair; a point or a size for that pair; otherwise a
    /// value of the field's own kind).
    func accepts(_ direct: DirectValue) -> Bool {
        switch (form, direct) {
        case (.float, .number), (.double, .number), (.cgFloat, .number), (.bool, .number): return true
        case (.part(let part), .number): return part != .translation
        case (.part(.translation), .point), (.part(.translation), .size): return true
        case (.point, .point), (.size, .size), (.rect, .rect), (.color, .color): return true
        default: return false
        }
    }

    /// The value of the field in the storage bytes `base`, in typed form.
    @inline(__always)
    func read(_ base: UnsafeMutableRawPointer) -> AnimatableValue {
        let p = base + offset
        switch form {
        case .float: return .number(Double(p.assumingMemoryBound(to: Float.self).pointee))
        case .double: return .number(p.assumingMemoryBound(to: Double.self).pointee)
        case .cgFloat: return .number(Double(p.assumingMemoryBound(to: CGFloat.self).pointee))
        case .bool: return .number(p.assumingMemoryBound(to: Bool.self).pointee ? 1 : 0)
        case .point: return .point(p.assumingMemoryBound(to: CGPoint.self).pointee)
        case .size: return .size(p.assumingMemoryBound(to: CGSize.self).pointee)
        case .rect: return .rect(p.assumingMemoryBound(to: CGRect.self).pointee)
        case .transform: return .transform(p.assumingMemoryBound(to: CATransform3D.self).pointee)
        case .color: return .color(p.assumingMemoryBound(to: CGColor?.self).pointee)
        case .path: return .path(p.assumingMemoryBound(to: CGPath?.self).pointee)
        // A nil list reads as no value.
        case .colors: return p.assumingMemoryBound(to: [CGColor]?.self).pointee.map { .colors($0) } ?? .opaque(nil)
        case .numbers: return p.assumingMemoryBound(to: [Double]?.self).pointee.map { .numbers($0) } ?? .opaque(nil)
        case .part(let part): return part.read(p.assumingMemoryBound(to: CATransform3D.self).pointee)
        }
    }

    /// The value as key-value coding returns it: the field's own Swift type for numbers and flags
    /// (`opacity` a `Float`, `hidden` a `Bool`), else `read`'s value as `anyValue` gives it.
    func readObject(_ base: UnsafeMutableRawPointer) -> Any? {
        let p = base + offset
        switch form {
        case .float: return p.assumingMemoryBound(to: Float.self).pointee
        case .double: return p.assumingMemoryBound(to: Double.self).pointee
        case .bool: return p.assumingMemoryBound(to: Bool.self).pointee
        default: return read(base).anyValue
        }
    }

    /// Writes `value` into the field in the storage bytes `base`; false (nothing written) when the
    /// value has the wrong kind. Numbers set flags at 0.5 and up; nil (or an empty list) clears a list.
    @inline(__always)
    @discardableResult
    func write(_ value: AnimatableValue, _ base: UnsafeMutableRawPointer) -> Bool {
        switch value {
        case .number(let v): return write(number: v, base)
        case .point(let v): return write(point: v, base)
        case .size(let v): return write(size: v, base)
        case .rect(let v): return write(rect: v, base)
        case .color(let v): return write(color: v, base)
        default: return writeOther(value, base)
        }
    }

    /// Writes four numbers as a value of the kind `direct` (the frame cache's and the tree walk's
    /// direct writes). `transformIsIdentity` is for a transform component: whether the transform it
    /// is written into is the identity, when the caller knows.
    @inline(__always)
    @discardableResult
    func write(
        _ v: SIMD4<Double>, as direct: DirectValue, _ base: UnsafeMutableRawPointer, transformIsIdentity: Bool? = nil
    ) -> Bool {
        switch direct {
        case .number: return write(number: v.x, base, transformIsIdentity: transformIsIdentity)
        case .point: return write(point: CGPoint(x: v.x, y: v.y), base)
        case .size: return write(size: CGSize(width: v.x, height: v.y), base)
        case .rect: return write(rect: CGRect(x: v.x, y: v.y, width: v.z, height: v.w), base)
        case .color: return write(color: CGColor(red: v.x, green: v.y, blue: v.z, alpha: v.w), base)
        }
    }

    /// Writes a number: a number field, a flag (set at 0.5 and up) or a transform component.
    @inline(__always)
    func write(number v: Double, _ base: UnsafeMutableRawPointer, transformIsIdentity: Bool? = nil) -> Bool {
        let p = base + offset
        switch form {
        case .float: p.assumingMemoryBound(to: Float.self).pointee = Float(v)
        case .double: p.assumingMemoryBound(to: Double.self).pointee = v
        case .cgFloat: p.assumingMemoryBound(to: CGFloat.self).pointee = CGFloat(v)
        case .bool: p.assumingMemoryBound(to: Bool.self).pointee = v >= 0.5
        case .part(let part):
            let t = p.assumingMemoryBound(to: CATransform3D.self)
            if part == .translation { return false }
            part.write(v, &t.pointee, isIdentity: transformIsIdentity ?? (t.pointee == CATransform3DIdentity))
        default: return false
        }
        return true
    }

    /// Writes a point: a point field, or a transform's translation pair.
    @inline(__always)
    func write(point v: CGPoint, _ base: UnsafeMutableRawPointer) -> Bool {
        let p = base + offset
        switch form {
        case .point: p.assumingMemoryBound(to: CGPoint.self).pointee = v
        case .part(.translation):
            let t = p.assumingMemoryBound(to: CATransform3D.self)
            (t.pointee.m41, t.pointee.m42) = (v.x, v.y)
        default: return false
        }
        return true
    }

    /// Writes a size: a size field, or a transform's translation pair.
    @inline(__always)
    func write(size v: CGSize, _ base: UnsafeMutableRawPointer) -> Bool {
        let p = base + offset
        switch form {
        case .size: p.assumingMemoryBound(to: CGSize.self).pointee = v
        case .part(.translation):
            let t = p.assumingMemoryBound(to: CATransform3D.self)
            (t.pointee.m41, t.pointee.m42) = (v.width, v.height)
        default: return false
        }
        return true
    }

    /// Writes a rectangle into a rectangle field.
    @inline(__always)
    func write(rect v: CGRect, _ base: UnsafeMutableRawPointer) -> Bool {
        guard form == .rect else { return false }
        (base + offset).assumingMemoryBound(to: CGRect.self).pointee = v
        return true
    }

    /// Writes a colour into a colour field.
    @inline(__always)
    func write(color v: CGColor?, _ base: UnsafeMutableRawPointer) -> Bool {
        guard form == .color else { return false }
        (base + offset).assumingMemoryBound(to: CGColor?.self).pointee = v
        return true
    }

    /// Writes a value that is not a number, a point or a colour.
    private func writeOther(_ value: AnimatableValue, _ base: UnsafeMutableRawPointer) -> Bool {
        let p = base + offset
        switch (form, value) {
        case (.transform, .transform(let v)): p.assumingMemoryBound(to: CATransform3D.self).pointee = v
        case (.path, .path(let v)): p.assumingMemoryBound(to: CGPath?.self).pointee = v
        case (.colors, .colors(let v)): p.assumingMemoryBound(to: [CGColor]?.self).pointee = v
        case (.colors, .numbers(let v)) where v.isEmpty: p.assumingMemoryBound(to: [CGColor]?.self).pointee = []
        case (.colors, .opaque(nil)): p.assumingMemoryBound(to: [CGColor]?.self).pointee = nil
        case (.numbers, .numbers(let v)): p.assumingMemoryBound(to: [Double]?.self).pointee = v
        case (.numbers, .opaque(nil)): p.assumingMemoryBound(to: [Double]?.self).pointee = nil
        case (.part(let part), _): return part.write(value, &p.assumingMemoryBound(to: CATransform3D.self).pointee)
        default: return false
        }
        return true
    }

    /// True when the field is a transform (or a component of one) that is the identity.
    func isIdentityTransform(_ base: UnsafeMutableRawPointer) -> Bool {
        switch form {
        case .transform, .part:
            return (base + offset).assumingMemoryBound(to: CATransform3D.self).pointee == CATransform3DIdentity
        default: return false
        }
    }

    /// Copies the field (the whole transform, for a component) from the storage bytes `source` into `target`.
    @inline(__always)
    func copy(from source: UnsafeMutableRawPointer, to target: UnsafeMutableRawPointer) {
        let (s, t) = (source + offset, target + offset)
        switch form {
        case .float: t.assumingMemoryBound(to: Float.self).pointee = s.assumingMemoryBound(to: Float.self).pointee
        case .double: t.assumingMemoryBound(to: Double.self).pointee = s.assumingMemoryBound(to: Double.self).pointee
        case .cgFloat:
            t.assumingMemoryBound(to: CGFloat.self).pointee = s.assumingMemoryBound(to: CGFloat.self).pointee
        case .bool: t.assumingMemoryBound(to: Bool.self).pointee = s.assumingMemoryBound(to: Bool.self).pointee
        case .point:
            t.assumingMemoryBound(to: CGPoint.self).pointee = s.assumingMemoryBound(to: CGPoint.self).pointee
        case .size: t.assumingMemoryBound(to: CGSize.self).pointee = s.assumingMemoryBound(to: CGSize.self).pointee
        case .rect: t.assumingMemoryBound(to: CGRect.self).pointee = s.assumingMemoryBound(to: CGRect.self).pointee
        case .transform, .part:
            t.assumingMemoryBound(to: CATransform3D.self).pointee =
                s.assumingMemoryBound(to: CATransform3D.self).pointee
        case .color:
            t.assumingMemoryBound(to: CGColor?.self).pointee = s.assumingMemoryBound(to: CGColor?.self).pointee
        case .path: t.assumingMemoryBound(to: CGPath?.self).pointee = s.assumingMemoryBound(to: CGPath?.self).pointee
        case .colors:
            t.assumingMemoryBound(to: [CGColor]?.self).pointee = s.assumingMemoryBound(to: [CGColor]?.self).pointee
        case .numbers:
            t.assumingMemoryBound(to: [Double]?.self).pointee = s.assumingMemoryBound(to: [Double]?.self).pointee
        }
    }
}

/// A layer's state struct that holds animatable properties (`StoredField.Storage` names which).
protocol LayerStorage {
    static var storage: StoredField.Storage { get }
}

/// A Swift type an animatable property's field may have, and the form the engine reads and writes
/// it in. Only the exact types of `StoredField.Form` conform (a `CGColor` field is not a `CGColor?` one).
protocol StoredValue {
    static var storedForm: StoredField.Form { get }
}

extension Float: StoredValue { static var storedForm: StoredField.Form { .float } }
extension Double: StoredValue { static var storedForm: StoredField.Form { .double } }
extension CGFloat: StoredValue { static var storedForm: StoredField.Form { .cgFloat } }
extension Bool: StoredValue { static var storedForm: StoredField.Form { .bool } }
extension CGPoint: StoredValue { static var storedForm: StoredField.Form { .point } }
extension CGSize: StoredValue { static var storedForm: StoredField.Form { .size } }
extension CGRect: StoredValue { static var storedForm: StoredField.Form { .rect } }
extension CATransform3D: StoredValue { static var storedForm: StoredField.Form { .transform } }

/// A type whose optional is a field form (`CGColor?`, `CGPath?`, `[CGColor]?`, `[Double]?`).
protocol OptionalStoredValue {
    static var optionalForm: StoredField.Form { get }
}

/// An element type whose optional list is a field form.
protocol StoredListElement {
    static var listForm: StoredField.Form { get }
}

extension Optional: StoredValue where Wrapped: OptionalStoredValue {
    static var storedForm: StoredField.Form { Wrapped.optionalForm }
}
extension CGColor: OptionalStoredValue { static var optionalForm: StoredField.Form { .color } }
extension CGPath: OptionalStoredValue { static var optionalForm: StoredField.Form { .path } }
extension Array: OptionalStoredValue where Element: StoredListElement {
    static var optionalForm: StoredField.Form { Element.listForm }
}
extension CGColor: StoredListElement { static var listForm: StoredField.Form { .colors } }
extension Double: StoredListElement { static var listForm: StoredField.Form { .numbers } }

extension LayerState: LayerStorage { static var storage: StoredField.Storage { .layer } }
extension LayerObjects: LayerStorage { static var storage: StoredField.Storage { .objects } }
extension ShapeState: LayerStorage { static var storage: StoredField.Storage { .shape } }
extension ReplicatorState: LayerStorage { static var storage: StoredField.Storage { .replicator } }
extension EmitterState: LayerStorage { static var storage: StoredField.Storage { .emitter } }
extension GradientState: LayerStorage { static var storage: StoredField.Storage { .gradient } }
extension TextState: LayerStorage { static var storage: StoredField.Storage { .text } }

extension CALayer {
    /// Calls `body` with the bytes of this layer's state struct `storage`, or returns nil when its class
    /// has none. `checked: false` skips the class check, for callers that made it (the frame cache).
    @inline(__always)
    final func withStorage<R>(
        _ storage: StoredField.Storage, checked: Bool = true, _ body: (UnsafeMutableRawPointer) -> R
    ) -> R? {
        switch storage {
        case .layer: return withUnsafeMutableBytes(of: &state) { body($0.baseAddress!) }
        case .objects: return withUnsafeMutableBytes(of: &objects) { body($0.baseAddress!) }
        case .shape:
            guard let layer = checked ? self as? CAShapeLayer : unsafeDowncast(self, to: CAShapeLayer.self)
            else { return nil }
            return withUnsafeMutableBytes(of: &layer.shape) { body($0.baseAddress!) }
        case .replicator:
            guard let layer = checked ? self as? CAReplicatorLayer : unsafeDowncast(self, to: CAReplicatorLayer.self)
            else { return nil }
            return withUnsafeMutableBytes(of: &layer.replicator) { body($0.baseAddress!) }
        case .emitter:
            guard let layer = checked ? self as? CAEmitterLayer : unsafeDowncast(self, to: CAEmitterLayer.self)
            else { return nil }
            return withUnsafeMutableBytes(of: &layer.emitter) { body($0.baseAddress!) }
        case .gradient:
            guard let layer = checked ? self as? CAGradientLayer : unsafeDowncast(self, to: CAGradientLayer.self)
            else { return nil }
            return withUnsafeMutableBytes(of: &layer.gradient) { body($0.baseAddress!) }
        case .text:
            guard let layer = checked ? self as? CATextLayer : unsafeDowncast(self, to: CATextLayer.self)
            else { return nil }
            return withUnsafeMutableBytes(of: &layer.text) { body($0.baseAddress!) }
        }
    }
}
