@_spi(Reflection) import Swift
import Synchronization

/// The stored properties a layer subclass declares itself — a pie layer's `progress`, written
/// `@objc dynamic var progress: CGFloat = 0` on iOS (`dynamic var`, or a plain `var`, here) — reached by
/// name as Core Animation reaches `@objc` and `@NSManaged` properties through key-value coding: so
/// `value(forKey: "progress")`, `setValue(_:forKey:)`, and an animation of the key path `progress` read
/// and write the Swift property itself, and the presentation copy drawn each frame holds the
/// interpolated value.
///
/// Found with the Swift runtime's field reflection (`_forEachField`), once per class: the fields of the
/// classes below LayerKit's own, of the types an animation or key-value coding can hold (numbers,
/// `Bool`, geometry, transforms, `CGColor`, `UIColor`, `CGPath`, `String`, arrays and other structs and
/// enums, and optionals of the named ones). Class-typed fields other than `UIColor` and `CGPath` are left
/// out: a `weak` or `unowned` field reports its object's type, and its storage cannot be written as a
/// strong reference. Reads and writes bypass the property's observers (`didSet`), as a write to the
/// storage of an `@objc dynamic` property by Core Animation's key-value coding does not run Swift code.
struct CustomFields: Sendable {
    /// One field: where it is in the object and its type. Immutable (hence `@unchecked Sendable`: the
    /// type it holds is a metatype).
    struct Field: @unchecked Sendable {
        let offset: Int
        let type: Any.Type

        /// The field's value in `layer`.
        func read(_ layer: CALayer) -> Any {
            let address = UnsafeRawPointer(Unmanaged.passUnretained(layer).toOpaque()) + offset
            func load<T>(_: T.Type) -> Any { address.assumingMemoryBound(to: T.self).pointee }
            return _openExistential(type, do: load)
        }

        /// Stores `value` (converted to the field's type: numbers between numeric types, `UIColor` and
        /// `CGColor` either way, nil into an optional); false when it cannot be converted.
        @discardableResult
        func write(_ value: Any?, to layer: CALayer) -> Bool {
            let address = Unmanaged.passUnretained(layer).toOpaque() + offset
            func store<T>(_: T.Type) -> Bool {
                guard let typed: T = CustomFields.convert(value) else { return false }
                address.assumingMemoryBound(to: T.self).pointee = typed
                return true
            }
            return _openExistential(type, do: store)
        }

        /// Copies the field's value from `source` into `target` (both of the class that has the field).
        func copy(from source: CALayer, to target: CALayer) {
            let from = UnsafeRawPointer(Unmanaged.passUnretained(source).toOpaque()) + offset
            let to = Unmanaged.passUnretained(target).toOpaque() + offset
            func assign<T>(_: T.Type) {
                to.assumingMemoryBound(to: T.self).pointee = from.assumingMemoryBound(to: T.self).pointee
            }
            _openExistential(type, do: assign)
        }
    }

    let fields: [String: Field]

    /// The fields of `layerClass` (cached per class).
    static func of(_ layerClass: CALayer.Type) -> CustomFields {
        let id = ObjectIdentifier(layerClass)
        if let known = cache.withLock({ $0[id] }) { return known }
        let made = CustomFields(layerClass)
        cache.withLock { $0[id] = made }
        return made
    }

    private static let cache = Mutex<[ObjectIdentifier: CustomFields]>([:])
    /// `_EachFieldOptions.classType` (a `static var` in the standard library, so spelled by value here).
    private static let classFields = _EachFieldOptions(rawValue: 1 << 0)

