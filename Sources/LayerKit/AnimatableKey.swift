/// A parsed key path of a layer property, so the per-frame write is a switch rather than string work.
/// Key paths map to keys through `LayerProperty.all`, where each property is declared.
enum AnimatableKey: Hashable {
    case opacity, hidden, zPosition, anchorPointZ, cornerRadius, borderWidth, borderColor
    /// `shadowPath` is kept beside the plain-data state (a path is a reference), read and written by the layer.
    case shadowColor, shadowOpacity, shadowOffset, shadowRadius, shadowPath
    case position, positionX, positionY
    case anchorPoint, anchorPointX, anchorPointY
    case bounds, boundsOrigin, boundsOriginX, boundsOriginY, boundsSize, boundsWidth, boundsHeight
    case transform
    case transformPart(TransformPart)
    case sublayerTransform
    case sublayerTransformPart(TransformPart)
    case backgroundColor
    /// The part of the picture shown and its nine-slice centre, both in unit coordinates.
    case contentsRect, contentsCenter
    /// A key only `CAShapeLayer` has.
    case shape(ShapeKey)
    /// A key only `CAReplicatorLayer` has.
    case replicator(ReplicatorKey)
    /// A key only `CAEmitterLayer` has.
    case emitter(EmitterKey)
    /// A key only `CAGradientLayer` has.
    case gradient(GradientKey)
    /// A key only `CATextLayer` has.
    case text(TextKey)
    /// Any other key: stored in the layer's key-value dictionary.
    case custom(String)

    /// The components of `transform` and `sublayerTransform` addressable by key path.
    enum TransformPart: Hashable {
        case rotationX, rotationY, rotationZ
        case scale, scaleX, scaleY, scaleZ
        case translation, translationX, translationY, translationZ
    }

    /// The animatable keys of `CAShapeLayer`.
    enum ShapeKey: Hashable {
        case path, fillColor, strokeColor, lineWidth, miterLimit, lineDashPhase, strokeStart, strokeEnd
    }

    /// The animatable keys of `CAReplicatorLayer`.
    enum ReplicatorKey: Hashable {
        case instanceDelay, instanceTransform, instanceColor
        case instanceRedOffset, instanceGreenOffset, instanceBlueOffset, instanceAlphaOffset
    }

    /// The animatable keys of `CAEmitterLayer`.
    enum EmitterKey: Hashable {
        case emitterPosition, emitterZPosition, emitterSize, emitterDepth
        case birthRate, lifetime, velocity, scale, spin
    }

    /// The animatable keys of `CAGradientLayer`.
    enum GradientKey: Hashable {
        case colors, locations, startPoint, endPoint
    }

    /// The animatable keys of `CATextLayer`.
    enum TextKey: Hashable {
        case fontSize, foregroundColor
    }

    /// The key of a registered property (`LayerProperty.named`), else `.custom`.
    init(_ keyPath: String) {
        self = LayerProperty.named(keyPath)?.key ?? .custom(keyPath)
    }

    /// True for the keys only a `CAShapeLayer` has.
    var isShapeKey: Bool {
        if case .shape = self { return true }
        return false
    }

    /// The layer class that has the key.
    var layerClass: LayerProperty.LayerClass {
        switch self {
        case .shape: return .shape
        case .replicator: return .replicator
        case .emitter: return .emitter
        case .gradient: return .gradient
        case .text: return .text
        default: return .layer
        }
    }

