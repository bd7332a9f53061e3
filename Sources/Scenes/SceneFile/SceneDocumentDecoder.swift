import Geometry
import LayerKit

/// Turns a parsed JSON value into a checked `SceneDocument`; every error names its JSON path.
struct SceneDocumentDecoder {
    /// The folder relative image names resolve against.
    let baseURL: URL

    func decode(_ value: JSONValue) throws -> SceneDocument {
        let top = try JSONNode(value: value, path: "").object(allowedKeys: ["size", "images", "layers", "timeline"])
        let sizeNode = try top.required("size")
        let size = try sizeNode.size()
        guard size.width >= 1, size.height >= 1, size.width <= 16384, size.height <= 16384 else {
            throw sizeNode.fail("width and height must be between 1 and 16384")
        }
        var images: [(name: String, url: URL)] = []
        if let imagesNode = top["images"] {
            guard case .object(let members) = imagesNode.value else { throw imagesNode.expected("an object") }
            for member in members {
                let file = try imagesNode.member(member.key, member.value).string()
                let url = file.hasPrefix("/") ? URL(fileURLWithPath: file) : baseURL.appendingPathComponent(file)
                images.append((member.key, url.standardizedFileURL))
            }
        }
        let layersNode = try top.required("layers")
        let layers = try layersNode.array().map { try decodeLayer($0) }
        let timeline = try (top["timeline"]?.array() ?? []).map { try decodeEntry($0) }
        let document = SceneDocument(
            url: nil, size: size, images: images, layers: layers,
            timeline: timeline.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
                .map(\.element))
        try SceneDocumentChecker(document: document).check()
        return document
    }

    private static let structuralLayerKeys = ["name", "kind", "mask", "sublayers"]

    private func decodeLayer(_ node: JSONNode) throws -> LayerSpec {
        guard case .object(let members) = node.value else { throw node.expected("a layer object") }
        let raw = JSONObjectNode(node: node, members: members)
        let kind = try LayerKind(rawValue: raw["kind"]?.choice(LayerKind.allCases.map(\.rawValue)) ?? "layer")!
        if let key = raw.keys.first(where: { !PropertyTable.kind(kind, has: $0) }),
            let owner = PropertyTable.owner(of: key)
        {
            throw raw[key]!.fail(
                "\(JSONValue.quoted(key)) is a \(owner.rawValue)-layer key; add \"kind\": \"\(owner.rawValue)\" to this layer"
            )
        }
        let allowed = Self.structuralLayerKeys + PropertyTable.settable(by: kind).map(\.keyPath)
        let object = try node.object(allowedKeys: allowed)
        let name = try object["name"]?.string()
        if let name, name.isEmpty { throw object["name"]!.fail("a layer name cannot be empty") }
        let properties = try decodeProperties(object, kind: kind, skipping: Self.structuralLayerKeys)
        let mask = try object["mask"].map { try decodeLayer($0) }
        let sublayers = try (object["sublayers"]?.array() ?? []).map { try decodeLayer($0) }
        return LayerSpec(
            name: name, kind: kind, properties: properties, mask: mask, sublayers: sublayers, jsonPath: node.path)
    }

    /// Layer properties, `anchorPoint` first (so `frame` means the frame), the rest in file order: those
    /// of a layer of `kind`, or of any layer class when `kind` is nil (a `set`, whose layer the file names).
    private func decodeProperties(
        _ object: JSONObjectNode, kind: LayerKind?, skipping: [String]
    ) throws -> [(key: String, value: SceneValue)] {
        var properties: [(key: String, value: SceneValue)] = []
        for key in object.keys where !skipping.contains(key) {
            let property =
                kind.map { PropertyTable.layerProperty(key, kind: $0) } ?? PropertyTable.settableProperty(key)
            guard let property else { continue }
            properties.append((key, try SceneValueDecoder.decode(object[key]!, as: property)))
        }
        if let index = properties.firstIndex(where: { $0.key == "anchorPoint" }) {
            properties.insert(properties.remove(at: index), at: 0)
        }
        return properties
    }

