import Foundation
import Geometry
import Raster

/// Filling, stroking and clipping the current path, and the rectangle and ellipse shortcuts.
extension CGContext {
    /// The flattening tolerance in device pixels.
    var tolerance: CGFloat { min(state.flatness, defaultFlatteningTolerance) }

    /// Fills the current path with the fill colour under `rule`, then clears the path.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        fill(devicePath, rule: rule, color: state.fillColor)
        beginPath()
    }

    /// Fills the current path by the even-odd rule (`CGContextEOFillPath`).
    public func eoFillPath() { fillPath(using: .evenOdd) }

    /// Strokes the current path with the stroke colour and line style, then clears the path.
    public func strokePath() {
        stroke(devicePath)
        beginPath()
    }

    /// Paints the current path as `mode` says (a fill, then a stroke, for the combined modes), then
    /// clears it.
    public func drawPath(using mode: CGPathDrawingMode) {
        switch mode {
        case .fill: fill(devicePath, rule: .winding, color: state.fillColor)
        case .eoFill: fill(devicePath, rule: .evenOdd, color: state.fillColor)
        case .stroke: stroke(devicePath)
        case .fillStroke:
            fill(devicePath, rule: .winding, color: state.fillColor)
            stroke(devicePath)
        case .eoFillStroke:
            fill(devicePath, rule: .evenOdd, color: state.fillColor)
            stroke(devicePath)
        }
        beginPath()
    }

    /// Intersects the clip with the current path's inside under `rule`, then clears the path.
    public func clip(using rule: CGPathFillRule = .winding) {
        clip(to: devicePath, rule: rule)
        beginPath()
    }

    /// Intersects the clip with the current path by the even-odd rule (`CGContextEOClip`).
    public func eoClip() { clip(using: .evenOdd) }

    /// Intersects the clip with `rect` (user space).
    public func clip(to rect: CGRect) { clip(to: [rect]) }

    /// Intersects the clip with the union of `rects` (user space); the current path is left alone.
    public func clip(to rects: [CGRect]) {
        let shape = CGMutablePath()
        shape.addRects(rects.map(\.standardized), transform: rasterFromUser)
        clip(to: shape, rule: .winding)
    }

    /// The clip's bounding box in user space.
    public var boundingBoxOfClipPath: CGRect {
        let box = state.clip?.bounds ?? canvas
        return CGRect(x: box.x, y: box.y, width: box.width, height: box.height).applying(rasterFromUser.inverted())
    }

    /// Removes the clip (Core Graphics' `resetClip()`).
    public func resetClip() { state.clip = nil }

    public func fill(_ rect: CGRect) { fill([rect]) }

    public func fill(_ rects: [CGRect]) {
        let shape = CGMutablePath()
        shape.addRects(rects.map(\.standardized), transform: rasterFromUser)
        fill(shape, rule: .winding, color: state.fillColor)
    }

    public func fillEllipse(in rect: CGRect) {
        let shape = CGMutablePath()
        shape.addEllipse(in: rect, transform: rasterFromUser)
        fill(shape, rule: .winding, color: state.fillColor)
    }

    public func stroke(_ rect: CGRect) {
        let shape = CGMutablePath()
        shape.addRect(rect.standardized, transform: rasterFromUser)
        stroke(shape)
    }

    public func stroke(_ rect: CGRect, width: CGFloat) {
        saveGState()
        setLineWidth(width)
        stroke(rect)
        restoreGState()
    }

    public func strokeEllipse(in rect: CGRect) {
        let shape = CGMutablePath()
        shape.addEllipse(in: rect, transform: rasterFromUser)
        stroke(shape)
    }

    /// Strokes the segments `points[0]–points[1]`, `points[2]–points[3]`, … (a lone last point is ignored).
    public func strokeLineSegments(between points: [CGPoint]) {
        let shape = CGMutablePath()
        var i = 0
        while i + 1 < points.count {
            shape.move(to: points[i], transform: rasterFromUser)
            shape.addLine(to: points[i + 1], transform: rasterFromUser)
            i += 2
        }
        stroke(shape)
    }

    /// Makes `rect` (user space) transparent, inside the clip, whatever the blend mode and alpha (no shadow).
    public func clear(_ rect: CGRect) {
        let shape = CGMutablePath()
        shape.addRect(rect.standardized, transform: rasterFromUser)
        saveGState()
        state.blendMode = .clear
        state.alpha = 1
        state.shadow = nil
        fill(shape, rule: .winding, color: 0xFF00_0000)
        restoreGState()
    }

    // MARK: Rasterizing

    /// Fills `path` (raster pixels) with `color` under `rule`.
    func fill(_ path: CGPath, rule: CGPathFillRule, color: CGColor) {
        fill(path, rule: rule, color: Self.premultiplied(color))
    }

    private func fill(_ path: CGPath, rule: CGPathFillRule, color: Pixel) {
        guard let area = rasterize(path, rule: rule) else { return }
        paint(.color(color), coverage: scratch.mask, area: area)
    }

    /// Strokes `path` (raster pixels) with the stroke colour and the state's line style, widths in user
    /// space.
    func stroke(_ path: CGPath) {
        strokeOutline(of: path)
        guard let area = rasterizePolygon(rule: .nonZero) else { return }
        paint(.color(Self.premultiplied(state.strokeColor)), coverage: scratch.mask, area: area)
    }

    /// Leaves the outline of `path` (raster pixels) stroked with the state's line style in `scratch.polygon`.
    func strokeOutline(of path: CGPath) {
        scratch.polygon.removeAll()
        let toRaster = rasterFromUser
        let determinant = toRaster.a * toRaster.d - toRaster.b * toRaster.c
        guard determinant != 0, determinant.isFinite, !path.isEmpty else { return }
        // Stroked in user space (so the pen is the user-space width under the transform), then mapped.
        let userPath = path.copy(applying: toRaster.inverted())
        scratch.stroker.stroke(
            userPath, style: state.strokeStyle, transform: toRaster, tolerance: tolerance,
            canvas: CGRect(x: 0, y: 0, width: width, height: height), into: &scratch.polygon)
    }

    /// Rasterizes `path` (raster pixels) into `scratch.mask`; returns the mask's covered area (nil when
    /// nothing is covered).
    func rasterize(_ path: CGPath, rule: CGPathFillRule) -> PixelRect? {
        scratch.polygon.removeAll()
        path.flatten(into: &scratch.polygon, transform: .identity, tolerance: tolerance)
        return rasterizePolygon(rule: rule == .evenOdd ? .evenOdd : .nonZero)
    }

    /// Rasterizes `scratch.polygon` into `scratch.mask` (inside the clip's bounds).
    func rasterizePolygon(rule: FillRule) -> PixelRect? {
        guard !scratch.polygon.points.isEmpty else { return nil }
        let limit = state.clip?.bounds ?? canvas
        guard !limit.isEmpty else { return nil }
        scratch.mask.reset(bounds: canvas)
        scratch.rasterizer.fill(scratch.polygon, rule: rule, into: scratch.mask, clip: limit)
        let covered = scratch.mask.coveredBounds
        return covered.isEmpty ? nil : covered
    }

    /// Intersects the clip with `path` (raster pixels) under `rule`.
    func clip(to path: CGPath, rule: CGPathFillRule) {
        scratch.polygon.removeAll()
        path.flatten(into: &scratch.polygon, transform: .identity, tolerance: tolerance)
        let limit = state.clip?.bounds ?? canvas
        if scratch.polygon.points.isEmpty || limit.isEmpty {
            state.clip = ClipMask(bounds: PixelRect(x: 0, y: 0, width: 0, height: 0), coverage: [])
            return
        }
        scratch.mask.reset(bounds: canvas)
        scratch.rasterizer.fill(
            scratch.polygon, rule: rule == .evenOdd ? .evenOdd : .nonZero, into: scratch.mask, clip: limit)
        state.clip = ClipMask.intersect(state.clip, with: scratch.mask, canvas: canvas)
    }
}
