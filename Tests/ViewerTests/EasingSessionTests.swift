import Foundation
import LayerKit
import LayerscopeTestSupport
import Raster
import Scenes
import Testing

@testable import Viewer

/// The easing editor as the session wires it: keys and pointer routed to it, the picture shown again
/// after an edit, the write-back into the scene file and its log line.
@Suite(.serialized)
struct EasingSessionTests {
    static let scene = """
        { "size": [200, 100],
          "layers": [ { "name": "root", "frame": [0, 0, 200, 100], "backgroundColor": "#000000",
            "sublayers": [ { "name": "box", "frame": [0, 40, 20, 20], "backgroundColor": "#ffffff" } ] } ],
          "timeline": [ { "at": 0, "add": { "layer": "box", "key": "slide", "animation": {
            "kind": "basic", "keyPath": "position.x", "fromValue": 10, "toValue": 190, "duration": 2,
            "timingFunction": "easeInEaseOut" } } } ] }
        """

    private final class Lines: @unchecked Sendable {
        var all: [String] = []
    }

    /// A session over `scene` in a temporary file, paused at media time 1, in a window large enough
    /// for the editor in the side column beside the picture; the editor is opened.
    private static func session(_ folder: URL) throws -> (ViewerSession, Lines, URL, Bitmap) {
        let file = folder.appendingPathComponent("scene.json")
        try Data(scene.utf8).write(to: file)
        let source = try SceneSource(make: { try SceneLoader.load(file.path) })
        let lines = Lines()
        let session = ViewerSession(
            source: source, options: ViewerOptions(scene: file.path, paused: true, seek: 1), hostTime: 100,
            text: nil, makeScene: { _ in nil }, log: { lines.all.append($0) })
        session.perform(.toggleEasingEditor, origin: "key e", hostTime: 100)
        session.layout(width: 900, height: 900)
        let window = Bitmap(width: 900, height: 900)
        session.draw(into: window, hostTime: 100, figures: HUDFigures(), dropped: 0)
        lines.all.removeAll()
        return (session, lines, file, window)
    }

    /// The x of the box's left edge in the picture (the first white pixel of the picture's row 50),
    /// the picture placed where the session's layout puts it.
    private static func boxLeft(_ window: Bitmap, in session: ViewerSession) -> Int? {
        let picture = session.windowLayout.picture
        return (0..<200).first { window.row(picture.y + 50)[picture.x + $0] & 0xFF_FFFF == 0xFF_FFFF }
    }

    @Test func aDragChangesThePictureAtOnceAndWriteBackRewritesTheFile() throws {
        let scratch = try TemporaryDirectory(prefix: "easing")
        defer { scratch.remove() }
        let folder = scratch.url
        let (session, lines, file, window) = try Self.session(folder)
        func draw() { session.draw(into: window, hostTime: 100, figures: HUDFigures(), dropped: 0) }
        #expect(Self.boxLeft(window, in: session) == 90, "easeInEaseOut: half way, x 100 − 10")
        // The editor is at the top-left of the inspector's slot. P2 (0.58, 1) is at (162.8, 132) in it.
        let slot = session.windowLayout.editorSlot
        #expect(slot.width >= 300 && slot.height >= 548, "the slot \(slot) holds the editor")
        session.pointerPressed(button: 1, x: slot.x + 163, y: slot.y + 132)
        session.pointerMoved(x: slot.x + 102, y: slot.y + 100)
        session.pointerReleased(button: 1, x: slot.x + 102, y: slot.y + 100, hostTime: 100)
        #expect(lines.all == ["drag: easing -> edited box slide timingFunction = [0.42, 0, 0.2, 1.2] t=1.000"])
        draw()
        let eased = CAMediaTimingFunction(controlPoints: 0.42, 0, 0.2, 1.2).solve(0.5)
        let expected = Int((10 + 180 * eased - 10).rounded(.up))
        let left = try #require(Self.boxLeft(window, in: session))
        #expect(abs(left - expected) <= 1, "box at \(left), the new curve puts it at \(180 * eased)")
        lines.all.removeAll()
        session.perform(.easing(.writeBack), origin: "key w", hostTime: 100)
        #expect(
            lines.all == [
                "key w: easing-write-back -> wrote timingFunction = [0.42, 0, 0.2, 1.2] to \(file.path) at timeline[0].add.animation.timingFunction t=1.000"
            ])
        #expect(
            try String(contentsOf: file, encoding: .utf8)
                == Self.scene.replacingOccurrences(of: #""easeInEaseOut""#, with: "[0.42, 0, 0.2, 1.2]"))
        session.reloadSceneFile()
        draw()
        #expect(Self.boxLeft(window, in: session) == left, "the reloaded file shows the same picture")
    }

    // Opens as TimingWriteBackTests' file test does (the scene written to a folder of its own) on purpose:
    // each test states its own inputs.
    @Test func aSceneWithoutItsFileIsNotWrittenBack() throws {
        let scratch = try TemporaryDirectory(prefix: "easing")
        defer { scratch.remove() }
        let folder = scratch.url
        let file = folder.appendingPathComponent("scene.json")
        try Data(Self.scene.utf8).write(to: file)
        let lines = Lines()
        // Shown as a built-in scene would be: the session has no file to write to.
        let session = ViewerSession(
            source: try SceneSource(make: { try SceneLoader.load(file.path) }),
            options: ViewerOptions(scene: "wipe", paused: true), hostTime: 100, text: nil, makeScene: { _ in nil },
            log: { lines.all.append($0) })
        session.layout(width: 600, height: 700)
        session.perform(.toggleEasingEditor, origin: "key e", hostTime: 100)
        let window = Bitmap(width: 600, height: 700)
        session.draw(into: window, hostTime: 100, figures: HUDFigures(), dropped: 0)
        session.perform(.easing(.writeBack), origin: "key w", hostTime: 100)
        #expect(
            lines.all.last
                == "key w: easing-write-back -> not written: the scene has no file (a built-in scene) t=0.000")
        #expect(try String(contentsOf: file, encoding: .utf8) == Self.scene)
    }

    @Test func editorKeysAreIgnoredWhileItIsHidden() throws {
        let scratch = try TemporaryDirectory(prefix: "easing")
        defer { scratch.remove() }
        let folder = scratch.url
        let (session, lines, file, _) = try Self.session(folder)
        session.perform(.toggleEasingEditor, origin: "key e", hostTime: 100)
        session.perform(.easing(.writeBack), origin: "key w", hostTime: 100)
        #expect(
            lines.all == [
                "key e: easing-editor -> easing editor off t=1.000",
                "key w: easing-write-back -> ignored (easing editor hidden) t=1.000",
            ])
        #expect(try String(contentsOf: file, encoding: .utf8) == Self.scene)
    }
}
