import Geometry

/// Paths built exactly as the seeds build them, for the geometry and raster tests alike.
public enum SeedPaths {
    /// Seed 000's clock wipe for a `width × height` view: a move to 12 o'clock, then
    /// `CGPathAddArc(centre, r/2, 3π/2, −π/2, NO)` with r = √(w² + h²)/2.
    public static func clockWipe(width: CGFloat, height: CGFloat) -> (path: CGPath, center: CGPoint, radius: CGFloat) {
        let center = CGPoint(x: width / 2, y: height / 2)
        let radius = (width * width + height * height).squareRoot() / 2
        let path = CGMutablePath()
        path.move(to: CGPoint(x: center.x, y: center.y - radius / 2))
        path.addArc(center: center, radius: radius / 2, startAngle: 3 * .pi / 2, endAngle: -.pi / 2, clockwise: false)
        return (path, center, radius)
    }
}