    /// Reads the key from a layer's state.
    static func read(_ key: AnimatableKey, _ s: LayerState) -> AnimatableValue? {
        switch key {
        case .opacity: return .number(Double(s.opacity))
        case .hidden: return .number(s.isHidden ? 1 : 0)
        case .zPosition: return .number(s.zPosition)
        case .anchorPointZ: return .number(s.anchorPointZ)
        case .cornerRadius: return .number(s.cornerRadius)
        case .borderWidth: return .number(s.borderWidth)
        case .borderColor: return .color(s.borderColor)
        case .shadowColor: return .color(s.shadowColor)
        case .shadowOpacity: return .number(Double(s.shadowOpacity))
        case .shadowOffset: return .size(s.shadowOffset)
        case .shadowRadius: return .number(s.shadowRadius)
        case .position: return .point(s.position)
        case .positionX: return .number(s.position.x)
        case .positionY: return .number(s.position.y)
        case .anchorPoint: return .point(s.anchorPoint)
        case .anchorPointX: return .number(s.anchorPoint.x)
        case .anchorPointY: return .number(s.anchorPoint.y)
        case .bounds: return .rect(s.bounds)
        case .boundsOrigin: return .point(s.bounds.origin)
        case .boundsOriginX: return .number(s.bounds.origin.x)
        case .boundsOriginY: return .number(s.bounds.origin.y)
        case .boundsSize: return .size(s.bounds.size)
        case .boundsWidth: return .number(s.bounds.size.width)
        case .boundsHeight: return .number(s.bounds.size.height)
        case .transform: return .transform(s.transform)
        case .transformPart(let part): return readPart(part, s.transform)
        case .sublayerTransform: return .transform(s.sublayerTransform)
        case .sublayerTransformPart(let part): return readPart(part, s.sublayerTransform)
        case .backgroundColor: return .color(s.backgroundColor)
        case .contentsRect: return .rect(s.contentsRect)
        case .contentsCenter: return .rect(s.contentsCenter)
        default: return nil
        }
    }

    /// Writes the key into a layer's state; returns false when the key is not a layer key or the value
    /// has the wrong kind.
    @discardableResult
    static func write(_ key: AnimatableKey, _ value: AnimatableValue, _ s: inout LayerState) -> Bool {
        switch (key, value) {
        case (.opacity, .number(let v)): s.opacity = Float(v)
        case (.hidden, .number(let v)): s.isHidden = v >= 0.5
        case (.zPosition, .number(let v)): s.zPosition = v
        case (.anchorPointZ, .number(let v)): s.anchorPointZ = v
        case (.cornerRadius, .number(let v)): s.cornerRadius = v
        case (.borderWidth, .number(let v)): s.borderWidth = v
        case (.borderColor, .color(let v)): s.borderColor = v
        case (.shadowColor, .color(let v)): s.shadowColor = v
        case (.shadowOpacity, .number(let v)): s.shadowOpacity = Float(v)
        case (.shadowOffset, .size(let v)): s.shadowOffset = v
        case (.shadowRadius, .number(let v)): s.shadowRadius = v
        case (.position, .point(let v)): s.position = v
        case (.positionX, .number(let v)): s.position.x = v
        case (.positionY, .number(let v)): s.position.y = v
        case (.anchorPoint, .point(let v)): s.anchorPoint = v
        case (.anchorPointX, .number(let v)): s.anchorPoint.x = v
        case (.anchorPointY, .number(let v)): s.anchorPoint.y = v
        case (.bounds, .rect(let v)): s.bounds = v
        case (.boundsOrigin, .point(let v)): s.bounds.origin = v
        case (.boundsOriginX, .number(let v)): s.bounds.origin.x = v
        case (.boundsOriginY, .number(let v)): s.bounds.origin.y = v
        case (.boundsSize, .size(let v)): s.bounds.size = v
        case (.boundsWidth, .number(let v)): s.bounds.size.width = v
        case (.boundsHeight, .number(let v)): s.bounds.size.height = v
        case (.transform, .transform(let v)): s.transform = v
        case (.transformPart(let part), _): return writePart(part, value, &s.transform)
        case (.sublayerTransform, .transform(let v)): s.sublayerTransform = v
        case (.sublayerTransformPart(let part), _): return writePart(part, value, &s.sublayerTransform)
        case (.backgroundColor, .color(let v)): s.backgroundColor = v
        case (.contentsRect, .rect(let v)): s.contentsRect = v
        case (.contentsCenter, .rect(let v)): s.contentsCenter = v
        default: return false
        }
        return true
    }

    /// Reads a shape key.
    static func read(_ key: ShapeKey, _ s: ShapeState) -> AnimatableValue {
        switch key {
        case .path: return .path(s.path)
        case .fillColor: return .color(s.fillColor)
        case .strokeColor: return .color(s.strokeColor)
        case .lineWidth: return .number(s.lineWidth)
        case .miterLimit: return .number(s.miterLimit)
        case .lineDashPhase: return .number(s.lineDashPhase)
        case .strokeStart: return .number(s.strokeStart)
        case .strokeEnd: return .number(s.strokeEnd)
        }
    }

