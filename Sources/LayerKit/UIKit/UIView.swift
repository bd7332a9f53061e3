import Synchronization

/// A layer-backed view, as UIKit's `UIView`, for animation code that works with views: the view is its
/// layer's delegate and answers every implicit action with `NSNull` outside a `UIView.animate` block
/// (so a view's own layer does not animate when changed directly, as in UIKit) and with UIKit's
/// additive animation inside one. The geometry properties are the layer's (`center` is `position`,
/// `alpha` is `opacity`, `transform` the affine part of the layer's transform).
///
/// Subclassed as in UIKit: `init(frame:)` and `required init?(coder:)`, and overridable `frame`,
/// `bounds`, `intrinsicContentSize`, `layoutSubviews()` (run by the layer's layout: `setNeedsLayout()`,
/// `layoutIfNeeded()`, at the latest by the next frame step; `init(frame:)` with a size, a size change of
/// `frame` or `bounds` and `addSubview` mark the view, as UIKit does) and `draw(_:)`, which draws into the layer's backing store
/// through the current context (`UIGraphicsGetCurrentContext()`), once when the view is first shown and
/// again after `setNeedsDisplay()`.
open class UIView: CALayerDelegate {
    /// The class of the backing layer (`CAShapeLayer.self`, …); `CALayer` by default. `AnyClass`, as
    /// UIKit declares it, so `override class var layerClass: AnyClass` compiles as written (a class that
    /// is no `CALayer` gives a `CALayer`).
    open class var layerClass: AnyClass { CALayer.self }

    /// A new backing layer of `layerClass`.
    private static func makeLayer() -> CALayer { ((layerClass as? CALayer.Type) ?? CALayer.self).init(layer: ()) }

    /// The backing layer; its delegate is the view.
    public let layer: CALayer
    /// The view's subviews, back to front.
    public private(set) var subviews: [UIView] = []
    /// The view this view is a subview of, if any.
    public private(set) weak var superview: UIView?
    /// Kept for ported code: there are no touches here.
    open var isUserInteractionEnabled = true
    /// A number the app chooses to find the view by (`viewWithTag(_:)`).
    open var tag = 0
    /// How the layer's picture fits its bounds: the layer's `contentsGravity`, and with `.redraw` a
    /// new drawing (`draw(_:)`) whenever the size changes (`needsDisplayOnBoundsChange`).
    open var contentMode = ContentMode.scaleToFill {
        didSet {
            layer.contentsGravity = contentMode.gravity
            layer.needsDisplayOnBoundsChange = contentMode == .redraw
        }
    }
    /// Set by the base `draw(_:)`: the view's class may not draw (see `display(_:)`).
    private var reachedBaseDraw = false

    /// A view with its layer at `frame`.
    public init(frame: CGRect) {
        layer = Self.makeLayer()
        layer.delegate = self
        layer.frame = frame
        // Its size changed from zero, as setting `frame` in UIKit's `init(frame:)` does: it needs layout.
        if layer.bounds.size != .zero { layer.setNeedsLayout() }
        if !Self.knownNotToDraw { layer.setNeedsDisplay() }
    }

    /// A view with a zero frame (nothing is decoded: there are no archives here). Required, as `NSCoding`
    /// makes it on iOS, so a subclass's `required init?(coder:)` compiles as written there.
    public required init?(coder: NSCoder) {
        layer = Self.makeLayer()
        layer.delegate = self
        if !Self.knownNotToDraw { layer.setNeedsDisplay() }
    }

    /// A view with a zero frame.
    public convenience init() { self.init(frame: .zero) }

