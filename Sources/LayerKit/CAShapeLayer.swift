/// A layer that draws a path, filled and stroked, as Core Animation's `CAShapeLayer`.
/// `strokeStart`/`strokeEnd` trim the stroke by fractions of the whole path's length.
open class CAShapeLayer: CALayer {
    /// The shape properties; `@exclusivity(unchecked)` for the reason `CALayer.state` gives.
    @exclusivity(unchecked) var shape = ShapeState()

    public override init() { super.init() }

    /// A layer with default properties (see `CALayer.init(coder:)`).
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    public required init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CAShapeLayer { shape = other.shape }
    }

    override func copyState(from model: CALayer) {
        super.copyState(from: model)
        if let model = model as? CAShapeLayer { shape = model.shape }
    }

    override func restoreAnimatedState(from model: CALayer) {
        super.restoreAnimatedState(from: model)
        if let model = model as? CAShapeLayer { shape = model.shape }
    }

    /// Sets one field of the shape state, running its implicit action as `CALayer.setState` does.
    @inline(__always)
    final func setShape<Value>(_ field: WritableKeyPath<ShapeState, Value>, _ value: Value) {
        changeModel(field) { shape[keyPath: field] = value }
    }

    /// The path; assigning copies it, so later changes to a mutable path do not show.
    public var path: CGPath? {
        get { shape.path }
        set { changeModel(\ShapeState.path) { shape.path = newValue?.copy() } }
    }
    /// Fill colour, opaque black by default; nil fills nothing.
    public var fillColor: CGColor? {
        get { shape.fillColor }
        set { setShape(\.fillColor, newValue) }
    }
    /// The winding rule the path is filled by (default `nonZero`).
    public var fillRule: CAShapeLayerFillRule {
        get { shape.fillRule }
        set { setShape(\.fillRule, newValue) }
    }
    /// Stroke colour, nil (no stroke) by default.
    public var strokeColor: CGColor? {
        get { shape.strokeColor }
        set { setShape(\.strokeColor, newValue) }
    }
    /// The stroke's width in points (default 1). Animatable.
    public var lineWidth: CGFloat {
        get { shape.lineWidth }
        set { setShape(\.lineWidth, newValue) }
    }
    /// The shape of the stroke's open ends (default `butt`).
    public var lineCap: CAShapeLayerLineCap {
        get { shape.lineCap }
        set { setShape(\.lineCap, newValue) }
    }
    /// The shape of the stroke's corners (default `miter`).
    public var lineJoin: CAShapeLayerLineJoin {
        get { shape.lineJoin }
        set { setShape(\.lineJoin, newValue) }
    }
    /// The miter length, in line widths, past which a miter corner is bevelled (default 10). Animatable.
    public var miterLimit: CGFloat {
        get { shape.miterLimit }
        set { setShape(\.miterLimit, newValue) }
    }
    /// Dash lengths (on, off, …); nil draws a solid line.
    public var lineDashPattern: [NSNumber]? {
        get { shape.lineDashPattern }
        set { setShape(\.lineDashPattern, newValue) }
    }
    /// How far into `lineDashPattern` the dashes start, in points. Animatable.
    public var lineDashPhase: CGFloat {
        get { shape.lineDashPhase }
        set { setShape(\.lineDashPhase, newValue) }
    }
    /// Start of the stroked part, as a fraction of the path length (default 0).
    public var strokeStart: CGFloat {
        get { shape.strokeStart }
        set { setShape(\.strokeStart, newValue) }
    }
    /// End of the stroked part, as a fraction of the path length (default 1).
    public var strokeEnd: CGFloat {
        get { shape.strokeEnd }
        set { setShape(\.strokeEnd, newValue) }
    }
}
