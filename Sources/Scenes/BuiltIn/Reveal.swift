// Seed 003's `PopViewAnimation`, as a Swift scene: a circular reveal that grows from the bottom-right
// corner pushes screen B (image B) over screen A (image A); a pop plays it in reverse. The autoplay
// pushes at 0 and pops at 3 s. This is the built-in `reveal` scene: Layerscope compiles the same code
// (less its `import Scenes`) into itself, so the two render the same frames:
//
//   layerscope render --scene assets/scenes/reveal.swift --at 1,2.5,4 --out frames/
import LayerKit

/// What UIKit hands a transition animator: the container, the screen left and the screen shown.
final class TransitionContext {
    let containerView: CALayer
    let fromView: CALayer
    let toView: CALayer
    let completion: () -> Void

    init(containerView: CALayer, fromView: CALayer, toView: CALayer, completion: @escaping () -> Void) {
        self.containerView = containerView
        self.fromView = fromView
        self.toView = toView
        self.completion = completion
    }

    func completeTransition(_ didComplete: Bool) { completion() }
}

/// The seed's animator. For a pop it plays in reverse: the mask on the screen being left shrinks back
/// into the corner.
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
    private var transitionContext: TransitionContext!

    init(screenSize: CGSize, operation: Operation) {
        width = screenSize.width
        height = screenSize.height
        originFrame = CGRect(x: width, y: height, width: 1, height: 1)
        self.operation = operation
        maskLayer.name = "mask"
    }

    func transitionDuration(using transitionContext: TransitionContext?) -> TimeInterval {
        return 2  // the animation's duration
    }

    func animateTransition(using transitionContext: TransitionContext) {
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

/// Two screens in a container, like a navigation controller with A at the bottom of its stack.
final class Reveal: SceneScript {
    var container: CALayer!
    let screenA = CALayer()
    let screenB = CALayer()
    var showingB = false
    /// The running transition's animator, nil between transitions.
    var animator: PopViewAnimation?

    required init() {}

    func setUp(root: CALayer) {
        container = root
        container.name = "container"
        for (screen, name, picture) in [(screenA, "screenA", ScenePictures.a), (screenB, "screenB", ScenePictures.b)] {
            screen.name = name
            screen.frame = container.bounds
            screen.contents = picture
        }
        container.addSublayer(screenA)
        push()
    }

    var actions: [String] { ["start", "stop", "push", "pop"] }

    var autoplay: [SceneCue] { [SceneCue(at: 3, "pop")] }

    func perform(_ action: String) {
        switch action {
        case "start": showingB ? pop() : push()
        case "push": push()
        case "pop": pop()
        case "stop": animator?.maskLayer.removeAnimation(forKey: "path")
        default: break
        }
    }

    func push() {
        guard animator == nil, !showingB else {
            return NSLog("Push ignored: \(animator == nil ? "B is shown" : "in transition")")
        }
        run(PopViewAnimation(screenSize: container.bounds.size, operation: .push), from: screenA, to: screenB)
    }

    func pop() {
        guard animator == nil, showingB else {
            return NSLog("Pop ignored: \(animator == nil ? "A is shown" : "in transition")")
        }
        container.insertSublayer(screenA, below: screenB)
        run(PopViewAnimation(screenSize: container.bounds.size, operation: .pop), from: screenB, to: screenA)
    }

    private func run(_ transition: PopViewAnimation, from: CALayer, to: CALayer) {
        animator = transition
        let context = TransitionContext(containerView: container, fromView: from, toView: to) { [unowned self] in
            // UIKit's bookkeeping when a transition completes: the screen left is taken out of the container.
            from.removeFromSuperlayer()
            from.mask = nil
            showingB = to === screenB
            animator = nil
        }
        transition.animateTransition(using: context)
    }
}
