/// A layer whose sublayers share its superlayer's 3-D space instead of being flattened into its plane,
/// as Core Animation's `CATransformLayer` ("do not project (i.e. flatten) their sublayers into the plane
/// at Z=0"): the Compositor draws the layers of one such space in depth order. It draws no background,
/// contents, border or shadow of its own, ignores `mask` and `masksToBounds`, and applies its opacity
/// to each sublayer individually (CATransformLayer.h; core-animation-breadth.md §6).
open class CATransformLayer: CALayer {
    public override init() { super.init() }

    /// A layer with default properties (see `CALayer.init(coder:)`).
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    public required init(layer: Any) { super.init(layer: layer) }
}
