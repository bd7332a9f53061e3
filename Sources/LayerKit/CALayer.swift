/// A layer of the model tree, as Core Animation's `CALayer`: geometry, appearance, sublayers, a mask,
/// its own timing, and the animations attached to it. A change to an animatable property of a layer
/// a frame step has shown runs its implicit action (`action(forKey:)`: 0.25 s by default, from the
/// presentation value), unless the transaction disables actions or the layer's delegate (a `UIView`
/// outside an animation block) answers `NSNull`; the presentation copy
/// shows the model with animations applied as of the last `CAEngine.step`.
open class CALayer: CAMediaTiming, Hashable, CustomStringConvertible {
    /// The animatable properties. `@exclusivity(unchecked)`: the state is internal, and no access to it
    /// spans a call that could reach the same layer's state again (writes are single stores, or an
    /// `inout` into a pure function of the value), so the run-time checks could never fire.
    ///
    /// The subclasses in CAShapeLayer.swift, CAGradientLayer.swift, CAReplicatorLayer.swift, CATextLayer.swift and
    /// CAEmitterLayer.swift keep theirs alike on purpose: a struct each, copied by `init(layer:)`, `copyState` and
    /// `restoreAnimatedState`, written by a `setState` of its own, one get/set pair per Core Animation property.
    @exclusivity(unchecked) var state = LayerState()
    /// The animatable properties that hold references; `@exclusivity(unchecked)` for the same reason.
    @exclusivity(unchecked) var objects = LayerObjects()
    /// Bumped by every change of this (model) layer's own properties.
    var version: UInt64 = 0
    /// Bumped when this layer's sublayers or mask change.
    var structureVersion: UInt64 = 0
    /// The engine the layer belongs to (see `engine`).
    var engineStorage = LayerEngine.current
    var sublayerStorage: [CALayer]?
    /// Back-pointers are unowned (not weak: weak references would give every layer a side table and
    /// slow down reference counting in the frame loop); `deinit` clears the ones pointing at a layer
    /// that goes away.
    unowned(unsafe) var superlayerStorage: CALayer?
    var maskStorage: CALayer?
    /// For a mask: the layer it masks (its `superlayer` for time and geometry).
    unowned(unsafe) var maskOwner: CALayer?
    /// Attached animations in the order they were added.
    var attached: [AttachedAnimation] = [] {
        didSet { animationsVersion &+= 1 }
    }
    /// Bumped whenever an animation is attached or detached.
    var animationsVersion: UInt64 = 0
    /// Values stored with `setValue(_:forKey:)` under keys that are not layer properties.
    var customValues: [String: Any] = [:]
    /// On a model layer: its presentation copy, reused from step to step.
    var presentationStorage: CALayer?
    /// On a presentation layer: the model it shows.
    unowned(unsafe) var modelStorage: CALayer?
    /// True for presentation copies.
    var isPresentation = false
    /// On a presentation layer: the model versions it last copied.
    var syncedVersion: UInt64 = .max
    var syncedStructure: UInt64 = .max
    /// On a root that is stepped: the summary of its tree used while the model does not change.
    var frameCache: FrameCache?
    /// On a root that is stepped: the model generation at the end of its last step.
    var lastStepGeneration: UInt64 = .max
    /// On a presentation layer: the model's `animationsVersion` at the last sync.
    var syncedAnimations: UInt64 = .max
    /// On a presentation layer: the transition running on it at the last step, for the Compositor.
    public internal(set) var activeTransition: TransitionFrame?
    /// On a model layer: whether it is on its engine's dirty list.
    var isDirty = false
    /// Custom drawing's flags and record (`CALayer+Display.swift`).
    var displayStorage = LayerDisplay()

    /// The layer's name, for lookups and logs.
    public var name: String? {
        get { nameStorage }
        set {
            nameStorage = newValue
            modelDidChange()
        }
    }
    var nameStorage: String?
    var contentsStorage: Any?
    var contentsGravityStorage = CALayerContentsGravity.resize
    /// Supplies implicit actions (`action(for:forKey:)`), searched first.
    public weak var delegate: CALayerDelegate?
    /// Implicit actions by property name, searched after the delegate (`NSNull()` disables one).
    public var actions: [String: CAAction]?

