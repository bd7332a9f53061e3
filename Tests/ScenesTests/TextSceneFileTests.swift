import Foundation
import LayerKit
import Testing

@testable import Scenes

/// Text layers in scene files: every key assigned, animated and set by the timeline; bad values named
/// by their JSON path.
struct TextSceneFileTests {
    static let title = #"""
        { "name": "title", "kind": "text", "frame": [0, 0, 100, 50], "string": "Title", "font": "Helvetica-Bold",
          "fontSize": 20, "foregroundColor": "#ff0000", "alignmentMode": "center", "isWrapped": true,
          "truncationMode": "end" }
        """#

    @Test func textKeysAreAssigned() throws {
        _ = EngineFixture()
        let scene = try FileSceneTests.scene(layers: Self.title, timeline: "[]")
        let title = try #require(scene.layersByName["title"] as? CATextLayer)
        #expect(title.string as? String == "Title" && title.drawnFont.fontName == "Helvetica-Bold")
        #expect(title.fontSize == 20 && title.foregroundColor == CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(title.alignmentMode == .center && title.isWrapped && title.truncationMode == .end)
    }

    @Test func fontSizeAnimatesAndTheTimelineSetsTheString() throws {
        _ = EngineFixture()
        let scene = try FileSceneTests.scene(
            layers: Self.title,
            timeline: #"""
                [ { "at": 0, "add": { "layer": "title", "animation": { "kind": "basic", "keyPath": "fontSize",
                    "fromValue": 20, "toValue": 40, "duration": 1, "timingFunction": "linear" } } },
                  { "at": 0.5, "set": { "layer": "title", "string": "Changed", "alignmentMode": "right" } } ]
                """#)
        #expect(abs(try FileSceneTests.value(scene, "title", "fontSize", at: 0.25) - 25) < 1e-9)
        scene.advance(to: 0.75)
        let title = try #require(scene.layersByName["title"] as? CATextLayer)
        #expect(title.string as? String == "Changed" && title.alignmentMode == .right)
    }

    static let errors: [(String, String)] = [
        (
            #"{ "kind": "text", "font": "Comic Sans" }"#,
            #"bad.json: layers[0].font: unknown font "Comic Sans"; known are the DejaVu faces and the iOS names they stand for, e.g. "Helvetica", "Helvetica-Bold", "Courier", "Times", "DejaVuSans""#
        ),
        (#"{ "kind": "text", "string": 3 }"#, "bad.json: layers[0].string: expected a string, got 3"),
        (
            #"{ "kind": "text", "alignmentMode": "middle" }"#,
            #"bad.json: layers[0].alignmentMode: expected one of "natural", "left", "right", "center", "justified", got "middle""#
        ),
        (
            #"{ "kind": "text", "truncationMode": true }"#,
            "bad.json: layers[0].truncationMode: expected a string, got true"
        ),
        (#"{ "kind": "text", "fontSize": -1 }"#, "bad.json: layers[0].fontSize: must be at least 0, got -1"),
        (
            #"{ "string": "plain" }"#,
            #"bad.json: layers[0].string: "string" is a text-layer key; add "kind": "text" to this layer"#
        ),
    ]

    @Test(arguments: errors)
    func badTextValuesNameTheirPath(layer: String, message: String) {
        do {
            _ = try SceneFileErrorTests.decode(SceneFileErrorTests.withLayer(layer))
            Issue.record("no error for \(layer)")
        } catch {
            #expect(error.description == message)
        }
    }
}
