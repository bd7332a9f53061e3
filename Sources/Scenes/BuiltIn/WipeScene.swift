import LayerKit

/// The `wipe` scene: seed 000's clock wipe of image B over image A. Autoplay: start at 0 (the
/// animation runs 2 s forward and 2 s back, then the image view is hidden at 4 s).
public final class WipeScene: Scene {
    public let name = "wipe"
    public let size: CGSize
    public let rootLayer: CALayer
    public let naturalDuration: CFTimeInterval = 4
    public let actions: [SceneAction] = [.start, .stop, .pauseResume]
    public var log: ((String) -> Void)?
    public var events: [SceneEvent] { timeline.events }

    let controller: WipeViewController
    /// The seed's `self.view` (it owns the image view); its layer is the root.
    private let view: UIView
    /// Autoplay: start at 0.
    private lazy var timeline = AutoplayTimeline([
        .init(time: 0, label: "start") { [unowned self] in self.perform(.start) }
    ])

    /// Image A fills the view; image B fills the image view above it.
    public init(size: CGSize, imageA: Any?, imageB: Any?) {
        self.size = size
        // The seed's view and image view are UIKit views: their layers do not animate implicitly.
        let view = UIView(frame: CGRect(origin: .zero, size: size))
        view.layer.name = "view"
        view.layer.contents = imageA
        let imageView = UIView(frame: view.bounds)
        imageView.layer.name = "imageView"
        imageView.layer.contents = imageB
        imageView.isHidden = true
        view.addSubview(imageView)
        self.view = view
        rootLayer = view.layer
        controller = WipeViewController(view: view.layer, imageView: imageView.layer)
    }

    public func advance(to mediaTime: CFTimeInterval) { timeline.advance(rootLayer, to: mediaTime) }

    /// Start runs `maskAnimation()` unless one is in flight; stop removes the animation (its
    /// completion block then runs with finished NO).
    public func perform(_ action: SceneAction) {
        CAEngine.step(rootLayer)
        switch action {
        case .start, .push:
            if controller.animationInFlight {
                log?("Wipe already in flight; start ignored")
            } else {
                controller.maskAnimation()
                controller.imageView.mask?.name = "mask"
            }
        case .stop, .pop:
            controller.imageView.mask?.removeAnimation(forKey: "strokeEnd")
        case .pauseResume:
            LayerPause.toggle(rootLayer)
        case .named:
            break
        }
        CAEngine.step(rootLayer)
    }
}
