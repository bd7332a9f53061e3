extension CALayer {
    /// A property by key path, as key-value coding returns it: numbers and flags in the property's own
    /// type (`opacity` a `Float`, `cornerRadius` a `CGFloat`, `instanceDelay` a `Double`, `hidden` a
    /// `Bool`), geometry as `CGPoint`/`CGSize`/`CGRect`, `transform` as `CATransform3D`, a
    /// `transform.…` component as the angle, scale or translation Core Animation returns
    /// (`transform.rotation` = rotation about z, `transform.scale` = mean scale,
    /// `transform.translation` = `CGSize`), colours as `CGColor?`, paths as `CGPath?`; other keys
    /// (a subclass's property on a layer of another class too) return what `setValue(_:forKey:)` stored.
    public func value(forKeyPath keyPath: String) -> Any? {
        switch keyValueKey(keyPath) {
        case .stored(let field): return withStorage(field.storage) { field.readObject($0) } ?? nil
        case .custom(let name): return customValue(forKey: name)
        }
    }

    /// Same as `value(forKeyPath:)`.
    public func value(forKey key: String) -> Any? { value(forKeyPath: key) }

    /// Sets a property by key path (values in any numeric type, or the property's own type; `nil` for
    /// no colour or no path), running the implicit action of the property the key path starts with, as
    /// the property's setter does; other keys are stored and read back by `value(forKey:)`.
    public func setValue(_ value: Any?, forKeyPath keyPath: String) {
        let key = keyValueKey(keyPath)
        if case .custom(let name) = key {
            setCustomValue(value, forKey: name)
            return
        }
        let root = LayerProperty.named(String(keyPath.prefix { $0 != "." }))
        let action = root.flatMap { implicitAction(for: $0.key, event: $0.keyPath) }
        let typed = Self.typedValue(value, for: keyPath)
        keyValueWillSet(typed, for: key)
        setAnimatableValue(typed, for: key)
        modelDidChange()
        action?()
    }

    /// The typed key of `keyPath` on this layer: a registered property of its class, else a key of the
    /// key-value dictionary.
    private func keyValueKey(_ keyPath: String) -> AnimatableKey {
        let key = AnimatableKey(keyPath)
        return key.layerClass.includes(type(of: self)) ? key : .custom(keyPath)
    }

    /// A key-value-coding value in typed form: `Bool` as 0 or 1, `nil` as no colour or no path.
    private static func typedValue(_ value: Any?, for keyPath: String) -> AnimatableValue {
        if let flag = value as? Bool { return .number(flag ? 1 : 0) }
        guard value == nil, let property = LayerProperty.named(keyPath) else { return AnimatableValue(value) }
        switch property.valueType {
        case .color: return .color(nil)
        case .path: return .path(nil)
        default: return AnimatableValue(value)
        }
    }

    /// Same as `setValue(_:forKeyPath:)`.
    public func setValue(_ value: Any?, forKey key: String) { setValue(value, forKeyPath: key) }

    /// The numeric components of a key path's value (a number; x y; w h; x y w h; the 16 entries of a
    /// transform row by row; r g b a), or nil for paths, nil colours and non-numeric values. Tools such
    /// as `layerscope eval` print these.
    public func numericComponents(forKeyPath keyPath: String) -> [Double]? {
        let key = keyValueKey(keyPath)
        if case .custom(let name) = key {
            return customValue(forKey: name).flatMap { AnimatableValue($0).components }
        }
        return animatableValue(for: key)?.components
    }

    /// A registered property without a typed key (`frame`, `name`, `contents`, the timing properties,
    /// …) through its accessor in `LayerProperty.all`; any other key from the subclass's stored property
    /// of that name or the key-value dictionary (`customValue(named:)`).
    private func customValue(forKey name: String) -> Any? {
        if let property = LayerProperty.named(name), property.belongs(to: self), let access = property.access {
            return access.get(self)
        }
        return customValue(named: name)
    }

    private func setCustomValue(_ value: Any?, forKey name: String) {
        if let property = LayerProperty.named(name), property.belongs(to: self), let access = property.access {
            access.set(self, value)
            return
        }
        setCustomKey(value, named: name)
    }
}