    private func decodeEntry(_ node: JSONNode) throws -> TimelineEntry {
        let actions = ["add", "remove", "pause", "resume", "set"]
        let object = try node.object(allowedKeys: ["at"] + actions)
        let time = try object.required("at").number(in: 0...(.infinity))
        let present = actions.filter { object[$0] != nil }
        guard present.count == 1 else {
            throw node.fail("a timeline entry needs \"at\" and exactly one of \(actions.joined(separator: ", "))")
        }
        let actionNode = object[present[0]]!
        let action: TimelineAction
        switch present[0] {
        case "add":
            let add = try actionNode.object(allowedKeys: ["layer", "key", "animation"])
            action = .add(
                layer: try add.required("layer").string(), key: try add["key"]?.string(),
                animation: try decodeAnimation(try add.required("animation")))
        case "remove":
            let remove = try actionNode.object(allowedKeys: ["layer", "key"])
            action = .remove(layer: try remove.required("layer").string(), key: try remove["key"]?.string())
        case "pause": action = .pause(layer: try actionNode.string())
        case "resume": action = .resume(layer: try actionNode.string())
        default:
            guard case .object(let members) = actionNode.value else { throw actionNode.expected("an object") }
            let raw = JSONObjectNode(node: actionNode, members: members)
            let allowed = ["layer"] + PropertyTable.allSettable.map(\.keyPath)
            let set = try actionNode.object(allowedKeys: allowed)
            let layer = try set.required("layer").string()
            guard raw.keys.count > 1 else {
                throw actionNode.fail("\"set\" needs at least one property besides \"layer\"")
            }
            action = .set(layer: layer, properties: try decodeProperties(set, kind: nil, skipping: ["layer"]))
        }
        return TimelineEntry(time: time, action: action, jsonPath: node.path)
    }

    private func decodeAnimation(_ node: JSONNode) throws -> AnimationSpec {
        guard case .object(let members) = node.value else { throw node.expected("an animation object") }
        let raw = JSONObjectNode(node: node, members: members)
        let kind = try AnimationKind(
            rawValue: raw.required("kind").choice(["basic", "spring", "keyframe", "group", "transition"]))!
        let common = ["kind", "removedOnCompletion", "timingFunction"] + PropertyTable.timing.map(\.keyPath)
        let property = ["keyPath", "additive", "cumulative"]
        let specific: [String]
        switch kind {
        case .basic: specific = property + ["fromValue", "toValue", "byValue"]
        case .spring: specific = property + ["fromValue", "toValue", "byValue"] + Self.springKeys
        case .keyframe: specific = property + ["values", "keyTimes", "timingFunctions", "calculationMode"]
        case .group: specific = ["animations"]
        case .transition: specific = ["type", "subtype", "startProgress", "endProgress"]
        }
        let object = try node.object(allowedKeys: common + specific)
        var animated: LayerProperty?
        var keyPath: String?
        if kind != .group && kind != .transition {
            let keyPathNode = try object.required("keyPath")
            let path = try keyPathNode.string()
            guard let property = PropertyTable.animatable(path) else {
                throw keyPathNode.fail("\(JSONValue.quoted(path)) is not an animatable key path")
            }
            keyPath = path
            animated = property
        }
        let animation = AnimationSpec(kind: kind, keyPath: keyPath)
        try decodeTiming(object, into: animation)
        animation.removedOnCompletion = try object["removedOnCompletion"]?.bool() ?? true
        animation.timingFunction = try object["timingFunction"].map(SceneValueDecoder.timingFunction)
        animation.additive = try object["additive"]?.bool() ?? false
        animation.cumulative = try object["cumulative"]?.bool() ?? false
        if let animated {
            func value(_ key: String) throws -> SceneValue? {
                try object[key].map { try SceneValueDecoder.decode($0, as: animated, rangeChecked: false) }
            }
            animation.fromValue = try value("fromValue")
            animation.toValue = try value("toValue")
            animation.byValue = try value("byValue")
            if animation.fromValue != nil, animation.toValue != nil, animation.byValue != nil {
                throw node.fail("at most two of fromValue, toValue and byValue may be given")
            }
            animation.values = try object["values"]?.array().map {
                try SceneValueDecoder.decode($0, as: animated, rangeChecked: false)
            }
        }
        try decodeKeyframeTiming(object, into: animation)
        if kind == .spring { try decodeSpring(object, into: animation) }
        if kind == .group {
            animation.animations = try (object["animations"]?.array() ?? []).map { try decodeAnimation($0) }
        }
        if kind == .transition {
            animation.transitionType = try object["type"]?.choice(CATransitionType.allCases.map(\.rawValue))
            animation.transitionSubtype = try object["subtype"]?.choice(CATransitionSubtype.allCases.map(\.rawValue))
            animation.startProgress = try object["startProgress"]?.number(in: 0...1) ?? 0
            animation.endProgress = try object["endProgress"]?.number(in: animation.startProgress...1) ?? 1
        }
        return animation
    }