    /// The action used when neither the delegate nor `actions` gives one: a basic animation for the
    /// properties of this class that `LayerProperty.all` marks as animating implicitly, nil for the
    /// others. Subclasses may override.
    open class func defaultAction(forKey event: String) -> CAAction? {
        guard let property = LayerProperty.named(event), property.animatesImplicitly,
            property.layerClass.includes(self)
        else { return nil }
        return CABasicAnimation()
    }

    /// A layer of the calling thread's engine (`LayerEngine.current`).
    public init() { noteDrawingClass() }

    /// A layer with default properties (nothing is decoded: there are no archives here). Required, as
    /// `NSCoding` makes it on iOS, so a subclass's `required init?(coder:)` compiles as written there (and
    /// a subclass that declares initializers must declare it, as on iOS).
    public required init?(coder: NSCoder) { noteDrawingClass() }

    /// A copy of `layer`'s properties (not its sublayers or animations), as Core Animation uses for
    /// presentation layers. Subclasses with their own stored properties override this and call super.
    public required init(layer: Any) {
        if let other = layer as? CALayer {
            engineStorage = other.engineStorage
            state = other.state
            nameStorage = other.nameStorage
            contentsStorage = other.contentsStorage
            contentsGravityStorage = other.contentsGravityStorage
            objects = other.objects
            customValues = other.customValues
        } else {
            noteDrawingClass()
        }
    }

    deinit {
        for sublayer in sublayerStorage ?? [] where sublayer.superlayerStorage === self {
            sublayer.superlayerStorage = nil
        }
        if let mask = maskStorage, mask.maskOwner === self { mask.maskOwner = nil }
        if let presentation = presentationStorage, presentation.modelStorage === self {
            presentation.modelStorage = nil
        }
    }

    /// A new layer with default properties, as `[CALayer layer]`.
    public class func layer() -> Self { Self(layer: ()) }

    // MARK: Change tracking

    /// Sets one field of the model's state, running the implicit action of the property the registry
    /// declares with that field (`LayerProperty.declared`), as Core Animation's setters do.
    @inline(__always)
    final func setState<Value>(_ field: WritableKeyPath<LayerState, Value>, _ value: Value) {
        changeModel(field) { state[keyPath: field] = value }
    }

    /// Runs `change` (a write of `field`) on the model, then records it and runs the implicit action
    /// for the field's property, found before the change (only a layer a step has shown runs one, so
    /// the registry is not consulted for the others).
    @inline(__always)
    final func changeModel<State: LayerStorage, Value>(_ field: WritableKeyPath<State, Value>, _ change: () -> Void) {
        let property = presentationStorage == nil ? nil : LayerProperty.declared(field)
        let action = property.flatMap { implicitAction(for: $0.key, event: $0.keyPath) }
        change()
        modelDidChange()
        action?()
    }

    /// Called by `setValue(_:forKeyPath:)` on a registered key before it writes `value`, for layer
    /// classes whose own setters do more than store the value (an emitter's birth-rate history).
    func keyValueWillSet(_ value: AnimatableValue, for key: AnimatableKey) {}

    /// Called by the tree walk after it synced this model layer and its subtree at local `time`; layers
    /// that evaluate more than their own subtree (a replicator's copies) override it.
    func didSync(at time: CFTimeInterval, evaluator: inout Evaluator) {}

    /// Records a model change so the next step refreshes the presentation copy: a layer without
    /// animations joins the engine's dirty list (the next step copies just its state), anything else
    /// bumps the model generation (the next step walks the tree).
    @inline(__always) func modelDidChange() {
        version &+= 1
        if isPresentation || !attached.isEmpty {
            engineStorage.noteModelChange()
        } else {
            engineStorage.noteDirty(self)
        }
    }