    private init(_ layerClass: CALayer.Type) {
        var own: [String: Field] = [:]
        var ancestor: AnyClass = layerClass
        while !String(reflecting: ancestor).hasPrefix("LayerKit."), let next = _getSuperclass(ancestor) {
            ancestor = next
        }
        guard ancestor != layerClass else {
            fields = [:]
            return
        }
        var inherited = Set<Int>()
        _ = _forEachField(of: ancestor, options: Self.classFields) { _, offset, _, _ in
            inherited.insert(offset)
            return true
        }
        _ = _forEachField(of: layerClass, options: Self.classFields) { name, offset, type, kind in
            let label = String(cString: name)
            if !inherited.contains(offset), !label.hasPrefix("$"), Self.isReachable(type, kind) {
                own[label] = Field(offset: offset, type: type)
            }
            return true
        }
        fields = own
    }

    /// The field types key-value coding may read and write (see the type's documentation).
    private static func isReachable(_ type: Any.Type, _ kind: _MetadataKind) -> Bool {
        switch kind {
        case .struct, .enum, .tuple: return true
        case .class: return type == UIColor.self || type == CGPath.self || type == CGMutablePath.self
        case .optional: return optionals.contains { $0 == type }
        default: return false
        }
    }

    private static let optionals: [Any.Type] = [
        CGFloat?.self, Double?.self, Float?.self, Int?.self, Bool?.self, CGPoint?.self, CGSize?.self, CGRect?.self,
        CATransform3D?.self, CGAffineTransform?.self, CGColor?.self, UIColor?.self, CGPath?.self, String?.self,
        [CGFloat]?.self, [Double]?.self, [CGColor]?.self,
    ]

    /// `value` as a `T`.
    static func convert<T>(_ value: Any?) -> T? {
        guard let value else { return (T.self as? OptionalValue.Type)?.none as? T }
        if let typed = value as? T { return typed }
        if let number = AnimatableValue.number(value) {
            switch T.self {
            case is CGFloat.Type, is CGFloat?.Type: return CGFloat(number) as? T
            case is Double.Type, is Double?.Type: return number as? T
            case is Float.Type, is Float?.Type: return Float(number) as? T
            case is Int.Type, is Int?.Type: return number.isFinite ? Int(number.rounded()) as? T : nil
            case is Bool.Type, is Bool?.Type: return (number >= 0.5) as? T
            default: return nil
            }
        }
        if let color = value as? CGColor { return UIColor(cgColor: color) as? T }
        if let color = value as? UIColor { return color.cgColor as? T }
        if let path = value as? UIBezierPath { return path.cgPath as? T }
        return nil
    }
}

/// An optional's `nil`, for converting a nil value into any optional type.
private protocol OptionalValue {
    static var none: Self { get }
}

extension Optional: OptionalValue {}

extension CALayer {
    /// The stored properties of this layer's own subclass (looked up once per layer).
    var customFields: CustomFields {
        if let known = displayStorage.customFields { return known }
        let found = CustomFields.of(type(of: self))
        displayStorage.customFields = found
        return found
    }

    /// The stored property `name` of this layer's own subclass, if it has one.
    func customField(_ name: String) -> CustomFields.Field? {
        let fields = customFields.fields
        return fields.isEmpty ? nil : fields[name]
    }

    /// The value of a key that is no layer property: the subclass's stored property of that name, else the
    /// key-value dictionary's entry.
    func customValue(named name: String) -> Any? {
        if let field = customField(name) { return field.read(self) }
        return customValues[name]
    }

    /// Sets a key that is no layer property (see `customValue(named:)`), without change tracking.
    func setCustomValue(_ value: Any?, named name: String) {
        if let field = customField(name), field.write(value, to: self) { return }
        customValues[name] = value
    }

    /// Copies the key `name` from `model` (see `customValue(named:)`).
    func copyCustomValue(named name: String, from model: CALayer) {
        if let field = customField(name) { return field.copy(from: model, to: self) }
        customValues[name] = model.customValues[name]
    }

    /// Copies every stored property of the subclass from `model` (a presentation copy following its model).
    func copyCustomFields(from model: CALayer) {
        let fields = customFields.fields
        guard !fields.isEmpty else { return }
        for field in fields.values { field.copy(from: model, to: self) }
    }
}
