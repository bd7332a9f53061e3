/// Cross-reference checks of a decoded scene: unique layer names, masks that are not also sublayers,
/// known images, and timeline entries that name existing layers with keys those layers have.
struct SceneDocumentChecker {
    let document: SceneDocument

    func check() throws {
        var named: [String: LayerSpec] = [:]
        let imageNames = Set(document.images.map(\.name))
        func visit(_ layer: LayerSpec, isMask: Bool) throws {
            if let name = layer.name {
                if let other = named[name] {
                    let problem =
                        isMask || other.jsonPath.hasSuffix(".mask")
                        ? "a mask cannot also be a sublayer (\(JSONValue.quoted(name)) is also at \(other.jsonPath))"
                        : "layer name \(JSONValue.quoted(name)) is already used at \(other.jsonPath)"
                    throw SceneProblem(path: "\(layer.jsonPath).name", message: problem)
                }
                named[name] = layer
            }
            for property in layer.properties {
                if case .image(let image?) = property.value, !imageNames.contains(image) {
                    throw SceneProblem(path: "\(layer.jsonPath).\(property.key)", message: unknownImage(image))
                }
            }
            if let mask = layer.mask { try visit(mask, isMask: true) }
            for sublayer in layer.sublayers { try visit(sublayer, isMask: false) }
        }
        for layer in document.layers { try visit(layer, isMask: false) }
        for entry in document.timeline { try checkEntry(entry, named: named, imageNames: imageNames) }
    }

    private func unknownImage(_ name: String) -> String {
        let known = document.images.map { JSONValue.quoted($0.name) }.joined(separator: ", ")
        return "no image named \(JSONValue.quoted(name)) in \"images\"" + (known.isEmpty ? "" : " (known: \(known))")
    }

    private func checkEntry(_ entry: TimelineEntry, named: [String: LayerSpec], imageNames: Set<String>) throws {
        let (verb, layerName): (String, String)
        switch entry.action {
        case .add(let layer, _, _): (verb, layerName) = ("add", layer)
        case .remove(let layer, _): (verb, layerName) = ("remove", layer)
        case .pause(let layer): (verb, layerName) = ("pause", layer)
        case .resume(let layer): (verb, layerName) = ("resume", layer)
        case .set(let layer, _): (verb, layerName) = ("set", layer)
        }
        let isObject: Bool = {
            switch entry.action {
            case .pause, .resume: return false
            default: return true
            }
        }()
        let layerPath = "\(entry.jsonPath).\(verb)" + (isObject ? ".layer" : "")
        guard let layer = named[layerName] else {
            throw SceneProblem(path: layerPath, message: "no layer named \(JSONValue.quoted(layerName))")
        }
        switch entry.action {
        case .add(_, _, let animation):
            try checkAnimation(animation, on: layer, path: "\(entry.jsonPath).add.animation")
        case .set(_, let properties):
            for property in properties {
                let path = "\(entry.jsonPath).set.\(property.key)"
                if !PropertyTable.kind(layer.kind, has: property.key), let owner = PropertyTable.owner(of: property.key)
                {
                    throw SceneProblem(
                        path: path, message: "layer \(JSONValue.quoted(layerName)) is not a \(owner.rawValue) layer")
                }
                if case .image(let image?) = property.value, !imageNames.contains(image) {
                    throw SceneProblem(path: path, message: unknownImage(image))
                }
            }
        default: break
        }
    }

    private func checkAnimation(_ animation: AnimationSpec, on layer: LayerSpec, path: String) throws {
        if let keyPath = animation.keyPath, !PropertyTable.kind(layer.kind, has: keyPath),
            let owner = PropertyTable.owner(of: keyPath)
        {
            throw SceneProblem(
                path: "\(path).keyPath",
                message:
                    "\(JSONValue.quoted(keyPath)) needs a \(owner.rawValue) layer; \(JSONValue.quoted(layer.name ?? "")) is not one"
            )
        }
        for (index, child) in animation.animations.enumerated() {
            try checkAnimation(child, on: layer, path: "\(path).animations[\(index)]")
        }
    }
}