    func structureDidChange() {
        structureVersion &+= 1
        engineStorage.noteModelChange()
    }

    /// Copies drawable state from `model` into this presentation layer; subclasses add theirs. The
    /// reference-holding properties (name, contents, gravity), which animations never change, are
    /// copied only when the model changed since the last copy.
    func copyState(from model: CALayer) {
        state = model.state
        activeTransition = nil
        if syncedVersion != model.version {
            nameStorage = model.nameStorage
            contentsStorage = model.contentsStorage
            contentsGravityStorage = model.contentsGravityStorage
            objects = model.objects
        }
        if !model.customValues.isEmpty || !customValues.isEmpty { customValues = model.customValues }
        copyCustomFields(from: model)
    }

    /// The typed value of an animatable key (nil for keys this layer class does not have).
    final func animatableValue(for key: AnimatableKey) -> AnimatableValue? {
        switch key {
        case .stored(let field): return withStorage(field.storage) { field.read($0) }
        case .custom(let name): return customValue(named: name).map { AnimatableValue($0) }
        }
    }

    /// Writes a typed value (no change tracking: used on presentation copies and by key-value coding);
    /// a value of the wrong kind, or a key this layer class does not have, writes nothing.
    @inline(__always)
    final func setAnimatableValue(_ value: AnimatableValue, for key: AnimatableKey) {
        switch key {
        case .stored(let field): _ = withStorage(field.storage) { field.write(value, $0) }
        case .custom(let name): setCustomAnimatableValue(value, for: name)
        }
    }

    /// Writes four numbers as a value of the kind `direct` (a basic animation's direct path), as
    /// `setAnimatableValue` writes that value.
    @inline(__always)
    final func writeDirect(_ v: SIMD4<Double>, as direct: DirectValue, for key: AnimatableKey) {
        switch key {
        case .stored(let field): _ = withStorage(field.storage) { field.write(v, as: direct, $0) }
        case .custom(let name): setCustomAnimatableValue(direct.value(v), for: name)
        }
    }

    private func setCustomAnimatableValue(_ value: AnimatableValue, for name: String) {
        setCustomValue(value.anyValue, named: name)
    }

    /// Puts the model's animatable state back, before all of the layer's animations are applied again.
    /// Subclasses with their own animatable state override this.
    func restoreAnimatedState(from model: CALayer) {
        state = model.state
        objects = model.objects
        activeTransition = nil
        for entry in model.attached {
            for case .custom(let name) in entry.program.keys { copyCustomValue(named: name, from: model) }
        }
    }

    // MARK: Geometry

    /// The layer's own coordinate space: its origin and size in points. Animatable.
    public var bounds: CGRect {
        get { state.bounds }
        set { setState(\.bounds, newValue) }
    }
    /// Where `anchorPoint` sits in the superlayer's coordinates. Animatable.
    public var position: CGPoint {
        get { state.position }
        set { setState(\.position, newValue) }
    }
    /// The bounds' point, in unit coordinates, that `position` and `transform` are about (0.5, 0.5). Animatable.
    public var anchorPoint: CGPoint {
        get { state.anchorPoint }
        set { setState(\.anchorPoint, newValue) }
    }
    /// The layer's position on the z axis: draw order among siblings and depth in 3-D. Animatable.
    public var zPosition: CGFloat {
        get { state.zPosition }
        set { setState(\.zPosition, newValue) }
    }
    /// The transform applied about the anchor point, relative to `position`. Animatable.
    public var transform: CATransform3D {
        get { state.transform }
        set { setState(\.transform, newValue) }
    }
    /// The anchor point's z: with `anchorPoint`, the point of the layer that `position` and `zPosition`
    /// place and that `transform` turns about (0 by default).
    public var anchorPointZ: CGFloat {
        get { state.anchorPointZ }
        set { setState(\.anchorPointZ, newValue) }
    }
    /// The transform applied to every sublayer while drawing them into this layer, about this layer's
    /// anchor point (the bounds centre by default): usually the perspective (`m34 = −1/d`) that gives
    /// the sublayers depth.
    public var sublayerTransform: CATransform3D {
        get { state.sublayerTransform }
        set { setState(\.sublayerTransform, newValue) }
    }
    /// When false, the layer (and its subtree) is not drawn while its plane faces away from the viewer
    /// (true by default).
    public var isDoubleSided: Bool {
        get { state.isDoubleSided }
        set { setState(\.isDoubleSided, newValue) }
    }

