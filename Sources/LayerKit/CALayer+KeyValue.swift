extension CALayer {
    /// A property by key path, as key-value coding returns it: numbers as `CGFloat` (`opacity` as
    /// `Float`, `hidden` as `Bool`), geometry as `CGPoint`/`CGSize`/`CGRect`, `transform` as
    /// `CATransform3D`, a `transform.…` component as the angle, scale or translation Core Animation
    /// returns (`transform.rotation` = rotation about z, `transform.scale` = mean scale,
    /// `transform.translation` = `CGSize`), colours as `CGColor?`, paths as `CGPath?`; other keys
    /// return what `setValue(_:forKey:)` stored.
    public func value(forKeyPath keyPath: String) -> Any? {
        let key = AnimatableKey(keyPath)
        switch key {
        case .opacity: return state.opacity
        case .hidden: return state.isHidden
        case .custom(let name): return customValue(forKey: name)
        default: return animatableValue(for: key)?.anyValue
        }
    }

    /// Same as `value(forKeyPath:)`.
    public func value(forKey key: String) -> Any? { value(forKeyPath: key) }

    /// Sets a property by key path (values in any numeric type, or the property's own type); other
    /// keys are stored and read back by `value(forKey:)`.
    public func setValue(_ value: Any?, forKeyPath keyPath: String) {
        let key = AnimatableKey(keyPath)
        if case .custom(let name) = key {
            setCustomValue(value, forKey: name)
            return
        }
        if case .hidden = key, let flag = value as? Bool {
            isHidden = flag
            return
        }
        setAnimatableValue(AnimatableValue(value), for: key)
        modelDidChange()
    }

    /// Same as `setValue(_:forKeyPath:)`.
    public func setValue(_ value: Any?, forKey key: String) { setValue(value, forKeyPath: key) }

    /// The numeric components of a key path's value (a number; x y; w h; x y w h; the 16 entries of a
    /// transform row by row; r g b a), or nil for paths, nil colours and non-numeric values. Tools such
    /// as `layerscope eval` print these.
    public func numericComponents(forKeyPath keyPath: String) -> [Double]? {
        let key = AnimatableKey(keyPath)
        if case .custom(let name) = key {
            return customValue(forKey: name).flatMap { AnimatableValue($0).components }
        }
        return animatableValue(for: key)?.components
    }

    private func customValue(forKey name: String) -> Any? {
        switch name {
        case "frame": return frame
        case "name": return self.name
        case "contents": return contents
        case "masksToBounds": return masksToBounds
        case "speed": return speed
        case "beginTime": return beginTime
        case "timeOffset": return timeOffset
        case "duration": return duration
        default: return customValues[name]
        }
    }

    private func setCustomValue(_ value: Any?, forKey name: String) {
        switch name {
        case "frame": if let r = value as? CGRect { frame = r }
        case "name": self.name = value as? String
        case "contents": contents = value
        case "masksToBounds": masksToBounds = value as? Bool ?? false
        case "speed": if let v = value.flatMap(AnimatableValue.number) { speed = Float(v) }
        case "beginTime": if let v = value.flatMap(AnimatableValue.number) { beginTime = v }
        case "timeOffset": if let v = value.flatMap(AnimatableValue.number) { timeOffset = v }
        default:
            customValues[name] = value
            modelDidChange()
        }
    }
}
