/// A layer-backed view, as UIKit's `UIView`, for animation code that works with views: the view is its
/// layer's delegate and answers every implicit action with `NSNull` outside a `UIView.animate` block
/// (so a view's own layer does not animate when changed directly, as in UIKit) and with UIKit's
/// additive animation inside one. The geometry properties are the layer's (`center` is `position`,
/// `alpha` is `opacity`, `transform` the affine part of the layer's transform).
open class UIView: CALayerDelegate {
    /// The class of the backing layer (`CAShapeLayer.self`, …); `CALayer` by default.
    open class var layerClass: CALayer.Type { CALayer.self }

    /// The backing layer; its delegate is the view.
    public let layer: CALayer
    /// The view's subviews, back to front.
    public private(set) var subviews: [UIView] = []
    /// The view this view is a subview of, if any.
    public private(set) weak var superview: UIView?

    /// A view with its layer at `frame`.
    public init(frame: CGRect) {
        layer = Self.layerClass.init(layer: ())
        layer.delegate = self
        layer.frame = frame
    }

    /// A view with a zero frame.
    public convenience init() { self.init(frame: .zero) }

    /// The view's frame in its superview's coordinates (its layer's frame).
    public var frame: CGRect {
        get { layer.frame }
        set { layer.frame = newValue }
    }
    /// The view's bounds (its layer's bounds).
    public var bounds: CGRect {
        get { layer.bounds }
        set { layer.bounds = newValue }
    }
    /// The view's centre in its superview's coordinates (its layer's position).
    public var center: CGPoint {
        get { layer.position }
        set { layer.position = newValue }
    }
    /// The view's opacity, 0…1 (its layer's opacity).
    public var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set { layer.opacity = Float(newValue) }
    }
    /// The view's affine transform, about its centre (its layer's transform).
    public var transform: CGAffineTransform {
        get { layer.affineTransform() }
        set { layer.setAffineTransform(newValue) }
    }
    /// The view's background colour (its layer's).
    public var backgroundColor: UIColor? {
        get { layer.backgroundColor.map(UIColor.init(cgColor:)) }
        set { layer.backgroundColor = newValue?.cgColor }
    }
    /// Whether the view is hidden (its layer's `isHidden`).
    public var isHidden: Bool {
        get { layer.isHidden }
        set { layer.isHidden = newValue }
    }
    /// Whether subviews are clipped to the bounds (its layer's `masksToBounds`).
    public var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    /// Adds `view` on top of the subviews (taking it from its old superview).
    public func addSubview(_ view: UIView) { insertSubview(view, at: subviews.count) }

    /// Inserts `view` at `index` among the subviews, back to front.
    public func insertSubview(_ view: UIView, at index: Int) {
        view.removeFromSuperview()
        let position = min(max(index, 0), subviews.count)
        subviews.insert(view, at: position)
        view.superview = self
        layer.insertSublayer(view.layer, at: UInt32(position))
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
        parent.subviews.removeAll { $0 === self }
        superview = nil
        layer.removeFromSuperlayer()
    }

    /// `NSNull` outside an animation block; inside one, UIKit's additive animation for the properties
    /// that animate implicitly.
    open func action(for layer: CALayer, forKey event: String) -> CAAction? {
        guard let block = LayerEngine.current.viewAnimationBlocks.last,
            LayerProperty.named(event)?.animatesImplicitly == true
        else { return NSNull() }
        return ViewPropertyAction(block: block, oldValue: layer.value(forKeyPath: event))
    }
}
