import Foundation
import LayerKit
import LayerscopeTestSupport
import Overlay
import Raster
import Scenes
import Testing

@testable import Viewer

private final class Lines: @unchecked Sendable {
    var all: [String] = []
}

/// The timeline bar and scene-file reloads as the session wires them.
@Suite(.serialized)
struct CurveTimelineSessionTests {
    /// A 320×240 session over `source`, drawn once with the inspector shown (which lays the bar out).
    fileprivate static func session(source: FrameSource, paused: Bool) -> (ViewerSession, Lines) {
        let lines = Lines()
        let session = ViewerSession(
            source: source, options: ViewerOptions(scene: "probe", paused: paused), hostTime: 100, text: nil,
            makeScene: { _ in nil }, log: { lines.all.append($0) })
        session.layout(width: 320, height: 240)
        session.perform(.toggleInspector, origin: "key c", hostTime: 100)
        let bitmap = Bitmap(width: 320, height: 240)
        session.draw(into: bitmap, hostTime: 100, figures: HUDFigures(), dropped: 0)
        lines.all.removeAll()
        return (session, lines)
    }

    /// The track's left end (after the label column, 22 % of 320 but at least 90 pixels), on the axis
    /// of the timeline above the 38-pixel toolbar of a text-less session (one row: the blank source has
    /// none, so the panel is collapsed however it is toggled).
    static let trackStart = 90
    static let barMiddle = 240 - 38 - TimelinePanel.collapsedHeight + TimelinePanel.transportHeight + 5

    @Test func aDragScrubsAPausedClockAndTheReleaseSeeks() {
        let (session, lines) = Self.session(source: PlainSource(name: "blank"), paused: true)
        session.pointerPressed(button: 1, x: Self.trackStart, y: Self.barMiddle)
        #expect(session.clock.isPaused)
        #expect(session.clock.mediaTime(atHostTime: 0) == 0)
        session.pointerMoved(x: 100_000, y: 0)
        #expect(session.clock.mediaTime(atHostTime: 0) == 4, "dragged past the end: the end of the 4 s timeline")
        session.pointerReleased(button: 1, x: 100_000, y: 0, hostTime: 100)
        #expect(session.clock.isPaused, "a paused clock stays paused")
        #expect(
            lines.all == [
                "timeline: scrub -> media 0.0 t=0.000", "timeline: scrub -> media 4.0 t=4.000",
                "timeline: seek -> media 4.0 t=4.000",
            ])
    }

    @Test func playbackHoldsDuringAScrubAndGoesOnAfterIt() {
        let (session, _) = Self.session(source: PlainSource(name: "blank"), paused: false)
        session.pointerPressed(button: 1, x: Self.trackStart, y: Self.barMiddle)
        #expect(session.clock.isPaused)
        session.pointerReleased(button: 1, x: Self.trackStart, y: Self.barMiddle, hostTime: 100)
        #expect(!session.clock.isPaused)
    }

    /// The transport is always there (unless `--no-hud`): with the panel hidden a click still seeks.
    @Test func theBarWorksWhileThePanelIsHidden() {
        let (session, lines) = Self.session(source: PlainSource(name: "blank"), paused: true)
        session.perform(.toggleInspector, origin: "key c", hostTime: 100)
        lines.all.removeAll()
        session.pointerPressed(button: 1, x: Self.trackStart + 5, y: Self.barMiddle)
        session.pointerReleased(button: 1, x: Self.trackStart + 5, y: Self.barMiddle, hostTime: 100)
        #expect(lines.all.count == 2 && lines.all.allSatisfy { $0.hasPrefix("timeline: ") }, "\(lines.all)")
        #expect(session.clock.mediaTime(atHostTime: 0) > 0)
    }

    @Test func aBrokenSaveKeepsTheSceneAndAGoodSaveReplacesIt() throws {
        let scratch = try TemporaryDirectory(prefix: "reload")
        defer { scratch.remove() }
        let folder = scratch.url
        let url = folder.appendingPathComponent("scene.json")
        func save(opacity: Double) throws {
            let json = """
                { "size": [320, 240], "layers": [ { "name": "root", "frame": [0, 0, 320, 240],
                  "sublayers": [ { "name": "box", "frame": [10, 10, 50, 50], "backgroundColor": "#ff0000" } ] } ],
                  "timeline": [ { "at": 0, "add": { "layer": "box", "key": "fade", "animation": {
                    "kind": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": \(opacity), "duration": 4 } } } ] }
                """
            try Data(json.utf8).write(to: url)
        }
        try save(opacity: 1)
        let source = try SceneSource(make: { FileScene(document: try SceneFile.load(url: url), images: [:]) })
        let (session, lines) = Self.session(source: source, paused: true)
        for _ in 0..<120 { session.perform(.stepForward, origin: "key period", hostTime: 100) }
        let bitmap = Bitmap(width: 320, height: 240)
        session.draw(into: bitmap, hostTime: 100, figures: HUDFigures(), dropped: 0)
        func layer(named name: String, in root: CALayer?) -> CALayer? {
            guard let root else { return nil }
            if root.name == name { return root }
            return (root.sublayers ?? []).lazy.compactMap { layer(named: name, in: $0) }.first
        }
        func boxOpacity() -> Float? { layer(named: "box", in: source.rootLayer)?.presentation()?.opacity }
        #expect(boxOpacity() == 0.5)
        let firstRoot = source.rootLayer
        try Data("{ \"size\": [320, 240], \"layers\": [".utf8).write(to: url)
        session.reloadSceneFile()
        #expect(session.sceneError?.contains("scene.json") == true)
        #expect(source.rootLayer === firstRoot, "the last good scene stays")
        #expect(lines.all.last?.hasPrefix("scene file: error (keeping the last good scene): ") == true)
        try save(opacity: 0.5)
        session.reloadSceneFile()
        #expect(session.sceneError == nil)
        #expect(source.rootLayer !== firstRoot)
        #expect(boxOpacity() == 0.25, "the new scene at the same media time, 2 s")
        let reloaded = try #require(lines.all.last)
        #expect(reloaded.wholeMatch(of: #/scene file: reloaded in [0-9]+ ms t=2\.000/#) != nil, "\(reloaded)")
        #expect(session.reloadMilliseconds.map { $0 >= 0 } == true)
    }
}
