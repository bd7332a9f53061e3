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

    /// Ends a frame: the tables used in it are the ones the next frame looks among.
    func endFrame() {
        swap(&previous, &current)
        current.removeAll(keepingCapacity: true)
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
        let table = gradients.table(for: layer, colors: colors, locations: layer.locationList)
        let (s, e) = (layer.startPoint, layer.endPoint)
        let shading: GradientShading
        switch layer.type {
        case .radial:
            shading = .radial(
                center: s, radii: CGSize(width: abs(e.x - s.x), height: abs(e.y - s.y)), table: table,
                transform: unitToDevice)
        case .conic: shading = .conic(center: s, towards: e, table: table, transform: unitToDevice)
        default: shading = .axial(from: s, to: e, table: table, transform: unitToDevice)
        }
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

    /// `rect` as whole device pixels when its edges lie on pixel boundaries (then it needs no coverage).
    private static func wholePixels(_ rect: CGRect) -> PixelRect? {
        func whole(_ v: CGFloat) -> Bool { v == v.rounded() }
        guard whole(rect.minX), whole(rect.minY), whole(rect.maxX), whole(rect.maxY) else { return nil }
        return PixelRect(enclosing: rect)
    }
}
