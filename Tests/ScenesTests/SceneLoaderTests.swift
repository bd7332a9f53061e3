import Foundation
import LayerKit
import Raster
import Testing

@testable import Scenes

/// `--scene NAME|FILE` as every subcommand and the viewer load it: built-in scenes with their
/// pictures, scene files with theirs, and one-line errors naming the file.
@Suite struct SceneLoaderTests {
    /// A fresh folder for one test's files.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scene-loader-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func builtInScenesTakeTheGivenSize() throws {
        _ = EngineFixture()
        let scene = try SceneLoader.load("reveal", size: CGSize(width: 320, height: 180), drawn: false)
        #expect(scene.size == CGSize(width: 320, height: 180))
        #expect(try SceneLoader.load("ship", drawn: false).size == CGSize(width: 1280, height: 720))
    }

    @Test func theBundledAssetsAreFound() throws {
        let url = try #require(AssetLocator.url(for: "scenes/wipe.json"))
        #expect(FileManager.default.fileExists(atPath: url.path))
        #expect(AssetLocator.url(for: "no-such-asset.png") == nil)
    }

    @Test func aSceneFileLoadsWithItsPictures() throws {
        _ = EngineFixture()
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let picture = try #require(AssetLocator.url(for: "ship.png"))
        let json =
            #"{ "size": [40, 30], "images": { "p": "# + "\"\(picture.path)\"" + #" },"#
            + #" "layers": [ { "name": "root", "contents": "p" } ] }"#
        let file = folder.appendingPathComponent("one.json")
        try Data(json.utf8).write(to: file)
        let scene = try #require(try SceneLoader.load(file.path) as? FileScene)
        #expect(scene.size == CGSize(width: 40, height: 30))
        let contents = try #require(scene.layersByName["root"]?.contents as? Bitmap)
        #expect(contents.width == 128 && contents.height == 128)
    }

    @Test func failuresAreOneLineNamingTheFile() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(
            throws: SceneLoadError(description: "nosuch: no such file, and not a built-in scene (wipe, ship, reveal)")
        ) {
            try SceneLoader.load("nosuch")
        }
        let file = folder.appendingPathComponent("bad.json")
        let json = #"{ "size": [8, 8], "images": { "a": "gone.png" }, "layers": [ { "contents": "a" } ] }"#
        try Data(json.utf8).write(to: file)
        let expected = "\(file.path): images.a: \(folder.path)/gone.png: no such file"
        #expect(throws: SceneLoadError(description: expected)) { try SceneLoader.load(file.path) }
        let missingPicture = folder.appendingPathComponent("missing.png").path
        #expect(throws: SceneLoadError(description: "\(missingPicture): no such file")) {
            try SceneLoader.load("wipe", imageA: missingPicture)
        }
    }

    @Test func standInsHaveTheAssetsShapes() {
        #expect(StandInImage.make(for: "ship.png").width == 128)
        let a = StandInImage.make(for: "a.jpg")
        let b = StandInImage.make(for: "b.jpg")
        #expect(a.width == 320 && a.height == 180 && a[10, 10] != b[10, 10])
    }
}

/// The bundled replicator scene: copy k of the bar runs 0.1 s · k behind copy 0, so at 0.55 s copies
/// 0…5 are inside their ease-out pulse and copies 6…11 (not begun) show the model's 0.15.
@Suite struct SpinnerSceneTests {
    @Test func copiesLagByTheirDelay() throws {
        let fixture = EngineFixture()
        let file = try #require(AssetLocator.url(for: "scenes/spinner.json"))
        let scene = try SceneLoader.load(file.path, drawn: false)
        scene.advance(to: 0)
        fixture.clock.now = 0.55
        CAEngine.step(scene.rootLayer)
        let spinner = try #require(scene.rootLayer.sublayers?.first?.sublayers?.first as? CAReplicatorLayer)
        let copies = try #require(spinner.presentation()).instances()
        #expect(copies.count == 12)
        let easeOut = CAMediaTimingFunction(name: .easeOut)
        for (k, copy) in copies.enumerated() {
            let local = 0.55 - 0.1 * Double(k)
            let expected = local < 0 ? 0.15 : 1 + (0.15 - 1) * easeOut.solve(local / 1.2)
            #expect(abs(Double(copy.sublayers[0].opacity) - expected) < 1e-5, "copy \(k)")
        }
    }
}

/// The bundled emitter: its layer begins 4 s before the scene (Core Animation's pre-fill), so the
/// fountain is at its steady state from the first frame — about 770 births a second living 2.6 s,
/// 2,000 particles by Little's law — and the same file gives the same particles every time.
@Suite struct EmitterSceneTests {
    func particles(at t: Double) throws -> [CAEmitterLayer.Particle] {
        let fixture = EngineFixture()
        let file = try #require(AssetLocator.url(for: "scenes/emitter.json"))
        let scene = try SceneLoader.load(file.path, drawn: false)
        scene.advance(to: 0)
        fixture.clock.now = t
        CAEngine.step(scene.rootLayer)
        let emitter = try #require(scene.rootLayer.sublayers?.first?.sublayers?.first as? CAEmitterLayer)
        return try #require(emitter.presentation()).particles()
    }

    @Test func theFountainIsFullFromTheStartAndReproducible() throws {
        let first = try particles(at: 0.5)
        #expect(abs(Double(first.count) - 2002) < 100)
        let again = try particles(at: 0.5)
        #expect(again.map(\.position) == first.map(\.position))
        #expect(Set(first.map { $0.contents.map { "\(type(of: $0))" } ?? "none" }) == ["Bitmap"])
    }
}

/// Transitions in scene files: `"kind": "transition"` with Core Animation's type and subtype names.
@Suite struct TransitionSceneFileTests {
    func decode(_ animation: String) throws -> SceneDocument {
        let json =
            #"{ "size": [10, 10], "layers": [ { "name": "a" } ], "timeline": [ { "at": 0, "add": { "layer": "a", "#
            + #""animation": "# + animation + " } } ] }"
        return try SceneFile.decode(Data(json.utf8), fileName: "t.json", baseURL: URL(fileURLWithPath: "/"))
    }

    @Test func aTransitionDecodesWithItsFields() throws {
        let document = try decode(
            #"{ "kind": "transition", "type": "push", "subtype": "fromTop", "duration": 2, "startProgress": 0.25 }"#)
        guard case .add(_, _, let spec) = try #require(document.timeline.first).action else {
            Issue.record("not an add")
            return
        }
        let transition = try #require(AnimationBuilder.build(spec) as? CATransition)
        #expect(transition.type == .push && transition.subtype == .fromTop && transition.duration == 2)
        #expect(transition.startProgress == 0.25 && transition.endProgress == 1)
    }

    @Test func badTransitionFieldsAreNamed() {
        #expect(throws: SceneFileError.self) { try decode(#"{ "kind": "transition", "type": "wipe" }"#) }
        #expect(throws: SceneFileError.self) { try decode(#"{ "kind": "transition", "keyPath": "opacity" }"#) }
        #expect(throws: SceneFileError.self) {
            try decode(#"{ "kind": "transition", "startProgress": 0.6, "endProgress": 0.5 }"#)
        }
    }
}
