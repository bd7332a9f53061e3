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
        var units: [(depth: CGFloat, range: Range<Int>)] = []
        collectUnits(of: layer, in: space, opacity: 255, into: &items, units: &units)
        let order = units.indices.sorted { (units[$0].depth, $0) < (units[$1].depth, $1) }
        guard order != Array(units.indices) else { return }
        let drawn = Array(items[first...])
        items.removeSubrange(first...)
        for index in order {
            let range = units[index].range
            items += drawn[(range.lowerBound - first)..<(range.upperBound - first)]
        }
    }

    /// Appends the units of transform layer `layer`'s space, in tree order, recording each one's depth
    /// and items; `opacity` is the product of the enclosing transform layers' opacities so far.
    private func collectUnits(
        of layer: CALayer, in space: SublayerSpace, opacity: UInt8, into items: inout [DrawItem],
        units: inout [(depth: CGFloat, range: Range<Int>)]
    ) {
        guard !layer.isHidden, layer.opacity > 0 else { return }
        let opacity = Self.mul255(opacity, Self.byte(layer.opacity))
        let inner = space.inside(transformLayer: layer)
        for sublayer in layer.sublayers ?? [] {
            if sublayer is CATransformLayer {
                collectUnits(of: sublayer, in: inner, opacity: opacity, into: &items, units: &units)
                continue
            }
            let start = items.count
            appendLayer(sublayer, in: inner, into: &items)
            applyOpacity(opacity, coverage: nil, from: start, of: &items)
            if items.count > start { units.append((inner.depth(of: sublayer), start..<items.count)) }
        }
    }
}