    /// The affine part of `transform`, as `affineTransform()`.
    public func affineTransform() -> CGAffineTransform { CATransform3DGetAffineTransform(state.transform) }

    /// Sets `transform` from an affine transform.
    public func setAffineTransform(_ m: CGAffineTransform) { transform = CATransform3DMakeAffineTransform(m) }

    /// The layer's rectangle in its superlayer's coordinates: derived from bounds, position, anchorPoint
    /// and transform (the bounding box of the transformed bounds). Setting it sets position and
    /// bounds.size (meaningful when transform is identity, as in Core Animation).
    public var frame: CGRect {
        get {
            let s = state
            let size = s.bounds.size
            let anchorOffset = CGPoint(x: s.anchorPoint.x * size.width, y: s.anchorPoint.y * size.height)
            if CATransform3DIsIdentity(s.transform) {
                return CGRect(
                    x: s.position.x - anchorOffset.x, y: s.position.y - anchorOffset.y, width: size.width,
                    height: size.height)
            }
            let t = s.transform
            var minX = CGFloat.infinity
            var minY = CGFloat.infinity
            var maxX = -CGFloat.infinity
            var maxY = -CGFloat.infinity
            for (cx, cy) in [(0.0, 0.0), (size.width, 0.0), (0.0, size.height), (size.width, size.height)] {
                let x = cx - anchorOffset.x
                let y = cy - anchorOffset.y
                let w = x * t.m14 + y * t.m24 + t.m44
                let px = (x * t.m11 + y * t.m21 + t.m41) / w + s.position.x
                let py = (x * t.m12 + y * t.m22 + t.m42) / w + s.position.y
                minX = min(minX, px)
                maxX = max(maxX, px)
                minY = min(minY, py)
                maxY = max(maxY, py)
            }
            return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        }
        set {
            let r = newValue.standardized
            var newBounds = state.bounds
            newBounds.size = r.size
            let newPosition = CGPoint(
                x: r.origin.x + state.anchorPoint.x * r.size.width, y: r.origin.y + state.anchorPoint.y * r.size.height)
            if newBounds != state.bounds { bounds = newBounds }
            if newPosition != state.position { position = newPosition }
        }
    }

    // MARK: Appearance

