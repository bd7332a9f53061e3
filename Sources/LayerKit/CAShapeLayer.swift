/// A layer that draws a path, filled and stroked, as Core Animation's `CAShapeLayer`.
/// `strokeStart`/`strokeEnd` trim the stroke by fractions of the whole path's length.
open class CAShapeLayer: CALayer {
    var shape = ShapeState()

    public override init() { super.init() }

    public required init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CAShapeLayer { shape = other.shape }
    }

    override func copyState(from model: CALayer) {
        super.copyState(from: model)
        if let model = model as? CAShapeLayer { shape = model.shape }
    }

    override func restore(_ key: AnimatableKey, from model: CALayer) {
        guard key.isShapeKey, let model = model as? CAShapeLayer else {
            super.restore(key, from: model)
            return
        }
        switch key {
        case .path: shape.path = model.shape.path
        case .fillColor: shape.fillColor = model.shape.fillColor
        case .strokeColor: shape.strokeColor = model.shape.strokeColor
        case .lineWidth: shape.lineWidth = model.shape.lineWidth
        case .miterLimit: shape.miterLimit = model.shape.miterLimit
        case .lineDashPhase: shape.lineDashPhase = model.shape.lineDashPhase
        case .strokeStart: shape.strokeStart = model.shape.strokeStart
        case .strokeEnd: shape.strokeEnd = model.shape.strokeEnd
        default: break
        }
    }

    override func animatableValue(for key: AnimatableKey) -> AnimatableValue? {
        key.isShapeKey ? AnimatableKey.read(key, shape) : super.animatableValue(for: key)
    }

    override func setAnimatableValue(_ value: AnimatableValue, for key: AnimatableKey) {
        if key.isShapeKey {
            AnimatableKey.write(key, value, &shape)
        } else {
            super.setAnimatableValue(value, for: key)
        }
    }

    /// The path; assigning copies it, so later changes to a mutable path do not show.
    public var path: CGPath? {
        get { shape.path }
        set {
            shape.path = newValue?.copy()
            modelDidChange()
        }
    }
    /// Fill colour, opaque black by default; nil fills nothing.
    public var fillColor: CGColor? {
        get { shape.fillColor }
        set {
            shape.fillColor = newValue
            modelDidChange()
        }
    }
    public var fillRule: CAShapeLayerFillRule {
        get { shape.fillRule }
        set {
            shape.fillRule = newValue
            modelDidChange()
        }
    }
    /// Stroke colour, nil (no stroke) by default.
    public var strokeColor: CGColor? {
        get { shape.strokeColor }
        set {
            shape.strokeColor = newValue
            modelDidChange()
        }
    }
    public var lineWidth: CGFloat {
        get { shape.lineWidth }
        set {
            shape.lineWidth = newValue
            modelDidChange()
        }
    }
    public var lineCap: CAShapeLayerLineCap {
        get { shape.lineCap }
        set {
            shape.lineCap = newValue
            modelDidChange()
        }
    }
    public var lineJoin: CAShapeLayerLineJoin {
        get { shape.lineJoin }
        set {
            shape.lineJoin = newValue
            modelDidChange()
        }
    }
    public var miterLimit: CGFloat {
        get { shape.miterLimit }
        set {
            shape.miterLimit = newValue
            modelDidChange()
        }
    }
    /// Dash lengths (on, off, …); nil draws a solid line.
    public var lineDashPattern: [NSNumber]? {
        get { shape.lineDashPattern }
        set {
            shape.lineDashPattern = newValue
            modelDidChange()
        }
    }
    public var lineDashPhase: CGFloat {
        get { shape.lineDashPhase }
        set {
            shape.lineDashPhase = newValue
            modelDidChange()
        }
    }
    /// Start of the stroked part, as a fraction of the path length (default 0).
    public var strokeStart: CGFloat {
        get { shape.strokeStart }
        set {
            shape.strokeStart = newValue
            modelDidChange()
        }
    }
    /// End of the stroked part, as a fraction of the path length (default 1).
    public var strokeEnd: CGFloat {
        get { shape.strokeEnd }
        set {
            shape.strokeEnd = newValue
            modelDidChange()
        }
    }
}
