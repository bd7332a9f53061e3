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
    public private(set) var subviews: [UIView] = []
    public private(set) weak var superview: UIView?

    public init(frame: CGRect) {
        layer = Self.layerClass.init(layer: ())
        layer.delegate = self
        layer.frame = frame
    }

    public convenience init() { self.init(frame: .zero) }

    public var frame: CGRect {
        get { layer.frame }
        set { layer.frame = newValue }
    }
    public var bounds: CGRect {
        get { layer.bounds }
        set { layer.bounds = newValue }
    }
    public var center: CGPoint {
        get { layer.position }
        set { layer.position = newValue }
    }
    public var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set { layer.opacity = Float(newValue) }
    }
    public var transform: CGAffineTransform {
        get { layer.affineTransform() }
        set { layer.setAffineTransform(newValue) }
    }
    public var backgroundColor: UIColor? {
        get { layer.backgroundColor.map(UIColor.init(cgColor:)) }
        set { layer.backgroundColor = newValue?.cgColor }
    }
    public var isHidden: Bool {
        get { layer.isHidden }
        set { layer.isHidden = newValue }
    }
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
