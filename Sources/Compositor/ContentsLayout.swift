import LayerKit
import Raster

/// Where a layer's picture goes, as Core Animation lays out `contents` (core-animation-breadth.md §3):
/// `contentsRect` picks the part shown (in the picture's unit space, so it may reach beyond the
/// picture, whose edge pixels then extend), that part is its pixels ÷ `contentsScale` points for
/// `contentsGravity`, and `contentsCenter` (in the unit space of the part) slices it in nine: when the
/// part is resized the centre stretches both ways, the edges only along themselves, the corners not at
/// all (each fixed edge its pixels ÷ `contentsScale` points, shrunk in proportion when the two edges of an
/// axis do not fit, as CSS `border-image` does; a centre of zero width or height is the one source pixel
/// centred there).
struct ContentsLayout: Hashable {
    /// The part of the picture shown, in its pixels.
    var source: CGRect
    /// Where it goes, in the layer's bounds coordinates.
    var destination: CGRect
    /// The nine-slice along each axis: output edges in bounds coordinates, source edges in picture pixels
    /// (a plain linear map when `contentsCenter` is the unit rectangle).
    var columns: SliceAxis
    var rows: SliceAxis

    /// True when the layout is the picture's whole, unsliced: drawn by one linear map.
    var isPlain: Bool

    static let unit = CGRect(x: 0, y: 0, width: 1, height: 1)

    /// The layout of a picture of `width × height` pixels in `layer`, nil when nothing is drawn (an
    /// empty or non-finite `contentsRect`, an empty destination).
    init?(width: Int, height: Int, layer: CALayer) {
        self.init(
            width: width, height: height, contentsRect: layer.contentsRect, contentsCenter: layer.contentsCenter,
            contentsScale: layer.contentsScale, bounds: layer.bounds, gravity: layer.contentsGravity)
    }

    init?(
        width: Int, height: Int, contentsRect r: CGRect, contentsCenter center: CGRect, contentsScale: CGFloat,
        bounds: CGRect, gravity: CALayerContentsGravity
    ) {
        let (w, h) = (CGFloat(width), CGFloat(height))
        func finite(_ rect: CGRect) -> Bool {
            rect.minX.isFinite && rect.minY.isFinite && rect.width.isFinite && rect.height.isFinite
        }
        guard w > 0, h > 0, finite(r), r.width > 0, r.height > 0 else { return nil }
        let scale = contentsScale.isFinite && contentsScale > 0 ? contentsScale : 1
        source = CGRect(x: r.minX * w, y: r.minY * h, width: r.width * w, height: r.height * h)
        destination = LayerGeometry.destination(
            of: CGSize(width: source.width / scale, height: source.height / scale), in: bounds, gravity: gravity)
        guard finite(destination), destination.width > 0, destination.height > 0 else { return nil }
        let slice = finite(center) && center != Self.unit ? center : Self.unit
        columns = Self.axis(
            source: (source.minX, source.width), center: (slice.minX, slice.width),
            destination: (destination.minX, destination.width), scale: scale)
        rows = Self.axis(
            source: (source.minY, source.height), center: (slice.minY, slice.height),
            destination: (destination.minY, destination.height), scale: scale)
        isPlain = r == Self.unit && slice == Self.unit
    }

    /// One axis of the nine-slice: the source part (start, length) in pixels, the centre (start, length)
    /// in its unit space, the destination (start, length) in points.
    private static func axis(
        source: (CGFloat, CGFloat), center: (CGFloat, CGFloat), destination: (CGFloat, CGFloat), scale: CGFloat
    ) -> SliceAxis {
        let (s0, s3) = (Double(source.0), Double(source.0 + source.1))
        var s1 = s0 + Double(max(0, min(1, center.0)) * source.1)
        var s2 = s0 + Double(max(0, min(1, center.0 + center.1)) * source.1)
        if s2 <= s1 {
            // A zero-size centre is the one source pixel centred there.
            s1 = max(s0, s1 - 0.5)
            s2 = min(s3, s1 + 1)
        }
        var before = (s1 - s0) / Double(scale)
        var after = (s3 - s2) / Double(scale)
        let length = Double(destination.1)
        if before + after > length {
            let shrink = length / (before + after)
            before *= shrink
            after *= shrink
        }
        let d0 = Double(destination.0)
        return SliceAxis(output: (d0, d0 + before, d0 + length - after, d0 + length), source: (s0, s1, s2, s3))
    }
}

