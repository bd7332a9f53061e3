extension CGPath {
    /// The arc length of the whole path: every subpath in order, moves adding nothing and `closeSubpath`
    /// adding its closing segment (the length `strokeStart`/`strokeEnd` are fractions of). Curves are
    /// measured exactly (Gauss–Legendre), not flattened. Subpaths with NaN or infinite points count 0.
    public var length: CGFloat {
        var total: CGFloat = 0
        forEachSubpath { subpath in subpath.forEachSegment { total += $0.length } }
        return total
    }

    /// The arc length drawn by each element, index for index with `elements`: 0 for moves, the closing
    /// segment's length for `closeSubpath`, 0 for elements of subpaths skipped for non-finite points.
    public var elementLengths: [CGFloat] {
        var lengths = [CGFloat](repeating: 0, count: elements.count)
        forEachSubpath { subpath in
            var index = subpath.elements.startIndex
            subpath.forEachSegment { segment in
                if case .closing = segment {
                    lengths[subpath.elements.endIndex] = segment.length
                } else {
                    lengths[index] = segment.length
                    index += 1
                }
            }
        }
        return lengths
    }
}
