import Foundation
import LayerKit
import Raster
import Testing

@testable import Scenes

/// The scene-file keys come from LayerKit's registry: the loader takes every layer key of every class
/// and animates every animatable key path, and `layerscope properties --json` (`PropertyCatalog`)
/// lists them all with defaults a scene file accepts.
@Suite struct PropertyCatalogTests {
    /// A value of the property other than its default, as a scene file spells it.
    static func sample(_ property: LayerProperty) -> String {
        switch property.valueType {
        case .number:
            let range = property.validRange ?? -.infinity...(.infinity)
            let current = SceneValueEncoder.encode(property, of: property.layerClass.layerType.init(layer: ()))
            return [3, 7, 0.5, 0.25].first { range.contains($0) && JSONValue.number($0) != current }!.description
        case .bool: return property.defaultValue as? Bool == true ? "false" : "true"
        case .point: return "[0.25, 0.75]"
        case .size: return "[3, 4]"
        case .rect: return "[1, 2, 3, 4]"
        case .transform: return "[2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]"
        case .color: return "\"#336699cc\""
        case .path: return "\"M 0 0 L 4 0 L 4 4 Z\""
        case .image: return "\"a\""
        case .dashPattern: return "[2, 3]"
        case .text, .string: return "\"hello\""
        case .font: return "\"Courier\""
        case .emitterCells: return "[{\"birthRate\": 3}]"
        case .choice(let names):
            let current = SceneValueEncoder.encode(property, of: property.layerClass.layerType.init(layer: ()))
            return JSONValue.escaped(names.first { JSONValue.string($0) != current }!)
        case .colorList: return "[\"#ff0000ff\", \"#0000ffff\"]"
        case .numberList: return "[0.25, 0.75]"
        }
    }

    /// The scene of one layer of `kind` named `it` with `members` (a frame unless they give one) and
    /// `timeline`, built.
    static func scene(kind: LayerKind, members: String, timeline: String = "[]") throws -> FileScene {
        let frame = members.contains("\"frame\"") ? "" : ", \"frame\": [0, 0, 32, 24]"
        let json = """
            { "size": [64, 48], "images": { "a": "a.png" },
              "layers": [ { "name": "it", "kind": "\(kind.rawValue)"\(frame)\(members) } ],
              "timeline": \(timeline) }
            """
        let document = try SceneFile.decode(
            Data(json.utf8), fileName: "keys.json", baseURL: FileManager.default.temporaryDirectory)
        return FileScene(document: document, images: ["a": Bitmap(width: 2, height: 2)])
    }

    /// Every layer key of every class is taken from a file and reads back as written.
    @Test(arguments: PropertyTable.allSettable.map(\.keyPath))
    func loaderTakesEveryLayerKey(key: String) throws {
        _ = EngineFixture()
        let property = try #require(LayerProperty.named(key))
        let text = Self.sample(property)
        let layer = try #require(
            try Self.scene(kind: property.layerClass, members: ", \"\(key)\": \(text)").layersByName["it"])
        let read = layer.value(forKeyPath: key)
        switch property.valueType {
        case .image: #expect(read is Bitmap, "\(key)")
        case .emitterCells: #expect((read as? [CAEmitterCell])?.first?.birthRate == 3, "\(key)")
        default:
            let written = try JSONParser.parse(Array(text.utf8))
            #expect(
                SceneValueEncoder.encode(property, of: layer) == written, "\(key): \(String(describing: read))"
            )
        }
    }

    /// Every animatable key path animates from a file: halfway through a basic animation between two
    /// values of its form, the presentation value is the animation's, not the model's.
    @Test(arguments: LayerProperty.all.filter(\.isAnimatable).map(\.keyPath))
    func loaderAnimatesEveryKeyPath(keyPath: String) throws {
        let fixture = EngineFixture()
        let property = try #require(LayerProperty.named(keyPath))
        let (from, to): (String, String)
        switch property.valueType {
        case .number: (from, to) = ("0.2", "0.9")
        case .bool: (from, to) = ("false", "true")
        case .path: (from, to) = (Self.sample(property), "\"M 0 0 L 8 0 L 8 8 Z\"")
        case .color: (from, to) = ("\"#ff0000ff\"", "\"#0000ff80\"")
        case .colorList: (from, to) = (Self.sample(property), "[\"#00ff00ff\", \"#ffffffff\"]")
        default: (from, to) = (Self.sample(property), Self.sample(property).replacingOccurrences(of: "3", with: "5"))
        }
        let animation = """
            [ { "at": 0, "add": { "layer": "it", "key": "law", "animation": { "kind": "basic",
                "keyPath": "\(keyPath)", "fromValue": \(from), "toValue": \(to), "duration": 1 } } } ]
            """
        let scene = try Self.scene(kind: property.layerClass, members: "", timeline: animation)
        let layer = try #require(scene.layersByName["it"])
        scene.advance(to: 0)
        fixture.clock.now = 0.5
        CAEngine.step(scene.rootLayer)
        let shown = SceneValueEncoder.encode(property, of: layer.presentation() ?? layer)
        let model = SceneValueEncoder.encode(property, of: layer)
        #expect(shown != nil && shown != model, "\(keyPath): \(String(describing: shown))")
        // Halfway between 0.2 and 0.9 (to a Float's precision for the Float properties).
        if property.valueType == .number {
            #expect(number(presented(layer, keyPath)).map { abs($0 - 0.55) < 1e-7 } == true)
        }
    }

    /// The catalog lists every property once, as the registry declares it, and each default it gives a
    /// layer key is a value a scene file takes.
    @Test func catalogListsTheRegistry() throws {
        _ = EngineFixture()
        guard case .object(let top) = try JSONParser.parse(Array(PropertyCatalog.json().utf8)),
            case .array(let entries)? = top.first(where: { $0.key == "properties" })?.value
        else { throw MissingValue(description: "properties") }
        #expect(entries.count == LayerProperty.all.count)
        for (entry, property) in zip(entries, LayerProperty.all) {
            guard case .object(let members) = entry else { throw MissingValue(description: property.keyPath) }
            let field = { (name: String) in members.first { $0.key == name }?.value }
            #expect(field("keyPath") == .string(property.keyPath))
            #expect(field("layerClass") == .string(property.layerClass.rawValue))
            #expect(field("animatable") == .bool(property.isAnimatable), "\(property.keyPath)")
            #expect(field("implicit") == .bool(property.animatesImplicitly), "\(property.keyPath)")
            #expect(field("mediaTiming") == .bool(property.isMediaTiming), "\(property.keyPath)")
            guard field("layerKey") == .bool(true), let value = field("defaultValue"), value != .null else { continue }
            let layer = try #require(
                try Self.scene(kind: property.layerClass, members: ", \"\(property.keyPath)\": \(value.text)")
                    .layersByName["it"])
            #expect(
                SceneValueEncoder.encode(property, of: layer) == value)
        }
        #expect(PropertyCatalog.table().split(separator: "\n").count == LayerProperty.all.count + 1)
    }
}
