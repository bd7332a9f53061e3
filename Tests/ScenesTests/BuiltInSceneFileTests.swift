import Foundation
import LayerKit
import Testing

@testable import Scenes

/// Each built-in scene's JSON twin (`assets/scenes/*.json`) presents the same values as the Swift
/// scene at the same media times, at the default size 1280 × 720. Tolerance 1e-9.
struct BuiltInSceneFileTests {
    static let scenesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("assets/scenes")

    static func layer(named name: String, in root: CALayer) -> CALayer? {
        if root.name == name { return root }
        for child in (root.mask.map { [$0] } ?? []) + (root.sublayers ?? []) {
            if let found = layer(named: name, in: child) { return found }
        }
        return nil
    }

    /// Whether `name` is drawn: present in the tree and neither it nor an ancestor hidden.
    static func isVisible(_ name: String, in root: CALayer) -> Bool {
        guard var layer = layer(named: name, in: root) else { return false }
        while true {
            if layer.isHidden { return false }
            guard let parent = layer.superlayer else { return true }
            layer = parent
        }
    }

    /// `value(forKeyPath:)` of the presentation as comparable numbers (paths as their points).
    static func numbers(_ value: Any?) -> [Double]? {
        switch value {
        case let path as CGPath:
            return path.elements.flatMap { $0.points.flatMap { [Double($0.x), Double($0.y)] } }
        case let transform as CATransform3D: return transform.rowMajor.map { Double($0) }
        default: return number(value).map { [$0] }
        }
    }

    /// `scene` advanced to each of `times` in turn: there, the presented numbers of each of `values` (nil
    /// for a missing layer or value) and whether each layer named in `visible` shows.
    static func samples(
        of scene: Scene, times: [CFTimeInterval], values: [(layer: String, key: String)], visible: [String]
    ) -> (values: [[Double]?], visibility: [Bool]) {
        var samples: [[Double]?] = []
        var visibility: [Bool] = []
        for time in times {
            scene.advance(to: time)
            for (layerName, key) in values {
                samples.append(layer(named: layerName, in: scene.rootLayer).flatMap { numbers(presented($0, key)) })
            }
            visibility += visible.map { isVisible($0, in: scene.rootLayer) }
        }
        return (samples, visibility)
    }

    static func compare(
        _ name: String, times: [CFTimeInterval], values: [(layer: String, key: String)], visible: [String]
    ) throws {
        let swiftEngine = EngineFixture()
        let swiftScene = try BuiltInScenes.make(
            name: name, size: CGSize(width: 1280, height: 720), images: SceneImages(a: 0, b: 0, ship: 0))
        let (swiftSamples, swiftVisibility) = samples(of: swiftScene, times: times, values: values, visible: visible)
        let fileEngine = EngineFixture()
        let document = try SceneFile.load(url: scenesFolder.appendingPathComponent("\(name).json"))
        let fileScene = FileScene(document: document, images: [:])
        let (fileSamples, fileVisibility) = samples(of: fileScene, times: times, values: values, visible: visible)
        #expect(fileVisibility == swiftVisibility)
        for (index, (a, b)) in zip(swiftSamples, fileSamples).enumerated() {
            let time = times[index / values.count]
            guard let a, let b else {
                #expect(a == nil && b == nil, "sample \(index) at \(time)")
                continue
            }
            #expect(a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 1e-9 }, "sample \(index) at \(time)")
        }
        #expect(fileEngine.stops.map(\.1) == swiftEngine.stops.map(\.1))
        #expect(fileEngine.stops.map(\.0) == swiftEngine.stops.map(\.0))
        #expect(abs(fileScene.naturalDuration - swiftScene.naturalDuration) < 1e-9)
    }

    @Test func wipeFileMatchesTheSwiftScene() throws {
        try Self.compare(
            "wipe", times: [0, 0.5, 1, 2, 3, 3.5, 3.999],
            values: [("mask", "strokeEnd"), ("mask", "lineWidth"), ("mask", "bounds"), ("mask", "path")],
            visible: ["imageView"])
        try Self.compare("wipe", times: [4, 4.5], values: [], visible: ["imageView"])
    }

    @Test func shipFileMatchesTheSwiftScene() throws {
        try Self.compare(
            "ship", times: [0, 0.5, 0.999, 1, 1.2, 1.5, 2.5, 3.499, 3.5, 4],
            values: [
                ("ship", "transform.rotation"), ("ship", "transform"), ("ship", "position"), ("containerView", "frame"),
            ],
            visible: ["ship"])
    }

    @Test func revealFileMatchesTheSwiftScene() throws {
        try Self.compare(
            "reveal", times: [0, 0.5, 1.5, 1.999, 2, 2.5, 3, 4, 4.999],
            values: [("mask", "path")], visible: ["screenA", "screenB"])
        try Self.compare("reveal", times: [5, 6], values: [], visible: ["screenA", "screenB"])
    }
}
