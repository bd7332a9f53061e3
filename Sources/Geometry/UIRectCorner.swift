/// The corners of a rectangle, as UIKit's `UIRectCorner` (top is the visual top: min-Y in UIKit's
/// y-down space).
public struct UIRectCorner: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let topLeft = UIRectCorner(rawValue: 1 << 0)
    public static let topRight = UIRectCorner(rawValue: 1 << 1)
    public static let bottomLeft = UIRectCorner(rawValue: 1 << 2)
    public static let bottomRight = UIRectCorner(rawValue: 1 << 3)
    public static let allCorners = UIRectCorner(rawValue: ~0)
}

extension UIBezierPath {
    /// A rectangle with the chosen `corners` rounded by quarter ovals of `cornerRadii` (width along x,
    /// height along y), each clamped to half the rectangle's width or height, as Apple documents. It
    /// starts on the top edge after the top-left corner and runs clockwise on screen.
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        let r = rect.standardized
        let rx = max(0, min(cornerRadii.width, r.width / 2))
        let ry = max(0, min(cornerRadii.height, r.height / 2))
        // The control-point distance of a quarter circle drawn as one cubic, as a fraction of the radius.
        let k: CGFloat = 0.552_284_749_830_793_4
        func radii(_ corner: UIRectCorner) -> (CGFloat, CGFloat) { corners.contains(corner) ? (rx, ry) : (0, 0) }
        /// A corner from the point `from` to `to`, bulging towards `corner` (skipped when not rounded).
        func corner(_ which: UIRectCorner, at corner: CGPoint, from: CGPoint, to: CGPoint) {
            guard corners.contains(which), rx > 0, ry > 0 else {
                addLine(to: corner)
                return
            }
            if path.currentPoint != from { addLine(to: from) }
            addCurve(
                to: to,
                controlPoint1: CGPoint(x: from.x + (corner.x - from.x) * k, y: from.y + (corner.y - from.y) * k),
                controlPoint2: CGPoint(x: to.x + (corner.x - to.x) * k, y: to.y + (corner.y - to.y) * k))
        }
        let (tl, tr, bl, br) = (radii(.topLeft), radii(.topRight), radii(.bottomLeft), radii(.bottomRight))
        move(to: CGPoint(x: r.minX + tl.0, y: r.minY))
        corner(
            .topRight, at: CGPoint(x: r.maxX, y: r.minY), from: CGPoint(x: r.maxX - tr.0, y: r.minY),
            to: CGPoint(x: r.maxX, y: r.minY + tr.1))
        corner(
            .bottomRight, at: CGPoint(x: r.maxX, y: r.maxY), from: CGPoint(x: r.maxX, y: r.maxY - br.1),
            to: CGPoint(x: r.maxX - br.0, y: r.maxY))
        corner(
            .bottomLeft, at: CGPoint(x: r.minX, y: r.maxY), from: CGPoint(x: r.minX + bl.0, y: r.maxY),
            to: CGPoint(x: r.minX, y: r.maxY - bl.1))
        if corners.contains(.topLeft) {
            corner(
                .topLeft, at: CGPoint(x: r.minX, y: r.minY), from: CGPoint(x: r.minX, y: r.minY + tl.1),
                to: CGPoint(x: r.minX + tl.0, y: r.minY))
        }
        close()
    }
}
