import LayerKit

/// What a transition animator is given, in the shape of UIKit's
/// `UIViewControllerContextTransitioning`: the screens' layers, the container and the completion.
protocol ViewControllerContextTransitioning: AnyObject {
    var containerView: CALayer { get }
    /// The screen being left.
    var fromView: CALayer { get }
    /// The screen being shown.
    var toView: CALayer { get }
    func completeTransition(_ didComplete: Bool)
}

/// Seed 003's `PopViewAnimation`, ported: a circular reveal that grows from the bottom-right corner.
/// For a pop it plays in reverse: the mask on the screen being left shrinks back into the corner.
final class PopViewAnimation: CAAnimationDelegate {
    enum Operation {
        case push
        case pop
    }

    // screen width
    let width: CGFloat
    // screen height
    let height: CGFloat
    // the mask layer
    let maskLayer = CAShapeLayer()
    // the mask's initial path rect
    let originFrame: CGRect
    var radio: CGFloat = 0
    let operation: Operation
    private var transitionContext: ViewControllerContextTransitioning!

    init(screenSize: CGSize, operation: Operation) {
        width = screenSize.width
        height = screenSize.height
        originFrame = CGRect(x: width, y: height, width: 1, height: 1)
        self.operation = operation
        maskLayer.name = "mask"
    }

    func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> TimeInterval {
        return 2  // the animation's duration
    }

    func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
        // the circle's radius is the screen's diagonal, so a quarter circle covers the screen
        radio = (width * width + height * height).squareRoot()

        let originPath = UIBezierPath(ovalIn: originFrame).cgPath
        // inset by -radio: grow the 1 × 1 oval by the diagonal on every side
        let destPath = UIBezierPath(ovalIn: originFrame.insetBy(dx: -radio, dy: -radio)).cgPath

        // The masked screen is on top: the revealed screen for a push, the one leaving for a pop.
        let maskedView = operation == .push ? transitionContext.toView : transitionContext.fromView
        maskLayer.path = operation == .push ? originPath : destPath
        maskLayer.frame = maskedView.bounds
        maskedView.mask = maskLayer

        // bring the masked screen to the front
        maskedView.removeFromSuperlayer()
        transitionContext.containerView.addSublayer(maskedView)
        self.transitionContext = transitionContext

        let animation = CABasicAnimation(keyPath: "path")
        animation.fromValue = operation == .push ? originPath : destPath
        animation.toValue = operation == .push ? destPath : originPath
        animation.duration = transitionDuration(using: transitionContext)
        animation.delegate = self
        maskLayer.add(animation, forKey: "path")
    }

    // called when the animation ends
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        // the mask would return to its state before the animation: set the final path on the model
        let finalFrame = operation == .push ? originFrame.insetBy(dx: -radio, dy: -radio) : originFrame
        maskLayer.path = UIBezierPath(ovalIn: finalFrame).cgPath
        // tell the context the transition is complete
        transitionContext.completeTransition(true)
    }
}
