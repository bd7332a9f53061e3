import Geometry
import Raster

/// Where the easing editor's parts are, in the editor's own coordinates (its top-left corner at 0, 0),
/// and the maths between pixels and curve coordinates: the unit square is `unit` pixels a side, the plot
/// shows y from `yMin` to `yMax`, and a handle is grabbed within `grabRadius` pixels of its centre.
public struct EasingEditorLayout: Sendable {
    /// The editor's size in pixels.
    public static let width = 300
    public static let height = 548
    /// Pixels per unit of x and of y.
    public static let unit = 160.0
    /// The y range the plot shows (a handle beyond it is drawn at the edge).
    public static let yMin = -0.5
    public static let yMax = 1.5
    /// How far from a handle's centre a press still grabs it.
    public static let grabRadius = 10.0

    /// A clickable part of the editor.
    public enum Part: Equatable, Sendable {
        /// Control point P1 (0) or P2 (1).
        case handle(Int)
        /// One of `EasingCurve.presets`, by index.
        case preset(Int)
        /// The compare curve's button (cycles what is compared).
        case compare
        /// The previous or next keyframe interval.
        case previousSegment, nextSegment
        /// Write the curve back to the scene file.
        case writeBack
    }

    /// The plot: x from 0 to 1 across the unit square, centred; y from `yMin` (bottom) to `yMax` (top).
    public static let plot = PixelRect(
        x: (width - PixelGrid.whole(unit)) / 2, y: 52, width: PixelGrid.whole(unit),
        height: PixelGrid.whole(unit * (yMax - yMin)))
    /// The strip of the plot drawn (the unit square's width plus room for handles at the edges).
    public static let plotArea = PixelRect(x: 16, y: plot.y, width: width - 32, height: plot.height)
    /// The segment row's buttons.
    public static let previousSegmentButton = PixelRect(x: 8, y: 27, width: 22, height: 20)
    public static let nextSegmentButton = PixelRect(x: width - 30, y: 27, width: 22, height: 20)
    /// Below the plot: two lines of coordinates, two rows of presets, the compare button, the write button.
    static let coordinatesBaseline = plot.maxY + 18
    static let presetTop = plot.maxY + 46
    static let presetRowHeight = 24
    public static let compareButton = PixelRect(
        x: 8, y: presetTop + 2 * presetRowHeight + 4, width: width - 16, height: 20)
    public static let writeButton = PixelRect(x: 8, y: compareButton.maxY + 6, width: width - 16, height: 22)
    static let statusBaseline = writeButton.maxY + 16

    /// The button of preset `index`: three on the first row, two on the second.
    public static func presetButton(_ index: Int) -> PixelRect {
        let row = index < 3 ? 0 : 1
        let columns = row == 0 ? 3 : 2
        let column = row == 0 ? index : index - 3
        let gap = 6
        let buttonWidth = (width - 16 - gap * (columns - 1)) / columns
        return PixelRect(
            x: 8 + column * (buttonWidth + gap), y: presetTop + row * presetRowHeight, width: buttonWidth,
            height: presetRowHeight - 4)
    }

    /// The pixel centre (editor coordinates) of curve point (x, y); y outside the shown range lands past the plot's edge.
    public static func pixel(x: Double, y: Double) -> CGPoint {
        CGPoint(x: Double(plot.x) + x * unit, y: Double(plot.y) + (yMax - y) * unit)
    }

    /// A handle's centre as drawn: `pixel`, with y held inside the plot so a far overshoot stays visible.
    public static func handleCenter(x: Double, y: Double) -> CGPoint {
        pixel(x: x, y: min(max(y, yMin), yMax))
    }

    /// The curve coordinates under pixel (px, py) of the editor (x not yet clamped).
    public static func curvePoint(px: Double, py: Double) -> (x: Double, y: Double) {
        ((px - Double(plot.x)) / unit, yMax - (py - Double(plot.y)) / unit)
    }

    /// The handle a press at (px, py) grabs: the nearer of the two within `grabRadius` (P2 on a tie,
    /// since it is drawn on top), or nil.
    public static func handle(at px: Double, _ py: Double, curve: EasingCurve) -> Int? {
        var best: (handle: Int, distance: Double)?
        for handle in 0..<2 {
            let p = curve.point(handle)
            let c = handleCenter(x: p.x, y: p.y)
            let distance = ((c.x - px) * (c.x - px) + (c.y - py) * (c.y - py)).squareRoot()
            if distance <= grabRadius, best.map({ distance <= $0.distance }) ?? true { best = (handle, distance) }
        }
        return best?.handle
    }

    /// The part under (x, y) of the editor: a handle first (they may lie over buttons), then the buttons.
    /// `segments` says whether the segment buttons are there.
    public static func part(atX x: Int, y: Int, curve: EasingCurve, segments: Bool) -> Part? {
        if let handle = handle(at: Double(x) + 0.5, Double(y) + 0.5, curve: curve) { return .handle(handle) }
        for index in EasingCurve.presets.indices where inside(presetButton(index), x, y) {
            return .preset(index)
        }
        if inside(compareButton, x, y) { return .compare }
        if inside(writeButton, x, y) { return .writeBack }
        if segments, inside(previousSegmentButton, x, y) { return .previousSegment }
        if segments, inside(nextSegmentButton, x, y) { return .nextSegment }
        return nil
    }

    /// Whether pixel (x, y) lies in `rect`.
    public static func inside(_ rect: PixelRect, _ x: Int, _ y: Int) -> Bool {
        x >= rect.minX && x < rect.maxX && y >= rect.minY && y < rect.maxY
    }

    /// The curve after dragging `handle` to pixel (px, py): x clamped to 0…1, y free (within
    /// `EasingCurve.yLimit`), both on the editor's grid.
    public static func drag(_ curve: EasingCurve, handle: Int, toPixel px: Double, _ py: Double) -> EasingCurve {
        let p = curvePoint(px: px, py: py)
        return curve.moving(handle, toX: p.x, y: p.y)
    }
}
