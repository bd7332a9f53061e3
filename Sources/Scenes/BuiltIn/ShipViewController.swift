import LayerKit

/// Seed 002, listing 8.15 "starts and stops an animation", ported: the ship spins once in 2 s when
/// started; stopping removes the animation, and the delegate logs whether it finished.
///
/// `containerView` stands for `containerView.layer`.
final class ShipViewController: CAAnimationDelegate {
    let containerView: CALayer
    var shipLayer: CALayer!
    /// Where `NSLog` goes.
    var log: (String) -> Void = { _ in }

    init(containerView: CALayer) {
        self.containerView = containerView
    }

    func viewDidLoad(shipImage: Any?) {
        // add the ship
        shipLayer = CALayer()
        shipLayer.frame = CGRect(x: 0, y: 0, width: 128, height: 128)
        shipLayer.position = CGPoint(x: 150, y: 150)
        shipLayer.contents = shipImage
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
        log("The animation stopped (finished: \(flag ? "YES" : "NO"))")
    }
}
