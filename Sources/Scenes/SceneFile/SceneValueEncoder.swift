import Geometry
import LayerKit

/// Writes a property's value as a scene file spells it (what `SceneValueDecoder` reads back): numbers
/// (`"inf"` for infinity), `[x, y]`, `[w, h]`, `[x, y, w, h]`, 16 transform numbers row by row,
/// `"#rrggbbaa"` colours, SVG path data, names for choices and fonts, `null` for none.
enum SceneValueEncoder {
    /// `value` (as `value(forKeyPath:)` returns it) in the scene-file form of `type`, or nil when a
    /// scene file cannot spell it (a picture object, emitter cells).
    static func encode(_ value: Any?, as type: LayerProperty.ValueType) -> JSONValue? {
        guard let value else { return .null }
        switch type {
        case .number: return scalar(value).map(number)
        case .bool: return (value as? Bool).map { .bool($0) }
        case .point, .size, .rect, .transform, .numberList, .dashPattern:
            return numbers(value).map { .array($0.map(number)) }
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

    /// A number in any of the types properties have.
    static func scalar(_ value: Any) -> Double? {
        switch value {
        case let v as Double: return v
        case let v as CGFloat: return Double(v)
        case let v as Float: return Double(v)
        case let v as Int: return Double(v)
        case let v as UInt32: return Double(v)
        case let v as NSNumber: return v.doubleValue
        default: return nil
        }
    }

    /// The numbers of a point, size, rectangle, transform (row by row) or list.
    static func numbers(_ value: Any) -> [Double]? {
        switch value {
        case let p as CGPoint: return [p.x, p.y]
        case let s as CGSize: return [s.width, s.height]
        case let r as CGRect: return [r.origin.x, r.origin.y, r.size.width, r.size.height]
        case let t as CATransform3D: return t.rowMajor.map { Double($0) }
        case let list as [Any]:
            let numbers = list.compactMap(scalar)
            return numbers.count == list.count ? numbers : nil
        default: return nil
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
