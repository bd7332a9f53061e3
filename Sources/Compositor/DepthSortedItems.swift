import LayerKit
import Raster

extension DisplayListBuilder {
    /// A `CATransformLayer`'s sublayers, which share its superlayer's 3-D space: every ordinary layer of
    /// that space (the transform layer's sublayers, and those of transform layers nested in it) drawn as
    /// one unit (its subtree flattened into its plane), the units in a stable painter's sort by the depth
    /// of each one's bounds centre after the 3-D chain (`SublayerSpace.depth(of:)`, farthest first; ties
    /// keep tree order). Core Animation's own rule is not documented (core-animation-breadth.md §6 and
    /// §13); intersecting planes are not split. The transform layer draws nothing of its own, ignores
    /// its mask and `masksToBounds`, and its opacity multiplies each unit's.
    func appendDepthSorted(_ layer: CALayer, in space: SublayerSpace, into items: inout [DrawItem]) {
        let first = items.count
        // The units of this space sit at the top of `depthUnits` (a stack: spaces nested in a unit's
        // subtree push and pop theirs while this one collects), so sorting allocates nothing.
        let base = depthUnits.count
        defer { depthUnits.removeSubrange(base...) }
        collectUnits(of: layer, in: space, opacity: 255, into: &items)
        // A stable insertion sort by depth (few units, usually in order already).
        var moved = false
        for i in (base + 1)..<max(base + 1, depthUnits.count) {
            let unit = depthUnits[i]
            var j = i
            while j > base, depthUnits[j - 1].depth > unit.depth {
                depthUnits[j] = depthUnits[j - 1]
                j -= 1
            }
            if j != i {
                depthUnits[j] = unit
                moved = true
            }
        }
        guard moved else { return }
        reorderScratch.append(contentsOf: items[first...])
        items.removeSubrange(first...)
        for unit in depthUnits[base...] {
            items += reorderScratch[(unit.range.lowerBound - first)..<(unit.range.upperBound - first)]
        }
        reorderScratch.removeAll(keepingCapacity: true)
    }

    /// Appends the units of transform layer `layer`'s space, in tree order, pushing each one's depth and
    /// items onto `depthUnits`; `opacity` is the product of the enclosing transform layers' opacities so far.
    private func collectUnits(of layer: CALayer, in space: SublayerSpace, opacity: UInt8, into items: inout [DrawItem])
    {
        guard !layer.isHidden, layer.opacity > 0 else { return }
        let opacity = Self.mul255(opacity, Self.byte(layer.opacity))
        let inner = space.inside(transformLayer: layer)
        for sublayer in layer.sublayers ?? [] {
            if sublayer is CATransformLayer {
                collectUnits(of: sublayer, in: inner, opacity: opacity, into: &items)
                continue
            }
            let start = items.count
            appendLayer(sublayer, in: inner, into: &items)
            applyOpacity(opacity, coverage: nil, from: start, of: &items)
            if items.count > start { depthUnits.append((inner.depth(of: sublayer), start..<items.count)) }
        }
    }
}
