import Foundation
import Raster

/// What a drawing paints through its coverage: one premultiplied colour, or the pixels drawn into the
/// scratch bitmap (an image, a gradient) at the same raster positions.
enum PaintSource {
    case color(Pixel)
    case pixels(Bitmap)
}

/// Where a drawing's coverage comes from: a rasterized mask (nil: every pixel of the area fully), or a
/// shadow's blurred plane placed with its pixel (0, 0) on raster pixel `origin`.
enum PaintCoverage {
    case mask(Mask?)
    case plane(AlphaPlane, origin: (x: Int, y: Int))
}

extension CGContext {
    /// Paints `source` through `coverage` inside `area` (raster pixels) with the state's clip, alpha, blend
    /// mode and shadow (cast first, below the drawing), then brings the caller's memory up to date.
    func paint(_ source: PaintSource, coverage: Mask?, area: PixelRect) {
        let limited = area.intersection(canvas).intersection(coverage?.bounds ?? canvas)
        guard !limited.isEmpty, state.alpha > 0 else { return }
        var touched = limited
        if let shadow = state.shadow { touched = touched.union(paintShadow(shadow, of: source, coverage, limited)) }
        composite(source, .mask(coverage), area: limited)
        external?.write(from: pixels, area: touched.intersection(canvas))
    }

    /// The premultiplied pixel of a colour.
    static func premultiplied(_ color: CGColor) -> Pixel {
        func byte(_ v: CGFloat) -> UInt32 { UInt32((max(0, min(1, v.isNaN ? 0 : v)) * 255).rounded()) }
        return PixelMath.premultiplied(
            red: byte(color.red), green: byte(color.green), blue: byte(color.blue), alpha: byte(color.alpha))
    }

    /// The state's alpha as a byte.
    var alphaByte: UInt32 { UInt32((state.alpha * 255).rounded()) }

    /// Draws the shadow of `source` through `coverage` in `area`; returns the pixels it may have changed.
    private func paintShadow(
        _ shadow: GraphicsState.Shadow, of source: PaintSource, _ coverage: Mask?, _ area: PixelRect
    ) -> PixelRect {
        // Offset and blur are in base space; raster pixels are base space mapped by the base transform
        // and flipped (device y is up).
        let toRaster = baseTransform.concatenating(rasterFromDevice)
        let offset = CGSize(width: shadow.offset.width, height: shadow.offset.height).applying(toRaster)
        let scale = (abs(toRaster.a * toRaster.d - toRaster.b * toRaster.c)).squareRoot()
        let blur = GaussianBlur.budgeted(sigma: shadow.blur / 2 * scale, width: canvas.width, height: canvas.height)
        let reach = blur.reach
        let plane = AlphaPlane(width: area.width + 2 * reach, height: area.height + 2 * reach)
        for y in area.rows {
            coverageRow(coverage, y: y, x0: area.minX, x1: area.maxX, clipped: false)
            let out = plane.row(y - area.minY + reach) + reach
            for i in 0..<area.width {
                let a: UInt32
                switch source {
                case .color(let color): a = color >> 24
                case .pixels(let bitmap): a = bitmap.row(y)[area.minX + i] >> 24
                }
                out[i] = UInt8(PixelMath.mul255(UInt32(scratch.row[i]), a))
            }
        }
        let origin = (
            x: area.minX - reach + PixelGrid.nearest(offset.width),
            y: area.minY - reach + PixelGrid.nearest(offset.height)
        )
        switch blur {
        case .blur(let sigma):
            scratch.blur.blur(plane, sigma: sigma)
        case .flat(let sigma):
            // Wider than the canvas: the flat level the blur tends to, over the whole canvas.
            let moments = plane.moments()
            let x = Double(origin.x) + moments.x - Double(canvas.width) / 2
            let y = Double(origin.y) + moments.y - Double(canvas.height) / 2
            let level = GaussianBlur.flatLevel(mass: moments.mass, distanceSquared: x * x + y * y, sigma: sigma)
            let flat = AlphaPlane(width: canvas.width, height: canvas.height)
            flat.baseAddress.update(repeating: UInt8((level * 255).rounded()), count: canvas.width * canvas.height)
            let color = Self.premultiplied(shadow.color)
            composite(.color(color), .plane(flat, origin: (canvas.minX, canvas.minY)), area: canvas)
            return canvas
        }
        let placed = PixelRect(x: origin.x, y: origin.y, width: plane.width, height: plane.height)
        let color = Self.premultiplied(shadow.color)
        composite(.color(color), .plane(plane, origin: origin), area: placed.intersection(canvas))
        return placed
    }

