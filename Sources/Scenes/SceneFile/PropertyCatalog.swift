import LayerKit

/// LayerKit's property registry (`LayerProperty.all`) as `layerscope properties` prints it: every
/// property with its key path, value type, layer class, whether it animates (explicitly, implicitly),
/// the values a scene file may give it, whether it is a `CAMediaTiming` property, and its default in
/// scene-file spelling. The JSON form is for tools: the scene fuzzer takes its keys, value types and
/// ranges from it.
public enum PropertyCatalog {
    /// One JSON object: `layerClasses` (the scene-file `kind`s) and `properties`, one per line, each
    /// with `keyPath`, `valueType` (and `choices` for a choice), `layerClass`, `animatable`,
    /// `implicit`, `validRange` (`[low, high]`, `"inf"` for an open end, or null for any finite
    /// number), `allowsInfinity`, `mediaTiming`, `layerKey` (a scene file's layer object may set it)
    /// and `defaultValue` (null when there is none, or a scene file cannot spell it).
    public static func json() -> String {
        let classes = JSONValue.array(LayerProperty.LayerClass.allCases.map { .string($0.rawValue) })
        let lines = LayerProperty.all.map { "    " + entry($0).text }
        return "{\n  \"layerClasses\": \(classes.text),\n  \"properties\": [\n"
            + lines.joined(separator: ",\n") + "\n  ]\n}"
    }

    /// The same as a table, one property a line under a header (RANGE: a number's or a size's valid
    /// values, INF: whether `"inf"` is one, TIMING: a `CAMediaTiming` property; a choice's names follow
    /// its default).
    public static func table() -> String {
        let header = ["KEY PATH", "TYPE", "CLASS", "ANIMATES", "RANGE", "INF", "TIMING", "DEFAULT"]
        let rows = LayerProperty.all.map { property -> [String] in
            let animates = property.isAnimatable ? (property.animatesImplicitly ? "implicitly" : "explicitly") : "no"
            let numeric = property.valueType == .number || property.valueType == .size
            let range = property.validRange.map { format($0.lowerBound) + "..." + format($0.upperBound) }
            var value = defaultValue(property).text
            if case .choice(let names) = property.valueType { value += " (" + names.joined(separator: "|") + ")" }
            return [
                property.keyPath, typeName(property.valueType), property.layerClass.rawValue, animates,
                range ?? (numeric ? "any" : "-"), property.allowsInfinity ? "yes" : "no",
                property.isMediaTiming ? "yes" : "no", value,
            ]
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        return ([header] + rows).map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padding(toLength: widths[column] + 2, withPad: " ", startingAt: 0)
            }.joined()
        }.joined(separator: "\n")
    }

    private static func entry(_ property: LayerProperty) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("keyPath", .string(property.keyPath)), ("valueType", .string(typeName(property.valueType))),
        ]
        if case .choice(let names) = property.valueType {
            members.append(("choices", .array(names.map { .string($0) })))
        }
        members += [
            ("layerClass", .string(property.layerClass.rawValue)), ("animatable", .bool(property.isAnimatable)),
            ("implicit", .bool(property.animatesImplicitly)),
            (
                "validRange",
                property.validRange.map {
                    .array([SceneValueEncoder.number($0.lowerBound), SceneValueEncoder.number($0.upperBound)])
                } ?? .null
            ),
            ("allowsInfinity", .bool(property.allowsInfinity)), ("mediaTiming", .bool(property.isMediaTiming)),
            ("layerKey", .bool(PropertyTable.allSettable.contains { $0.keyPath == property.keyPath })),
            ("defaultValue", defaultValue(property)),
        ]
        return .object(members)
    }

    /// The default (a new layer's value) in scene-file spelling; null when there is none or it cannot
    /// be spelled.
    private static func defaultValue(_ property: LayerProperty) -> JSONValue {
        SceneValueEncoder.encode(property, of: property.layerClass.layerType.init(layer: ())) ?? .null
    }

    /// A number for the table (`inf` for infinity).
    private static func format(_ n: Double) -> String {
        n.isInfinite ? (n > 0 ? "inf" : "-inf") : JSONValue.format(n)
    }

    /// The value type's name, as the JSON and the table give it.
    private static func typeName(_ type: LayerProperty.ValueType) -> String {
        switch type {
        case .number: return "number"
        case .bool: return "bool"
        case .point: return "point"
        case .size: return "size"
        case .rect: return "rect"
        case .transform: return "transform"
        case .color: return "color"
        case .path: return "path"
        case .image: return "image"
        case .dashPattern: return "dashPattern"
        case .string: return "string"
        case .text: return "text"
        case .font: return "font"
        case .emitterCells: return "emitterCells"
        case .choice: return "choice"
        case .colorList: return "colorList"
        case .numberList: return "numberList"
        }
    }
}
