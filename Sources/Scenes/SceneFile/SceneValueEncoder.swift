import Geometry
import LayerKit

/// Writes a layer's property value as a scene file spells it (what `SceneValueDecoder` reads back): numbers
/// (`"inf"` for infinity), `[x, y]`, `[w, h]`, `[x, y, w, h]`, 16 transform numbers row by row,
/// `"#rrggbbaa"` colours, SVG path data, names for choices and fonts, `null` for none.
enum SceneValueEncoder {
    /// The value of `property` on `layer` in the scene-file form of its type, or nil when a scene file
    /// cannot spell it (a picture object, emitter cells).
    static func encode(_ property: LayerProperty, of layer: CALayer) -> JSONValue? {
        let keyPath = property.keyPath
        guard let value = layer.value(forKeyPath: keyPath) else { return .null }
        let numbers = layer.numericComponents(forKeyPath: keyPath)
        switch property.valueType {
        case .number: return numbers?.first.map(number)
        case .bool: return (value as? Bool).map { .bool($0) }
        case .point, .size, .rect, .transform, .numberList, .dashPattern: return numbers.map { .array($0.map(number)) }
        case .color: return (value as? CGColor).map(color)
        case .colorList: return (value as? [CGColor]).map { .array($0.map(color)) }
        case .path: return (value as? CGPath).map { .string(pathData($0)) }
        case .choice: return name(value).map { .string($0) }
        case .string, .text, .font:
            if let font = value as? UIFont { return .string(font.fontName) }
            return name(value).map { .string($0) }
        case .image, .emitterCells: return nil
        }
    }

    /// A number, infinity as `"inf"`.
    static func number(_ n: Double) -> JSONValue {
        n.isInfinite ? .string(n > 0 ? "inf" : "-inf") : .number(n)
    }

    /// `#rrggbbaa`, each channel rounded to 8 bits.
    static func color(_ c: CGColor) -> JSONValue {
        let channels = [c.red, c.green, c.blue, c.alpha].map { UInt8((min(max($0, 0), 1) * 255).rounded()) }
        return .string("#" + channels.map { String(format: "%02x", $0) }.joined())
    }

    /// A string, a name of a choice (`CALayerContentsGravity`, …) or an `NSString`.
    static func name(_ value: Any) -> String? {
        if let text = value as? String { return text }
        if let text = value as? NSString { return text as String }
        return (value as? any RawRepresentable)?.rawValue as? String
    }

    /// SVG path data of `path` (M, L, Q, C, Z).
    static func pathData(_ path: CGPath) -> String {
        var parts: [String] = []
        func point(_ p: CGPoint) -> String { JSONValue.format(p.x) + " " + JSONValue.format(p.y) }
        path.forEachElement { element in
            switch element {
            case .moveTo(let p): parts.append("M " + point(p))
            case .lineTo(let p): parts.append("L " + point(p))
            case .quadCurveTo(let c, let p): parts.append("Q " + point(c) + " " + point(p))
            case .curveTo(let c1, let c2, let p): parts.append("C " + point(c1) + " " + point(c2) + " " + point(p))
            case .closeSubpath: parts.append("Z")
            }
        }
        return parts.joined(separator: " ")
    }
}
