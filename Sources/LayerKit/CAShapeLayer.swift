/// A layer that draws a path, filled and stroked, as Core Animation's `CAShapeLayer`.
/// `strokeStart`/`strokeEnd` trim the stroke by fractions of the whole path's length.
open class CAShapeLayer: CALayer {
    var shape = ShapeState()

    public override init() { super.init() }

    public required init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CAShapeLayer { shape = other.shape }
    }

    /// Adds the shape keys Core Animation animates implicitly; `path` has no implicit animation.
    open override class func defaultAction(forKey event: String) -> CAAction? {
        switch event {
        case "fillColor", "strokeColor", "lineWidth", "miterLimit", "lineDashPhase", "strokeStart", "strokeEnd":
            return CABasicAnimation()
        default: return super.defaultAction(forKey: event)
        }
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
            let action = implicitAction(for: .fillColor, event: "fillColor")
            shape.fillColor = newValue
            modelDidChange()
            action?()
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
            let action = implicitAction(for: .strokeColor, event: "strokeColor")
            shape.strokeColor = newValue
            modelDidChange()
            action?()
        }
    }
    public var lineWidth: CGFloat {
        get { shape.lineWidth }
        set {
            let action = implicitAction(for: .lineWidth, event: "lineWidth")
            shape.lineWidth = newValue
            modelDidChange()
            action?()
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
            let action = implicitAction(for: .miterLimit, event: "miterLimit")
            shape.miterLimit = newValue
            modelDidChange()
            action?()
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
            let action = implicitAction(for: .lineDashPhase, event: "lineDashPhase")
            shape.lineDashPhase = newValue
            modelDidChange()
            action?()
        }
    }
    /// Start of the stroked part, as a fraction of the path length (default 0).
    public var strokeStart: CGFloat {
        get { shape.strokeStart }
        set {
            let action = implicitAction(for: .strokeStart, event: "strokeStart")
            shape.strokeStart = newValue
            modelDidChange()
            action?()
        }
    }
    /// End of the stroked part, as a fraction of the path length (default 1).
    public var strokeEnd: CGFloat {
        get { shape.strokeEnd }
        set {
            let action = implicitAction(for: .strokeEnd, event: "strokeEnd")
            shape.strokeEnd = newValue
            modelDidChange()
            action?()
        }
    }
}
