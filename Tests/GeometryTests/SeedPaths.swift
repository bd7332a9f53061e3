import Geometry

/// Paths built exactly as the seeds build them.
enum SeedPaths {
    /// Seed 000's clock wipe for a `width × height` view: a move to 12 o'clock, then
    /// `CGPathAddArc(centre, r/2, 3π/2, −π/2, NO)` with r = √(w² + h²)/2.
    static func clockWipe(width: CGFloat, height: CGFloat) -> (path: CGPath, center: CGPoint, radius: CGFloat) {
        let center = CGPoint(x: width / 2, y: height / 2)
        let radius = (width * width + height * height).squareRoot() / 2
        let path = CGMutablePath()
        path.move(to: CGPoint(x: center.x, y: center.y - radius / 2))
        path.addArc(center: center, radius: radius / 2, startAngle: 3 * .pi / 2, endAngle: -.pi / 2, clockwise: false)
        return (path, center, radius)
    }
}

/// The distance between two points.
func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat { hypot(a.x - b.x, a.y - b.y) }

/// The end point of a path's last element.
func lastPoint(of path: CGPath) -> CGPoint? { path.elements.last?.points.last }
