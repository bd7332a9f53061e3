/// The outline of a layer with rounded corners, as Core Animation shapes its background, border,
/// `masksToBounds` clip and gradient: `cornerRadius`, `maskedCorners` and `cornerCurve`.
extension CGMutablePath {
    /// A closed rounded rectangle: the corners in `maskedCorners` are rounded by `cornerRadius`
    /// (clamped to 0 … half the shorter side, as Core Animation clamps it) with `cornerCurve`, the others
    /// are square. It starts where the max-X min-Y corner meets the max-X edge and runs by increasing
    /// angle (clockwise on a y-down screen), corners in the order max-X max-Y, min-X max-Y, min-X min-Y,
    /// max-X min-Y. An empty rectangle, a radius of 0 or no masked corner give `addRect`.
    public func addRoundedRect(
        in rect: CGRect, cornerRadius: CGFloat, maskedCorners: CACornerMask = .all,
        cornerCurve: CALayerCornerCurve = .circular, transform: CGAffineTransform = .identity
    ) {
        let r = rect.standardized
        let halfSide = min(r.width, r.height) / 2
        let radius = cornerRadius.isFinite ? max(0, min(cornerRadius, halfSide)) : 0
        guard radius > 0, !maskedCorners.isEmpty else { return addRect(r, transform: transform) }
        let profile = CornerProfile(curve: cornerCurve, radius: radius, halfSide: halfSide)
        // Each corner: its point, the unit vector back along the edge it is entered by, the unit vector
        // along the edge it leaves by, and its mask bit.
        let corners: [(CGPoint, CGPoint, CGPoint, CACornerMask)] = [
            (CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: 0, y: -1), CGPoint(x: -1, y: 0), .layerMaxXMaxYCorner),
            (CGPoint(x: r.minX, y: r.maxY), CGPoint(x: 1, y: 0), CGPoint(x: 0, y: -1), .layerMinXMaxYCorner),
            (CGPoint(x: r.minX, y: r.minY), CGPoint(x: 0, y: 1), CGPoint(x: 1, y: 0), .layerMinXMinYCorner),
            (CGPoint(x: r.maxX, y: r.minY), CGPoint(x: -1, y: 0), CGPoint(x: 0, y: 1), .layerMaxXMinYCorner),
        ]
        let lastRounded = maskedCorners.contains(.layerMaxXMinYCorner)
        let reach = profile.reach * radius
        move(to: CGPoint(x: r.maxX, y: r.minY + (lastRounded ? reach : 0)), transform: transform)
        for (index, (corner, back, ahead, bit)) in corners.enumerated() {
            guard maskedCorners.contains(bit) else {
                if index < 3 { addLine(to: corner, transform: transform) }
                continue
            }
            let place = { (p: CGPoint) in
                CGPoint(
                    x: corner.x + radius * (p.x * back.x + p.y * ahead.x),
                    y: corner.y + radius * (p.x * back.y + p.y * ahead.y))
            }
            appendCorner(profile, place, transform: transform)
        }
        closeSubpath()
    }

    /// A line to the corner's start, then its cubics and short lines, each point placed by `place`.
    private func appendCorner(
        _ profile: CornerProfile, _ place: (CGPoint) -> CGPoint, transform: CGAffineTransform
    ) {
        let p = profile.points.map(place)
        addLine(to: p[0], transform: transform)
        addCurve(to: p[3], control1: p[1], control2: p[2], transform: transform)
        guard !profile.isSingleCubic else { return }
        addLine(to: p[4], transform: transform)
        addCurve(to: p[7], control1: p[5], control2: p[6], transform: transform)
        addLine(to: p[8], transform: transform)
        addCurve(to: p[11], control1: p[9], control2: p[10], transform: transform)
    }
}

extension CGPath {
    /// A layer's rounded outline; see `CGMutablePath.addRoundedRect(in:cornerRadius:maskedCorners:
    /// cornerCurve:transform:)`.
    public convenience init(
        roundedRect rect: CGRect, cornerRadius: CGFloat, maskedCorners: CACornerMask = .all,
        cornerCurve: CALayerCornerCurve = .circular, transform: CGAffineTransform? = nil
    ) {
        let path = CGMutablePath()
        path.addRoundedRect(
            in: rect, cornerRadius: cornerRadius, maskedCorners: maskedCorners, cornerCurve: cornerCurve,
            transform: transform ?? .identity)
        self.init(elements: path.elements)
    }
}
