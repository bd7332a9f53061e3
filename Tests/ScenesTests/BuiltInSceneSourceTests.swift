import Foundation
import Testing

/// The seeds are written once: `assets/scenes/NAME.swift`, the Swift scenes users copy, are the
/// built-in scenes' own files (`Sources/Scenes/BuiltIn/Name.swift`) with `import Scenes` added, the
/// one line a file outside the Scenes module needs.
@Suite struct BuiltInSceneSourceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The asset file `source` stands for: the same text, `import Scenes` after `import LayerKit`.
    static func asset(from source: String) -> String {
        source.replacingOccurrences(of: "import LayerKit\n", with: "import LayerKit\nimport Scenes\n")
    }

    @Test(arguments: ["Wipe", "Ship", "Reveal"])
    func theAssetSceneIsTheBuiltInSource(name: String) throws {
        let source = try String(
            contentsOf: Self.root.appendingPathComponent("Sources/Scenes/BuiltIn/\(name).swift"), encoding: .utf8)
        let assetURL = Self.root.appendingPathComponent("assets/scenes/\(name.lowercased()).swift")
        let asset = try String(contentsOf: assetURL, encoding: .utf8)
        #expect(source.contains("\nimport LayerKit\n") && !source.contains("\nimport Scenes\n"))
        #expect(
            asset == Self.asset(from: source),
            "\(assetURL.lastPathComponent) differs from its built-in; make it again with: sed 's/^import LayerKit$/import LayerKit\\nimport Scenes/' Sources/Scenes/BuiltIn/\(name).swift > assets/scenes/\(name.lowercased()).swift"
        )
    }
}
