/// The part of UIKit's `UIBezierPath` that animation code uses to build `CGPath`s.
///
/// Unlike `CGMutablePath.addArc`, `clockwise` here means clockwise on a y-down screen, as in UIKit, so
/// `clockwise: true` runs by increasing angle.
public final class UIBezierPath {
    /// The path being built (replaced whole by `apply(_:)`).
    var path: CGMutablePath
    /// Whether `contains(_:)` and `fill()` use the even-odd rule instead of non-zero winding (default false).
    public var usesEvenOddFillRule = false
    /// The line style `stroke()` draws with (UIKit's defaults: width 1, butt caps, miter joins, miter
    /// limit 10, no dash; flatness 0.6).
    public var lineWidth: CGFloat = 1
    public var lineCapStyle = CGLineCap.butt
    public var lineJoinStyle = CGLineJoin.miter
    public var miterLimit: CGFloat = 10
    public var flatness: CGFloat = 0.6
    /// The dash lengths and phase (`setLineDash(_:count:phase:)`); empty for a solid line.
    public internal(set) var lineDashPattern: [CGFloat] = []
    public internal(set) var lineDashPhase: CGFloat = 0

    public init() { path = CGMutablePath() }

    /// An oval inscribed in `rect`, starting at 3 o'clock and running clockwise on screen.
    public init(ovalIn rect: CGRect) {
        path = CGMutablePath()
        path.addEllipse(in: rect)
    }

    public init(rect: CGRect) {
        path = CGMutablePath()
        path.addRect(rect)
    }

    /// A rectangle with continuous corners of `cornerRadius`: since iOS 7 UIKit draws this initializer's
    /// corners as the continuous curve (see `CornerProfile`), not as quarter circles.
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        path = CGMutablePath()
        path.addRoundedRect(in: rect, cornerRadius: cornerRadius, cornerCurve: .continuous)
    }

    /// A rectangle with circular corners of `cornerRadii.width` on `corners` only (UIKit uses the
    /// width for both radii), the other corners square.
    public init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        path = CGMutablePath()
        path.addRoundedRect(
            in: rect, cornerRadius: cornerRadii.width, maskedCorners: CACornerMask(rawValue: corners.rawValue))
    }

    public init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        path = CGMutablePath()
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }

    public init(cgPath: CGPath) { path = cgPath.mutableCopy() }

    public func move(to point: CGPoint) { path.move(to: point) }

    public func addLine(to point: CGPoint) { path.addLine(to: point) }

    public func addCurve(to end: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: end, control1: controlPoint1, control2: controlPoint2)
    }

    public func addQuadCurve(to end: CGPoint, controlPoint: CGPoint) {
        path.addQuadCurve(to: end, control: controlPoint)
    }

    public func addArc(
        withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool
    ) {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }

    public func close() { path.closeSubpath() }

    /// An immutable snapshot of the path.
    public var cgPath: CGPath { path.copy() }
}
