import Geometry
import LayerKit

/// Reads a property value from a JSON node, in the form the registry gives the property.
enum SceneValueDecoder {
    /// The value of `property` at `node`: within its valid range when `rangeChecked` (a layer's value;
    /// an animation's may overshoot).
    static func decode(_ node: JSONNode, as property: LayerProperty, rangeChecked: Bool = true) throws -> SceneValue {
        switch property.valueType {
        case .number:
            let range = rangeChecked ? property.validRange : nil
            return .number(
                try node.number(in: range ?? -.infinity...(.infinity), allowInfinity: property.allowsInfinity))
        case .bool: return .bool(try node.bool())
        case .point: return .point(try node.point())
        case .size: return .size(try node.size(in: rangeChecked ? property.validRange : nil))
        case .rect: return .rect(try node.rect())
        case .transform: return .transform(try transform(node))
        case .color: return .color(try color(node))
        case .path: return .path(try path(node))
        case .dashPattern:
            if node.value == .null { return .numbers(nil) }
            return .numbers(try node.array().map { try $0.number(in: 0...(.infinity)) })
        case .image:
            if node.value == .null { return .image(nil) }
            return .image(try node.string())
        case .choice(let choices): return .string(try node.choice(choices))
        case .emitterCells: return .cells(try node.array().map(cell))
        case .colorList:
            if node.value == .null { return .colors(nil) }
            return .colors(
                try node.array().map { element in
                    guard let color = try color(element) else {
                        throw element.expected("a color \"#rrggbb\" or \"#rrggbbaa\"")
                    }
                    return color
                })
        case .numberList:
            if node.value == .null { return .numbers(nil) }
            return .numbers(try node.array().map { try $0.number() })
        case .text, .string: return .string(try node.string())
        case .font: return .string(try fontName(node))
        }
    }

    /// A font name `UIFont(name:size:)` knows (each is drawn in a DejaVu face).
    static func fontName(_ node: JSONNode) throws -> String {
        let name = try node.string()
        guard UIFont(name: name, size: 12) != nil else {
            throw node.fail(
                "unknown font \(JSONValue.quoted(name)); known are the DejaVu faces and the iOS names they stand for, e.g. \"Helvetica\", \"Helvetica-Bold\", \"Courier\", \"Times\", \"DejaVuSans\""
            )
        }
        return name
    }

    /// One emitter cell: an object of `CAEmitterCell.properties`, each value in its property's form.
    static func cell(_ node: JSONNode) throws -> SceneCell {
        let object = try node.object(allowedKeys: CAEmitterCell.properties.map(\.name))
        var properties: [SceneProperty] = []
        for property in CAEmitterCell.properties {
            guard let member = object[property.name] else { continue }
            let value: SceneValue
            switch property.valueType {
            case .string: value = .string(try member.string())
            case .number:
                value = .number(try member.number(in: property.validRange ?? -.infinity...(.infinity)))
            case .bool: value = .bool(try member.bool())
            case .color: value = .color(try color(member))
            default:
                if member.value == .null { value = .image(nil) } else { value = .image(try member.string()) }
            }
            properties.append(SceneProperty(key: property.name, value: value))
        }
        return SceneCell(properties: properties, jsonPath: node.path)
    }

