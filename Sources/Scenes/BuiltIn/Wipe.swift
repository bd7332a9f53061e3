// Seed 000, "Mask animation in iPhone", as a Swift scene: a clock-wipe CAShapeLayer mask reveals the
// image view (image B) over the view (image A), runs back, and its completion block hides the image
// view again at 4 s. This is the built-in `wipe` scene: Layerscope compiles the same code (less its
// `import Scenes`) into itself, so the two render the same frames:
//
//   layerscope render --scene assets/scenes/wipe.swift --at 0.5,1,3 --out frames/
import LayerKit

final class Wipe: SceneScript, CAAnimationDelegate {
    typealias AnimationCompletionBlock = () -> Void
    let kAnimationCompletionBlock = "animationCompletionBlock"

    /// `self.view.layer`: the scene's root, showing image A.
    var view: CALayer!
    /// The seed's image view (image B), hidden until the wipe starts. A UIKit view: its own layer does
    /// not animate when changed outside an animation block.
    let imageView = UIView()
    var animationInFlight = false

    required init() {}

    func setUp(root: CALayer) {
        view = root
        view.name = "view"
        view.contents = ScenePictures.a
        imageView.layer.name = "imageView"
        imageView.frame = view.bounds
        imageView.layer.contents = ScenePictures.b
        imageView.isHidden = true
        view.addSublayer(imageView.layer)
        maskAnimation()
    }

    var actions: [String] { ["start", "stop"] }

    func perform(_ action: String) {
        switch action {
        case "start":
            if animationInFlight {
                NSLog("Wipe already in flight; start ignored")
            } else {
                maskAnimation()
            }
        case "stop":
            imageView.layer.mask?.removeAnimation(forKey: "strokeEnd")
        default:
            break
        }
    }

    /// The seed's `MaskAnimation:` action.
    func maskAnimation() {
        var theBlock: AnimationCompletionBlock?
        imageView.isHidden = false  // Show the image view

        // Create a shape layer that we will use as a mask for the image view
        let maskLayer = CAShapeLayer()
        maskLayer.name = "mask"

        let maskHeight = imageView.bounds.size.height
        let maskWidth = imageView.bounds.size.width

        let centerPoint = CGPoint(x: maskWidth / 2, y: maskHeight / 2)

        // Make the radius of our arc large enough to reach into the corners of the image view.
        let radius = (maskWidth * maskWidth + maskHeight * maskHeight).squareRoot() / 2

        // Don't fill the path, but stroke it in black.
        maskLayer.fillColor = UIColor.clear.cgColor
        maskLayer.strokeColor = UIColor.black.cgColor

        maskLayer.lineWidth = radius  // Make the line thick enough to completely fill the circle we're drawing

        let arcPath = CGMutablePath()

        // Move to the starting point of the arc so there is no initial line connecting to the arc
        arcPath.move(to: CGPoint(x: centerPoint.x, y: centerPoint.y - radius / 2))

        // Create an arc at 1/2 our circle radius, with a line thickness of the full circle radius
        arcPath.addArc(
            center: centerPoint, radius: radius / 2, startAngle: 3 * .pi / 2, endAngle: -.pi / 2, clockwise: false)

        maskLayer.path = arcPath

        // Start with an empty mask path (draw 0% of the arc)
        maskLayer.strokeEnd = 0.0

        // Install the mask layer into our image view's layer.
        imageView.layer.mask = maskLayer

        // Set our mask layer's frame to the parent layer's bounds.
        imageView.layer.mask?.frame = imageView.bounds

        // Create an animation that increases the stroke length to 1, then reverses it back to zero.
        let swipe = CABasicAnimation(keyPath: "strokeEnd")
        swipe.duration = 2
        swipe.delegate = self
        swipe.setValue(theBlock, forKey: kAnimationCompletionBlock)

        swipe.timingFunction = CAMediaTimingFunction(name: .linear)
        swipe.fillMode = .forwards
        swipe.isRemovedOnCompletion = false
        swipe.autoreverses = true

        swipe.toValue = NSNumber(value: 1.0)

        animationInFlight = true

        // Set up a completion block that will be called once the animation is completed.
        theBlock = {
            self.imageView.layer.mask = nil
            self.animationInFlight = false
            self.imageView.isHidden = true

            if self.view.speed == 0 {
                self.removePauseForLayer(self.view)
            }
        }

        // Install the completion block in the animation using the key kAnimationCompletionBlock.
        // The completion block will be run by the animation's animationDidStop(_:finished:) delegate
        // method. This doesn't work for animations in a group: their delegates are never called.
        swipe.setValue(theBlock, forKey: kAnimationCompletionBlock)

        maskLayer.add(swipe, forKey: "strokeEnd")
    }

    func removePauseForLayer(_ theLayer: CALayer) {
        theLayer.speed = 1.0
        theLayer.timeOffset = 0.0
        theLayer.beginTime = 0.0
    }

    // MARK: - CAAnimation delegate methods

    func animationDidStop(_ theAnimation: CAAnimation, finished flag: Bool) {
        let theBlock = theAnimation.value(forKey: kAnimationCompletionBlock) as? AnimationCompletionBlock
        theBlock?()
    }
}
