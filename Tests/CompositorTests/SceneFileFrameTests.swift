import Foundation
import ImageFiles
import LayerKit
import LayerscopeTestSupport
import Raster
import Scenes
import Testing

/// Each built-in scene's JSON twin (`assets/scenes/NAME.json`, 1280×720) renders, pixel for pixel,
/// the frames of the Swift scene of the same name at that size.
@Suite struct SceneFileFrameTests {
    static let scenes = SeedImages.assets.appendingPathComponent("scenes")

    /// The media times compared: those of the goldens, plus the moments each timeline acts.
    static let times: [String: [Double]] = [
        "wipe": [0, 0.5, 1, 2, 3, 3.99, 4, 4.5],
        "ship": [0, 0.5, 0.99, 1, 1.3, 1.5, 3, 3.5, 4],
        "reveal": [0, 1, 1.99, 2, 2.01, 3, 4, 4.5, 4.99, 5, 5.5],
    ]

    /// The scene file `url` with the images it names, read with ImageFiles.
    static func fileScene(_ url: URL) throws -> FileScene {
        let document = try SceneFile.load(url: url)
        var images: [String: Any] = [:]
        for (name, imageURL) in document.images { images[name] = try ImageFile.read(imageURL) }
        return FileScene(document: document, images: images)
    }

    @Test(arguments: ["wipe", "ship", "reveal"])
    func sceneFileRendersTheSwiftScenesFrames(scene name: String) throws {
        let times = try #require(Self.times[name])
        let swiftRun = try SeedRun(name, images: SeedImages(), size: CGSize(width: 1280, height: 720))
        let swiftFrames = times.map { swiftRun.frame(at: $0) }
        let fileRun = try SeedRun { try Self.fileScene(Self.scenes.appendingPathComponent("\(name).json")) }
        #expect(fileRun.scene.size == CGSize(width: 1280, height: 720))
        for (time, expected) in zip(times, swiftFrames) {
            FrameComparison.expectSame(fileRun.frame(at: time), expected, "\(name).json at \(time) s")
        }
    }
}
