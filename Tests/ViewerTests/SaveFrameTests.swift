import Foundation
import ImageFiles
import LayerKit
import Raster
import Scenes
import Testing

@testable import Viewer

/// A 40×30 source that fills its frame with one colour.
private final class SolidSource: FrameSource {
    let name = "solid"
    let width = 40
    let height = 30
    let extraCommands: [ViewerCommand] = []
    let rootLayer: CALayer? = nil
    var log: ((String) -> Void)?
    let isIdle = false
    func show(mediaTime: Double) {}
    func draw(into bitmap: Bitmap, damageOnly: Bool) { bitmap.fill(0xFF20_4060) }
    func perform(_ command: ViewerCommand) {}
}

/// `p` saves the scene's frame (the scene alone, at its size) as a PNG in the recordings folder.
@Suite struct SaveFrameTests {
    @Test func theFrameIsSavedAndNamedInTheLog() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("save-frame-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var lines: [String] = []
        let session = ViewerSession(
            source: SolidSource(), options: ViewerOptions(scene: "solid", paused: true), hostTime: 0, text: nil,
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
