/// Where the engine keeps an animatable property: the layer's state struct that holds it, the byte
/// offset of its field in that struct, and the field's form. The registry makes one from each declared
/// key path (`LayerProperty.all`: `\LayerState.opacity`), `MemoryLayout.offset(of:)` giving the
/// offset and the field's Swift type the form, so every property is read and written by the same few
/// lines here — the tree walk, the frame cache, key-value coding and the implicit actions alike — with
/// a switch on two small enums and a load or a store, no key-path application and no code per property.
///
/// Safety: an offset is `MemoryLayout<State>.offset(of:)` of a stored key path of `State`, and a form
/// is the exact Swift type of that field (`Form(of:)`), so `base + offset` of the bytes of a `State`
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

    /// The Swift type of a field (`init(of:)` says which type is which form).
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

        /// The form of a field of Swift type `T`: its exact type (a `CGColor` field is not a `CGColor?`
        /// one), nil for a type no form has.
        init?<T>(of _: T.Type) {
            guard let form = Self.byType[ObjectIdentifier(T.self)] else { return nil }
            self = form
        }

        private static let byType: [ObjectIdentifier: Form] = [
            ObjectIdentifier(Float.self): .float, ObjectIdentifier(Double.self): .double,
            ObjectIdentifier(CGFloat.self): .cgFloat, ObjectIdentifier(Bool.self): .bool,
            ObjectIdentifier(CGPoint.self): .point, ObjectIdentifier(CGSize.self): .size,
            ObjectIdentifier(CGRect.self): .rect, ObjectIdentifier(CATransform3D.self): .transform,
            ObjectIdentifier(CGColor?.self): .color, ObjectIdentifier(CGPath?.self): .path,
            ObjectIdentifier([CGColor]?.self): .colors, ObjectIdentifier([Double]?.self): .numbers,
        ]

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

    /// The field `field` of `State`, in the form of its type (a computed property, or a field of a type
    /// no form has, is a mistake in the registry, which its first use reports).
    init<State: LayerStorage, Value>(_ field: WritableKeyPath<State, Value>) {
        guard let form = Form(of: Value.self), let offset = MemoryLayout<State>.offset(of: field) else {
            preconditionFailure("a registered key path of \(State.self) is not a stored field of a form's type")
        }
        storage = State.storage
        self.form = form
        self.offset = offset
    }

    /// The component `part` of the transform field `field` of `State`.
    init<State: LayerStorage>(_ field: WritableKeyPath<State, CATransform3D>, part: TransformPart) {
        storage = State.storage
        form = .part(part)
        offset = MemoryLayout<State>.offset(of: field)!
    }

    /// True when layers of `layer`'s class have the field's storage.
    func isStored(in layer: CALayer) -> Bool { storage.layerClass.includes(type(of: layer)) }

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

    /// The field in the storage bytes `base`, as the type `T` it has (its form's type).
    @inline(__always)
    private func field<T>(_ base: UnsafeMutableRawPointer, _: T.Type) -> UnsafeMutablePointer<T> {
        (base + offset).assumingMemoryBound(to: T.self)
    }

    /// The value of the field in the storage bytes `base`, in typed form.
    @inline(__always)
    func read(_ base: UnsafeMutableRawPointer) -> AnimatableValue {
        switch form {
        case .float: return .number(Double(field(base, Float.self).pointee))
        case .double: return .number(field(base, Double.self).pointee)
        case .cgFloat: return .number(Double(field(base, CGFloat.self).pointee))
        case .bool: return .number(field(base, Bool.self).pointee ? 1 : 0)
        case .point: return .point(field(base, CGPoint.self).pointee)
        case .size: return .size(field(base, CGSize.self).pointee)
        case .rect: return .rect(field(base, CGRect.self).pointee)
        case .transform: return .transform(field(base, CATransform3D.self).pointee)
        case .color: return .color(field(base, CGColor?.self).pointee)
        case .path: return .path(field(base, CGPath?.self).pointee)
        // A nil list reads as no value.
        case .colors: return field(base, [CGColor]?.self).pointee.map { .colors($0) } ?? .opaque(nil)
        case .numbers: return field(base, [Double]?.self).pointee.map { .numbers($0) } ?? .opaque(nil)
        case .part(let part): return part.read(field(base, CATransform3D.self).pointee)
        }
    }

    /// The value as key-value coding returns it: the field's own Swift type for numbers and flags
    /// (`opacity` a `Float`, `hidden` a `Bool`), else `read`'s value as `anyValue` gives it.
    func readObject(_ base: UnsafeMutableRawPointer) -> Any? {
        switch form {
        case .float: return field(base, Float.self).pointee
        case .double: return field(base, Double.self).pointee
        case .bool: return field(base, Bool.self).pointee
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
        case .point(let v): return write(pair: v.x, v.y, form: .point, base)
        case .size(let v): return write(pair: v.width, v.height, form: .size, base)
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
        case .point: return write(pair: v.x, v.y, form: .point, base)
        case .size: return write(pair: v.x, v.y, form: .size, base)
        case .rect: return write(rect: CGRect(x: v.x, y: v.y, width: v.z, height: v.w), base)
        case .color: return write(color: CGColor(red: v.x, green: v.y, blue: v.z, alpha: v.w), base)
        }
    }

    /// Writes a number: a number field, a flag (set at 0.5 and up) or a transform component.
    @inline(__always)
    func write(number v: Double, _ base: UnsafeMutableRawPointer, transformIsIdentity: Bool? = nil) -> Bool {
        switch form {
        case .float: field(base, Float.self).pointee = Float(v)
        case .double: field(base, Double.self).pointee = v
        case .cgFloat: field(base, CGFloat.self).pointee = CGFloat(v)
        case .bool: field(base, Bool.self).pointee = v >= 0.5
        case .part(let part) where part != .translation:
            let t = field(base, CATransform3D.self)
            part.write(v, &t.pointee, isIdentity: transformIsIdentity ?? (t.pointee == CATransform3DIdentity))
        default: return false
        }
        return true
    }

    /// Writes a point (`form` `.point`) or a size (`.size`): a field of that form, or a transform's
    /// translation pair.
    @inline(__always)
    func write(pair x: Double, _ y: Double, form pairForm: Form, _ base: UnsafeMutableRawPointer) -> Bool {
        switch form {
        case .point where pairForm == .point: field(base, CGPoint.self).pointee = CGPoint(x: x, y: y)
        case .size where pairForm == .size: field(base, CGSize.self).pointee = CGSize(width: x, height: y)
        case .part(.translation):
            let t = field(base, CATransform3D.self)
            (t.pointee.m41, t.pointee.m42) = (x, y)
        default: return false
        }
        return true
    }

    /// Writes a rectangle into a rectangle field.
    @inline(__always)
    func write(rect v: CGRect, _ base: UnsafeMutableRawPointer) -> Bool {
        guard form == .rect else { return false }
        field(base, CGRect.self).pointee = v
        return true
    }

    /// Writes a colour into a colour field.
    @inline(__always)
    func write(color v: CGColor?, _ base: UnsafeMutableRawPointer) -> Bool {
        guard form == .color else { return false }
        field(base, CGColor?.self).pointee = v
        return true
    }

    /// Writes a value that is not a number, a point, a size, a rectangle or a colour.
    private func writeOther(_ value: AnimatableValue, _ base: UnsafeMutableRawPointer) -> Bool {
        switch (form, value) {
        case (.transform, .transform(let v)): field(base, CATransform3D.self).pointee = v
        case (.path, .path(let v)): field(base, CGPath?.self).pointee = v
        case (.colors, .colors(let v)): field(base, [CGColor]?.self).pointee = v
        case (.colors, .numbers(let v)) where v.isEmpty: field(base, [CGColor]?.self).pointee = []
        case (.colors, .opaque(nil)): field(base, [CGColor]?.self).pointee = nil
        case (.numbers, .numbers(let v)): field(base, [Double]?.self).pointee = v
        case (.numbers, .opaque(nil)): field(base, [Double]?.self).pointee = nil
        case (.part(let part), _): return part.write(value, &field(base, CATransform3D.self).pointee)
        default: return false
        }
        return true
    }

    /// True when the field is a transform (or a component of one) that is the identity.
    func isIdentityTransform(_ base: UnsafeMutableRawPointer) -> Bool {
        switch form {
        case .transform, .part: return field(base, CATransform3D.self).pointee == CATransform3DIdentity
        default: return false
        }
    }

    /// Copies the field (the whole transform, for a component) from the storage bytes `source` into
    /// `target`.
    @inline(__always)
    func copy(from source: UnsafeMutableRawPointer, to target: UnsafeMutableRawPointer) {
        func move<T>(_ type: T.Type) { field(target, type).pointee = field(source, type).pointee }
        switch form {
        case .float: move(Float.self)
        case .double: move(Double.self)
        case .cgFloat: move(CGFloat.self)
        case .bool: move(Bool.self)
        case .point: move(CGPoint.self)
        case .size: move(CGSize.self)
        case .rect: move(CGRect.self)
        case .transform, .part: move(CATransform3D.self)
        case .color: move(CGColor?.self)
        case .path: move(CGPath?.self)
        case .colors: move([CGColor]?.self)
        case .numbers: move([Double]?.self)
        }
    }
}