    private func decodeTiming(_ object: JSONObjectNode, into animation: AnimationSpec) throws {
        func number(_ key: String, _ range: ClosedRange<Double>, infinity: Bool) throws -> Double? {
            try object[key]?.number(in: range, allowInfinity: infinity)
        }
        let any = -Double.infinity...Double.infinity
        animation.beginTime = try number("beginTime", any, infinity: false) ?? 0
        if animation.kind == .spring, let node = object["duration"], case .string(let text) = node.value, text != "inf"
        {
            // A spring's duration may name its own settling time (set when the spring is decoded).
            guard text == "settlingDuration" else { throw node.expected("a number, \"inf\" or \"settlingDuration\"") }
        } else {
            animation.duration = try number("duration", 0...(.infinity), infinity: true) ?? 0
        }
        animation.speed = try number("speed", any, infinity: false) ?? 1
        animation.timeOffset = try number("timeOffset", any, infinity: false) ?? 0
        animation.repeatCount = try number("repeatCount", 0...(.infinity), infinity: true) ?? 0
        animation.repeatDuration = try number("repeatDuration", 0...(.infinity), infinity: true) ?? 0
        animation.autoreverses = try object["autoreverses"]?.bool() ?? false
        animation.fillMode = try object["fillMode"]?.choice(PropertyTable.fillModes)
    }

    private func decodeKeyframeTiming(_ object: JSONObjectNode, into animation: AnimationSpec) throws {
        guard animation.kind == .keyframe else { return }
        let valuesCount = animation.values?.count ?? 0
        animation.calculationMode = try object["calculationMode"]?.choice(
            CAAnimationCalculationMode.allCases.map(\.rawValue))
        if let node = object["keyTimes"] {
            let times = try node.array().map { try $0.number(in: 0...1) }
            // Discrete keyframes take Apple's documented form, one more key time than values (the
            // last ends the last value's interval), or one per value.
            let discrete = animation.calculationMode == "discrete"
            guard times.count == valuesCount || (discrete && times.count == valuesCount + 1) else {
                let needed =
                    discrete
                    ? "one key time per value and one to end the last (\(valuesCount + 1)), or one per value"
                    : "one key time per value (\(valuesCount))"
                throw node.fail("needs \(needed), got \(times.count)")
            }
            guard zip(times, times.dropFirst()).allSatisfy({ $0 <= $1 }) else {
                throw node.fail("key times must not decrease")
            }
            animation.keyTimes = times
        }
        if let node = object["timingFunctions"] {
            let functions = try node.array().map(SceneValueDecoder.timingFunction)
            guard functions.count == max(0, valuesCount - 1) else {
                throw node.fail(
                    "needs one timing function per interval (\(max(0, valuesCount - 1))), got \(functions.count)")
            }
            animation.timingFunctions = functions
        }
    }
}