    /// The layer's opacity, 0…1, applied to it and its sublayers as one (as each of them alone while
    /// `allowsGroupOpacity` is false). Animatable.
    public var opacity: Float {
        get { state.opacity }
        set { setState(\.opacity, newValue) }
    }
    /// Whether an `opacity` below 1 composites the layer and its sublayers as one picture (true, the
    /// default of apps built for iOS 7 and later), so overlapping parts do not show through each other;
    /// false fades each of them alone, as iOS 6 did. A mask still composites the whole. Not animatable.
    public var allowsGroupOpacity: Bool {
        get { state.allowsGroupOpacity }
        set { setState(\.allowsGroupOpacity, newValue) }
    }
    /// Whether the layer and its sublayers are not drawn. Animatable (discretely).
    public var isHidden: Bool {
        get { state.isHidden }
        set { setState(\.isHidden, newValue) }
    }
    /// The colour filling the bounds, under the contents and sublayers (nil: none). Animatable.
    public var backgroundColor: CGColor? {
        get { state.backgroundColor }
        set { setState(\.backgroundColor, newValue) }
    }
    /// The layer's image; the Compositor draws it when it is a Raster `Bitmap`.
    public var contents: Any? {
        get { contentsStorage }
        set {
            contentsStorage = newValue
            modelDidChange()
        }
    }
    /// How `contents` is fitted into the bounds (default `resize`).
    public var contentsGravity: CALayerContentsGravity {
        get { contentsGravityStorage }
        set {
            contentsGravityStorage = newValue
            modelDidChange()
        }
    }
    /// The part of `contents` shown, in the picture's unit coordinate space (default (0, 0, 1, 1), the
    /// whole picture; (i/4, 0, 1/4, 1) is frame i of a sheet of four). Beyond 0…1 the picture's edge
    /// pixels are extended outwards. Its size is the picture's size for `contentsGravity`.
    public var contentsRect: CGRect {
        get { state.contentsRect }
        set { setState(\.contentsRect, newValue) }
    }
    /// The nine-slice centre of the shown part, in its unit space (default (0, 0, 1, 1): the whole picture
    /// stretches): when the picture is resized, the centre stretches both ways, the edges only along
    /// themselves and the corners not at all.
    public var contentsCenter: CGRect {
        get { state.contentsCenter }
        set { setState(\.contentsCenter, newValue) }
    }
    /// Pixels per point of `contents` (default 1): a picture of w × h pixels is w/scale × h/scale points
    /// for `contentsGravity` and for the fixed edges of `contentsCenter`.
    public var contentsScale: CGFloat {
        get { state.contentsScale }
        set { setState(\.contentsScale, newValue) }
    }
    /// Whether the sublayers are clipped to the bounds (rounded by `cornerRadius`).
    public var masksToBounds: Bool {
        get { state.masksToBounds }
        set { setState(\.masksToBounds, newValue) }
    }
    /// The radius of the rounded corners of the background, border and clip. Animatable.
    public var cornerRadius: CGFloat {
        get { state.cornerRadius }
        set { setState(\.cornerRadius, newValue) }
    }
    /// The corners `cornerRadius` rounds (all four by default).
    public var maskedCorners: CACornerMask {
        get { state.maskedCorners }
        set { setState(\.maskedCorners, newValue) }
    }
    /// The shape of the rounded corners: `.circular` (the default) or `.continuous`; other names draw
    /// circular corners.
    public var cornerCurve: CALayerCornerCurve {
        get { state.continuousCorners ? .continuous : .circular }
        set { setState(\.continuousCorners, newValue == .continuous) }
    }
    /// The width of the border, inset from the bounds and drawn above the contents and sublayers.
    public var borderWidth: CGFloat {
        get { state.borderWidth }
        set { setState(\.borderWidth, newValue) }
    }
    /// The border's colour, opaque black by default.
    public var borderColor: CGColor? {
        get { state.borderColor }
        set { setState(\.borderColor, newValue) }
    }
    /// The shadow's colour, opaque black by default.
    public var shadowColor: CGColor? {
        get { state.shadowColor }
        set { setState(\.shadowColor, newValue) }
    }
    /// The shadow's opacity, 0 (no shadow) by default.
    public var shadowOpacity: Float {
        get { state.shadowOpacity }
        set { setState(\.shadowOpacity, newValue) }
    }
    /// The shadow's offset in the layer's coordinates, (0, −3) by default: up on a y-down screen.
    public var shadowOffset: CGSize {
        get { state.shadowOffset }
        set { setState(\.shadowOffset, newValue) }
    }
    /// The shadow's blur radius, 3 by default: a Gaussian of σ = shadowRadius points.
    public var shadowRadius: CGFloat {
        get { state.shadowRadius }
        set { setState(\.shadowRadius, newValue) }
    }
    /// The outline that casts the shadow (non-zero winding) instead of the layer's composited alpha;
    /// assigning copies it. Animatable, but changes are not animated implicitly.
    public var shadowPath: CGPath? {
        get { objects.shadowPath }
        set { changeModel(\LayerObjects.shadowPath) { objects.shadowPath = newValue?.copy() } }
    }

    // MARK: CAMediaTiming

