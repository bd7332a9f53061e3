import Foundation
import LayerKit
import LayerscopeTestSupport
import Overlay
import Raster
import Scenes
import Testing

@testable import Viewer

private final class SessionLines: @unchecked Sendable {
    var all: [String] = []
}

/// Scene time, the demo loop, replay, the key map and the banner as the session wires them, on a
/// scene file with one 1-second fade of `box` added at media time 0.
@Suite(.serialized)
struct SceneTimeSessionTests {
    static let json = """
        { "size": [320, 240], "layers": [ { "name": "root", "frame": [0, 0, 320, 240],
          "sublayers": [ { "name": "box", "frame": [10, 10, 50, 50], "backgroundColor": "#ff0000" } ] } ],
          "timeline": [ { "at": 0, "add": { "layer": "box", "key": "fade", "animation": {
            "kind": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 1 } } } ] }
        """

    /// A running session over the scene at host time 100 (media time 0), the scene file in `folder`.
    fileprivate static func session(folder: URL, text: TextRenderer? = nil, json: String = json) throws -> (
        ViewerSession, SceneSource, SessionLines
    ) {
        let url = folder.appendingPathComponent("fade.json")
        try Data(json.utf8).write(to: url)
        let source = try SceneSource(make: { FileScene(document: try SceneFile.load(url: url), images: [:]) })
        let lines = SessionLines()
        let session = ViewerSession(
            source: source, options: ViewerOptions(scene: "fade"), hostTime: 100, text: text,
            makeScene: { _ in nil }, log: { lines.all.append($0) })
        let size = session.preferredWindowSize
        session.layout(width: size.width, height: size.height)
        return (session, source, lines)
    }

    static func withFolder(_ body: (URL) throws -> Void) throws {
        let scratch = try TemporaryDirectory(prefix: "scene-time")
        defer { scratch.remove() }
        let folder = scratch.url
        try body(folder)
    }

    /// The window as `session` draws it at `hostTime` (its size the one it was laid out for).
    static func draw(_ session: ViewerSession, at hostTime: Double) -> Bitmap {
        let bitmap = Bitmap(width: session.windowLayout.toolbar.width, height: session.windowLayout.toolbar.maxY)
        session.draw(into: bitmap, hostTime: hostTime, figures: HUDFigures(), dropped: 0)
        return bitmap
    }

    /// The red box's opacity as drawn (its red channel over the black bitmap), to 1/255; the picture is
    /// at the window's top-left corner without a HUD (no font).
    static func boxOpacity(_ bitmap: Bitmap) -> Double {
        (Double((bitmap[30, 30] >> 16) & 0xFF) / 255 * 100).rounded() / 100
    }

    /// A Start long after the tree went idle begins scene time again at 0: the transport spans the new
    /// animation alone and a scrub lands in it, not in time since launch.
    @Test func aStartOnAnIdleTreeBeginsSceneTimeAgain() throws {
        try Self.withFolder { folder in
            let (session, _, lines) = try Self.session(folder: folder)
            _ = Self.draw(session, at: 260)
            #expect(!session.isAnimating, "idle 160 s after launch")
            session.perform(.start, origin: "key s", hostTime: 260)
            #expect(lines.all.last == "key s: start -> done (scene time 0) t=160.000")
            #expect(session.sceneClock.origin == 160)
            _ = Self.draw(session, at: 260.25)
            #expect(session.sceneClock.sceneTime(atMediaTime: session.clock.mediaTime(atHostTime: 260.25)) == 0.25)
            let panel = session.transportForTesting.panel
            #expect(panel.axisLength == 1, "the axis is the new animation's second, not 161 s")
            let y = panel.frame.minY + TimelinePanel.transportHeight + 5
            let middle = (panel.playheadX(atSceneTime: 0) + panel.playheadX(atSceneTime: 1)) / 2
            session.pointerPressed(button: 1, x: middle, y: y)
            session.pointerReleased(button: 1, x: middle, y: y, hostTime: 261)
            let media = session.clock.mediaTime(atHostTime: 261)
            #expect(media > 160.4 && media < 160.6, "scrubbed to the middle of the new animation: \(media)")
        }
    }

