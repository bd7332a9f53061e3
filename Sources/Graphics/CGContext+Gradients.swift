import Foundation
import Raster

/// Gradients fill the clip (the whole bitmap without one), each pixel shaded at its centre. Beyond the
/// start and end, pixels are painted only when the options say so (then with the end colours).
extension CGContext {
    /// An axial gradient from `start` (location 0) to `end` (location 1), in user space, constant along
    /// lines perpendicular to start → end. Equal points draw nothing.
    public func drawLinearGradient(
        _ gradient: CGGradient, start: CGPoint, end: CGPoint, options: CGGradientDrawingOptions
    ) {
        let d = CGPoint(x: end.x - start.x, y: end.y - start.y)
        let lengthSquared = d.x * d.x + d.y * d.y
        guard lengthSquared > 0, lengthSquared.isFinite else { return }
        // t as an affine function of the raster pixel: user = inverse(raster), t = d·(user − start)/|d|².
        let m = rasterFromUser.inverted()
        let ta = (d.x * m.a + d.y * m.b) / lengthSquared
        let tc = (d.x * m.c + d.y * m.d) / lengthSquared
        let t0 = (d.x * (m.tx - start.x) + d.y * (m.ty - start.y)) / lengthSquared
        shadeGradient(gradient, options: options) { x, y in ta * x + tc * y + t0 }
    }

    /// A radial gradient between two circles, as Core Graphics and PDF define it: the circle of centre
    /// and radius interpolated from (`startCenter`, `startRadius`) at location 0 to (`endCenter`,
    /// `endRadius`) at 1, each point taking the largest location whose circle passes through it (with
    /// a radius ≥ 0); points no allowed circle reaches are not painted.
    public func drawRadialGradient(
        _ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint, endRadius: CGFloat,
        options: CGGradientDrawingOptions
    ) {
        let m = rasterFromUser.inverted()
        let cd = CGPoint(x: endCenter.x - startCenter.x, y: endCenter.y - startCenter.y)
        let dr = endRadius - startRadius
        let a = cd.x * cd.x + cd.y * cd.y - dr * dr
        let before = options.contains(.drawsBeforeStartLocation)
        let after = options.contains(.drawsAfterEndLocation)
        let r0 = startRadius
        func allowed(_ t: CGFloat) -> Bool {
            r0 + t * dr >= 0 && (before || t >= 0) && (after || t <= 1)
        }
        shadeGradient(gradient, options: [.drawsBeforeStartLocation, .drawsAfterEndLocation]) { x, y in
            let px = m.a * x + m.c * y + m.tx - startCenter.x
            let py = m.b * x + m.d * y + m.ty - startCenter.y
            // |p − c(t)| = r(t):  a·t² − 2b·t + c = 0.
            let b = px * cd.x + py * cd.y + r0 * dr
            let c = px * px + py * py - r0 * r0
            if abs(a) < 1e-12 {
                guard b != 0 else { return .nan }
                let t = c / (2 * b)
                return allowed(t) ? t : .nan
            }
            let discriminant = b * b - a * c
            guard discriminant >= 0 else { return .nan }
            let root = discriminant.squareRoot()
            let (high, low) = a > 0 ? ((b + root) / a, (b - root) / a) : ((b - root) / a, (b + root) / a)
            if allowed(high) { return high }
            return allowed(low) ? low : .nan
        }
    }

    /// Paints the gradient over the clip with `location(x, y)` at each raster pixel centre: NaN, or a
    /// location outside 0…1 that the options do not extend to, leaves the pixel unpainted.
    private func shadeGradient(
        _ gradient: CGGradient, options: CGGradientDrawingOptions, location: (CGFloat, CGFloat) -> CGFloat
    ) {
        let area = state.clip?.bounds ?? canvas
        guard !area.isEmpty else { return }
        let table = gradient.table
        let before = options.contains(.drawsBeforeStartLocation)
        let after = options.contains(.drawsAfterEndLocation)
        let source = scratch.source
        for y in area.rows {
            let out = source.row(y)
            let cy = CGFloat(y) + 0.5
            for x in area.columns {
                let t = location(CGFloat(x) + 0.5, cy)
                out[x] = t.isNaN || (t < 0 && !before) || (t > 1 && !after) ? 0 : table.color(at: t)
            }
        }
        paint(.pixels(source), coverage: nil, area: area)
    }
}
