import Geometry
import Raster

/// The damage of one frame while it is being found: rectangles, kept as a list with their areas summed
/// (so damage covering much of the frame is recognised before any region is built), and the exact
/// rows of masks whose coverage alone changed, added to `region` at once. Storage is reused from
/// frame to frame.
struct DamageList {
    /// The frame's pixels; rectangles are clipped to it.
    private(set) var frame = PixelRect(x: 0, y: 0, width: 0, height: 0)
    private(set) var rects: [PixelRect] = []
    /// The damage once `finish()` ran (before, only the masks' rows).
    var region = Region(height: 0)
    private var rectArea = 0

    /// Never less than the damage's area: the rectangles' areas (overlaps counted twice) plus the
    /// masks' rows.
    var estimate: Int { rectArea + region.area }

    /// Empties the list for a frame of `frame`'s size.
    mutating func reset(frame: PixelRect) {
        if region.height != frame.height { region = Region(height: frame.height) }
        self.frame = frame
        region.removeAll()
        rects.removeAll(keepingCapacity: true)
        rectArea = 0
    }

    /// Adds `rect`'s pixels inside the frame.
    mutating func add(_ rect: PixelRect) {
        let inside = rect.intersection(frame)
        guard !inside.isEmpty else { return }
        rects.append(inside)
        rectArea += inside.area
    }

    /// Marks the damage as reaching `limit` (found so by extrapolation): the frame is drawn whole.
    mutating func exceed(_ limit: Int) {
        rectArea = max(rectArea, limit)
    }

    /// Adds the rectangles to `region`, which then holds the whole damage.
    mutating func finish() {
        for rect in rects { region.add(rect) }
        region.clip(to: frame)
    }
}

/// Finds the pixels that differ between two frames from their display lists, without drawing them.
enum Damage {
    /// Adds to `damage` every pixel where the frame drawn from `new` may differ from the one drawn
    /// from `old`. Items are compared in order: identical items add nothing, an item whose coverage
    /// alone changed adds exactly the pixels whose coverage changed, anything else adds both items'
    /// bounds. Stops early once the estimate reaches `limit` (the caller then draws everything) — or,
    /// in a long list, once the damage of the items compared so far, extrapolated to the whole list,
    /// reaches `extrapolationMargin` times `limit`: where every layer moves, a few dozen items tell, and
    /// comparing hundreds more would only add their cost to a frame drawn whole anyway.
    static func add(from old: [DrawItem], to new: [DrawItem], into damage: inout DamageList, until limit: Int = .max) {
        guard old.count == new.count else {
            for item in old { damage.add(item.bounds) }
            for item in new { damage.add(item.bounds) }
            return
        }
        let count = new.count
        for index in 0..<count {
            add(from: old[index], to: new[index], into: &damage)
            if damage.estimate >= limit { return }
            let compared = index + 1
            if compared % extrapolationSample == 0, limit < .max / 4,
                Double(damage.estimate) * Double(count) / Double(compared) >= extrapolationMargin * Double(limit)
            {
                damage.exceed(limit)
                return
            }
        }
    }

    /// How many items are compared between extrapolations of the damage to the whole list.
    static let extrapolationSample = 64
    /// How far past the limit an extrapolation must reach to stop the comparison: a guess, so with room
    /// (a frame of 1,000 moving squares extrapolates to 1.7 times half the frame).
    static let extrapolationMargin = 1.5

    private static func add(from old: DrawItem, to new: DrawItem, into region: inout DamageList) {
        switch (old, new) {
        case (.image(let a, let opacityA, let coverageA), .image(let b, let opacityB, let coverageB))
        where a === b && opacityA == opacityB:
            addCoverageChanges(from: coverageA, to: coverageB, bounds: old.bounds.union(new.bounds), into: &region)
        case (
            .transformedImage(let a, let transformA, let opacityA, _),
            .transformedImage(let b, let transformB, let opacityB, _)
        )
        where a === b && transformA == transformB && opacityA == opacityB:
            break
        case (
            .sprite(let a, let transformA, let opacityA, _, let tintA, let additiveA),
            .sprite(let b, let transformB, let opacityB, _, let tintB, let additiveB)
        )
        where a === b && transformA == transformB && opacityA == opacityB && tintA == tintB
            && additiveA == additiveB:
            break
        case (
            .projectedImage(let a, let projectionA, let opacityA, _),
            .projectedImage(let b, let projectionB, let opacityB, _)
        )
        where a === b && projectionA == projectionB && opacityA == opacityB:
            break
        case (.fill(let a, let opacityA, let coverageA), .fill(let b, let opacityB, let coverageB))
        where a == b && opacityA == opacityB:
            addCoverageChanges(from: coverageA, to: coverageB, bounds: old.bounds.union(new.bounds), into: &region)
        case (.glyphs(let a, let colorA, let opacityA), .glyphs(let b, let colorB, let opacityB))
        where a === b && colorA == colorB && opacityA == opacityB:
            break
        case (.rect(let a, let opacityA, let rectA), .rect(let b, let opacityB, let rectB))
        where a == b && opacityA == opacityB && rectA == rectB:
            break
        case (
            .gradient(let a, let rectA, let opacityA, let coverageA),
            .gradient(let b, let rectB, let opacityB, let coverageB)
        )
        where rectA == rectB && opacityA == opacityB && a.drawsLike(b):
            addCoverageChanges(from: coverageA, to: coverageB, bounds: old.bounds.union(new.bounds), into: &region)
        case (.group(let itemsA, let opacityA, let coverageA), .group(let itemsB, let opacityB, let coverageB))
        where opacityA == opacityB:
            add(from: itemsA, to: itemsB, into: &region)
            addCoverageChanges(from: coverageA, to: coverageB, bounds: old.bounds.union(new.bounds), into: &region)
        case (.tinted(let itemsA, let tintA), .tinted(let itemsB, let tintB)) where tintA == tintB:
            add(from: itemsA, to: itemsB, into: &region)
        case (.additive(let itemsA), .additive(let itemsB)):
            add(from: itemsA, to: itemsB, into: &region)
        default:
            addBoth(old.bounds, new.bounds, into: &region)
        }
    }

    /// Adds two rectangles: their union when they overlap (a shape that moved a little: one interval
    /// per row instead of two), each on its own otherwise.
    private static func addBoth(_ a: PixelRect, _ b: PixelRect, into region: inout DamageList) {
        if !a.intersection(b).isEmpty {
            region.add(a.union(b))
        } else {
            region.add(a)
            region.add(b)
        }
    }

    /// The largest mask (in pixels) whose change in place is damaged as its bounds: comparing it row by
    /// row would cost more than drawing the few pixels it could save.
    static let exactMaskArea = 64 * 64

    private static func addCoverageChanges(
        from old: Coverage?, to new: Coverage?, bounds: PixelRect, into region: inout DamageList
    ) {
        switch (old, new) {
        case (nil, nil): break
        case (let a?, let b?):
            if a === b { break }
            if a.mask.bounds != b.mask.bounds {
                // A shape that moved or grew: its masks cover different pixels (so their keys differ).
                addBoth(a.bounds, b.bounds, into: &region)
            } else if a.mask.bounds.area <= exactMaskArea {
                // A small shape changed in place: its bounds, without comparing the masks row by row.
                if a.key == nil || a.key != b.key { region.add(a.bounds.union(b.bounds)) }
            } else if a.key == nil || a.key != b.key {
                b.mask.addChanges(since: a.mask, to: &region.region)
            }
        default: region.add(bounds)
        }
    }
}