    /// Writes the coverage of row `y`, columns `x0 ..< x1`, into `scratch.row` (index 0 is column x0):
    /// the mask's (255 without one), thresholded when anti-aliasing is off, times the clip when `clipped`.
    private func coverageRow(_ mask: Mask?, y: Int, x0: Int, x1: Int, clipped: Bool) {
        let out = scratch.row
        let count = x1 - x0
        if let mask {
            out.update(repeating: 0, count: count)
            let bytes = mask.coverageBytes(inRow: y)
            for span in mask.spans(inRow: y) {
                let s0 = max(Int(span.x), x0)
                let s1 = min(Int(span.end), x1)
                guard s1 > s0 else { continue }
                if span.coverage == CoverageSpan.varying {
                    (out + (s0 - x0)).update(from: bytes + s0, count: s1 - s0)
                } else {
                    (out + (s0 - x0)).update(repeating: UInt8(span.coverage), count: s1 - s0)
                }
            }
            if !state.antialiases {
                for i in 0..<count { out[i] = out[i] >= 128 ? 255 : 0 }
            }
        } else {
            out.update(repeating: 255, count: count)
        }
        if clipped, let clip = state.clip {
            for i in 0..<count { out[i] = UInt8(PixelMath.mul255(UInt32(out[i]), UInt32(clip.value(x: x0 + i, y: y)))) }
        }
    }

    /// Blends `source` into the pixels of `area` (inside the canvas) weighted by coverage × clip × alpha,
    /// by the state's blend mode. Source-over without a clip takes Raster's span kernels.
    private func composite(_ source: PaintSource, _ coverage: PaintCoverage, area: PixelRect) {
        let area = area.intersection(state.clip?.bounds ?? canvas)
        guard !area.isEmpty else { return }
        let alpha = alphaByte
        let mode = state.blendMode
        if mode == .normal, state.clip == nil, state.antialiases, case .mask(let mask) = coverage {
            switch source {
            case .color(let color):
                return pixels.fill(color, opacity: UInt8(alpha), mask: mask, within: area)
            case .pixels(let bitmap):
                return pixels.draw(bitmap, opacity: UInt8(alpha), mask: mask, within: area)
            }
        }
        for y in area.rows {
            switch coverage {
            case .mask(let mask): coverageRow(mask, y: y, x0: area.minX, x1: area.maxX, clipped: true)
            case .plane(let plane, let origin):
                let from = plane.row(y - origin.y) + (area.minX - origin.x)
                scratch.row.update(from: from, count: area.width)
                if let clip = state.clip {
                    for i in 0..<area.width {
                        let c = UInt32(clip.value(x: area.minX + i, y: y))
                        scratch.row[i] = UInt8(PixelMath.mul255(UInt32(scratch.row[i]), c))
                    }
                }
            }
            let dst = pixels.row(y) + area.minX
            let weights = scratch.row
            if alpha < 255 {
                for i in 0..<area.width { weights[i] = UInt8(PixelMath.mul255(UInt32(weights[i]), alpha)) }
            }
            switch source {
            case .color(let color):
                Self.blendRow(dst, count: area.width, weights: weights, mode: mode) { _ in color }
            case .pixels(let bitmap):
                let src = bitmap.row(y) + area.minX
                Self.blendRow(dst, count: area.width, weights: weights, mode: mode) { src[$0] }
            }
        }
    }

    /// One row of `count` pixels: `dst[i]` becomes its blend with `source(i)` by `mode`, weighted by
    /// `weights[i]` / 255. The mode is chosen once a row; the loops are specialised for source-over,
    /// copy and clear.
    @inline(__always)
    static func blendRow(
        _ dst: UnsafeMutablePointer<Pixel>, count: Int, weights: UnsafePointer<UInt8>, mode: CGBlendMode,
        source: (Int) -> Pixel
    ) {
        switch mode {
        case .normal, .hue, .saturation, .color, .luminosity:
            for i in 0..<count where weights[i] > 0 {
                dst[i] = PixelMath.over(PixelMath.scale(source(i), by: UInt32(weights[i])), dst[i])
            }
        case .copy:
            for i in 0..<count where weights[i] > 0 {
                dst[i] = mix(dst[i], source(i), UInt32(weights[i]))
            }
        case .clear:
            for i in 0..<count where weights[i] > 0 {
                dst[i] = PixelMath.scale(dst[i], by: 255 - UInt32(weights[i]))
            }
        default:
            for i in 0..<count where weights[i] > 0 {
                dst[i] = mix(dst[i], blend(source(i), dst[i], mode), UInt32(weights[i]))
            }
        }
    }