    public var beginTime: CFTimeInterval {
        get { state.timing.beginTime }
        set { setState(\.timing.beginTime, newValue) }
    }
    /// A layer's duration reads back as infinity unless set (layer time never wraps); a stored value is
    /// kept for reading but layer time ignores duration, repeats and fill.
    public var duration: CFTimeInterval {
        get { state.timing.duration == 0 ? .infinity : state.timing.duration }
        set { setState(\.timing.duration, newValue) }
    }
    public var speed: Float {
        get { state.timing.speed }
        set { setState(\.timing.speed, newValue) }
    }
    public var timeOffset: CFTimeInterval {
        get { state.timing.timeOffset }
        set { setState(\.timing.timeOffset, newValue) }
    }
    public var repeatCount: Float {
        get { state.timing.repeatCount }
        set { setState(\.timing.repeatCount, newValue) }
    }
    public var repeatDuration: CFTimeInterval {
        get { state.timing.repeatDuration }
        set { setState(\.timing.repeatDuration, newValue) }
    }
    public var autoreverses: Bool {
        get { state.timing.autoreverses }
        set { setState(\.timing.autoreverses, newValue) }
    }
    public var fillMode: CAMediaTimingFillMode {
        get { state.timing.fillMode }
        set { setState(\.timing.fillMode, newValue) }
    }

    // MARK: Drawing (the rest is in CALayer+Display.swift)

    /// Reloads `contents`: the delegate's `display(_:)` when the layer has a delegate (whose default draws
    /// the backing store), else a backing store of `bounds.size` × `contentsScale` pixels drawn by
    /// `draw(in:)`. The frame step calls it for a layer that needs display; a subclass may override it to
    /// set `contents` itself.
    open func display() {
        if let delegate { delegate.display(self) } else { displayBackingStore() }
    }

    /// Draws the layer's contents into `ctx`, a bitmap context in UIKit's coordinates (origin at the top
    /// left of `bounds`, y down, one unit a point). The default calls the delegate's `draw(_:in:)`.
    open func draw(in ctx: CGContext) { delegate?.draw(self, in: ctx) }

    /// Whether a change of `key` needs the layer displayed again (false by default, as in Core Animation):
    /// a subclass answers true for its own animatable properties, whose animations then redraw the
    /// presentation every frame.
    open class func needsDisplay(forKey key: String) -> Bool { false }

    /// Lays out the sublayers when the layer needs layout (`CALayer+Layout.swift`); the default asks the
    /// delegate's `layoutSublayers(of:)` (a `UIView`'s `layoutSubviews()`).
    open func layoutSublayers() { delegate?.layoutSublayers(of: self) }

    /// The action for a property change, searched as Core Animation does: the delegate, then the
    /// `actions` dictionary, then `defaultAction(forKey:)`; an `NSNull` found on the way means none.
    /// Subclasses override it to animate their own properties.
    open func action(forKey event: String) -> CAAction? {
        if let found = delegate?.action(for: self, forKey: event) { return found is NSNull ? nil : found }
        if let found = actions?[event] { return found is NSNull ? nil : found }
        return type(of: self).defaultAction(forKey: event)
    }

    // MARK: Model and presentation

    /// The presentation copy: this layer's properties with its animations applied, as of the last
    /// `CAEngine.step` (made on demand, at the clock's current time, if no step has reached it yet).
    /// Its `sublayers`, `mask` and `superlayer` are presentation layers too. Called on a presentation
    /// layer it returns that layer.
    public func presentation() -> Self? {
        if isPresentation { return self }
        if presentationStorage == nil { Evaluator.syncDetached(self) }
        return presentationStorage as? Self
    }

    /// The model layer of a presentation copy; a model layer returns itself.
    public func model() -> Self {
        if isPresentation, let model = modelStorage as? Self { return model }
        return self
    }

    public static func == (lhs: CALayer, rhs: CALayer) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    open var description: String {
        "<\(type(of: self)) \(name ?? "") frame=\(frame)\(isPresentation ? " presentation" : "")>"
    }
}
