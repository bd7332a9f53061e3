/// Cuts segments into pieces by arc length and appends them to a path, continuing a piece across
/// segments when the drawn intervals touch.
struct PathCutter {
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
