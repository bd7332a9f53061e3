import LayerKit
import Raster

/// The colour tables of the gradient layers drawn in this frame and the previous one, by layer, so a
/// gradient whose colours and locations did not change is not tabulated again (a moving gradient keeps
/// its table; only animated colours or locations make a new one).
final class GradientTables {
    private struct Entry {
        var colors: [CGColor]
        var locations: [Double]?
        var table: GradientTable
    }

    private var previous: [ObjectIdentifier: Entry] = [:]
    private var current: [ObjectIdentifier: Entry] = [:]

    /// The table of `layer`'s `colors` and `locations` (`locations` spread evenly when nil or not one per
    /// colour, as Core Animation does).
    func table(for layer: CAGradientLayer, colors: [CGColor], locations: [Double]?) -> GradientTable {
        let id = ObjectIdentifier(layer)
        if let known = current[id] ?? previous[id], known.colors == colors, known.locations == locations {
            current[id] = known
            return known.table
        }
        let stops = GradientShading.stops(
            colors: colors.map { (Double($0.red), Double($0.green), Double($0.blue), Double($0.alpha)) },
            locations: locations)
        let table = GradientTable(stops: stops)
        current[id] = Entry(colors: colors, locations: locations, table: table)
        return table
    }

    /// A gradient shaded flat (for a layer under perspective) and what it was shaded from.
    private struct Flat {
        var shading: GradientShading
        var bitmap: Bitmap
    }

    private var previousFlat: [ObjectIdentifier: Flat] = [:]
    private var currentFlat: [ObjectIdentifier: Flat] = [:]

    /// `shading` over a `width`×`height` bitmap: the one `layer` had when it is the same shading (so
    /// damage sees no change), else a new bitmap shaded now.
    func flatShading(of layer: CAGradientLayer, shading: GradientShading, width: Int, height: Int) -> Bitmap {
        let id = ObjectIdentifier(layer)
        if let known = currentFlat[id] ?? previousFlat[id], known.shading.drawsLike(shading),
            known.bitmap.width == width, known.bitmap.height == height
        {
            currentFlat[id] = known
            return known.bitmap
        }
        let bitmap = Bitmap(width: width, height: height)
        bitmap.drawGradient(shading, in: PixelRect(x: 0, y: 0, width: width, height: height))
        currentFlat[id] = Flat(shading: shading, bitmap: bitmap)
        return bitmap
    }

    /// Ends a frame: the tables used in it are the ones the next frame looks among.
    func endFrame() {
        swap(&previous, &current)
        current.removeAll(keepingCapacity: true)
        swap(&previousFlat, &currentFlat)
        currentFlat.removeAll(keepingCapacity: true)
    }
}

extension DisplayListBuilder {
    /// The gradient of a `CAGradientLayer`, nil when it draws none (no colours, empty bounds): shaded in
    /// the unit space of the bounds (so it stretches with them: a radial gradient's ellipse has radii
    /// |Δx|·width and |Δy|·height), mapped to device pixels by `transform`, filling the layer's outline
    /// (its rounded corners included, with or without `masksToBounds`), as Core Animation draws it.
    func gradientItem(of layer: CAGradientLayer, transform: CGAffineTransform) -> DrawItem? {
        guard let colors = layer.colorList, !colors.isEmpty else { return nil }
        let b = layer.bounds
        guard b.width > 0, b.height > 0 else { return nil }
        let unitToDevice = CGAffineTransform(a: b.width, b: 0, c: 0, d: b.height, tx: b.minX, ty: b.minY)
            .concatenating(transform)
        let determinant = unitToDevice.a * unitToDevice.d - unitToDevice.b * unitToDevice.c
        guard determinant.isFinite, abs(determinant) > 1e-12 else { return nil }
        let shading = self.shading(of: layer, colors: colors, unitTo: unitToDevice)
        if LayerOutline(layer).isRectangle, let rect = LayerGeometry.axisAlignedDeviceRect(b, transform: transform),
            let pixels = Self.wholePixels(rect)
        {
            let visible = pixels.intersection(frame)
            guard !visible.isEmpty else { return nil }
            return .gradient(shading, rect: visible, opacity: 255, coverage: nil)
        }
        let coverage = outlineCoverage(of: layer, transform: transform)
        guard !coverage.bounds.isEmpty else { return nil }
        return .gradient(shading, rect: coverage.bounds, opacity: 255, coverage: coverage)
    }

    /// `layer`'s gradient with its unit space mapped by `unitTo`.
    func shading(of layer: CAGradientLayer, colors: [CGColor], unitTo: CGAffineTransform) -> GradientShading {
        let table = gradients.table(for: layer, colors: colors, locations: layer.locationList)
        let (s, e) = (layer.startPoint, layer.endPoint)
        switch layer.type {
        case .radial:
            return .radial(
                center: s, radii: CGSize(width: abs(e.x - s.x), height: abs(e.y - s.y)), table: table,
                transform: unitTo)
        case .conic: return .conic(center: s, towards: e, table: table, transform: unitTo)
        default: return .axial(from: s, to: e, table: table, transform: unitTo)
        }
    }

    /// A gradient layer's gradient through a perspective `projection`: shaded flat in the layer's plane
    /// at two pixels a point (at most 2048 a side), then drawn as a picture through the projection, cut
    /// by the layer's projected outline (its rounded corners included). The flat shading is kept while
    /// the gradient and the bounds are unchanged, so an unchanged gradient is not redrawn or damaged.
    func projectedGradientItem(of layer: CAGradientLayer, projection: Homography) -> DrawItem? {
        guard let colors = layer.colorList, !colors.isEmpty else { return nil }
        let b = layer.bounds
        func pixels(_ points: CGFloat) -> Int { min(2048, max(1, PixelGrid.ceiling(points * 2))) }
        guard b.width > 0, b.height > 0, b.width.isFinite, b.height.isFinite else { return nil }
        let (width, height) = (pixels(b.width), pixels(b.height))
        let unitToFlat = CGAffineTransform(a: CGFloat(width), b: 0, c: 0, d: CGFloat(height), tx: 0, ty: 0)
        let shading = self.shading(of: layer, colors: colors, unitTo: unitToFlat)
        let flat = gradients.flatShading(of: layer, shading: shading, width: width, height: height)
        let flatToLayer = CGAffineTransform(
            a: b.width / CGFloat(width), b: 0, c: 0, d: b.height / CGFloat(height), tx: b.minX, ty: b.minY)
        let cut = outlineCoverage(of: layer, map: .projective(projection))
        guard !cut.bounds.isEmpty else { return nil }
        return .projectedImage(flat, Homography(flatToLayer).concatenating(projection), opacity: 255, coverage: cut)
    }

    /// `rect` as whole device pixels when its edges lie on pixel boundaries (then it needs no coverage).
    private static func wholePixels(_ rect: CGRect) -> PixelRect? {
        func whole(_ v: CGFloat) -> Bool { v == v.rounded() }
        guard whole(rect.minX), whole(rect.minY), whole(rect.maxX), whole(rect.maxY) else { return nil }
        return PixelRect(enclosing: rect)
    }
}
