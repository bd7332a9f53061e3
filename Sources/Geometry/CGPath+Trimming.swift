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

/// Cuts segments into pieces by arc length and appends them to a path, continuing a piece across
/// segments when the drawn intervals touch.
private struct PathCutter {
    /// The zero-length dashes made so far.
    var dots: [ZeroLengthDash] = []
    let output: CGMutablePath
    /// The kept range of arc length along the whole path.
    let start: CGFloat
    let end: CGFloat
    /// How close two positions along the path must be to count as the same point.
    let sameness: CGFloat
    /// Arc length before the current segment.
    var position: CGFloat = 0
    var subpathStart: CGFloat = 0
    /// Where the open piece ends, along the path, or nil when no piece is open.
    var pieceEnd: CGFloat?
    var pieceBegan: CGFloat = 0
    /// Where in `output` the open piece's move is.
    var pieceIndex = 0
    /// Where in `output` the subpath's first piece's move is, when that piece begins at the subpath's start.
    var firstPieceIndex: Int?

    init(output: CGMutablePath, start: CGFloat, end: CGFloat, total: CGFloat) {
        self.output = output
        self.start = start
        self.end = end
        sameness = total * 1e-12
    }

    mutating func beginSubpath() {
        pieceEnd = nil
        firstPieceIndex = nil
        subpathStart = position
    }

    /// On a closed subpath, makes a dash that runs through the start one piece: when the first piece
    /// begins at the start and the open piece reaches the end of the closing segment, the first piece's
    /// segments move to the end of the open one, so the two meet with a join instead of two caps (as
    /// cairo draws it).
    mutating func joinDashesAcrossStart() {
        guard let first = firstPieceIndex, let pieceEnd, abs(pieceEnd - position) <= sameness, pieceIndex != first,
            !dots.contains(where: { $0.elementIndex == first })
        else { return }
        var end = first + 1
        while end < output.elements.count {
            if case .moveTo = output.elements[end] { break }
            end += 1
        }
        output.elements.append(contentsOf: output.elements[first + 1..<end])
        output.elements.removeSubrange(first..<end)
        for i in dots.indices where dots[i].elementIndex > first {
            dots[i] = ZeroLengthDash(elementIndex: dots[i].elementIndex - (end - first), direction: dots[i].direction)
        }
        self.pieceEnd = nil
    }

    mutating func advance(by length: CGFloat) { position += length }

    /// Adds the part of `segment` between local arc lengths `from ≤ to`, clipped to the kept range.
    mutating func add(_ segment: PathSegment, length: CGFloat, from: CGFloat, to: CGFloat) {
        let lower = max(position + from, start)
        let upper = min(position + to, end)
        if lower > upper || (lower == upper && from < to) { return }
        let localFrom = lower - position
        let localTo = upper - position
        let t0 = localFrom <= length * 1e-9 ? 0 : segment.parameter(atLength: localFrom, totalLength: length)
        let t1 = localTo >= length * (1 - 1e-9) ? 1 : segment.parameter(atLength: localTo, totalLength: length)
        let piece = segment.subsegment(from: t0, to: t1)
        if let pieceEnd, abs(pieceEnd - lower) <= sameness {
            if case .closing = segment, t1 == 1, abs(pieceBegan - subpathStart) <= sameness {
                output.elements.append(.closeSubpath)
                self.pieceEnd = nil
                return
            }
        } else {
            pieceIndex = output.elements.count
            if abs(lower - subpathStart) <= sameness { firstPieceIndex = pieceIndex }
            output.elements.append(.moveTo(piece.start))
            pieceBegan = lower
            if from == to, length > 0, let direction = Self.direction(of: segment, at: t0) {
                dots.append(ZeroLengthDash(elementIndex: pieceIndex, direction: direction))
            }
        }
        output.elements.append(piece.element)
        pieceEnd = upper
    }
}

extension PathCutter {
    /// The unit tangent of `segment` at parameter `t`, or nil where it has none.
    static func direction(of segment: PathSegment, at t: CGFloat) -> CGPoint? {
        var d = segment.end - segment.start
        if case .cubic(let c) = segment {
            let tangent = c.derivative(at: t)
            if tangent.x != 0 || tangent.y != 0 { d = tangent }
        }
        let length = d.magnitude
        guard length > 0, length.isFinite else { return nil }
        return CGPoint(x: d.x / length, y: d.y / length)
    }
}

/// A validated dash pattern: even count, lengths finite and non-negative, positive period.
private struct DashPattern: Equatable {
    let lengths: [CGFloat]
    let period: CGFloat
    let phase: CGFloat

    /// More dash periods than this along a path leave it undashed (bounds the work and the output).
    static let maximumPeriods: CGFloat = 100_000

    init?(_ pattern: [CGFloat], phase: CGFloat) {
        guard !pattern.isEmpty, pattern.allSatisfy({ $0 >= 0 && $0.isFinite }), phase.isFinite else { return nil }
        lengths = pattern.count % 2 == 0 ? pattern : pattern + pattern
        period = lengths.reduce(0, +)
        guard period > 0, period.isFinite else { return nil }
        let wrapped = phase.truncatingRemainder(dividingBy: period)
        self.phase = wrapped < 0 ? wrapped + period : wrapped
    }
}

/// Where a subpath is in its dash pattern.
private struct DashState {
    let pattern: DashPattern
    var index = 0
    /// Length left in the current dash or gap.
    var remaining: CGFloat

    init(pattern: DashPattern) {
        self.pattern = pattern
        remaining = pattern.lengths[0]
        var skip = pattern.phase
        while skip > 0 {
            if skip >= remaining {
                skip -= remaining
                next()
            } else {
                remaining -= skip
                skip = 0
            }
        }
    }

    var isDrawing: Bool { index % 2 == 0 }

    mutating func next() {
        index = (index + 1) % pattern.lengths.count
        remaining = pattern.lengths[index]
    }

    /// Calls `body` with each drawn interval (local arc lengths) of a segment of `length`, and moves the
    /// pattern on by `length`.
    mutating func forEachDrawnInterval(inSegmentOfLength length: CGFloat, _ body: (CGFloat, CGFloat) -> Void) {
        var offset: CGFloat = 0
        if length == 0 {
            if isDrawing { body(0, 0) }
            return
        }
        while true {
            if remaining >= length - offset {
                if isDrawing { body(offset, length) }
                remaining -= length - offset
                if remaining <= 0 { next() }
                return
            }
            if isDrawing { body(offset, offset + remaining) }
            offset += remaining
            next()
        }
    }
}