/// A layer's state struct that holds animatable properties (`StoredField.Storage` names which).
protocol LayerStorage {
    static var storage: StoredField.Storage { get }
}

extension CALayer {
    /// Calls `body` with the bytes of this layer's state struct `storage`, or returns nil when its class
    /// has none. `checked: false` skips the class check, for callers that made it (the frame cache).
    @inline(__always)
    final func withStorage<R>(
        _ storage: StoredField.Storage, checked: Bool = true, _ body: (UnsafeMutableRawPointer) -> R
    ) -> R? {
        if checked, !storage.layerClass.includes(type(of: self)) { return nil }
        func bytes(_ buffer: UnsafeMutableRawBufferPointer) -> R { body(buffer.baseAddress!) }
        switch storage {
        case .layer: return withUnsafeMutableBytes(of: &state, bytes)
        case .objects: return withUnsafeMutableBytes(of: &objects, bytes)
        case .shape: return withUnsafeMutableBytes(of: &unsafeDowncast(self, to: CAShapeLayer.self).shape, bytes)
        case .replicator:
            return withUnsafeMutableBytes(of: &unsafeDowncast(self, to: CAReplicatorLayer.self).replicator, bytes)
        case .emitter: return withUnsafeMutableBytes(of: &unsafeDowncast(self, to: CAEmitterLayer.self).emitter, bytes)
        case .gradient:
            return withUnsafeMutableBytes(of: &unsafeDowncast(self, to: CAGradientLayer.self).gradient, bytes)
        case .text: return withUnsafeMutableBytes(of: &unsafeDowncast(self, to: CATextLayer.self).text, bytes)
        }
    }
}