    /// Writes a shape key.
    @discardableResult
    static func write(_ key: ShapeKey, _ value: AnimatableValue, _ s: inout ShapeState) -> Bool {
        switch (key, value) {
        case (.path, .path(let v)): s.path = v
        case (.fillColor, .color(let v)): s.fillColor = v
        case (.strokeColor, .color(let v)): s.strokeColor = v
        case (.lineWidth, .number(let v)): s.lineWidth = v
        case (.miterLimit, .number(let v)): s.miterLimit = v
        case (.lineDashPhase, .number(let v)): s.lineDashPhase = v
        case (.strokeStart, .number(let v)): s.strokeStart = v
        case (.strokeEnd, .number(let v)): s.strokeEnd = v
        default: return false
        }
        return true
    }

    /// A transform component as Core Animation's key-value coding returns it: an angle, a scale
    /// (`scale` = mean of the three factors), a translation (`translation` = the x, y pair as a size).
    static func readPart(_ part: TransformPart, _ t: CATransform3D) -> AnimatableValue {
        switch part {
        case .translationX: return .number(t.m41)
        case .translationY: return .number(t.m42)
        case .translationZ: return .number(t.m43)
        case .translation: return .size(CGSize(width: t.m41, height: t.m42))
        default: break
        }
        let c = TransformComponents(t)
        switch part {
        case .rotationX: return .number(c.rotation.x)
        case .rotationY: return .number(c.rotation.y)
        case .rotationZ: return .number(c.rotation.z)
        case .scale: return .number((c.scale.x + c.scale.y + c.scale.z) / 3)
        case .scaleX: return .number(c.scale.x)
        case .scaleY: return .number(c.scale.y)
        default: return .number(c.scale.z)
        }
    }

    /// Replaces one numeric component of `t`; an identity `t` (the common case) is built directly.
    static func writeNumber(_ part: TransformPart, _ v: Double, _ t: inout CATransform3D) {
        if t == CATransform3DIdentity {
            switch part {
            case .rotationZ:
                let (c, s) = (cos(v), sin(v))
                t.m11 = c
                t.m12 = s
                t.m21 = -s
                t.m22 = c
                return
            case .scale:
                (t.m11, t.m22, t.m33) = (v, v, v)
                return
            case .scaleX: t.m11 = v
            case .scaleY: t.m22 = v
            case .scaleZ: t.m33 = v
            default: break
            }
            if part == .scaleX || part == .scaleY || part == .scaleZ { return }
        }
        _ = writePart(part, .number(v), &t)
    }

    /// Replaces one component of `t`, keeping the others.
    static func writePart(_ part: TransformPart, _ value: AnimatableValue, _ t: inout CATransform3D) -> Bool {
        switch (part, value) {
        case (.translationX, .number(let v)): t.m41 = v
        case (.translationY, .number(let v)): t.m42 = v
        case (.translationZ, .number(let v)): t.m43 = v
        case (.translation, .size(let v)):
            t.m41 = v.width
            t.m42 = v.height
        case (.translation, .point(let v)):
            t.m41 = v.x
            t.m42 = v.y
        case (_, .number(let v)):
            var c = TransformComponents(t)
            switch part {
            case .rotationX: c.rotation.x = v
            case .rotationY: c.rotation.y = v
            case .rotationZ: c.rotation.z = v
            case .scale: c.scale = (v, v, v)
            case .scaleX: c.scale.x = v
            case .scaleY: c.scale.y = v
            case .scaleZ: c.scale.z = v
            default: return false
            }
            t = c.transform
        default: return false
        }
        return true
    }

    /// Reads a replicator key.
    static func read(_ key: ReplicatorKey, _ s: ReplicatorState) -> AnimatableValue {
        switch key {
        case .instanceDelay: return .number(s.instanceDelay)
        case .instanceTransform: return .transform(s.instanceTransform)
        case .instanceColor: return .color(s.instanceColor)
        case .instanceRedOffset: return .number(Double(s.instanceRedOffset))
        case .instanceGreenOffset: return .number(Double(s.instanceGreenOffset))
        case .instanceBlueOffset: return .number(Double(s.instanceBlueOffset))
        case .instanceAlphaOffset: return .number(Double(s.instanceAlphaOffset))
        }
    }

