/// One frame step's share of `RenderBudget` for what replicators and emitters multiply: the layers
/// still to be copied for replicator instances and the particles still to be computed, over the whole
/// tree, and the first request that did not fit (the frame's `LayerEngine.budgetExcess`).
struct FrameAllowance {
    var layerCopies = RenderBudget.layerCopies
    var particles = RenderBudget.particles
    var excess: RenderBudget.Excess?
    /// Whether nothing more is granted once a request did not fit (`LayerEngine.stopsAtBudgetExcess`).
    var stopsAtExcess = false

    /// How many of `copies` copies of `trees` (the layers each copy duplicates, `plain` of them, which
    /// expand to `expanded` with their own replicators' copies) fit what is left; the ones granted are
    /// taken from it, and a request beyond it is noted for `layer` with the frame's total.
    mutating func grantCopies(_ copies: Int, plain: Int, expanded: Int, for layer: CALayer) -> Int {
        guard copies > 0, plain > 0 else { return copies }
        if stopsAtExcess, excess != nil { return 0 }
        let (asked, overflow) = copies.multipliedReportingOverflow(by: expanded)
        var granted = copies
        if overflow || asked > layerCopies {
            let total = asked.addingReportingOverflow(RenderBudget.layerCopies - layerCopies)
            note(.layerCopies, layer, overflow || total.overflow ? .max : total.partialValue)
            granted = stopsAtExcess ? 0 : min(copies, layerCopies / max(1, expanded))
        }
        layerCopies -= granted * plain
        return granted
    }

    /// How many particles of the `requested` alive fit what is left, taken from it; a request beyond
    /// it is noted for `layer` with the frame's total.
    mutating func grantParticles(_ requested: Double, for layer: CALayer) -> Int {
        if stopsAtExcess, excess != nil { return 0 }
        guard requested > Double(particles) else {
            particles -= Int(requested)  // a whole count within the budget (≤ `RenderBudget.particles`)
            return Int(requested)
        }
        let total = requested + Double(RenderBudget.particles - particles)
        note(.particles, layer, total < 0x1p62 ? Int(total) : .max)
        let granted = stopsAtExcess ? 0 : particles
        particles = 0
        return granted
    }

    private mutating func note(_ kind: RenderBudget.Excess.Kind, _ layer: CALayer, _ requested: Int) {
        guard excess == nil else { return }
        let name = layer.name.flatMap { $0.isEmpty ? nil : $0 } ?? String(describing: type(of: layer))
        excess = RenderBudget.Excess(kind: kind, layer: name, requested: requested)
    }

    /// The layers of `trees` with their masks and sublayers, and what they expand to when each
    /// replicator among them counts its sublayers `instanceCount` times (saturating at `Int.max`).
    /// Walked with a stack of its own, so no depth of tree can overflow the call stack.
    static func layerCounts(of trees: [CALayer]) -> (plain: Int, expanded: Int) {
        var plain = 0
        var expanded = 0
        var stack = trees.map { ($0, 1) }
        while let (layer, multiplier) = stack.popLast() {
            plain += 1
            expanded = expanded.addingReportingOverflow(multiplier).overflow ? .max : expanded + multiplier
            if let mask = layer.maskStorage { stack.append((mask, multiplier)) }
            var inner = multiplier
            if let replicator = layer as? CAReplicatorLayer {
                let (product, overflow) = multiplier.multipliedReportingOverflow(
                    by: replicator.replicator.instanceCount)
                inner = overflow ? .max : product
            }
            for sublayer in layer.sublayerStorage ?? [] where inner > 0 { stack.append((sublayer, inner)) }
        }
        return (plain, expanded)
    }
}
