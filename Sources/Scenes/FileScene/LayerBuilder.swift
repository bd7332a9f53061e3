import LayerKit

/// Makes LayerKit layers from `LayerSpec`s and assigns scene-file property values to layers.
struct LayerBuilder {
    let images: [String: Any]

    /// The layer, its mask and sublayers; named layers are recorded in `named`.
    func build(_ spec: LayerSpec, named: inout [String: CALayer]) -> CALayer {
        let layer = spec.kind.layerType.init(layer: ())
        layer.name = spec.name
        for property in spec.properties { assign(property.key, property.value, to: layer) }
        if let name = spec.name { named[name] = layer }
        if let mask = spec.mask { layer.mask = build(mask, named: &named) }
        for sublayer in spec.sublayers { layer.addSublayer(build(sublayer, named: &named)) }
        return layer
    }

    /// `layer.<key> = value` through key-value coding, for the keys of `PropertyTable` (shape keys
    /// are ignored on plain layers).
    func assign(_ key: String, _ value: SceneValue, to layer: CALayer) {
        guard LayerProperty.named(key)?.belongs(to: layer) == true else { return }
        layer.setValue(object(value), forKeyPath: key)
    }

    /// A scene value as the object key-value coding takes (an image name becomes the image).
    private func object(_ value: SceneValue) -> Any? {
        if case .image(let name) = value { return name.flatMap { images[$0] } }
        return AnimationBuilder.anyValue(value)
    }

    static func cgColor(_ c: SceneColor) -> CGColor {
        CGColor(red: CGFloat(c.red), green: CGFloat(c.green), blue: CGFloat(c.blue), alpha: CGFloat(c.alpha))
    }
}