    /// `a · (1 − w) + b · w` per channel, `w` in 0…255, rounded as pixman rounds.
    @inline(__always)
    static func mix(_ a: Pixel, _ b: Pixel, _ w: UInt32) -> Pixel {
        PixelMath.scale(a, by: 255 - w) &+ PixelMath.scale(b, by: w)
    }

    /// The blend of premultiplied `s` onto premultiplied `d` at full coverage (PDF's formulas, which Core
    /// Graphics' documentation gives: the separable modes as (1 − αd)·s + (1 − αs)·d + αs·αd·B(s/αs, d/αd),
    /// the Porter–Duff ones directly).
    static func blend(_ s: Pixel, _ d: Pixel, _ mode: CGBlendMode) -> Pixel {
        let sa = Double(s >> 24) / 255
        let da = Double(d >> 24) / 255
        func channel(_ p: Pixel, _ shift: UInt32) -> Double { Double((p >> shift) & 255) / 255 }
        let alpha: Double
        let value: (UInt32) -> Double
        switch mode {
        case .sourceIn, .sourceOut, .sourceAtop, .destinationOver, .destinationIn, .destinationOut, .destinationAtop,
            .xor, .plusLighter:
            let (fs, fd): (Double, Double)
            switch mode {
            case .sourceIn: (fs, fd) = (da, 0)
            case .sourceOut: (fs, fd) = (1 - da, 0)
            case .sourceAtop: (fs, fd) = (da, 1 - sa)
            case .destinationOver: (fs, fd) = (1 - da, 1)
            case .destinationIn: (fs, fd) = (0, sa)
            case .destinationOut: (fs, fd) = (0, 1 - sa)
            case .destinationAtop: (fs, fd) = (1 - da, sa)
            case .xor: (fs, fd) = (1 - da, 1 - sa)
            default: (fs, fd) = (1, 1)
            }
            alpha = sa * fs + da * fd
            value = { channel(s, $0) * fs + channel(d, $0) * fd }
        case .plusDarker:
            // R = max(0, 1 − ((1 − D) + (1 − S))) on opaque colours; premultiplied, per Apple's definition.
            alpha = min(1, sa + da)
            value = { max(0, alpha - ((da - channel(d, $0)) + (sa - channel(s, $0)))) }
        default:
            alpha = sa + da - sa * da
            value = { shift in
                let (sc, dc) = (channel(s, shift), channel(d, shift))
                let cs = sa > 0 ? sc / sa : 0
                let cb = da > 0 ? dc / da : 0
                return (1 - da) * sc + (1 - sa) * dc + sa * da * separable(cs, cb, mode)
            }
        }
        func byte(_ v: Double) -> Pixel { Pixel((max(0, min(1, v)) * 255).rounded()) }
        let a = byte(alpha)
        return a << 24 | min(a, byte(value(16))) << 16 | min(a, byte(value(8))) << 8 | min(a, byte(value(0)))
    }

    /// A separable blend function B(cs, cb) of straight source and backdrop channels (PDF 1.7, 11.3.5.2).
    static func separable(_ cs: Double, _ cb: Double, _ mode: CGBlendMode) -> Double {
        switch mode {
        case .multiply: return cs * cb
        case .screen: return cs + cb - cs * cb
        case .overlay: return separable(cb, cs, .hardLight)
        case .darken: return min(cs, cb)
        case .lighten: return max(cs, cb)
        case .colorDodge: return cb == 0 ? 0 : cs >= 1 ? 1 : min(1, cb / (1 - cs))
        case .colorBurn: return cb >= 1 ? 1 : cs <= 0 ? 0 : 1 - min(1, (1 - cb) / cs)
        case .hardLight: return cs <= 0.5 ? cb * 2 * cs : separable(2 * cs - 1, cb, .screen)
        case .softLight:
            if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
            let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
            return cb + (2 * cs - 1) * (d - cb)
        case .difference: return abs(cs - cb)
        case .exclusion: return cs + cb - 2 * cs * cb
        default: return cs
        }
    }
}