    /// With `l` the picture goes back to scene time 0 when the last animation ends, and keeps playing.
    @Test func theLoopReplaysFromSceneTimeZero() throws {
        try Self.withFolder { folder in
            let (session, _, lines) = try Self.session(folder: folder)
            session.perform(.toggleLoop, origin: "key l", hostTime: 100)
            #expect(lines.all.last == "key l: loop -> loop on t=0.000")
            #expect(Self.boxOpacity(Self.draw(session, at: 100.5)) == 0.5)
            let looped = Self.draw(session, at: 101.25)
            #expect(lines.all.contains("loop: back to scene time 0 t=0.000"))
            #expect(session.clock.mediaTime(atHostTime: 101.25) == 0)
            #expect(Self.boxOpacity(looped) == 0, "the fade starts again")
            #expect(Self.boxOpacity(Self.draw(session, at: 101.5)) == 0.25)
            #expect(session.isAnimating)
            session.perform(.toggleLoop, origin: "key l", hostTime: 101.5)
            _ = Self.draw(session, at: 103)
            #expect(session.clock.mediaTime(atHostTime: 103) == 1.75, "no loop once it is off")
            #expect(!session.isAnimating)
        }
    }

    /// Home goes back to scene time 0 and plays, also from a paused clock after the end.
    @Test func replayPlaysFromSceneTimeZero() throws {
        try Self.withFolder { folder in
            let (session, _, lines) = try Self.session(folder: folder)
            _ = Self.draw(session, at: 103)
            session.perform(.pauseResume, origin: "key space", hostTime: 103)
            #expect(session.clock.isPaused)
            session.perform(.replay, origin: "key Home", hostTime: 104)
            #expect(lines.all.contains("key Home: replay -> playing from scene time 0 t=0.000"))
            #expect(!session.clock.isPaused)
            #expect(session.toolbarForTesting.items.contains { $0.title == "Pause" })
            #expect(Self.boxOpacity(Self.draw(session, at: 104.75)) == 0.75)
        }
    }

    /// With the inspector open, the selected animation's time chain heads the side column, beside the
    /// picture, which keeps its own size in a window that makes room.
    @Test func theInspectorShowsTheTimeChainBesideThePicture() throws {
        let text = try TextRenderer(dejaVuSansPixelSize: 14)
        try Self.withFolder { folder in
            let (session, _, lines) = try Self.session(folder: folder, text: text)
            var requested: (Int, Int)?
            session.windowSizeRequested = { requested = ($0, $1) }
            session.perform(.toggleInspector, origin: "key c", hostTime: 100)
            let size = try #require(requested)
            #expect(size.0 == 320 + 320, "the picture and a 320-pixel column")
            session.layout(width: size.0, height: size.1)
            let bitmap = Bitmap(width: size.0, height: size.1)
            session.draw(into: bitmap, hostTime: 100.5, figures: HUDFigures(), dropped: 0)
            let layout = session.windowLayout
            #expect(layout.scale == 1)
            #expect(layout.picture == PixelRect(x: 0, y: layout.hud.maxY, width: 320, height: 240))
            #expect(layout.timeChain.x == 320 && layout.timeChain.height == TimeChainView.height)
            #expect(lines.all.contains { $0.hasPrefix("layout: picture 0,\(layout.hud.maxY) 320x240 scale 1.0000") })
            let chain = layout.timeChain
            let lit = (chain.y..<chain.maxY).filter { y in
                (chain.x..<chain.maxX).contains { x in (bitmap[x, y] >> 16) & 0xFF > 120 }
            }
            #expect(lit.count > 40, "text rows in the strip: \(lit.count)")
            #expect(session.transportForTesting.panel.lineCount == 1, "one row: the fade")
        }
    }

