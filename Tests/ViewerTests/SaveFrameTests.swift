import Foundation
import ImageFiles
import LayerscopeTestSupport
import Raster
import Scenes
import Testing

@testable import Viewer

/// `p` saves the scene's frame (the scene alone, at its size) as a PNG in the recordings folder.
@Suite struct SaveFrameTests {
    @Test func theFrameIsSavedAndNamedInTheLog() throws {
        let scratch = try TemporaryDirectory(prefix: "save-frame")
        defer { scratch.remove() }
        let folder = scratch.url
        var lines: [String] = []
        let session = ViewerSession(
            source: PlainSource(name: "solid", width: 40, height: 30, color: 0xFF20_4060),
            options: ViewerOptions(scene: "solid", paused: true), hostTime: 0, text: nil,
            makeScene: { _ in nil }, log: { lines.append($0) }, recordingsDirectory: folder)
        session.layout(width: 320, height: 240)
        session.perform(.saveFrame, origin: "key p", hostTime: 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }
        #expect(files.count == 1)
        let saved = try ImageFile.read(folder.appendingPathComponent(files[0]))
        #expect(saved.width == 40 && saved.height == 30 && saved[39, 29] == 0xFF20_4060)
        #expect(lines.last?.contains("key p: save-frame -> saved \(folder.path)/") == true, "\(lines)")
    }
}
