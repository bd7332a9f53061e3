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

    static let anyNumber = PropertyType.number(-.infinity...(.infinity), allowInfinity: false)
}

enum PropertyTable {
    static let fillModes = ["removed", "forwards", "backwards", "both"]

    /// CAMediaTiming keys, shared by layers and animations.
    static let timing: [(String, PropertyType)] = [
        ("beginTime", .anyNumber),
        ("duration", .number(0...(.infinity), allowInfinity: true)),
        ("speed", .anyNumber),
        ("timeOffset", .anyNumber),
        ("repeatCount", .number(0...(.infinity), allowInfinity: true)),
        ("repeatDuration", .number(0...(.infinity), allowInfinity: true)),
        ("autoreverses", .bool),
        ("fillMode", .choice(fillModes)),
    ]

    /// Properties of every layer (`mask`, `sublayers`, `name` and `kind` are structural, handled apart).
    static let layer: [(String, PropertyType)] =
        [
            ("frame", .rect),
            ("bounds", .rect),
            ("position", .point),
            ("anchorPoint", .point),
            ("zPosition", .anyNumber),
            ("transform", .transform),
            ("opacity", .number(0...1, allowInfinity: false)),
            ("hidden", .bool),
            ("backgroundColor", .color),
            ("contents", .image),
            (
                "contentsGravity",
                .choice([
                    "center", "top", "bottom", "left", "right", "topLeft", "topRight", "bottomLeft",
                    "bottomRight", "resize", "resizeAspect", "resizeAspectFill",
                ])
            ),
            ("masksToBounds", .bool),
        ] + timing

    /// Properties only shape layers have.
    static let shape: [(String, PropertyType)] = [
        ("path", .path),
        ("fillColor", .color),
        ("fillRule", .choice(["non-zero", "even-odd"])),
        ("strokeColor", .color),
        ("lineWidth", .number(0...(.infinity), allowInfinity: false)),
        ("lineCap", .choice(["butt", "round", "square"])),
        ("lineJoin", .choice(["miter", "round", "bevel"])),
        ("miterLimit", .number(0...(.infinity), allowInfinity: false)),
        ("lineDashPattern", .dashPattern),
        ("lineDashPhase", .anyNumber),
        ("strokeStart", .number(0...1, allowInfinity: false)),
        ("strokeEnd", .number(0...1, allowInfinity: false)),
    ]

    static func layerType(_ key: String, kind: LayerKind) -> PropertyType? {
        if let type = layer.first(where: { $0.0 == key })?.1 { return type }
        return kind == .shape ? shape.first(where: { $0.0 == key })?.1 : nil
    }

    static func isShapeKey(_ key: String) -> Bool { shape.contains { $0.0 == key } }

    /// Animatable key paths and the form their values take. Values are not range-checked: an
    /// animation may overshoot.
    static let animatable: [String: PropertyType] = {
        var table: [String: PropertyType] = [:]
        for key in [
            "opacity", "zPosition", "position.x", "position.y", "anchorPoint.x", "anchorPoint.y", "bounds.origin.x",
            "bounds.origin.y", "bounds.size.width", "bounds.size.height", "transform.rotation", "transform.rotation.x",
            "transform.rotation.y", "transform.rotation.z", "transform.scale", "transform.scale.x",
            "transform.scale.y", "transform.scale.z", "transform.translation.x", "transform.translation.y",
            "transform.translation.z", "strokeStart", "strokeEnd", "lineWidth", "miterLimit", "lineDashPhase",
        ] {
            table[key] = .anyNumber
        }
        for key in ["position", "anchorPoint", "bounds.origin"] { table[key] = .point }
        table["bounds.size"] = .size
        table["transform.translation"] = .size
        table["bounds"] = .rect
        table["transform"] = .transform
        for key in ["backgroundColor", "fillColor", "strokeColor"] { table[key] = .color }
        table["path"] = .path
        table["hidden"] = .bool
        return table
    }()

    /// Key paths that only a shape layer has.
    static func isShapeKeyPath(_ keyPath: String) -> Bool {
        ["strokeStart", "strokeEnd", "lineWidth", "miterLimit", "lineDashPhase", "fillColor", "strokeColor", "path"]
            .contains(keyPath)
    }
}
