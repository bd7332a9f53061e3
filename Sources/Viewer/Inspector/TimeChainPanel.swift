import LayerKit
import Overlay
import Raster

/// The time chain as an inspector panel: at the top of the side column, how the selected animation's
/// time is made from media time, layer by layer, at the frame's time.
final class TimeChainPanel: InspectorPanel {
    private let view: TimeChainView
    /// The selected animation's chain, refilled (storage kept) every frame it is drawn.
    private var chain = AnimationTimeChain()

    init(context: InspectorPanelContext) {
        view = TimeChainView(text: context.smallText)
    }

    func layout(_ layout: WindowLayout, frame: InspectorFrame) {
        view.layout(frame: layout.timeChain)
    }

    func draw(_ frame: InspectorFrame, into bitmap: Bitmap) {
        guard frame.sideColumnOpen, let sampler = frame.selected else { return }
        sampler.timeChain(atMediaTime: frame.mediaTime, into: &chain)
        view.draw(chain, facts: sampler.facts, into: bitmap)
    }
}