    /// `#rrggbb`, `#rrggbbaa` or `null`.
    static func color(_ node: JSONNode) throws -> SceneColor? {
        if node.value == .null { return nil }
        guard case .string(let text) = node.value else {
            throw node.expected("a color \"#rrggbb\", \"#rrggbbaa\" or null")
        }
        let hex = Array(text.utf8)
        guard hex.first == UInt8(ascii: "#"), hex.count == 7 || hex.count == 9,
            let value = UInt64(String(decoding: hex.dropFirst(), as: UTF8.self), radix: 16),
            hex.dropFirst().allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit })
        else { throw node.expected("a color \"#rrggbb\", \"#rrggbbaa\" or null") }
        let rgba = hex.count == 7 ? value << 8 | 0xFF : value
        func channel(_ shift: UInt64) -> Double { Double((rgba >> shift) & 0xFF) / 255 }
        return SceneColor(red: channel(24), green: channel(16), blue: channel(8), alpha: channel(0))
    }

    /// SVG path data, `{"oval": rect}`, `{"rect": rect}`, `{"arc": {...}}`, an array of those pieces
    /// appended in order (an arc after other pieces starts with a line from the current point, as
    /// `CGMutablePath.addArc` does), or `null`.
    static func path(_ node: JSONNode) throws -> CGPath? {
        switch node.value {
        case .null: return nil
        case .array(let items):
            guard !items.isEmpty else { throw node.expected("a path or a non-empty array of path pieces") }
            let path = CGMutablePath()
            for piece in try node.array() { try appendPiece(piece, to: path) }
            return path
        default:
            let path = CGMutablePath()
            try appendPiece(node, to: path)
            return path
        }
    }

    private static func appendPiece(_ node: JSONNode, to path: CGMutablePath) throws {
        switch node.value {
        case .string(let data):
            do {
                path.addPath(try SVGPathParser.parse(data))
            } catch {
                throw node.fail("bad path data: \(error)")
            }
        case .object(let members) where members.count == 1:
            let object = try node.object(allowedKeys: ["oval", "rect", "arc"])
            if let oval = object["oval"] { return path.addEllipse(in: try oval.rect()) }
            if let rect = object["rect"] { return path.addRect(try rect.rect()) }
            let arc = try object.required("arc").object(allowedKeys: [
                "center", "radius", "startAngle", "endAngle", "clockwise",
            ])
            path.addArc(
                center: try arc.required("center").point(),
                radius: try arc.required("radius").number(in: 0...(.infinity)),
                startAngle: try arc.required("startAngle").number(),
                endAngle: try arc.required("endAngle").number(),
                clockwise: try arc["clockwise"]?.bool() ?? false)
        default:
            throw node.expected("a path (SVG path data, {\"oval\": rect}, {\"rect\": rect}, {\"arc\": {...}}) or null")
        }
    }

    /// 16 numbers row by row, or `{"rotation": radians, "scale": [sx, sy], "translation": [tx, ty]}`
    /// meaning scale, then rotate, then translate.
    static func transform(_ node: JSONNode) throws -> CATransform3D {
        switch node.value {
        case .array:
            return CATransform3D(
                rowMajor: try node.numbers(count: 16, what: "16 numbers or a transform object").map { CGFloat($0) })
        case .object:
            let object = try node.object(allowedKeys: ["rotation", "scale", "translation"])
            var t = CATransform3DIdentity
            if let scale = object["scale"] {
                let s: [Double]
                if case .number(let n) = scale.value {
                    s = [n, n]
                } else {
                    s = try scale.numbers(count: 2, what: "a scale [sx, sy] or a number")
                }
                t = CATransform3DConcat(t, CATransform3DMakeScale(s[0], s[1], 1))
            }
            if let rotation = object["rotation"] {
                t = CATransform3DConcat(t, CATransform3DMakeRotation(try rotation.number(), 0, 0, 1))
            }
            if let translation = object["translation"] {
                let v = try translation.numbers(count: 2, what: "a translation [tx, ty]")
                t = CATransform3DConcat(t, CATransform3DMakeTranslation(v[0], v[1], 0))
            }
            return t
        default:
            throw node.expected("16 numbers or a transform object")
        }
    }

    /// A timing function name or `[x1, y1, x2, y2]` (x in 0…1).
    static func timingFunction(_ node: JSONNode) throws -> TimingFunctionSpec {
        if case .array = node.value {
            let v = try node.numbers(count: 4, what: "a timing function name or [x1, y1, x2, y2]")
            guard (0...1).contains(v[0]), (0...1).contains(v[2]) else {
                throw node.fail("control point x values must be between 0 and 1")
            }
            return .controlPoints(v[0], v[1], v[2], v[3])
        }
        guard case .string = node.value else { throw node.expected("a timing function name or [x1, y1, x2, y2]") }
        return .named(try node.choice(TimingFunctionNames.all.map(\.name)))
    }
}
