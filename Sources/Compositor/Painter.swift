import Dispatch
import Geometry
import Raster

/// Draws display lists into bitmaps, restricted to a region (the damage) when one is given.
struct Painter {
    let scratch: BitmapPool
    /// Row bands drawn concurrently by the fused one-pass composite of large frames.
    let bands: Int

    /// Draws `items` over transparent black into `target`, touching only `region` (everywhere when
    /// nil) inside `clip` (the whole target when nil).
    ///
    /// A frame that starts with an opaque picture — over the whole frame, or over a part of it, as a
    /// scene smaller than its frame has — copies the picture where it is opaque instead of clearing
    /// and blending; when a picture through a mask follows it (the seeds' frame, and any "B through a
    /// mask over A"), the two are drawn there in one pass that writes each pixel once (copy A, copy B,
    /// or blend at the mask's edge). Around that part the two are drawn as any items are. A frame that
    /// starts with an opaque full-frame colour fills with it, and one that starts with an opaque
    /// full-frame gradient shades it straight in, instead of clearing first.
    /// Every other item is drawn within its own bounds, so its cost is its pixels, not the region's.
    /// `bounds`, when given, holds each item's bounds: items outside `clip` are then passed over
    /// without being copied or measured (a band of a busy frame skips most of them).
    func paint(
        _ items: [DrawItem], into target: Bitmap, region: Region?, clip: PixelRect? = nil,
        bounds: UnsafeBufferPointer<PixelRect>? = nil
    ) {
        // Nothing outside the region's bounding box is drawn: items there are passed over at once.
        let clip = region.map { region in clip.map { $0.intersection(region.bounds) } ?? region.bounds } ?? clip
        let frame = PixelRect(x: 0, y: 0, width: target.width, height: target.height)
        let area = clip.map { $0.intersection(frame) } ?? frame
        var rest = items[...]
        if let first = rest.first, case .image(let a, 255, nil) = first,
            case let opaque = a.pixels.opaqueBounds.intersection(area), !opaque.isEmpty
        {
            rest = rest.dropFirst()
            var second: DrawItem?
            if let next = rest.first, case .image(_, 255, _?) = next {
                second = next
                rest = rest.dropFirst()
            }
            // Around the opaque part: cleared, then the one or two items drawn as any are.
            area.forEachPart(outside: opaque) { piece in
                target.fill(replacingWith: 0, in: region, within: piece)
                draw(first, into: target, region: region, clip: piece)
                if let second { draw(second, into: target, region: region, clip: piece) }
            }
            if let second, case .image(let b, _, let coverage?) = second {
                // A second core pays for its hand-off on a full frame, not on a damage region's few pixels.
                let compositeBands = (region?.area ?? Int.max) >= 512 * 512 && opaque == frame ? bands : 1
                target.composite(
                    b.pixels, through: coverage.mask, over: a.pixels, in: region, within: opaque,
                    bands: compositeBands)
            } else {
                target.copy(from: a.pixels, in: region, within: opaque)
            }
        } else if let first = rest.first, case .gradient(let shading, let rect, 255, nil) = first,
            shading.table.isOpaque, rect == frame
        {
            // An opaque gradient over the whole frame writes every pixel: no clearing first.
            rest = rest.dropFirst()
            draw(first, into: target, region: region, clip: clip)
        } else if let first = rest.first, case .rect(let color, 255, let rect) = first, color >> 24 == 255,
            rect == CGRect(x: 0, y: 0, width: frame.width, height: frame.height)
        {
            // An opaque background over the whole frame replaces what is there: one pass, not a clear and a fill.
            rest = rest.dropFirst()
            target.fill(replacingWith: color, in: region, within: clip)
        } else {
            target.fill(replacingWith: 0, in: region, within: clip)
        }
        guard let bounds, let clip else {
            for item in rest { draw(item, into: target, region: region, clip: clip) }
            return
        }
        for index in rest.indices where bounds[index].intersects(clip) {
            draw(items[index], into: target, region: region, clip: clip)
        }
    }

    /// Rows per band when a busy frame is drawn in bands: a band of a 1080p frame is half a megabyte,
    /// which stays in a core's L2 cache while every item crossing it is drawn.
    static let bandRows = 64
    /// The pixels (summed over the items' bounds) from which a frame is worth drawing in bands on
    /// several cores: about a millisecond of blending on one, against tens of microseconds of hand-off.
    static let bandedWork = 1 << 20

    /// Whether `items` are drawn faster in bands on several cores (`paintInBands`): a multi-core machine,
    /// a large target, items covering at least `bandedWork` pixels (and a damage region, when drawing
    /// one, of at least a quarter of that), and not a frame that starts with an opaque full-frame
    /// picture (the seeds' fused composite, which `paint` already draws in bands).
    static func drawsInBands(_ items: [DrawItem], into target: Bitmap, region: Region?, cores: Int) -> Bool {
        guard cores > 1, target.width * target.height >= 512 * 512 else { return false }
        // A small damage region is drawn on one core whatever the items' sizes: its pixels are the work.
        if let region, region.area < bandedWork / 4 { return false }
        if let first = items.first, case .image(let a, 255, nil) = first, a.pixels.isOpaque {
            return false
        }
        let frame = PixelRect(x: 0, y: 0, width: target.width, height: target.height)
        var work = 0
        for item in items {
            work += item.bounds.intersection(frame).area
            if work >= bandedWork { return true }
        }
        return false
    }

