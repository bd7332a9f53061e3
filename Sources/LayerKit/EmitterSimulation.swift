/// The particles of one emitter at one local time, in closed form (see `CAEmitterLayer`).
struct EmitterSimulation {
    let layer: EmitterState
    let history: [EmitterRateSegment]

    /// Appends the particles alive at `time`, cell by cell, oldest first. `grant` is given how many
    /// particles the cells have alive together (before any is computed) and answers how many may be
    /// (the frame's `RenderBudget`); when fewer, each cell keeps its newest in proportion, so a huge birth
    /// rate or lifetime costs time in proportion to the budget, never without bound.
    func particles(
        at time: CFTimeInterval, into particles: inout [CAEmitterLayer.Particle], grant: (Double) -> Int
    ) {
        guard time.isFinite, time > 0, let cells = layer.cells else { return }
        let emittedByLayer = EmitterRateSegment.emitted(by: time, in: history)
        // Two passes over the cells (no storage): how many are alive in all, then the newest share of each.
        var alive = 0.0
        for cell in cells {
            if let range = aliveRange(of: cell, at: time, emittedByLayer: emittedByLayer) {
                alive += range.newest - range.oldest + 1
            }
        }
        guard alive > 0 else { return }
        let share = min(1, Double(grant(alive)) / alive)
        for (cellIndex, cell) in cells.enumerated() {
            guard let range = aliveRange(of: cell, at: time, emittedByLayer: emittedByLayer) else { continue }
            let kept = ((range.newest - range.oldest + 1) * share).rounded(.down)
            var index = range.newest - kept + 1
            while index <= range.newest {
                if let particle = particle(index, of: cell, cellIndex: cellIndex, rate: range.rate, at: time) {
                    particles.append(particle)
                }
                index += 1
            }
        }
    }

    /// The indices `oldest … newest` of `cell`'s particles that may be alive at `time` (`emittedByLayer`:
    /// the layer's emission count by then) and the cell's birth rate; nil for a cell that emits none.
    private func aliveRange(of cell: CAEmitterCell, at time: CFTimeInterval, emittedByLayer: Double) -> (
        oldest: Double, newest: Double, rate: Double
    )? {
        guard cell.isEnabled, cell.birthRate > 0 else { return nil }
        let cellRate = Double(cell.birthRate)
        let longest = Double(cell.lifetime + abs(cell.lifetimeRange) / 2) * Double(layer.lifetime)
        guard longest > 0, longest.isFinite, cellRate.isFinite else { return nil }
        // Particle i is born when the count emitted reaches i + 1 (none at time 0 itself).
        let newest = (emittedByLayer * cellRate).rounded(.down) - 1
        let oldestBorn = EmitterRateSegment.emitted(by: time - longest, in: history) * cellRate
        let oldest = max(oldestBorn.rounded(.down), 0)
        // Beyond 2⁵² particles an index no longer counts by one; such an emitter draws nothing.
        guard newest >= oldest, newest < 0x1p52 else { return nil }
        return (oldest, newest, cellRate)
    }

