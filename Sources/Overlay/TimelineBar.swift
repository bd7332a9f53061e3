import Geometry
import Raster

/// The timeline bar: transport buttons (jump to start, frame back, play/pause, frame forward, jump to
/// end), a track from time 0 to `duration` with a playhead that can be dragged or clicked, the current
/// time, and the playback speed with slower/faster buttons. Its times are whatever clock the caller
/// shows (the viewer's scene time).
///
/// The bar's fixed parts are drawn once per layout into a cached image; a frame copies it and draws
/// the playhead, the elapsed part of the track and the readouts (no allocation once warm).
public final class TimelineBar {
    /// A button of the bar.
    public enum Control: String, CaseIterable, Sendable {
        case jumpToStart, stepBackward, playPause, stepForward, jumpToEnd, slower, faster
        /// The speed readout between ÷2 and ×2: a click picks the next preset rate.
        case speedPreset
    }

    /// What is under a point of the bar.
    public enum Hit: Equatable, Sendable {
        /// The track, at this media time.
        case track(mediaTime: Double)
        case control(Control)
    }

    /// The bar's height in pixels.
    public static let height = 44
    private static let buttonSize = 26

    private let text: TextRenderer?
    private let pen = CurvePlotPen()
    private var cache = Bitmap(width: 1, height: 1)
    private var cacheIsValid = false
    private var buttons: [(control: Control, rect: PixelRect)] = []
    private var track = PixelRect(x: 0, y: 0, width: 1, height: 1)
    private var timeLabelX = 0
    private var speedLabelX = 0
    /// Where the bar is drawn in the target bitmap.
    public private(set) var frame = PixelRect(x: 0, y: 0, width: 0, height: 0)
    /// The media time at the right end of the track (at least 0.001 s).
    public private(set) var duration = 1.0

    /// A bar writing with `text` (no readouts when nil).
    public init(text: TextRenderer?) {
        self.text = text
    }

    /// Places the bar and sets the track's length; the cached image is redrawn when either changes.
    public func layout(frame newFrame: PixelRect, duration newDuration: Double) {
        let clamped = newDuration.isFinite ? max(0.001, newDuration) : 1
        guard newFrame != frame || clamped != duration else { return }
        frame = newFrame
        duration = clamped
        if cache.width != max(1, frame.width) || cache.height != max(1, frame.height) {
            cache = Bitmap(width: max(1, frame.width), height: max(1, frame.height))
        }
        var x = 8
        let y = (frame.height - Self.buttonSize) / 2
        buttons = []
        for control in [Control.jumpToStart, .stepBackward, .playPause, .stepForward, .jumpToEnd] {
            buttons.append((control, PixelRect(x: x, y: y, width: Self.buttonSize, height: Self.buttonSize)))
            x += Self.buttonSize + 4
        }
        let readoutWidth = text?.width(of: "0000.000 / 0000.000 s") ?? 0
        let speedWidth = text?.width(of: "speed 1/16") ?? 0
        let right = frame.width - 8
        let fasterX = right - Self.buttonSize
        let slowerX = fasterX - 6 - speedWidth - 6 - Self.buttonSize
        buttons.append((.slower, PixelRect(x: slowerX, y: y, width: Self.buttonSize, height: Self.buttonSize)))
        buttons.append((.faster, PixelRect(x: fasterX, y: y, width: Self.buttonSize, height: Self.buttonSize)))
        speedLabelX = slowerX + Self.buttonSize + 6
        buttons.append(
            (
                .speedPreset,
                PixelRect(x: speedLabelX, y: y, width: max(1, fasterX - 6 - speedLabelX), height: Self.buttonSize)
            ))
        timeLabelX = slowerX - 12 - readoutWidth
        track = PixelRect(x: x + 10, y: frame.height / 2 - 10, width: max(10, timeLabelX - 12 - (x + 10)), height: 6)
        cacheIsValid = false
    }

