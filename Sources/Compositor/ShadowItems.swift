import LayerKit
import Raster

/// The blur and its plane, kept from frame to frame so drawing a shadow of an unchanged size allocates
/// nothing.
final class ShadowScratch {
    let blur = GaussianBlur()
    private var plane: AlphaPlane?

    /// A plane of `width × height`, the previous one when it has that size.
    func plane(width: Int, height: Int) -> AlphaPlane {
        if let plane, plane.width == width, plane.height == height { return plane }
        let made = AlphaPlane(width: width, height: height)
        plane = made
        return made
    }
}

extension DisplayListBuilder {
    /// The shadow of `layer`, drawn beneath it, nil when it casts none: the alpha of `shadowPath` (under
    /// `transform`, non-zero winding) or else of `own` (the layer's background, contents, sublayers and
    /// border, composited), blurred by a Gaussian of σ = `shadowRadius` × the transform's scale, moved
    /// by `shadowOffset` (layer space, rounded to whole device pixels) and filled with `shadowColor` at
    /// `shadowOpacity`. A shadow is kept while its path (or the fills that cast it), transform, σ and
    /// offset are unchanged; one cast by anything else (a picture, a group) is blurred again every frame.
    /// Under perspective the caster (the layer's projected alpha, or its `shadowPath` projected) is
    /// blurred and moved as the map is near the layer's centre (its first-order affine map there).
    func shadowItem(of layer: CALayer, casting own: ArraySlice<DrawItem>, map: PlaneMap) -> DrawItem? {
        guard layer.shadowOpacity > 0, let color = layer.shadowColor, color.alpha > 0,
            layer.shadowPath != nil || !own.isEmpty,
            let transform = map.affine(at: CGPoint(x: layer.bounds.midX, y: layer.bounds.midY))
        else { return nil }
        let projection: Homography?
        if case .projective(let h) = map { projection = h } else { projection = nil }
        let scale = Double(abs(transform.a * transform.d - transform.b * transform.c)).squareRoot()
        let blur = GaussianBlur.budgeted(
            sigma: GaussianBlur.sigma(shadowRadius: Double(layer.shadowRadius), pixelsPerPoint: scale), width: width,
            height: height)
        let sigma: Double
        switch blur {
        case .blur(let s), .flat(let s): sigma = s
        }
        let o = layer.shadowOffset
        let dx = PixelGrid.nearest(transform.a * o.width + transform.c * o.height)
        let dy = PixelGrid.nearest(transform.b * o.width + transform.d * o.height)
        guard sigma.isFinite, abs(dx) < 1 << 20, abs(dy) < 1 << 20 else { return nil }
        let coverage: Coverage
        if let path = layer.shadowPath {
            let key = CoverageKey(
                path: path.elements, transform: transform, source: .shadow(sigma: sigma, dx: dx, dy: dy), canvas: frame,
                projection: projection)
            coverage = cachedShadow(key) {
                polygon.removeAll()
                if let projection {
                    path.flatten(into: &polygon, projection: projection, scratch: &projectionScratch)
                } else {
                    path.flatten(into: &polygon, transform: transform)
                }
                let caster = masks.acquire(bounds: frame)
                rasterizer.fill(polygon, rule: .nonZero, into: caster)
                let plane = casterPlane(caster.coveredBounds, blur: blur) { $0.setCoverage(from: caster, origin: $1) }
                masks.recycle(caster)
                return blurredCoverage(plane, blur: blur, dx: dx, dy: dy, key: key)
            }
        } else {
            let key = Self.castFills(own).map {
                CoverageKey(
                    path: [], transform: transform, source: .castShadow($0, sigma: sigma, dx: dx, dy: dy),
                    canvas: frame)
            }
            coverage = cachedShadow(key) {
                let bounds = own.reduce(PixelRect.empty) { $0.union($1.bounds) }.intersection(frame)
                if own.allSatisfy({ if case .fill = $0 { true } else { false } }) {
                    // Solid fills alone: their alpha composited straight into a plane of the caster's bounds.
                    fills.rasterize()
                    let plane = casterPlane(bounds, blur: blur) { plane, origin in
                        plane.clear()
                        for case .fill(let color, let opacity, let coverage) in own {
                            plane.composite(
                                alpha: UInt8(truncatingIfNeeded: color >> 24), opacity: opacity,
                                through: coverage.mask, origin: origin)
                        }
                    }
                    return blurredCoverage(plane, blur: blur, dx: dx, dy: dy, key: key)
                }
                let rendered = scratch.acquire(width: width, height: height)
                let casting = Array(own)
                paintMask(casting, rendered)
                let plane = casterPlane(bounds, blur: blur) { $0.setAlpha(from: rendered, origin: $1) }
                scratch.recycle(rendered)
                return blurredCoverage(plane, blur: blur, dx: dx, dy: dy, key: key)
            }
        }
        guard !coverage.bounds.isEmpty else { return nil }
        return .fill(color.premultipliedPixel, opacity: Self.byte(layer.shadowOpacity), coverage: coverage)
    }

