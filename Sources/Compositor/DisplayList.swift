import Geometry
import Raster

/// One drawing step of a frame, in device pixels. A frame is a list of items drawn in order over
/// transparent black; consecutive frames' lists are compared to find what changed. Items are stored
/// inline (not `indirect`: a group's items live in its array), so making one allocates nothing.
enum DrawItem {
    /// A prepared (device-aligned) image drawn pixel for pixel with `opacity`, through `coverage` if any.
    case image(PreparedImages.Entry, opacity: UInt8, coverage: Coverage?)
    /// An image under a general affine transform (a rotating sprite), resampled every frame;
    /// `visible` holds every texel that is not fully transparent.
    case transformedImage(Bitmap, CGAffineTransform, opacity: UInt8, visible: PixelRect)
    /// An image through a projective map (a layer's contents under perspective), resampled every frame
    /// with its edge texels extended and cut by `coverage`, the projected image rectangle's.
    case projectedImage(Bitmap, Homography, opacity: UInt8, coverage: Coverage)
    /// A solid colour through a coverage mask (a background, a shape's fill or stroke).
    case fill(Pixel, opacity: UInt8, coverage: Coverage)
    /// A solid colour through a text's glyph coverage (upright text, composed from the glyph cache).
    case glyphs(GlyphCoverage, color: Pixel, opacity: UInt8)
    /// A solid colour over an axis-aligned rectangle of device space (a background under a transform
    /// without rotation or shear), drawn with its exact-area coverage and no mask.
    case rect(Pixel, opacity: UInt8, rect: CGRect)
    /// A gradient layer's gradient over the device pixels `rect`, through `coverage` if any (its rounded
    /// or transformed outline; none for a pixel-aligned rectangle).
    case gradient(GradientShading, rect: PixelRect, opacity: UInt8, coverage: Coverage?)
    /// Items drawn into a scratch bitmap, then drawn with `opacity` through `coverage` (a layer with a
    /// mask, `masksToBounds`, or group opacity).
    case group([DrawItem], opacity: UInt8, coverage: Coverage?)
    /// A particle's picture under an affine transform, sampled as `transformedImage` is, multiplied by
    /// `tint` (straight multipliers `0xAARRGGBB`, nil for none) and added to the pixels below, channels
    /// saturating (`additive`), or drawn over them: straight into the frame, no scratch bitmap.
    case sprite(Bitmap, CGAffineTransform, opacity: UInt8, visible: PixelRect, tint: Pixel?, additive: Bool)
    /// Items drawn into a scratch bitmap, multiplied there by a colour (`tint`: straight red, green,
    /// blue and alpha multipliers as bytes, `0xAARRGGBB`; a replicator instance's colour), then drawn.
    case tinted([DrawItem], tint: Pixel)
    /// Items drawn into a scratch bitmap, then added to what is there, channels saturating (an
    /// additive emitter's particles).
    case additive([DrawItem])

    /// The union of the items' bounds.
    static func bounds(of items: [DrawItem]) -> PixelRect {
        items.reduce(PixelRect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1.bounds) }
    }

    /// The device pixels the item can change.
    var bounds: PixelRect {
        switch self {
        case .image(let entry, _, let coverage):
            return coverage.map { entry.bounds.intersection($0.bounds) } ?? entry.bounds
        case .transformedImage(_, let transform, _, let visible), .sprite(_, let transform, _, let visible, _, _):
            return Bitmap.deviceBounds(ofTexels: visible, transform: transform)
        case .projectedImage(_, _, _, let coverage):
            return coverage.bounds
        case .fill(_, _, let coverage):
            return coverage.bounds
        case .glyphs(let glyphs, _, _):
            return glyphs.bounds
        case .rect(_, _, let rect):
            return PixelRect(enclosing: rect)
        case .gradient(_, let rect, _, let coverage):
            return coverage.map { rect.intersection($0.bounds) } ?? rect
        case .group(let items, _, let coverage):
            let union = Self.bounds(of: items)
            return coverage.map { union.intersection($0.bounds) } ?? union
        case .tinted(let items, _), .additive(let items):
            return Self.bounds(of: items)
        }
    }
}
