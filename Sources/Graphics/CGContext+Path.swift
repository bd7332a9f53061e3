import Foundation
import Geometry

/// The current path, built in user space and kept in device pixels: each point is mapped by the
/// transform in force when it is added, as in Core Graphics, so changing the transform afterwards does
/// not move what was added. Filling, stroking and clipping consume it.
extension CGContext {
    /// Starts a new, empty path.
    public func beginPath() { devicePath = CGMutablePath() }

    public func move(to point: CGPoint) { devicePath.move(to: point, transform: rasterFromUser) }

    public func addLine(to point: CGPoint) { devicePath.addLine(to: point, transform: rasterFromUser) }

    public func addLines(between points: [CGPoint]) {
        devicePath.addLines(between: points, transform: rasterFromUser)
    }

    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        devicePath.addCurve(to: end, control1: control1, control2: control2, transform: rasterFromUser)
    }

    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        devicePath.addQuadCurve(to: end, control: control, transform: rasterFromUser)
    }

    /// A circular arc in user space; `clockwise` as Core Graphics means it (in a y-up space: so on a
    /// UIKit-flipped context `clockwise: true` turns counter-clockwise on screen), preceded by a line from
    /// the current point.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        devicePath.addArc(
            center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise,
            transform: rasterFromUser)
    }

    /// An arc tangent to the lines current point → `tangent1End` → `tangent2End` (`CGContextAddArcToPoint`).
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
        devicePath.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius, transform: rasterFromUser)
    }

    public func addRect(_ rect: CGRect) { devicePath.addRect(rect, transform: rasterFromUser) }

    public func addRects(_ rects: [CGRect]) { devicePath.addRects(rects, transform: rasterFromUser) }

    public func addEllipse(in rect: CGRect) { devicePath.addEllipse(in: rect, transform: rasterFromUser) }

    /// A path in user space (as `CGPath`s are built), mapped by the current transform.
    public func addPath(_ path: CGPath) { devicePath.addPath(path, transform: rasterFromUser) }

    public func closePath() { devicePath.closeSubpath() }

    /// True when the current path has no element.
    public var isPathEmpty: Bool { devicePath.isEmpty }

    /// The current path in user space (nil when empty).
    public var path: CGPath? {
        devicePath.isEmpty ? nil : devicePath.copy(applying: rasterFromUser.inverted())
    }

    /// The current point in user space (`.zero` without a path).
    public var currentPointOfPath: CGPoint {
        devicePath.isEmpty ? .zero : devicePath.currentPoint.applying(rasterFromUser.inverted())
    }

    /// The bounding box of the current path in user space, control points included (`.null` when empty).
    public var boundingBoxOfPath: CGRect {
        devicePath.isEmpty ? .null : devicePath.boundingBox.applying(rasterFromUser.inverted())
    }

    /// Whether `point` (user space) is inside the current path under `mode` (its fill rule: non-zero
    /// for `.fill`, `.fillStroke` and `.stroke`, even-odd for the `eo` modes).
    public func pathContains(_ point: CGPoint, mode: CGPathDrawingMode) -> Bool {
        let rule: CGPathFillRule = mode == .eoFill || mode == .eoFillStroke ? .evenOdd : .winding
        return devicePath.contains(point.applying(rasterFromUser), using: rule)
    }

    /// Replaces the current path by the outline of its stroke with the current line style.
    public func replacePathWithStrokedPath() {
        strokeOutline(of: devicePath)
        let outline = CGMutablePath()
        for contour in 0..<scratch.polygon.contourCount {
            let range = scratch.polygon.contourRange(contour)
            guard let first = range.first else { continue }
            outline.move(to: scratch.polygon.points[first])
            for i in range.dropFirst() { outline.addLine(to: scratch.polygon.points[i]) }
            outline.closeSubpath()
        }
        devicePath = outline
    }
}
