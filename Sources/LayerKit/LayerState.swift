/// The animatable properties of a layer, as one plain-data value (no references), so refreshing a
/// presentation copy every frame is a single memory copy with no reference counting.
struct LayerState: LayerStorage {
    static var storage: StoredField.Storage { .layer }

    var bounds = CGRect.zero
    var position = CGPoint.zero
    var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    var zPosition: CGFloat = 0
    var anchorPointZ: CGFloat = 0
    var transform = CATransform3DIdentity
    var sublayerTransform = CATransform3DIdentity
    var isDoubleSided = true
    var opacity: Float = 1
    var allowsGroupOpacity = true
    var isHidden = false
    var backgroundColor: CGColor?
    var masksToBounds = false
    var cornerRadius: CGFloat = 0
    var maskedCorners = CACornerMask.all
    /// `cornerCurve` as a flag (plain data): true for `.continuous`.
    var continuousCorners = false
    var borderWidth: CGFloat = 0
    var borderColor: CGColor? = .black
    var shadowColor: CGColor? = .black
    var shadowOpacity: Float = 0
    var shadowOffset = CGSize(width: 0, height: -3)
    var shadowRadius: CGFloat = 3
    var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    var contentsScale: CGFloat = 1
    var timing = TimingParameters.layerDefault
}

/// The animatable properties of every layer that hold references, kept out of `LayerState` so that
/// refreshing the state of a presentation copy copies no reference.
struct LayerObjects: LayerStorage {
    static var storage: StoredField.Storage { .objects }

    var shadowPath: CGPath?
}

/// The `CAMediaTiming` properties, shared by layers and animations.
struct TimingParameters: Equatable {
    var beginTime: CFTimeInterval = 0
    var duration: CFTimeInterval = 0
    var speed: Float = 1
    var timeOffset: CFTimeInterval = 0
    var repeatCount: Float = 0
    var repeatDuration: CFTimeInterval = 0
    var autoreverses = false
    /// `fillMode` as two flags (plain data); unknown fill mode names read back as `removed`.
    var fillsForwards = false
    var fillsBackwards = false

    var fillMode: CAMediaTimingFillMode {
        get {
            switch (fillsForwards, fillsBackwards) {
            case (true, true): return .both
            case (true, false): return .forwards
            case (false, true): return .backwards
            case (false, false): return .removed
            }
        }
        set {
            fillsForwards = newValue == .forwards || newValue == .both
            fillsBackwards = newValue == .backwards || newValue == .both
        }
    }

    static let layerDefault = TimingParameters()

    /// Parent time → local time: `(parent − beginTime) · speed + timeOffset`, taken literally.
    @inline(__always) func localTime(fromParent parent: CFTimeInterval) -> CFTimeInterval {
        (parent - beginTime) * CFTimeInterval(speed) + timeOffset
    }

    /// Local time → parent time, the inverse map (non-finite when speed is 0).
    @inline(__always) func parentTime(fromLocal local: CFTimeInterval) -> CFTimeInterval {
        (local - timeOffset) / CFTimeInterval(speed) + beginTime
    }
}

/// The shape properties of a `CAShapeLayer`.
struct ShapeState: LayerStorage {
    static var storage: StoredField.Storage { .shape }

    var path: CGPath?
    var fillColor: CGColor? = .black
    var fillRule = CAShapeLayerFillRule.nonZero
    var strokeColor: CGColor?
    var lineWidth: CGFloat = 1
    var lineCap = CAShapeLayerLineCap.butt
    var lineJoin = CAShapeLayerLineJoin.miter
    var miterLimit: CGFloat = 10
    var lineDashPattern: [NSNumber]?
    var lineDashPhase: CGFloat = 0
    var strokeStart: CGFloat = 0
    var strokeEnd: CGFloat = 1
}
