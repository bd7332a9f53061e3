/// Layout, as Core Animation does it: a layer marked with `setNeedsLayout()` is laid out
/// (`layoutSublayers()`, by default its delegate's `layoutSublayers(of:)`: a `UIView`'s
/// `layoutSubviews()`) by `layoutIfNeeded()` or, at the latest, by the next frame step, before the
/// frame's transaction is committed and its animations evaluated, so what layout changes shows in that
/// frame and its implicit animations start with it.
/// https://developer.apple.com/documentation/quartzcore/calayer/1410854-layoutifneeded: the
/// superlayers are walked up while they need layout, and the tree under the topmost is laid out.
extension CALayer {
    /// Marks the layer as needing layout: the next `layoutIfNeeded()` or frame step lays it out.
    public func setNeedsLayout() {
        guard !isPresentation, !displayStorage.needsLayout else { return }
        displayStorage.needsLayout = true
        engineStorage.layoutLayers.append(LayoutEntry(self))
    }

    /// True until the layer has been laid out since it was marked.
    public func needsLayout() -> Bool { displayStorage.needsLayout }

    /// Lays out now, if needed, the topmost of this layer and its superlayers that needs layout (a
    /// chain of marked layers upwards from this one), then every marked layer beneath it, parents first.
    public func layoutIfNeeded() {
        var top = self
        while let parent = top.superlayer, parent.displayStorage.needsLayout { top = parent }
        top.layOutTree()
    }

    /// This layer if marked, then its sublayers' trees (after, so what it set is laid out too).
    private func layOutTree() {
        if displayStorage.needsLayout {
            displayStorage.needsLayout = false
            layoutSublayers()
        }
        for sublayer in sublayers ?? [] { sublayer.layOutTree() }
    }
}

/// A layer waiting for the frame step's layout pass, held weakly.
final class LayoutEntry {
    weak var layer: CALayer?
    init(_ layer: CALayer) { self.layer = layer }
}

extension LayerEngine {
    /// The frame step's layout pass: lays out the layers marked since the last one, shallowest first;
    /// layers that layout marks are laid out in the same pass (up to 16 rounds, against layout loops).
    func layOutMarkedLayers() {
        var round = 0
        while !layoutLayers.isEmpty, round < 16 {
            let marked = layoutLayers.compactMap(\.layer).map { ($0.depth, $0) }
            layoutLayers.removeAll()
            for (_, layer) in marked.sorted(by: { $0.0 < $1.0 }) where layer.engineStorage === self {
                layer.layoutIfNeeded()
            }
            round += 1
        }
    }
}

extension CALayer {
    /// The number of superlayers above the layer.
    fileprivate var depth: Int {
        var count = 0
        var layer = self
        while let parent = layer.superlayer {
            count += 1
            layer = parent
        }
        return count
    }
}
