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

    override func restoreAnimatedState(from model: CALayer) {
        super.restoreAnimatedState(from: model)
        if let model = model as? CAShapeLayer { shape = model.shape }
    }

    override func animatableValue(for key: AnimatableKey) -> AnimatableValue? {
        if case .shape(let shapeKey) = key { return AnimatableKey.read(shapeKey, shape) }
        return super.animatableValue(for: key)
    }

    override func setAnimatableValue(_ value: AnimatableValue, for key: AnimatableKey) {
        if case .shape(let shapeKey) = key {
            AnimatableKey.write(shapeKey, value, &shape)
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
            let action = implicitAction(for: .shape(.fillColor), event: "fillColor")
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
            let action = implicitAction(for: .shape(.strokeColor), event: "strokeColor")
            shape.strokeColor = newValue
            modelDidChange()
            action?()
        }
    }
    public var lineWidth: CGFloat {
        get { shape.lineWidth }
        set {
            let action = implicitAction(for: .shape(.lineWidth), event: "lineWidth")
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
            let action = implicitAction(for: .shape(.miterLimit), event: "miterLimit")
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
            let action = implicitAction(for: .shape(.lineDashPhase), event: "lineDashPhase")
            shape.lineDashPhase = newValue
            modelDidChange()
            action?()
        }
    }
    /// Start of the stroked part, as a fraction of the path length (default 0).
    public var strokeStart: CGFloat {
        get { shape.strokeStart }
        set {
            let action = implicitAction(for: .shape(.strokeStart), event: "strokeStart")
            shape.strokeStart = newValue
            modelDidChange()
            action?()
        }
    }
    /// End of the stroked part, as a fraction of the path length (default 1).
    public var strokeEnd: CGFloat {
        get { shape.strokeEnd }
        set {
            let action = implicitAction(for: .shape(.strokeEnd), event: "strokeEnd")
            shape.strokeEnd = newValue
            modelDidChange()
            action?()
        }
    }
}