    /// The view's frame in its superview's coordinates (its layer's frame); a change of size marks the
    /// view as needing layout.
    open var frame: CGRect {
        get { layer.frame }
        set {
            let size = layer.bounds.size
            layer.frame = newValue
            if layer.bounds.size != size { setNeedsLayout() }
        }
    }
    /// The view's bounds (its layer's bounds); a change of size marks the view as needing layout.
    open var bounds: CGRect {
        get { layer.bounds }
        set {
            let size = layer.bounds.size
            layer.bounds = newValue
            if newValue.size != size { setNeedsLayout() }
        }
    }
    /// The view's centre in its superview's coordinates (its layer's position).
    open var center: CGPoint {
        get { layer.position }
        set { layer.position = newValue }
    }
    /// The view's opacity, 0…1 (its layer's opacity).
    open var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set { layer.opacity = Float(newValue) }
    }
    /// The view's affine transform, about its centre (its layer's transform).
    open var transform: CGAffineTransform {
        get { layer.affineTransform() }
        set { layer.setAffineTransform(newValue) }
    }
    /// The view's background colour (its layer's).
    open var backgroundColor: UIColor? {
        get { layer.backgroundColor.map(UIColor.init(cgColor:)) }
        set { layer.backgroundColor = newValue?.cgColor }
    }
    /// Whether the view is hidden (its layer's `isHidden`).
    open var isHidden: Bool {
        get { layer.isHidden }
        set { layer.isHidden = newValue }
    }
    /// Whether subviews are clipped to the bounds (its layer's `masksToBounds`).
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    /// The window the view is in: the topmost of it and its superviews, when that is a `UIWindow`.
    public var window: UIWindow? {
        var top = self
        while let parent = top.superview { top = parent }
        return top as? UIWindow
    }

    /// `UIView.noIntrinsicMetric` in both dimensions by default; layout code asks it of a subclass.
    open var intrinsicContentSize: CGSize { CGSize(width: Self.noIntrinsicMetric, height: Self.noIntrinsicMetric) }

    /// The value of an intrinsic dimension the view does not have (−1, as UIKit's).
    public static let noIntrinsicMetric: CGFloat = -1

    /// Kept for ported code (there is no Auto Layout here to tell).
    open func invalidateIntrinsicContentSize() {}

    /// The size that fits in `size`: the current size by default, as UIKit's.
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

    /// Resizes the view to `sizeThatFits(_:)` of its current size.
    open func sizeToFit() {
        let fitted = sizeThatFits(bounds.size)
        bounds = CGRect(origin: bounds.origin, size: fitted)
    }

    /// The view itself or the first of its descendants (depth first) whose `tag` is `tag`.
    public func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for view in subviews {
            if let found = view.viewWithTag(tag) { return found }
        }
        return nil
    }

    // MARK: Layout

    /// Lays out the subviews; the default does nothing. Do not call it: mark the view with
    /// `setNeedsLayout()`, or force it with `layoutIfNeeded()`.
    open func layoutSubviews() {}

    /// Marks the view as needing layout (its layer's `setNeedsLayout()`).
    open func setNeedsLayout() { layer.setNeedsLayout() }

    /// Lays out now what needs layout (its layer's `layoutIfNeeded()`).
    open func layoutIfNeeded() { layer.layoutIfNeeded() }

    /// The layer's layout: `layoutSubviews()`.
    open func layoutSublayers(of layer: CALayer) {
        if layer === self.layer { layoutSubviews() }
    }

    // MARK: Drawing

    /// Draws the view's contents into the current context (`UIGraphicsGetCurrentContext()`), in the
    /// view's coordinates; `rect` is the whole `bounds`. The default draws nothing; an override need not
    /// call it (UIKit's documentation: "your implementation of this method does not need to call super",
    /// https://developer.apple.com/documentation/uikit/uiview/1622529-draw).
    open func draw(_ rect: CGRect) { reachedBaseDraw = true }

    /// Marks the whole view as needing to be drawn again (its layer's `setNeedsDisplay()`).
    open func setNeedsDisplay() { layer.setNeedsDisplay() }

    /// Same as `setNeedsDisplay()` (a view is drawn whole).
    open func setNeedsDisplay(_ rect: CGRect) { layer.setNeedsDisplay() }

    /// The layer's drawing: `draw(_:)` of the bounds, with `ctx` the current context.
    open func draw(_ layer: CALayer, in ctx: CGContext) {
        UIGraphicsPushContext(ctx)
        defer { UIGraphicsPopContext() }
        draw(layer.bounds)
    }

    /// The layer's display: its backing store drawn by `draw(_:)`. A class whose first display reached
    /// the base `draw(_:)` and drew nothing is recorded as not drawing: its views keep no backing store
    /// and the layer keeps the `contents` it had (as UIKit never displays a view that does not override
    /// `draw(_:)`, so `layer.contents = image.cgImage` stays).
    open func display(_ layer: CALayer) {
        guard !Self.knownNotToDraw else { return }
        let before = layer.contents
        reachedBaseDraw = false
        layer.displayBackingStore()
        guard reachedBaseDraw, (layer.contents as? CGImage)?.isTransparent ?? true else { return }
        layer.setDrawnContents(before)
        UIView.notDrawing.withLock { _ = $0.insert(ObjectIdentifier(Self.self)) }
    }

    /// The view classes recorded as not drawing.
    private static let notDrawing = Mutex<Set<ObjectIdentifier>>([])

    private static var knownNotToDraw: Bool { notDrawing.withLock { $0.contains(ObjectIdentifier(Self.self)) } }

    // MARK: The view tree

    /// Adds `view` on top of the subviews (taking it from its old superview).
    public func addSubview(_ view: UIView) { insertSubview(view, at: subviews.count) }

    /// Inserts `view` at `index` among the subviews, back to front; both views need layout.
    public func insertSubview(_ view: UIView, at index: Int) {
        view.removeFromSuperview()
        view.willMove(toSuperview: self)
        let position = min(max(index, 0), subviews.count)
        subviews.insert(view, at: position)
        view.superview = self
        layer.insertSublayer(view.layer, at: UInt32(position))
        setNeedsLayout()
        view.setNeedsLayout()
        view.didMoveToSuperview()
    }

    /// Moves `view`, a subview, to the front.
    public func bringSubviewToFront(_ view: UIView) {
        guard view.superview === self else { return }
        addSubview(view)
    }

    /// Moves `view`, a subview, to the back.
    public func sendSubviewToBack(_ view: UIView) {
        guard view.superview === self else { return }
        insertSubview(view, at: 0)
    }

    /// Removes the view, and its layer, from its superview.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        willMove(toSuperview: nil)
        parent.subviews.removeAll { $0 === self }
        superview = nil
        layer.removeFromSuperlayer()
        parent.setNeedsLayout()
        didMoveToSuperview()
    }

    /// Called before the view moves to `newSuperview` (nil: it is removed); the default does nothing.
    open func willMove(toSuperview newSuperview: UIView?) {}

    /// Called after the view moved to a new superview or was removed; the default does nothing.
    open func didMoveToSuperview() {}

    /// `NSNull` outside an animation block; inside one, UIKit's additive animation for the properties
    /// that animate implicitly.
    open func action(for layer: CALayer, forKey event: String) -> CAAction? {
        guard let block = LayerEngine.current.viewAnimationBlocks.last,
            LayerProperty.named(event)?.animatesImplicitly == true
        else { return NSNull() }
        return ViewPropertyAction(block: block, oldValue: layer.value(forKeyPath: event))
    }
}

/// A window, as UIKit's: the root of a view tree (`UIView.window` finds it). There is one screen and no
/// events here, so becoming key only shows it.
open class UIWindow: UIView {
    /// True after `makeKeyAndVisible()`.
    public private(set) var isKeyWindow = false

    /// Makes the window key and shows it.
    open func makeKeyAndVisible() {
        isKeyWindow = true
        isHidden = false
    }

    /// Makes the window key.
    open func makeKey() { isKeyWindow = true }
}

extension CGImage {
    /// True when every pixel's alpha is 0.
    var isTransparent: Bool {
        for row in 0..<height {
            let line = baseAddress + row * bytesPerRow
            for x in 0..<width where line.load(fromByteOffset: x * 4 + 3, as: UInt8.self) != 0 { return false }
        }
        return true
    }
}