/// Pictures laid out by a `contentsRect` or `contentsCenter`, resampled once into bitmaps at device
/// resolution and kept (the last few, within a pixel budget, so a sprite sheet cycling through its
/// frames, or an unchanged nine-slice, is not resampled again).
final class ContentsRenderings {
    private struct Key: Hashable {
        var image: ObjectIdentifier
        var layout: ContentsLayout
        var width: Int
        var height: Int
    }

    private var entries: [(key: Key, image: Bitmap, rendering: Bitmap)] = []
    /// How many renderings are kept, and how many pixels they may hold together (64 MB).
    let capacity = 8
    let pixelBudget = 16 << 20

    /// `image` laid out by `layout` into a bitmap of `width × height` pixels covering its destination.
    func rendering(of image: Bitmap, layout: ContentsLayout, width: Int, height: Int) -> Bitmap {
        let key = Key(image: ObjectIdentifier(image), layout: layout, width: width, height: height)
        if let index = entries.firstIndex(where: { $0.key == key && $0.image === image }) {
            let entry = entries.remove(at: index)
            entries.append(entry)
            return entry.rendering
        }
        let d = layout.destination
        func pixels(_ axis: SliceAxis, from start: CGFloat, length: CGFloat, count: Int) -> SliceAxis {
            axis.scalingOutput(from: Double(start), by: Double(count) / Double(length))
        }
        let rendering = Bitmap(width: width, height: height)
        rendering.resample(
            image, columns: pixels(layout.columns, from: d.minX, length: d.width, count: width),
            rows: pixels(layout.rows, from: d.minY, length: d.height, count: height))
        entries.append((key, image, rendering))
        var pixels = entries.reduce(0) { $0 + $1.rendering.width * $1.rendering.height }
        while entries.count > 1, entries.count > capacity || pixels > pixelBudget {
            pixels -= entries[0].rendering.width * entries[0].rendering.height
            entries.removeFirst()
        }
        return rendering
    }
}

extension DisplayListBuilder {
    /// The item drawing `layer`'s picture: the picture itself under one linear map when it is shown
    /// whole and unsliced, else its rendering at the destination's device resolution (at most 4096
    /// pixels a side), which is then drawn as a picture is.
    func contentsItem(_ image: Bitmap, of layer: CALayer, transform: CGAffineTransform) -> DrawItem? {
        let stretch = (
            x: (transform.a * transform.a + transform.b * transform.b).squareRoot(),
            y: (transform.c * transform.c + transform.d * transform.d).squareRoot()
        )
        guard let (picture, toLayer) = contentsPicture(image, of: layer, pixelsPerPoint: stretch) else { return nil }
        return imageItem(picture, transform: toLayer.concatenating(transform))
    }

    /// The same under a projective map: a sliced or cropped picture is rendered at twice its point size
    /// (a perspective map has no one device resolution), then drawn through `projection`.
    func projectedContentsItem(_ image: Bitmap, of layer: CALayer, projection: Homography) -> DrawItem? {
        guard let (picture, toLayer) = contentsPicture(image, of: layer, pixelsPerPoint: (2, 2)) else { return nil }
        return projectedImageItem(picture, projection: Homography(toLayer).concatenating(projection))
    }

    /// The picture to draw for `layer`'s contents and its map into the layer's bounds coordinates:
    /// `image` itself when it is shown whole and unsliced, else its rendering at `pixelsPerPoint` of
    /// the destination (at most 4096 pixels a side); nil when nothing shows.
    private func contentsPicture(
        _ image: Bitmap, of layer: CALayer, pixelsPerPoint: (x: CGFloat, y: CGFloat)
    ) -> (Bitmap, CGAffineTransform)? {
        guard let layout = ContentsLayout(width: image.width, height: image.height, layer: layer) else { return nil }
        let d = layout.destination
        func map(_ picture: Bitmap) -> CGAffineTransform {
            CGAffineTransform(
                a: d.width / CGFloat(picture.width), b: 0, c: 0, d: d.height / CGFloat(picture.height), tx: d.minX,
                ty: d.minY)
        }
        if layout.isPlain { return (image, map(image)) }
        func size(_ points: CGFloat, _ scale: CGFloat) -> Int? {
            let pixels = (points * scale).rounded(.up)
            guard pixels.isFinite, pixels >= 1 else { return pixels.isFinite ? 1 : nil }
            return min(PixelGrid.whole(pixels), 4096)
        }
        guard let width = size(d.width, pixelsPerPoint.x), let height = size(d.height, pixelsPerPoint.y) else {
            return nil
        }
        let rendering = renderings.rendering(of: image, layout: layout, width: width, height: height)
        return (rendering, map(rendering))
    }
}