    /// This frame's or the previous frame's shadow for `key`, else the one `make` blurs (kept for the
    /// next frame when it has a key).
    private func cachedShadow(_ key: CoverageKey?, make: () -> Coverage) -> Coverage {
        guard let key else { return make() }
        let coverage = currentCoverage[key] ?? previousCoverage[key] ?? make()
        currentCoverage[key] = coverage
        return coverage
    }

    /// The fills of a caster (or a mask) drawn by solid fills of known coverage alone (a background, a
    /// border, the backgrounds of its sublayers) and opaque gradients (whose alpha is their coverage's,
    /// whatever their colours), which determine its alpha; nil when anything else draws in it.
    static func castFills(_ items: ArraySlice<DrawItem>) -> [CoverageKey.CastFill]? {
        var fills: [CoverageKey.CastFill] = []
        for item in items {
            switch item {
            case .fill(let color, let opacity, let coverage):
                guard let key = coverage.key else { return nil }
                fills.append(CoverageKey.CastFill(color: color, opacity: opacity, coverage: key))
            case .gradient(let shading, let rect, let opacity, let coverage) where shading.table.isOpaque:
                let whole = CGRect(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height)
                let rectangle = CoverageKey(path: [], transform: .identity, source: .rect(whole), canvas: rect)
                guard let key = coverage.map(\.key) ?? rectangle else { return nil }
                fills.append(CoverageKey.CastFill(color: 0xFF00_0000, opacity: opacity, coverage: key))
            default:
                return nil
            }
        }
        return fills
    }

    /// The caster's alpha over `bounds` padded by the blur's reach, written by `fill` (given the plane
    /// and its device origin); with the plane's origin.
    private func casterPlane(
        _ bounds: PixelRect, blur: GaussianBlur.Budgeted, fill: (AlphaPlane, (x: Int, y: Int)) -> Void
    ) -> (plane: AlphaPlane, origin: (x: Int, y: Int)) {
        let pad = blur.reach
        let origin = (x: bounds.minX - pad, y: bounds.minY - pad)
        let plane = shadows.plane(width: max(1, bounds.width + 2 * pad), height: max(1, bounds.height + 2 * pad))
        if bounds.isEmpty { plane.clear() } else { fill(plane, origin) }
        return (plane, origin)
    }

    /// The plane blurred and moved by the offset, as frame-sized coverage; a blur wider than the canvas
    /// as the flat coverage of its level at the frame's centre, over the whole frame.
    private func blurredCoverage(
        _ caster: (plane: AlphaPlane, origin: (x: Int, y: Int)), blur: GaussianBlur.Budgeted, dx: Int, dy: Int,
        key: CoverageKey?
    ) -> Coverage {
        switch blur {
        case .blur(let sigma):
            shadows.blur.blur(caster.plane, sigma: sigma, bands: 2)
        case .flat(let sigma):
            let moments = caster.plane.moments()
            let x = Double(caster.origin.x + dx) + moments.x - Double(frame.width) / 2
            let y = Double(caster.origin.y + dy) + moments.y - Double(frame.height) / 2
            let level = GaussianBlur.flatLevel(mass: moments.mass, distanceSquared: x * x + y * y, sigma: sigma)
            let byte = UInt8((level * 255).rounded())
            let mask = masks.acquire(bounds: byte > 0 ? frame : .empty)
            mask.setUniformCoverage(byte)
            return Coverage(mask: mask, bounds: mask.bounds, key: key, pool: masks)
        }
        let origin = (x: caster.origin.x + dx, y: caster.origin.y + dy)
        let bounds = PixelRect(x: origin.x, y: origin.y, width: caster.plane.width, height: caster.plane.height)
            .intersection(frame)
        let mask = masks.acquire(bounds: bounds)
        mask.setCoverage(from: caster.plane, at: origin)
        return Coverage(mask: mask, bounds: bounds, key: key, pool: masks)
    }
}
