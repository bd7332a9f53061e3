import Foundation
import ImageFiles
import LayerKit
import LayerscopeTestSupport
import Raster
import Testing

@testable import Scenes

/// Loading a scene file makes `UIImage(named:)` find pictures beside it and read them.
@Suite struct PictureLookupTests {
    // Opens as SaveFrameTests' test does (a folder of its own, a picture filled) on purpose: each test
    // states its own inputs.
    @Test func namedPictureBesideTheSceneFile() throws {
        let scratch = try TemporaryDirectory(prefix: "scene")
        defer { scratch.remove() }
        let folder = scratch.url
        let picture = Bitmap(width: 3, height: 2)
        picture.fill(0xFF20_4060)
        try ImageFile.writePNG(picture, to: folder.appendingPathComponent("card@2x.png"))
        let scene = folder.appendingPathComponent("s.json")
        try Data(#"{ "size": [10, 10], "layers": [ { "name": "root", "frame": [0, 0, 10, 10] } ] }"#.utf8).write(
            to: scene)
        _ = try SceneLoader.loadFile(scene.path)
        let image = try #require(UIImage(named: "card@2x"))
        #expect(image.scale == 2 && image.size == CGSize(width: 1.5, height: 1))
        #expect(image.cgImage?.pixel(x: 2, y: 1) == 0xFF20_4060)
        #expect(UIImage(named: "no-such-picture") == nil)
        #expect(UIImage(contentsOfFile: scene.path) == nil, "a scene file is not a picture")
    }

    /// `UIImage(data:)`, as a confetti view reads its particle images: PNG bytes decoded by the scene's
    /// decoder, at the scale given.
    @Test func pictureFromBytes() throws {
        PictureSetup.prepare(sceneFolder: nil)
        let picture = Bitmap(width: 4, height: 2)
        picture.fill(0xFF10_2030)
        let image = try #require(UIImage(data: try ImageFile.encodePNG(picture), scale: 2))
        #expect(image.size == CGSize(width: 2, height: 1))
        #expect(image.cgImage?.pixel(x: 3, y: 1) == 0xFF10_2030)
        #expect(UIImage(data: Data("not a picture".utf8)) == nil)
    }
}
