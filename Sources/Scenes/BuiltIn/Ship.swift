// Seed 002, listing 8.15 "starts and stops an animation", as a Swift scene: the ship spins once in
// 2 s when started; stopping removes the animation, and the delegate logs whether it finished. The
// autoplay presses the buttons (start at 0, stop at 1 s, start at 1.5 s). This is the built-in `ship`
// scene: Layerscope compiles the same code (less its `import Scenes`) into itself, so the two render
// the same frames:
//
//   layerscope render --scene assets/scenes/ship.swift --at 0.5,1.2,2.5 --out frames/
import LayerKit

final class Ship: SceneScript, CAAnimationDelegate {
    /// The seed's `containerView.layer`: a 300 × 300 box in the middle of the scene.
    let containerView = CALayer()
    let shipLayer = CALayer()

    required init() {}

    func setUp(root: CALayer) {
        root.name = "view"
        root.contents = ScenePictures.a
        containerView.name = "containerView"
        containerView.frame = CGRect(
            x: root.bounds.width / 2 - 150, y: root.bounds.height / 2 - 150, width: 300, height: 300)
        root.addSublayer(containerView)
        viewDidLoad()
        start()
    }

    var actions: [String] { ["start", "stop"] }

    var autoplay: [SceneCue] { [SceneCue(at: 1, "stop"), SceneCue(at: 1.5, "start")] }

    func perform(_ action: String) {
        switch action {
        case "start": start()
        case "stop": stop()
        default: break
        }
    }

    func viewDidLoad() {
        // add the ship
        shipLayer.name = "ship"
        shipLayer.frame = CGRect(x: 0, y: 0, width: 128, height: 128)
        shipLayer.position = CGPoint(x: 150, y: 150)
        shipLayer.contents = ScenePictures.ship
        containerView.addSublayer(shipLayer)
    }

    func start() {
        // animate the ship rotation
        let animation = CABasicAnimation()
        animation.keyPath = "transform.rotation"
        animation.duration = 2.0
        animation.byValue = NSNumber(value: Double.pi * 2)
        animation.delegate = self
        shipLayer.add(animation, forKey: "rotateAnimation")
    }

    func stop() {
        shipLayer.removeAnimation(forKey: "rotateAnimation")
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        // log that the animation stopped
        NSLog("The animation stopped (finished: \(flag ? "YES" : "NO"))")
    }
}
