import Geometry

/// One colour stop of a gradient: a location in 0…1 and a colour in straight (not premultiplied)
/// RGBA, each channel 0…1.
public struct GradientStop: Hashable, Sendable {
    public var location: Double
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    /// Spelled out to be public; alike `LayerSpec`'s init (SceneDocument.swift) on purpose: each stores its fields.
    public init(location: Double, red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.location = location
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }
}

/// The colours of a gradient's stops looked up by t: `size` premultiplied colours for t = 0,
/// 1/(size − 1), …, 1. Colours are interpolated in straight RGBA between the stops, then premultiplied
/// (Core Animation's rule: white to clear black passes through half-transparent grey, which
/// premultiplied interpolation would not); before the first stop and after the last the end colours
/// extend; two stops at one location make a hard edge. Made once per set of stops and shared by every
/// placement of them (a moving gradient layer keeps its table).
public struct GradientTable: Sendable {
    /// The premultiplied colours, `size` of them.
    @usableFromInline let colors: [Pixel]
    /// Whether every colour of the table is opaque.
    public let isOpaque: Bool

    public static let size = 1024

    /// The table of `stops` (ordered by location). No stops give transparent black; one stop, its colour.
    public init(stops: [GradientStop]) {
        let n = Self.size
        colors = (0..<n).map { i in GradientShading.premultipliedColor(at: Double(i) / Double(n - 1), stops) }
        isOpaque = colors.allSatisfy { $0 >> 24 == 255 }
    }

    /// The colour at `t` (clamped to 0…1), from the nearest entry.
    @inlinable public func color(at t: Double) -> Pixel {
        let last = Double(Self.size - 1)
        return colors[Int(min(last, max(0, t.isNaN ? 0 : t * last)) + 0.5)]
    }

    /// True when both tables hold the same colours (quick when they share storage).
    public func hasSameColors(as other: GradientTable) -> Bool { colors == other.colors }
}

/// A gradient as `CAGradientLayer` shades it, ready to fill pixels: a kind, a map from device pixels
/// into the gradient's own space, and a table of colours (`GradientTable`).
///
/// In gradient space the parameter t of a point (u, v) is u (axial), √(u² + v²) (radial, an ellipse in
/// device space when the map scales the axes differently) or the angle atan2(v, u) / 2π in 0 ..< 1
/// (conic, turning from +u toward +v: clockwise on a y-down screen). No dithering, as Core Animation.
/// t is looked up in a table of `GradientTable.size` colours, so a colour is off by at most the change
/// over 1/2046 of t from the exact one (plus rounding to 8 bits).
public struct GradientShading: Sendable {
    public enum Kind: Sendable {
        case axial, radial, conic
    }

    public let kind: Kind
    /// Device pixels → gradient space.
    public let spaceFromDevice: CGAffineTransform
    public let table: GradientTable

    /// A gradient of `kind` with the colours of `table`, where `spaceFromDevice` maps device pixels into
    /// the gradient's space. Alike the inits of `SceneImages` (BuiltInScenes.swift) and `SceneFileError` on
    /// purpose: each only stores its fields.
    public init(kind: Kind, table: GradientTable, spaceFromDevice: CGAffineTransform) {
        self.kind = kind
        self.table = table
        self.spaceFromDevice = spaceFromDevice
    }

    /// A gradient of `kind` through `stops` (ordered by location).
    public init(kind: Kind, stops: [GradientStop], spaceFromDevice: CGAffineTransform) {
        self.init(kind: kind, table: GradientTable(stops: stops), spaceFromDevice: spaceFromDevice)
    }

    /// True when drawing both gives the same pixels: the same kind, map and colours.
    public func drawsLike(_ other: GradientShading) -> Bool {
        kind == other.kind && spaceFromDevice == other.spaceFromDevice && table.hasSameColors(as: other.table)
    }

    /// An axial gradient from `start` (t = 0) to `end` (t = 1), points in a space that `transform` maps to
    /// device pixels; t is constant across lines perpendicular to start → end (in that space).
    public static func axial(
        from start: CGPoint, to end: CGPoint, stops: [GradientStop], transform: CGAffineTransform = .identity
    ) -> GradientShading {
        axial(from: start, to: end, table: GradientTable(stops: stops), transform: transform)
    }

