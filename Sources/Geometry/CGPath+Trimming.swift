extension CGPath {
    /// The part of the path between `startFraction` and `endFraction` of its whole length, as Core
    /// Animation's `strokeStart`/`strokeEnd` select it: lengths run over all subpaths in order, moves add
    /// nothing, `closeSubpath` adds its closing segment. Curves are cut on the curve (by arc length, then
    /// de Casteljau), never flattened. Fractions are clamped to `0 ... 1`; `start ≥ end` or a NaN fraction
    /// gives an empty path; `0 ... 1` gives the path itself. Cut pieces are open subpaths; a subpath lying
    /// wholly inside the range keeps its `closeSubpath`.
    public func trimmed(from startFraction: CGFloat, to endFraction: CGFloat) -> CGPath {
        let result = CGMutablePath()
        trim(from: startFraction, to: endFraction, into: result)
        return CGPath(elements: result.elements)
    }

    /// The path cut into dashes: `pattern` alternates drawn and skipped lengths (an odd count is repeated
    /// once, as in Core Graphics), starting `phase` into the pattern, restarted at each subpath. Dashes
    /// are open subpaths, except that on a closed subpath a dash running through the start is one piece
    /// turning the corner there (as cairo draws it); a zero-length dash is a move and a line to the same
    /// point (a dot with round or square caps). An empty pattern, or one with a negative, non-finite or
    /// all-zero length, leaves the path undashed; so does a pattern that would repeat more than 100 000
    /// times along the path.
    public func dashed(pattern: [CGFloat], phase: CGFloat) -> CGPath {
        let result = CGMutablePath()
        trim(from: 0, to: 1, dashPattern: pattern, dashPhase: phase, into: result)
        return CGPath(elements: result.elements)
    }

    /// Replaces `result`'s elements (keeping its storage) with the dashes of `pattern` (see
    /// `dashed(pattern:phase:)`, measured along this whole, untrimmed path) that lie between
    /// `startFraction` and `endFraction` of the path's length (see `trimmed(from:to:)`). Calling it every
    /// frame with the same `result` allocates nothing once `result` has grown to its working size.
    public func trim(
        from startFraction: CGFloat, to endFraction: CGFloat, dashPattern: [CGFloat] = [], dashPhase: CGFloat = 0,
        into result: CGMutablePath
    ) {
        var zeroLengthDashes: [ZeroLengthDash] = []
        trim(
            from: startFraction, to: endFraction, dashPattern: dashPattern, dashPhase: dashPhase, into: result,
            zeroLengthDashes: &zeroLengthDashes)
    }

    /// `trim(from:to:dashPattern:dashPhase:into:)`, also listing the zero-length dashes it made, in order,
    /// with the path's direction at each (a square cap on such a dot is turned that way). Both buffers keep
    /// their storage between calls.
    public func trim(
        from startFraction: CGFloat, to endFraction: CGFloat, dashPattern: [CGFloat], dashPhase: CGFloat,
        into result: CGMutablePath, zeroLengthDashes: inout [ZeroLengthDash]
    ) {
        result.elements.removeAll(keepingCapacity: true)
        zeroLengthDashes.removeAll(keepingCapacity: true)
        guard !startFraction.isNaN, !endFraction.isNaN else { return }
        let startFraction = min(1, max(0, startFraction))
        let endFraction = min(1, max(0, endFraction))
        guard startFraction < endFraction else { return }
        var dashes = DashPattern(dashPattern, phase: dashPhase)
        if startFraction == 0 && endFraction == 1 && dashes == nil {
            result.elements.append(contentsOf: elements)
            return
        }
        let total = length
        guard total > 0, total.isFinite else {
            result.elements.append(contentsOf: elements)
            return
        }
        if let pattern = dashes, total / pattern.period > DashPattern.maximumPeriods { dashes = nil }
        var cutter = PathCutter(
            output: result, start: startFraction * total, end: endFraction * total, total: total)
        swap(&cutter.dots, &zeroLengthDashes)
        defer { swap(&cutter.dots, &zeroLengthDashes) }
        forEachSubpath { subpath in
            cutter.beginSubpath()
            var dashState = dashes.map { DashState(pattern: $0) }
            subpath.forEachSegment { segment in
                let length = segment.length
                if var state = dashState {
                    state.forEachDrawnInterval(inSegmentOfLength: length) { from, to in
                        cutter.add(segment, length: length, from: from, to: to)
                    }
                    dashState = state
                } else {
                    cutter.add(segment, length: length, from: 0, to: length)
                }
                cutter.advance(by: length)
            }
            if subpath.isClosed && dashes != nil { cutter.joinDashesAcrossStart() }
        }
    }
}

/// A dash of zero length in a dashed path: the index of its move among the path's elements, and the unit
/// direction of the path it was cut from, there.
public struct ZeroLengthDash: Equatable, Sendable {
    public let elementIndex: Int
    public let direction: CGPoint
}