    /// The HUD strip starts below the error banner and above the picture, and the key map sheet shows
    /// on `?`, centred in the window.
    @Test func theHUDSitsBetweenTheBannerAndThePictureAndTheKeyMapShows() throws {
        let text = try TextRenderer(dejaVuSansPixelSize: 14)
        try Self.withFolder { folder in
            let (session, _, _) = try Self.session(folder: folder, text: text)
            try Data("{ \"size\": [320, 240], \"layers\": [".utf8).write(to: folder.appendingPathComponent("fade.json"))
            session.reloadSceneFile()
            let message = try #require(session.sceneError)
            let banner = SceneErrorBanner.height(of: message, text: text)
            #expect(banner > 0)
            let withHUD = Self.draw(session, at: 100)
            let layout = session.windowLayout
            #expect(layout.banner.height == banner)
            #expect(layout.hud.minY == banner && layout.hud.height > 0)
            #expect(layout.picture.minY >= layout.hud.maxY && layout.picture.maxY <= layout.timeline.minY)
            session.perform(.toggleKeyMap, origin: "key slash", hostTime: 100)
            let withKeyMap = Self.draw(session, at: 100)
            #expect(session.keyMapVisible)
            let changed = (0..<withHUD.height).filter { y in
                (0..<withHUD.width).contains { withKeyMap[$0, y] != withHUD[$0, y] }
            }
            #expect(changed.count > 50, "the sheet shows the bindings that fit")
            let middle = (changed.min()! + changed.max()!) / 2
            #expect(abs(middle - withHUD.height / 2) <= 1, "centred in the window, over every panel")
        }
    }
    /// A red box fading in over 1 s from 0, and moved along x from 35 to 200 under `key` from `at`
    /// for `duration` seconds.
    static func fadeAndMove(key: String, at: Double, duration: Double) -> String {
        """
        { "size": [320, 240], "layers": [ { "name": "root", "frame": [0, 0, 320, 240],
          "sublayers": [ { "name": "box", "frame": [10, 10, 50, 50], "backgroundColor": "#ff0000" } ] } ],
          "timeline": [
            { "at": 0, "add": { "layer": "box", "key": "fade", "animation": {
              "kind": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 1 } } },
            { "at": \(at), "add": { "layer": "box", "key": "\(key)", "animation": {
              "kind": "basic", "keyPath": "position.x", "fromValue": 35, "toValue": 200, "duration": \(duration) } } } ] }
        """
    }

    /// Rows that appear while the scene plays change neither the window's size nor the axis's scale:
    /// a slide added at 1.5 s gets its row, the window asked for nothing, the axis as it was at the start,
    /// which spans the scene's whole schedule.
    @Test func rowsAppearingMidPlaybackLeaveTheWindowAndTheAxisAlone() throws {
        let json = Self.fadeAndMove(key: "slide", at: 1.5, duration: 4)
        try Self.withFolder { folder in
            let (session, _, _) = try Self.session(folder: folder, json: json)
            var requests: [(Int, Int)] = []
            session.windowSizeRequested = { requests.append(($0, $1)) }
            session.perform(.toggleInspector, origin: "key c", hostTime: 100)
            _ = Self.draw(session, at: 100)
            let panel = session.transportForTesting.panel
            let startLength = panel.axisLength
            let startRequests = requests.count
            #expect(panel.lineCount == 1)
            for frame in 1...120 { _ = Self.draw(session, at: 100 + Double(frame) / 60) }
            #expect(panel.lineCount == 2, "the slide's row appeared at 1.5 s")
            #expect(requests.count == startRequests, "no resize asked for mid-playback: \(requests)")
            #expect(panel.axisLength == startLength, "the axis kept its scale (\(startLength) s)")
            #expect(startLength == 6, "from the start the axis spans the scene's schedule (the slide ends at 5.5 s)")
        }
    }

    /// `e` in a window too small for the easing editor says so on screen (not only in the log).
    @Test func theEasingEditorSaysWhenTheWindowIsTooSmall() throws {
        let text = try TextRenderer(dejaVuSansPixelSize: 14)
        try Self.withFolder { folder in
            let (session, _, lines) = try Self.session(folder: folder, text: text)
            let before = Self.draw(session, at: 100)
            session.perform(.toggleEasingEditor, origin: "key e", hostTime: 100)
            let after = Self.draw(session, at: 100)
            #expect(lines.all.contains { $0.contains("hidden (the window is too small)") })
            let area = session.windowLayout.pictureArea
            let changed = (area.minY..<area.maxY).filter { y in
                (area.minX..<area.maxX).contains { after[$0, y] != before[$0, y] }
            }
            #expect(changed.count > 20, "a note over the picture: \(changed.count) rows changed")
        }
    }

