import LayerKit

/// Makes LayerKit layers from `LayerSpec`s and assigns scene-file property values to layers.
struct LayerBuilder {
    let images: [String: Any]

    /// The layer, its mask and sublayers; named layers are recorded in `named`.
    func build(_ spec: LayerSpec, named: inout [String: CALayer]) -> CALayer {
        let layer: CALayer = spec.kind == .shape ? CAShapeLayer() : CALayer()
        layer.name = spec.name
        for property in spec.properties { assign(property.key, property.value, to: layer) }
        if let name = spec.name { named[name] = layer }
        if let mask = spec.mask { layer.mask = build(mask, named: &named) }
        for sublayer in spec.sublayers { layer.addSublayer(build(sublayer, named: &named)) }
        return layer
    }

    /// `layer.<key> = value`, for the keys of `PropertyTable` (shape keys are ignored on plain layers).
    func assign(_ key: String, _ value: SceneValue, to layer: CALayer) {
        switch (key, value) {
        case ("frame", .rect(let r)): layer.frame = r
        case ("bounds", .rect(let r)): layer.bounds = r
        case ("position", .point(let p)): layer.position = p
        case ("anchorPoint", .point(let p)): layer.anchorPoint = p
        case ("zPosition", .number(let n)): layer.zPosition = CGFloat(n)
        case ("transform", .transform(let t)): layer.transform = t
        case ("opacity", .number(let n)): layer.opacity = Float(n)
        case ("hidden", .bool(let b)): layer.isHidden = b
        case ("backgroundColor", .color(let c)): layer.backgroundColor = c.map(Self.cgColor)
        case ("contents", .image(let name)): layer.contents = name.flatMap { images[$0] }
        case ("contentsGravity", .string(let s)): layer.contentsGravity = CALayerContentsGravity(rawValue: s)
        case ("masksToBounds", .bool(let b)): layer.masksToBounds = b
        case ("beginTime", .number(let n)): layer.beginTime = n
        case ("duration", .number(let n)): layer.duration = n
        case ("speed", .number(let n)): layer.speed = Float(n)
        case ("timeOffset", .number(let n)): layer.timeOffset = n
        case ("repeatCount", .number(let n)): layer.repeatCount = Float(n)
        case ("repeatDuration", .number(let n)): layer.repeatDuration = n
        case ("autoreverses", .bool(let b)): layer.autoreverses = b
        case ("fillMode", .string(let s)): layer.fillMode = CAMediaTimingFillMode(rawValue: s)
        default:
            if let shape = layer as? CAShapeLayer { assignShape(key, value, to: shape) }
        }
    }

    private func assignShape(_ key: String, _ value: SceneValue, to shape: CAShapeLayer) {
        switch (key, value) {
        case ("path", .path(let p)): shape.path = p
        case ("fillColor", .color(let c)): shape.fillColor = c.map(Self.cgColor)
        case ("fillRule", .string(let s)): shape.fillRule = CAShapeLayerFillRule(rawValue: s)
        case ("strokeColor", .color(let c)): shape.strokeColor = c.map(Self.cgColor)
        case ("lineWidth", .number(let n)): shape.lineWidth = CGFloat(n)
        case ("lineCap", .string(let s)): shape.lineCap = CAShapeLayerLineCap(rawValue: s)
        case ("lineJoin", .string(let s)): shape.lineJoin = CAShapeLayerLineJoin(rawValue: s)
        case ("miterLimit", .number(let n)): shape.miterLimit = CGFloat(n)
        case ("lineDashPattern", .numbers(let v)): shape.lineDashPattern = v?.map { NSNumber(value: $0) }
        case ("lineDashPhase", .number(let n)): shape.lineDashPhase = CGFloat(n)
        case ("strokeStart", .number(let n)): shape.strokeStart = CGFloat(n)
        case ("strokeEnd", .number(let n)): shape.strokeEnd = CGFloat(n)
        default: break
        }
    }

    static func cgColor(_ c: SceneColor) -> CGColor {
        CGColor(red: CGFloat(c.red), green: CGFloat(c.green), blue: CGFloat(c.blue), alpha: CGFloat(c.alpha))
    }
}