    /// Particle `index` of `cell` at `time`, or nil when it is not born yet or already dead.
    private func particle(
        _ index: Double, of cell: CAEmitterCell, cellIndex: Int, rate: Double, at time: CFTimeInterval
    ) -> CAEmitterLayer.Particle? {
        guard let born = EmitterRateSegment.time(whenEmitted: (index + 1) / rate, in: history), cell.emits(at: born)
        else { return nil }
        let age = time - born
        var random = ParticleRandom(seed: layer.seed, cell: cellIndex, particle: index)
        let life = Double(max(0, cell.lifetime + random.spread(cell.lifetimeRange))) * Double(layer.lifetime)
        guard age >= 0, age < life else { return nil }
        let start = emissionPoint(&random)
        let direction = Double(cell.emissionLongitude) + Double(random.spread(Float(cell.emissionRange)))
        let speed = (Double(cell.velocity) + Double(random.spread(Float(cell.velocityRange)))) * Double(layer.velocity)
        let x = start.x + speed * cos(direction) * age + Double(cell.xAcceleration) * age * age / 2
        let y = start.y + speed * sin(direction) * age + Double(cell.yAcceleration) * age * age / 2
        let scale =
            (Double(cell.scale) + Double(random.spread(Float(cell.scaleRange)))) * Double(layer.scale)
            + Double(cell.scaleSpeed) * age
        let spin = (Double(cell.spin) + Double(random.spread(Float(cell.spinRange)))) * Double(layer.spin)
        let base = cell.color ?? .clear
        func channel(_ mean: CGFloat, _ range: Float, _ speed: Float) -> CGFloat {
            min(max(mean + CGFloat(random.spread(range)) + CGFloat(Double(speed) * age), 0), 1)
        }
        let color = (
            red: channel(base.red, cell.redRange, cell.redSpeed),
            green: channel(base.green, cell.greenRange, cell.greenSpeed),
            blue: channel(base.blue, cell.blueRange, cell.blueSpeed),
            alpha: channel(base.alpha, cell.alphaRange, cell.alphaSpeed)
        )
        return CAEmitterLayer.Particle(
            position: CGPoint(x: x, y: y), angle: spin * age, scale: max(0, scale), color: color,
            contents: cell.contents, contentsScale: cell.contentsScale, age: age)
    }

    /// Where a particle starts: on or in the emission shape, as the mode says (points: the shape's
    /// corners or centre; outline: its edge; surface and volume: inside it, uniformly).
    private func emissionPoint(_ random: inout ParticleRandom) -> (x: Double, y: Double) {
        let center = (x: Double(layer.position.x), y: Double(layer.position.y))
        let width = Double(layer.size.width)
        let height = Double(layer.size.height)
        let u = random.unit()
        let v = random.unit()
        switch layer.shape {
        case .line:
            let t = layer.mode == .points ? (u < 0.5 ? -0.5 : 0.5) : u - 0.5
            return (center.x + t * width, center.y)
        case .rectangle, .cuboid:
            switch layer.mode {
            case .points:
                return (center.x + (u < 0.5 ? -0.5 : 0.5) * width, center.y + (v < 0.5 ? -0.5 : 0.5) * height)
            case .outline:
                return rectanglePerimeterPoint(u * 2 * (width + height), center: center, width: width, height: height)
            default:
                return (center.x + (u - 0.5) * width, center.y + (v - 0.5) * height)
            }
        case .circle, .sphere:
            let angle = 2 * Double.pi * u
            let radius: Double
            switch layer.mode {
            case .points: return center
            case .outline: radius = width
            default: radius = width * v.squareRoot()
            }
            return (center.x + radius * cos(angle), center.y + radius * sin(angle))
        default:
            return center
        }
    }

    /// The point at `distance` along the rectangle's edge, clockwise from its top-left corner.
    private func rectanglePerimeterPoint(
        _ distance: Double, center: (x: Double, y: Double), width: Double, height: Double
    ) -> (x: Double, y: Double) {
        let left = center.x - width / 2
        let top = center.y - height / 2
        if distance < width { return (left + distance, top) }
        if distance < width + height { return (left + width, top + distance - width) }
        if distance < 2 * width + height { return (left + width - (distance - width - height), top + height) }
        return (left, top + height - (distance - 2 * width - height))
    }
}

/// The random values of one particle: a counter-based generator (SplitMix64's finaliser, Steele, Lea
/// and Flood 2014) over the emitter's seed, the cell and the particle's index, so any particle's values
/// are found without drawing the ones before it.
struct ParticleRandom {
    private var state: UInt64

    init(seed: UInt32, cell: Int, particle: Double) {
        state =
            UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: cell) &* 0xBF58_476D_1CE4_E5B9
            ^ UInt64(particle) &* 0x94D0_49BB_1331_11EB
    }

    /// A number in [0, 1).
    mutating func unit() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / Double(1 << 53)
    }

    /// A number in [−range/2, range/2), the spread of a property with range `range`.
    mutating func spread(_ range: Float) -> Float { Float((unit() - 0.5) * Double(range)) }
}
