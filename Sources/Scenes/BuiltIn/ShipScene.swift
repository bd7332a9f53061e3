import LayerKit

/// The `ship` scene: seed 002's spinning ship over image A. The seed's container is a 300 × 300 box
/// centred in the scene, so the ship keeps the seed's position (150, 150) and sits in the middle.
///
/// Autoplay: start at 0, stop at 1 s (logs `finished: NO`, back to identity at once), start again at
/// 1.5 s, which runs to its end at 3.5 s (logs `finished: YES`).
public final class ShipScene: Scene {
    public let name = "ship"
    public let size: CGSize
    public let rootLayer: CALayer
    public let naturalDuration: CFTimeInterval = 3.5
    public let actions: [SceneAction] = [.start, .stop, .pauseResume]
    public var log: ((String) -> Void)? {
        didSet { controller.log = { [weak self] line in self?.log?(line) } }
    }
    public var events: [SceneEvent] { timeline.events }

    let controller: ShipViewController
    private lazy var timeline = AutoplayTimeline([
        .init(time: 0, label: "start") { [unowned self] in self.perform(.start) },
        .init(time: 1, label: "stop") { [unowned self] in self.perform(.stop) },
        .init(time: 1.5, label: "start") { [unowned self] in self.perform(.start) },
    ])

    public init(size: CGSize, background: Any?, ship: Any?) {
        self.size = size
        let view = CALayer()
        view.name = "view"
        view.frame = CGRect(origin: .zero, size: size)
        view.contents = background
        let container = CALayer()
        container.name = "containerView"
        container.frame = CGRect(x: size.width / 2 - 150, y: size.height / 2 - 150, width: 300, height: 300)
        view.addSublayer(container)
        rootLayer = view
        controller = ShipViewController(containerView: container)
        controller.viewDidLoad(shipImage: ship)
        controller.shipLayer.name = "ship"
    }

    public func advance(to mediaTime: CFTimeInterval) { timeline.advance(rootLayer, to: mediaTime) }

    public func perform(_ action: SceneAction) {
        CAEngine.step(rootLayer)
        switch action {
        case .start, .push: controller.start()
        case .stop, .pop: controller.stop()
        case .pauseResume: LayerPause.toggle(rootLayer)
        case .named: break
        }
        CAEngine.step(rootLayer)
    }
}