    /// Draws `items` as `paint` does, in bands of `bandRows` rows drawn concurrently: each band draws
    /// every item crossing it, clipped to its rows, so every pixel sees the same operations in the same
    /// order as in one pass (the result is bit-identical) while the cores claim bands as they come free.
    /// `itemBounds` is storage for the items' bounds, measured once here for every band (kept by the
    /// caller from frame to frame).
    func paintInBands(_ items: [DrawItem], into target: Bitmap, region: Region?, itemBounds: inout [PixelRect]) {
        let rows = region.map { $0.rowRange.clamped(to: 0..<target.height) } ?? 0..<target.height
        guard !rows.isEmpty else { return }
        let bandCount = (rows.count + Self.bandRows - 1) / Self.bandRows
        itemBounds.removeAll(keepingCapacity: true)
        for item in items { itemBounds.append(item.bounds) }
        // Bands are drawn one item at a time: no item splits itself into bands again.
        let band = Painter(scratch: scratch, bands: 1)
        itemBounds.withUnsafeBufferPointer { bounds in
            let shared = SharedItems(items: items, bounds: bounds)
            DispatchQueue.concurrentPerform(iterations: bandCount) { index in
                let top = rows.lowerBound + index * Self.bandRows
                let clip = PixelRect(
                    x: 0, y: top, width: target.width, height: min(Self.bandRows, rows.upperBound - top))
                band.paint(shared.items, into: target, region: region, clip: clip, bounds: shared.bounds)
            }
        }
    }

    /// A display list and its items' bounds, read by the bands at once. `@unchecked Sendable`: while a
    /// frame is drawn nothing changes its items, their bounds, their coverage masks or their pictures;
    /// each band writes only its own rows of the target (and of its own scratch bitmaps).
    private struct SharedItems: @unchecked Sendable {
        let items: [DrawItem]
        let bounds: UnsafeBufferPointer<PixelRect>
    }

    private func draw(_ item: DrawItem, into target: Bitmap, region: Region?, clip: PixelRect?) {
        let bounds = clip.map { item.bounds.intersection($0) } ?? item.bounds
        guard !bounds.isEmpty else { return }
        switch item {
        case .image(let entry, let opacity, let coverage):
            target.draw(entry.pixels, opacity: opacity, mask: coverage?.mask, in: region, within: bounds)
        case .transformedImage(let image, let transform, let opacity, let visible):
            // A second core pays for its hand-off only on large pictures, not on a sprite.
            let imageBands = item.bounds.area >= 512 * 512 ? bands : 1
            target.draw(
                image, transform: transform, opacity: opacity, in: region, within: bounds, visibleTexels: visible,
                bands: imageBands)
        case .sprite(let image, let transform, let opacity, let visible, let tint, let additive):
            target.drawSprite(
                image, transform: transform, opacity: opacity, tint: tint.map(Tint.init), additive: additive,
                in: region, within: bounds, visibleTexels: visible)
        case .projectedImage(let image, let projection, let opacity, let coverage):
            let imageBands = item.bounds.area >= 512 * 512 ? bands : 1
            target.draw(
                image, projection: projection, opacity: opacity, mask: coverage.mask, in: region, within: bounds,
                bands: imageBands)
        case .fill(let color, let opacity, let coverage):
            target.fill(color, opacity: opacity, mask: coverage.mask, in: region, within: bounds)
        case .rect(let color, let opacity, let rect):
            target.fill(color, opacity: opacity, rectangle: rect, in: region, within: bounds)
        case .gradient(let shading, _, let opacity, let coverage):
            // A second core pays for its hand-off only on large gradients.
            target.drawGradient(
                shading, in: bounds, opacity: opacity, mask: coverage?.mask, region: region,
                bands: bounds.area >= 512 * 512 ? bands : 1)
        case .glyphs(let glyphs, let color, let opacity):
            target.fill(
                color, through: glyphs.plane, at: (glyphs.bounds.minX, glyphs.bounds.minY), opacity: opacity,
                in: region, within: bounds)
        case .group(let items, let opacity, let coverage):
            let layer = scratch.acquire(width: target.width, height: target.height)
            paint(items, into: layer, region: region, clip: bounds)
            target.draw(layer, opacity: opacity, mask: coverage?.mask, in: region, within: bounds)
            scratch.recycle(layer)
        case .tinted(let items, let tint):
            let layer = scratch.acquire(width: target.width, height: target.height)
            paint(items, into: layer, region: region, clip: bounds)
            layer.multiply(
                byRed: UInt8(truncatingIfNeeded: tint >> 16), green: UInt8(truncatingIfNeeded: tint >> 8),
                blue: UInt8(truncatingIfNeeded: tint), alpha: UInt8(truncatingIfNeeded: tint >> 24), in: region,
                within: bounds)
            target.draw(layer, opacity: 255, mask: nil, in: region, within: bounds)
            scratch.recycle(layer)
        case .additive(let items):
            let layer = scratch.acquire(width: target.width, height: target.height)
            paint(items, into: layer, region: region, clip: bounds)
            target.add(layer, in: region, within: bounds)
            scratch.recycle(layer)
        }
    }
}
