import LayerKit
import Raster
import Scenes
import Testing

@testable import Overlay

/// Every overlay part laid out and drawn at every small window size, at extreme widths and heights,
/// and with extreme media times and speeds: none may trap (an inverted range, an Int conversion of
/// NaN or of a huge number, a division by a zero width).
@MainActor
struct OverlaySizeSweepTests {
    /// Widths and heights 0…64, and some odd large ones.
    static let lengths = Array(0...64) + [97, 321, 1000, 2001]
    /// Every (width, height) with at least one side small: each small size with each length.
    static let sizes: [(width: Int, height: Int)] =
        lengths.flatMap { w in lengths.map { h in (w, h) } }.filter { $0.width <= 64 || $0.height <= 64 }
        + [(97, 97), (321, 200), (1000, 1000)]
    static let times: [Double] = [0, 1.5, 1e20, -1e20, .infinity, -.infinity, .nan, .greatestFiniteMagnitude]
    static let speeds: [Double] = [1, 1.0 / 16, 16, 0, -1, 1e300, .infinity, .nan]
    static let font = CurveGoldens.font(11)

    @Test func toolbarAndHUDAtEverySize() {
        let toolbar = Toolbar(text: Self.font)
        toolbar.setItems(["Start", "Stop", "Pause", "Curves", "Record"].map { ToolbarItem(identifier: $0, title: $0) })
        let hud = HeadsUpDisplay(text: Self.font)
        for (width, height) in Self.sizes {
            let bitmap = Bitmap(width: width, height: height)
            toolbar.layout(width: width, height: height)
            toolbar.draw(into: bitmap)
            for above in [nil, height - toolbar.height, -5, height + 50] {
                hud.draw(lines: ["wipe", "t 100000000000000000000.000 s", "speed ×16"], into: bitmap, above: above)
            }
            for area in [
                PixelRect(x: 0, y: 0, width: width, height: hud.stripHeight),
                PixelRect(x: -5, y: height - 3, width: width + 10, height: 40),
            ] {
                hud.drawStrip(entries: ["wipe", "t 100000000000000000000.000 s", "speed ×16"], in: area, into: bitmap)
            }
        }
    }

    @Test func timelinePanelAtEverySizeAndTime() {
        let root = panelScene(at: 0.6)
        let panel = TimelinePanel(text: Self.font)
        panel.update(root: root)
        panel.setEvents([SceneEvent(time: 0, label: "start"), SceneEvent(time: .nan, label: "odd")])
        for (index, size) in Self.sizes.enumerated() {
            let bitmap = Bitmap(width: size.width, height: size.height)
            let layout = WindowLayout(
                width: size.width, height: size.height, pictureWidth: 320, pictureHeight: 180,
                chrome: WindowLayout.Chrome(
                    bannerHeight: 30, hudHeight: 40, timelineHeight: TimelinePanel.height(lineCount: 2),
                    toolbarHeight: 38, inspectorOpen: index % 2 == 0))
            panel.layout(frame: layout.timeline, expanded: index % 3 != 0)
            panel.setAxis(
                origin: Self.times[(index + 1) % Self.times.count], length: Self.times[index % Self.times.count])
            for time in Self.times {
                panel.draw(
                    sceneTime: time, speed: Self.speeds[index % Self.speeds.count], paused: index % 2 == 0,
                    loops: index % 4 == 0, into: bitmap)
                _ = panel.hit(x: size.width / 2, y: layout.timeline.y + 40)
                _ = panel.sceneTime(atX: size.width / 2)
            }
        }
        for speed in Self.speeds { _ = TimelinePanel.speedLabel(speed) }
        let bitmap = Bitmap(width: 700, height: 500)
        panel.setAxis(origin: 0, length: 3)
        for frame in [
            PixelRect(x: 0, y: 0, width: 700, height: 500), PixelRect(x: -50, y: 450, width: 300, height: 400),
            PixelRect(x: 690, y: -300, width: 400, height: 400), PixelRect(x: 0, y: 600, width: 700, height: 500),
        ] {
            panel.layout(frame: frame, expanded: true)
            for time in Self.times { panel.draw(sceneTime: time, speed: 1, paused: false, loops: true, into: bitmap) }
        }
    }

    @Test func windowLayoutsNeverOverlap() {
        for size in Self.sizes + [(320, 240), (480, 320), (1920, 1080)] {
            for open in [false, true] {
                let layout = WindowLayout(
                    width: size.width, height: size.height, pictureWidth: 1280, pictureHeight: 720,
                    chrome: WindowLayout.Chrome(
                        bannerHeight: 34, hudHeight: 44, timelineHeight: TimelinePanel.height(lineCount: 6),
                        toolbarHeight: 38, inspectorOpen: open))
                let parts = [
                    layout.banner, layout.hud, layout.picture, layout.sideColumn, layout.timeline, layout.toolbar,
                ]
                for (i, a) in parts.enumerated() {
                    #expect(a.x >= 0 && a.y >= 0 && a.maxX <= size.width && a.maxY <= size.height, "\(size) part \(i)")
                    for b in parts[(i + 1)...] where !a.isEmpty && !b.isEmpty {
                        #expect(a.intersection(b).isEmpty, "\(size) open \(open): \(a) and \(b)")
                    }
                }
            }
        }
    }

    @Test func plotsInEveryRectangle() {
        let curves = CurvePlot(text: Self.font)
        let values = ValuePlot(text: Self.font)
        let functions = [
            CAMediaTimingFunction(name: .easeInEaseOut),
            CAMediaTimingFunction(controlPoints: CGPoint(x: 0.3, y: -1e6), CGPoint(x: 0.6, y: 1e308)),
        ]
        let entries = functions.map { CurvePlotEntry(label: "curve", function: $0, color: CurvePlotStyle.palette[0]) }
        let series = [
            CurvePlotSeries(
                times: [0, 1, 2], componentCount: 1, values: [0, 1e300, .nan],
                phases: [.before, .active(iteration: 0, leg: .forward), nil]),
            CurvePlotSeries(
                times: [0, 1], componentCount: 1, values: [-1e308, 1e308], phases: [.removed, .filledAfter]),
            CurvePlotSeries(times: [0, 1e300], componentCount: 1, values: [1e300, 1e300], phases: [.after, .after]),
        ]
        let bitmap = Bitmap(width: 60, height: 60)
        let placed = Self.lengths.filter { $0 <= 64 }.flatMap { w in [0, 7, 40].map { h in (w, h) } }
        for (index, (width, height)) in (placed + [(321, 200), (1000, 9), (9, 1000)]).enumerated() {
            // Inside the bitmap, across its edges, and wholly outside it.
            let origin = [(3, 5), (-20, 50), (70, -30)][index % 3]
            let rect = PixelRect(x: origin.0, y: origin.1, width: width, height: height)
            for compact in [false, true] {
                curves.draw([entries[index % 2]], in: rect, compact: compact, into: bitmap)
                curves.drawPlayhead(entries[index % 2].function, x: .nan, into: bitmap)
                values.draw(series[index % 3], in: rect, compact: compact, title: "opacity", into: bitmap)
            }
            for time in Self.times {
                _ = values.column(atTime: time)
                [1.0, .nan, 1e300].withUnsafeBufferPointer { values.drawCursor(atTime: time, values: $0, into: bitmap) }
            }
        }
    }
}
