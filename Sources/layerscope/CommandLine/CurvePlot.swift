import LayerKit

/// A timing function's curve as a layer tree, for the Compositor to draw: the unit square (time
/// across, progress up) with quarter grid lines, the linear diagonal dashed, the control handles and
/// the curve itself. The vertical range grows to hold control points outside 0…1.
enum CurvePlot {
    static func makeLayer(_ function: CAMediaTimingFunction, size: CGFloat) -> CALayer {
        let c1 = function.controlPoint(at: 1)
        let c2 = function.controlPoint(at: 2)
        let low = min(0, c1.y, c2.y)
        let high = max(1, c1.y, c2.y)
        let margin = size * 0.1
        let scaleX = size - 2 * margin
        let scaleY = (size - 2 * margin) / (high - low)
        func point(_ x: CGFloat, _ y: CGFloat) -> CGPoint {
            CGPoint(x: margin + x * scaleX, y: size - margin - (y - low) * scaleY)
        }
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: size, height: size)
        root.backgroundColor = CGColor(red: 0.12, green: 0.12, blue: 0.14, alpha: 1)

        let grid = CGMutablePath()
        for step in 0...4 {
            let t = CGFloat(step) / 4
            grid.move(to: point(t, 0))
            grid.addLine(to: point(t, 1))
            grid.move(to: point(0, t))
            grid.addLine(to: point(1, t))
        }
        root.addSublayer(
            stroke(grid, color: CGColor(red: 0.35, green: 0.35, blue: 0.4, alpha: 1), width: 1, size: size))

        let diagonal = CGMutablePath()
        diagonal.move(to: point(0, 0))
        diagonal.addLine(to: point(1, 1))
        let dashed = stroke(diagonal, color: CGColor(red: 0.5, green: 0.5, blue: 0.55, alpha: 1), width: 1, size: size)
        dashed.lineDashPattern = [6, 6]
        root.addSublayer(dashed)

        let handles = CGMutablePath()
        handles.move(to: point(0, 0))
        handles.addLine(to: point(c1.x, c1.y))
        handles.move(to: point(1, 1))
        handles.addLine(to: point(c2.x, c2.y))
        let orange = CGColor(red: 1, green: 0.6, blue: 0.2, alpha: 1)
        root.addSublayer(stroke(handles, color: orange, width: 2, size: size))
        for control in [c1, c2] {
            let dot = CAShapeLayer()
            dot.frame = root.bounds
            let center = point(control.x, control.y)
            dot.path = CGPath(ellipseIn: CGRect(x: center.x - 5, y: center.y - 5, width: 10, height: 10))
            dot.fillColor = orange
            root.addSublayer(dot)
        }

        let curve = CGMutablePath()
        curve.move(to: point(0, 0))
        curve.addCurve(to: point(1, 1), control1: point(c1.x, c1.y), control2: point(c2.x, c2.y))
        let curveLayer = stroke(curve, color: CGColor(red: 1, green: 1, blue: 1, alpha: 1), width: 3, size: size)
        curveLayer.lineCap = .round
        root.addSublayer(curveLayer)
        return root
    }

    private static func stroke(_ path: CGPath, color: CGColor, width: CGFloat, size: CGFloat) -> CAShapeLayer {
        let layer = CAShapeLayer()
        layer.frame = CGRect(x: 0, y: 0, width: size, height: size)
        layer.path = path
        layer.fillColor = nil
        layer.strokeColor = color
        layer.lineWidth = width
        return layer
    }
}
