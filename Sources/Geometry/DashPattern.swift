/// A validated dash pattern: even count, lengths finite and non-negative, positive period.
struct DashPattern: Equatable {
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
struct DashState {
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