    /// The axial gradient from `start` to `end` with the colours of `table`.
    public static func axial(
        from start: CGPoint, to end: CGPoint, table: GradientTable, transform: CGAffineTransform = .identity
    ) -> GradientShading {
        let d = CGPoint(x: end.x - start.x, y: end.y - start.y)
        let lengthSquared = d.x * d.x + d.y * d.y
        let scale = lengthSquared > 0 ? 1 / lengthSquared : 0
        // u = d·(p − start)/|d|², v = d⊥·(p − start)/|d|².
        let toGradient = CGAffineTransform(
            a: d.x * scale, b: -d.y * scale, c: d.y * scale, d: d.x * scale,
            tx: -(d.x * start.x + d.y * start.y) * scale, ty: (d.y * start.x - d.x * start.y) * scale)
        return GradientShading(
            kind: .axial, table: table, spaceFromDevice: transform.inverted().concatenating(toGradient))
    }

    /// A radial gradient: t = 0 at `center`, t = 1 on the ellipse of radii `radii` about it (axes along
    /// the space's axes), in a space that `transform` maps to device pixels. Alike `axial` and `conic` on purpose:
    /// each kind has a `stops` and a `table` form, and only its map into gradient space differs.
    public static func radial(
        center: CGPoint, radii: CGSize, stops: [GradientStop], transform: CGAffineTransform = .identity
    ) -> GradientShading {
        radial(center: center, radii: radii, table: GradientTable(stops: stops), transform: transform)
    }

    /// The radial gradient about `center` with radii `radii` and the colours of `table`.
    public static func radial(
        center: CGPoint, radii: CGSize, table: GradientTable, transform: CGAffineTransform = .identity
    ) -> GradientShading {
        let sx = radii.width != 0 ? 1 / abs(radii.width) : 0
        let sy = radii.height != 0 ? 1 / abs(radii.height) : 0
        let toGradient = CGAffineTransform(a: sx, b: 0, c: 0, d: sy, tx: -center.x * sx, ty: -center.y * sy)
        return GradientShading(
            kind: .radial, table: table, spaceFromDevice: transform.inverted().concatenating(toGradient))
    }

    /// A conic gradient about `center`: t = 0 in the direction of `towards`, growing with the angle
    /// turned from it toward +y of the space (clockwise on a y-down screen), in a space that `transform`
    /// maps to device pixels.
    public static func conic(
        center: CGPoint, towards: CGPoint, stops: [GradientStop], transform: CGAffineTransform = .identity
    ) -> GradientShading {
        conic(center: center, towards: towards, table: GradientTable(stops: stops), transform: transform)
    }

    /// The conic gradient about `center` from the direction of `towards` with the colours of `table`.
    public static func conic(
        center: CGPoint, towards: CGPoint, table: GradientTable, transform: CGAffineTransform = .identity
    ) -> GradientShading {
        let angle = atan2(towards.y - center.y, towards.x - center.x)
        let toGradient = CGAffineTransform(translationX: -center.x, y: -center.y)
            .concatenating(CGAffineTransform(rotationAngle: -angle))
        return GradientShading(
            kind: .conic, table: table, spaceFromDevice: transform.inverted().concatenating(toGradient))
    }

    /// The premultiplied colour at `t` (0…1), straight channels interpolated between the stops.
    static func premultipliedColor(at t: Double, _ stops: [GradientStop]) -> Pixel {
        guard let first = stops.first, let last = stops.last else { return 0 }
        var c = first
        if t >= last.location {
            c = last
        } else if t > first.location {
            // The last stop at or before t, and the one after it (a later stop at the same location
            // wins, which makes equal locations a hard edge).
            var i = 0
            while i + 1 < stops.count, stops[i + 1].location <= t { i += 1 }
            let (a, b) = (stops[i], stops[i + 1])
            let span = b.location - a.location
            let f = span > 0 ? (t - a.location) / span : 1
            c = GradientStop(
                location: t, red: a.red + (b.red - a.red) * f, green: a.green + (b.green - a.green) * f,
                blue: a.blue + (b.blue - a.blue) * f, alpha: a.alpha + (b.alpha - a.alpha) * f)
        }
        func byte(_ v: Double) -> Pixel { Pixel((max(0, min(1, v)) * 255).rounded()) }
        let alpha = max(0, min(1, c.alpha))
        return byte(alpha) << 24 | byte(c.red * alpha) << 16 | byte(c.green * alpha) << 8 | byte(c.blue * alpha)
    }

    /// The stops of Core Animation's `colors` and `locations`: locations spread evenly over 0…1 when
    /// `locations` is nil or does not have one per colour. Colours are straight RGBA, 0…1.
    public static func stops(
        colors: [(red: Double, green: Double, blue: Double, alpha: Double)], locations: [Double]?
    ) -> [GradientStop] {
        let n = colors.count
        return colors.enumerated().map { i, c in
            let location =
                locations?.count == n ? locations![i] : (n > 1 ? Double(i) / Double(n - 1) : 0)
            return GradientStop(location: location, red: c.red, green: c.green, blue: c.blue, alpha: c.alpha)
        }
    }
}