    /// A click on a row's label selects its animation: the log names it and the time chain follows it
    /// (the newest, until then).
    @Test func aClickOnARowSelectsItsAnimation() throws {
        let json = Self.fadeAndMove(key: "move", at: 0, duration: 2)
        try Self.withFolder { folder in
            let (session, _, lines) = try Self.session(folder: folder, json: json)
            session.perform(.toggleInspector, origin: "key c", hostTime: 100)
            let size = session.preferredWindowSize
            session.layout(width: size.width, height: size.height)
            _ = Self.draw(session, at: 100.5)
            let panel = session.transportForTesting.panel
            #expect(panel.samplers.map(\.facts.key) == ["fade", "move"])
            #expect(panel.selectedSampler?.facts.key == "move", "the newest until a row is picked")
            // The first row's label: below the transport, the axis and the events lane.
            let y = panel.frame.minY + TimelinePanel.collapsedHeight + TimelinePanel.lineHeight / 2
            session.pointerPressed(button: 1, x: 20, y: y)
            session.pointerReleased(button: 1, x: 20, y: y, hostTime: 100.5)
            #expect(lines.all.last == "timeline: selected box opacity")
            #expect(panel.selectedSampler?.facts.key == "fade")
        }
    }

    /// A new inspector panel is one type in the session's list: it is laid out with the window, follows
    /// every frame, draws with the timeline's selection while the inspector is open, takes the pointer
    /// events it answers (the toolbar then sees none) and carries out its command.
    @Test func aPanelIsOneTypeInTheInspectorsList() throws {
        final class ProbePanel: InspectorPanel {
            var slots: [PixelRect] = []
            var updates = 0
            var drawn: [String?] = []
            var events: [InspectorPointerEvent] = []
            init(context: InspectorPanelContext) {}
            func layout(_ layout: WindowLayout, frame: InspectorFrame) { slots.append(layout.editorSlot) }
            func update(_ frame: InspectorFrame) { updates += 1 }
            func draw(_ frame: InspectorFrame, into bitmap: Bitmap) {
                if frame.sideColumnOpen { drawn.append(frame.selected?.facts.key) }
            }
            func handle(_ event: InspectorPointerEvent, hostTime: Double) -> Bool {
                events.append(event)
                if case .pressed(_, let x, _) = event { return x < 10 }
                return false
            }
            func perform(_ command: ViewerCommand, hostTime: Double) -> String? {
                command == .toggleEasingEditor ? "probe answered" : nil
            }
        }
        try Self.withFolder { folder in
            let url = folder.appendingPathComponent("fade.json")
            try Data(Self.json.utf8).write(to: url)
            let source = try SceneSource(make: { FileScene(document: try SceneFile.load(url: url), images: [:]) })
            let lines = SessionLines()
            let session = ViewerSession(
                source: source, options: ViewerOptions(scene: "fade"), hostTime: 100, text: nil,
                makeScene: { _ in nil }, log: { lines.all.append($0) },
                inspectorPanels: [TimelineInspectorPanel.self, TimeChainPanel.self, ProbePanel.self])
            let probe = try #require(session.inspector.panel(ProbePanel.self))
            session.layout(width: 700, height: 500)
            _ = Self.draw(session, at: 100.25)
            #expect(probe.updates == 1)
            #expect(probe.drawn.isEmpty, "the side column is closed")
            session.perform(.toggleInspector, origin: "key c", hostTime: 100.25)
            session.layout(width: 700, height: 500)
            _ = Self.draw(session, at: 100.5)
            #expect(probe.updates == 2)
            #expect(probe.slots.last == session.windowLayout.editorSlot && session.windowLayout.editorSlot.height > 0)
            #expect(probe.drawn == ["fade"], "drawn with the timeline's selection")
            session.perform(.toggleEasingEditor, origin: "key e", hostTime: 100.5)
            #expect(lines.all.last == "key e: easing-editor -> probe answered t=0.500")
            let toolbar = session.toolbarForTesting
            let button = try #require(toolbar.buttons.first)
            let (x, y) = (button.x + button.width / 2, button.y + button.height / 2)
            #expect(x >= 10)
            session.pointerPressed(button: 1, x: 5, y: y)
            #expect(toolbar.pressed == nil, "the panel took the press")
            session.pointerPressed(button: 1, x: x, y: y)
            #expect(probe.events.count == 2 && toolbar.pressed == toolbar.items[button.item].identifier)
        }
    }
}