    /// What is at window point (`x`, `y`): a button, or the track (the whole bar height around it) at
    /// the media time under `x`; nil elsewhere.
    public func hit(x: Int, y: Int) -> Hit? {
        let lx = x - frame.x
        let ly = y - frame.y
        guard lx >= 0, ly >= 0, lx < frame.width, ly < frame.height else { return nil }
        for button in buttons
        where lx >= button.rect.minX && lx < button.rect.maxX && ly >= button.rect.minY && ly < button.rect.maxY {
            return .control(button.control)
        }
        if lx >= track.minX - 6, lx < track.maxX + 6 { return .track(mediaTime: mediaTime(atX: x)) }
        return nil
    }

    /// The media time under window column `x`, clamped to the track (for drags that leave the bar).
    public func mediaTime(atX x: Int) -> Double {
        let fraction = Double(x - frame.x - track.x) / Double(max(1, track.width - 1))
        return min(max(fraction, 0), 1) * duration
    }

    /// The window column of the playhead at media time `t` (clamped to the track; its start for NaN).
    public func playheadX(atMediaTime t: Double) -> Int {
        let fraction = t >= duration ? 1 : t > 0 ? t / duration : 0
        return frame.x + track.x + Int((fraction * Double(track.width - 1)).rounded())
    }

    /// A playback rate as the bar shows it: `4`, `1`, `1/4`, `1/16`.
    public static func speedLabel(_ speed: Double) -> String {
        guard speed > 0, speed.isFinite else { return "0" }
        if speed >= 1 { return CurvePlotNumbers.text(speed, decimals: 2) }
        return "1/" + CurvePlotNumbers.text(1 / speed, decimals: 2)
    }

    private func redrawCache() {
        cache.fill(CurvePlotStyle.background)
        Blending.fill(cache, x: 0, y: 0, width: cache.width, height: 1, color: CurvePlotStyle.grid)
        for button in buttons where button.control != .speedPreset {
            let r = button.rect
            Blending.fill(cache, x: r.x, y: r.y, width: r.width, height: r.height, color: CurvePlotStyle.button)
            Blending.outline(
                cache, x: r.x, y: r.y, width: r.width, height: r.height, color: CurvePlotStyle.buttonBorder)
            if button.control != .playPause { drawIcon(button.control, in: r, into: cache) }
        }
        Blending.fill(
            cache, x: track.x, y: track.y, width: track.width, height: track.height, color: CurvePlotStyle.track)
        let step = ValuePlot.niceStep(span: duration, ticks: max(2, track.width / 80))
        for t in PixelCoordinate.ticks(from: 0, through: duration, step: step) {
            let x = playheadX(atMediaTime: t) - frame.x
            Blending.fill(cache, x: x, y: track.maxY + 1, width: 1, height: 4, color: CurvePlotStyle.axis)
            if let text, track.width > 200 {
                let label = CurvePlotNumbers.text(t, decimals: 3)
                text.draw(
                    label, x: x - text.width(of: label) / 2, baseline: track.maxY + 5 + text.ascender,
                    color: CurvePlotStyle.dimText, into: cache)
            }
        }
        cacheIsValid = true
    }

    private func drawIcon(_ control: Control, in r: PixelRect, into bitmap: Bitmap) {
        let cx = Double(r.x) + Double(r.width) / 2
        let cy = Double(r.y) + Double(r.height) / 2
        let color = CurvePlotStyle.text
        func tri(pointingRight: Bool, at x: Double) {
            let d = pointingRight ? 1.0 : -1.0
            pen.triangle(
                CGPoint(x: x - 4 * d, y: cy - 5), CGPoint(x: x - 4 * d, y: cy + 5), CGPoint(x: x + 4 * d, y: cy),
                color: color, clip: r, into: bitmap)
        }
        switch control {
        case .jumpToStart:
            Blending.fill(bitmap, x: Int(cx) - 6, y: Int(cy) - 5, width: 2, height: 10, color: color)
            tri(pointingRight: false, at: cx + 1)
        case .stepBackward:
            tri(pointingRight: false, at: cx + 2)
            Blending.fill(bitmap, x: Int(cx) + 5, y: Int(cy) - 5, width: 2, height: 10, color: color)
        case .stepForward:
            Blending.fill(bitmap, x: Int(cx) - 7, y: Int(cy) - 5, width: 2, height: 10, color: color)
            tri(pointingRight: true, at: cx - 1)
        case .jumpToEnd:
            tri(pointingRight: true, at: cx - 1)
            Blending.fill(bitmap, x: Int(cx) + 4, y: Int(cy) - 5, width: 2, height: 10, color: color)
        case .slower:
            Blending.fill(bitmap, x: Int(cx) - 5, y: Int(cy) - 1, width: 10, height: 2, color: color)
        case .faster:
            Blending.fill(bitmap, x: Int(cx) - 5, y: Int(cy) - 1, width: 10, height: 2, color: color)
            Blending.fill(bitmap, x: Int(cx) - 1, y: Int(cy) - 5, width: 2, height: 10, color: color)
        case .playPause, .speedPreset:
            break
        }
    }

