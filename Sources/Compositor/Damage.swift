import Geometry
import Raster

/// Finds the pixels that differ between two frames from their display lists, without drawing them.
enum Damage {
    /// Adds to `region` every pixel where the frame drawn from `new` may differ from the one drawn
    /// from `old`. Items are compared in order: identical items add nothing, an item whose coverage
    /// alone changed adds exactly the pixels whose coverage changed, anything else adds both items'
    /// bounds.
    static func add(from old: [DrawItem], to new: [DrawItem], into region: inout Region) {
        guard old.count == new.count else {
            for item in old { region.add(item.bounds) }
            for item in new { region.add(item.bounds) }
            return
        }
        for (before, after) in zip(old, new) {
            add(from: before, to: after, into: &region)
        }
    }

    private static func add(from old: DrawItem, to new: DrawItem, into region: inout Region) {
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

    /// Adds two rectangles: their union when they overlap (a shape that moved a little; the region
    /// widens each row to one interval anyway), each on its own otherwise.
    private static func addBoth(_ a: PixelRect, _ b: PixelRect, into region: inout Region) {
        if !a.intersection(b).isEmpty {
            region.add(a.union(b))
        } else {
            region.add(a)
            region.add(b)
        }
    }

    private static func addCoverageChanges(
        from old: Coverage?, to new: Coverage?, bounds: PixelRect, into region: inout Region
    ) {
        switch (old, new) {
        case (nil, nil): break
        case (let a?, let b?):
            if a === b || (a.key != nil && a.key == b.key) { break }
            if a.mask.bounds == b.mask.bounds {
                b.mask.addChanges(since: a.mask, to: &region)
            } else {
                // A shape that moved or grew: its masks cover different pixels.
                addBoth(a.bounds, b.bounds, into: &region)
            }
        default: region.add(bounds)
        }
    }
}