    /// Writes a replicator key.
    @discardableResult
    static func write(_ key: ReplicatorKey, _ value: AnimatableValue, _ s: inout ReplicatorState) -> Bool {
        switch (key, value) {
        case (.instanceDelay, .number(let v)): s.instanceDelay = v
        case (.instanceTransform, .transform(let v)): s.instanceTransform = v
        case (.instanceColor, .color(let v)): s.instanceColor = v
        case (.instanceRedOffset, .number(let v)): s.instanceRedOffset = Float(v)
        case (.instanceGreenOffset, .number(let v)): s.instanceGreenOffset = Float(v)
        case (.instanceBlueOffset, .number(let v)): s.instanceBlueOffset = Float(v)
        case (.instanceAlphaOffset, .number(let v)): s.instanceAlphaOffset = Float(v)
        default: return false
        }
        return true
    }

    /// Reads a text key.
    static func read(_ key: TextKey, _ s: TextState) -> AnimatableValue {
        switch key {
        case .fontSize: return .number(s.fontSize)
        case .foregroundColor: return .color(s.foregroundColor)
        }
    }

    /// Writes a text key.
    @discardableResult
    static func write(_ key: TextKey, _ value: AnimatableValue, _ s: inout TextState) -> Bool {
        switch (key, value) {
        case (.fontSize, .number(let v)): s.fontSize = v
        case (.foregroundColor, .color(let v)): s.foregroundColor = v
        default: return false
        }
        return true
    }

    /// Reads an emitter key.
    static func read(_ key: EmitterKey, _ s: EmitterState) -> AnimatableValue {
        switch key {
        case .emitterPosition: return .point(s.position)
        case .emitterZPosition: return .number(s.zPosition)
        case .emitterSize: return .size(s.size)
        case .emitterDepth: return .number(s.depth)
        case .birthRate: return .number(Double(s.birthRate))
        case .lifetime: return .number(Double(s.lifetime))
        case .velocity: return .number(Double(s.velocity))
        case .scale: return .number(Double(s.scale))
        case .spin: return .number(Double(s.spin))
        }
    }

    /// Writes an emitter key.
    @discardableResult
    static func write(_ key: EmitterKey, _ value: AnimatableValue, _ s: inout EmitterState) -> Bool {
        switch (key, value) {
        case (.emitterPosition, .point(let v)): s.position = v
        case (.emitterZPosition, .number(let v)): s.zPosition = v
        case (.emitterSize, .size(let v)): s.size = v
        case (.emitterDepth, .number(let v)): s.depth = v
        case (.birthRate, .number(let v)): s.birthRate = Float(v)
        case (.lifetime, .number(let v)): s.lifetime = Float(v)
        case (.velocity, .number(let v)): s.velocity = Float(v)
        case (.scale, .number(let v)): s.scale = Float(v)
        case (.spin, .number(let v)): s.spin = Float(v)
        default: return false
        }
        return true
    }

    /// Reads a gradient key (`locations` nil reads as no value).
    static func read(_ key: GradientKey, _ s: GradientState) -> AnimatableValue {
        switch key {
        case .colors: return s.colors.map { .colors($0) } ?? .opaque(nil)
        case .locations: return s.locations.map { .numbers($0) } ?? .opaque(nil)
        case .startPoint: return .point(s.startPoint)
        case .endPoint: return .point(s.endPoint)
        }
    }

    /// Writes a gradient key; nil (or an empty list) clears `colors` and `locations`.
    @discardableResult
    static func write(_ key: GradientKey, _ value: AnimatableValue, _ s: inout GradientState) -> Bool {
        switch (key, value) {
        case (.colors, .colors(let v)): s.colors = v
        case (.colors, .numbers(let v)) where v.isEmpty: s.colors = []
        case (.colors, .opaque(nil)): s.colors = nil
        case (.locations, .numbers(let v)): s.locations = v
        case (.locations, .opaque(nil)): s.locations = nil
        case (.startPoint, .point(let v)): s.startPoint = v
        case (.endPoint, .point(let v)): s.endPoint = v
        default: return false
        }
        return true
    }
}