    /// Draws the bar at `mediaTime`, playing at `speed` (or paused), into `bitmap` at `frame`.
    public func draw(mediaTime: Double, speed: Double, paused: Bool, into bitmap: Bitmap) {
        guard frame.width > 0, frame.height > 0 else { return }
        if !cacheIsValid { redrawCache() }
        let x0 = max(0, frame.x)
        let x1 = min(bitmap.width, frame.maxX)
        let y0 = max(0, frame.y)
        let y1 = min(bitmap.height, frame.maxY)
        guard x1 > x0, y1 > y0 else { return }
        for y in y0..<y1 {
            (bitmap.row(y) + x0).update(from: cache.row(y - frame.y) + (x0 - frame.x), count: x1 - x0)
        }
        let head = playheadX(atMediaTime: mediaTime)
        Blending.fill(
            bitmap, x: frame.x + track.x, y: frame.y + track.y, width: head - frame.x - track.x + 1,
            height: track.height, color: CurvePlotStyle.trackFilled)
        pen.disc(
            center: CGPoint(x: Double(head) + 0.5, y: Double(frame.y + track.y) + Double(track.height) / 2), radius: 7,
            color: CurvePlotStyle.playhead, clip: frame, into: bitmap)
        if let play = buttons.first(where: { $0.control == .playPause })?.rect {
            let r = PixelRect(x: play.x + frame.x, y: play.y + frame.y, width: play.width, height: play.height)
            let cx = Double(r.x) + Double(r.width) / 2
            let cy = Double(r.y) + Double(r.height) / 2
            if paused {
                pen.triangle(
                    CGPoint(x: cx - 4, y: cy - 6), CGPoint(x: cx - 4, y: cy + 6), CGPoint(x: cx + 6, y: cy),
                    color: CurvePlotStyle.text, clip: r, into: bitmap)
            } else {
                Blending.fill(bitmap, x: Int(cx) - 5, y: Int(cy) - 6, width: 3, height: 12, color: CurvePlotStyle.text)
                Blending.fill(bitmap, x: Int(cx) + 2, y: Int(cy) - 6, width: 3, height: 12, color: CurvePlotStyle.text)
            }
        }
        guard let text else { return }
        let baseline = frame.y + (frame.height + text.ascender - text.descender) / 2
        var x = text.draw(
            CurvePlotNumbers.text(mediaTime, decimals: 3), x: frame.x + timeLabelX, baseline: baseline,
            color: CurvePlotStyle.text, into: bitmap)
        x = text.draw(" / ", x: x, baseline: baseline, color: CurvePlotStyle.dimText, into: bitmap)
        x = text.draw(
            CurvePlotNumbers.text(duration, decimals: 3), x: x, baseline: baseline, color: CurvePlotStyle.dimText,
            into: bitmap)
        text.draw(" s", x: x, baseline: baseline, color: CurvePlotStyle.dimText, into: bitmap)
        x = text.draw(
            "speed ", x: frame.x + speedLabelX, baseline: baseline, color: CurvePlotStyle.dimText, into: bitmap)
        text.draw(Self.speedLabel(speed), x: x, baseline: baseline, color: CurvePlotStyle.text, into: bitmap)
    }
}
