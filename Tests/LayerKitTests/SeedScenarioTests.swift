import Testing

@testable import LayerKit

/// The reference scenarios of core-animation.md §9 that come from the three seeds and QA1673.
@Suite struct SeedScenarioTests {
    /// Seed 000's mask: a shape layer's `strokeEnd` animated to 1 (from the model's 0), d = 2,
    /// autoreverses, linear, fill forwards, not removed on completion; a completion block stored on
    /// the animation with `setValue(_:forKey:)` and run by the delegate.
    final class WipeController: CAAnimationDelegate {
        /// The seed's views (UIKit views, whose own layers do not animate implicitly).
        let views = (root: UIView(), image: UIView())
        var view: CALayer { views.root.layer }
        var imageView: CALayer { views.image.layer }
        /// The seed makes a new mask layer for every run.
        private(set) var maskLayer = CAShapeLayer()
        var animationInFlight = false
        var blockRuns = 0

        init() {
            views.root.frame = CGRect(x: 0, y: 0, width: 320, height: 480)
            views.image.frame = CGRect(x: 0, y: 0, width: 300, height: 400)
            views.root.addSubview(views.image)
        }

        func maskAnimation() {
            typealias Block = () -> Void
            imageView.isHidden = false
            maskLayer = CAShapeLayer()
            let w = imageView.bounds.width
            let h = imageView.bounds.height
            let center = CGPoint(x: w / 2, y: h / 2)
            let radius = (w * w + h * h).squareRoot() / 2
            maskLayer.fillColor = UIColor.clear.cgColor
            maskLayer.strokeColor = UIColor.black.cgColor
            maskLayer.lineWidth = radius
            let arc = CGMutablePath()
            arc.move(to: CGPoint(x: center.x, y: center.y - radius / 2))
            arc.addArc(
                center: center, radius: radius / 2, startAngle: 3 * .pi / 2, endAngle: -.pi / 2, clockwise: false)
            maskLayer.path = arc
            maskLayer.strokeEnd = 0
            imageView.mask = maskLayer
            imageView.mask?.frame = imageView.bounds
            let swipe = CABasicAnimation(keyPath: "strokeEnd")
            swipe.duration = 2
            swipe.delegate = self
            swipe.timingFunction = CAMediaTimingFunction(name: .linear)
            swipe.fillMode = .forwards
            swipe.isRemovedOnCompletion = false
            swipe.autoreverses = true
            swipe.toValue = NSNumber(value: 1.0)
            animationInFlight = true
            let block: Block = { [unowned self] in
                self.blockRuns += 1
                self.imageView.mask = nil
                self.animationInFlight = false
                self.imageView.isHidden = true
                if self.view.speed == 0 { self.removePause(for: self.view) }
            }
            swipe.setValue(block, forKey: "animationCompletionBlock")
            maskLayer.add(swipe, forKey: "strokeEnd")
        }

        func removePause(for layer: CALayer) {
            layer.speed = 1
            layer.timeOffset = 0
            layer.beginTime = 0
        }

        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
            if let block = anim.value(forKey: "animationCompletionBlock") as? () -> Void { block() }
        }
    }

    @Test func seed000TimelineAndCompletionBlock() throws {
        let clock = freshEngine(at: 0)
        let recorder = Recorder()
        let controller = WipeController()
        controller.maskAnimation()
        let expected: [(Double, Double)] = [
            (0, 0), (0.5, 0.25), (1, 0.5), (2, 1), (3, 0.5), (3.5, 0.25), (3.999, 0.0005),
        ]
        for (t, value) in expected {
            step(controller.view, clock, at: t)
            let mask = try #require(controller.imageView.presentation()?.mask as? CAShapeLayer)
            #expect(close(Double(mask.strokeEnd), value, 1e-9), "strokeEnd at \(t)")
        }
        #expect(controller.blockRuns == 0)
        // The animation ends at 4 s on the from-value; the block runs once (from the frame step).
        step(controller.view, clock, at: 4.2)
        #expect(controller.blockRuns == 1)
        #expect(recorder.events.count == 2)
        #expect(recorder.dated.map(\.0) == [.didStart, .didStop(finished: true)])
        #expect(recorder.dated.map(\.2) == [0, 4])
        // Still attached (not removed on completion); holds strokeEnd 0 with fill forwards.
        #expect(controller.maskLayer.animationKeys() == ["strokeEnd"])
        let held = try #require(controller.maskLayer.presentation())
        #expect(held.strokeEnd == 0)
        // The block's changes show in the same frame: no mask, image hidden.
        let image = try #require(controller.imageView.presentation())
        #expect(image.mask == nil)
        #expect(image.isHidden)
        #expect(!controller.animationInFlight)
        step(controller.view, clock, at: 10)
        #expect(controller.blockRuns == 1)
    }

    /// QA1673 with the worked numbers of core-animation.md §1.5: added at 100, paused at 101.5,
    /// resumed at 111.5 (layer beginTime 10), stop at 114 — not 104.
    @Test func qa1673PauseAndResume() throws {
        let clock = freshEngine(at: 100)
        let recorder = Recorder()
        let controller = WipeController()
        controller.maskAnimation()
        let view = controller.view
        func strokeEnd(at t: Double) throws -> Double {
            step(view, clock, at: t)
            return Double(try #require(controller.maskLayer.presentation()).strokeEnd)
        }
        #expect(close(try strokeEnd(at: 101.5), 0.75))
        // Pause.
        let pausedTime = view.convertTime(CACurrentMediaTime(), from: nil)
        view.speed = 0
        view.timeOffset = pausedTime
        #expect(close(try strokeEnd(at: 105), 0.75))
        #expect(close(try strokeEnd(at: 111.5), 0.75))
        // Resume.
        let paused = view.timeOffset
        view.speed = 1
        view.timeOffset = 0
        view.beginTime = 0
        let timeSincePause = view.convertTime(CACurrentMediaTime(), from: nil) - paused
        view.beginTime = timeSincePause
        #expect(close(view.beginTime, 10))
        #expect(close(try strokeEnd(at: 112), 1.0))
        #expect(close(try strokeEnd(at: 113), 0.5))
        #expect(recorder.events.count == 1)
        #expect(close(try strokeEnd(at: 114.5), 0))
        #expect(recorder.dated.map(\.0) == [.didStart, .didStop(finished: true)])
        #expect(close(recorder.dated[1].2, 114))
        #expect(controller.blockRuns == 1)
    }

    /// Seed 000's `removePauseForLayer`: the block un-pauses the paused view without the beginTime
    /// shift, so the layer clock jumps forward; the engine copes and nothing runs twice. It opens like
    /// `qa1673PauseAndResume` on purpose: each scenario starts the seed's wipe at its own time.
    @Test func seed000RemovePauseJump() throws {
        let clock = freshEngine(at: 0)
        let recorder = Recorder()
        let controller = WipeController()
        controller.maskAnimation()
        // The image view (not the view) runs on; pause only the outer view after the animation ended,
        // as the seed does when the user pauses at the very end.
        step(controller.view, clock, at: 5)
        #expect(controller.blockRuns == 1)
        let pausedTime = controller.view.convertTime(CACurrentMediaTime(), from: nil)
        controller.view.speed = 0
        controller.view.timeOffset = pausedTime
        controller.maskAnimation()
        step(controller.view, clock, at: 20)
        // Paused: the new animation is frozen at its start and has not finished.
        #expect(controller.blockRuns == 1)
        #expect(try #require(controller.maskLayer.presentation()).strokeEnd == 0)
        // The seed's removePause jumps the view's clock from 5 to 20: the 4 s animation is over.
        controller.removePause(for: controller.view)
        step(controller.view, clock, at: 20.5)
        #expect(controller.blockRuns == 2)
        #expect(controller.view.speed == 1)
        let stops = recorder.events.filter { $0.kind == .didStop(finished: true) }
        #expect(stops.count == 2)
        // Seen unfinished at 20 and over at 20.5: the jump happened at 20 (the analytic end, 9, lies
        // inside the paused interval, so it is not used).
        #expect(stops.last?.mediaTime == 20)
    }

    /// Seed 002: `transform.rotation` by 2π over 2 s, linear by default; stop at 1 s → finished false
    /// and identity; a second run to its end → finished true and identity.
    @Test func seed002StartStop() throws {
        let clock = freshEngine(at: 0)
        let recorder = Recorder()
        let container = CALayer()
        container.frame = CGRect(x: 0, y: 0, width: 300, height: 300)
        let ship = CALayer()
        ship.frame = CGRect(x: 0, y: 0, width: 128, height: 128)
        ship.position = CGPoint(x: 150, y: 150)
        container.addSublayer(ship)
        func start() {
            let animation = CABasicAnimation()
            animation.keyPath = "transform.rotation"
            animation.duration = 2
            animation.byValue = CGFloat.pi * 2
            animation.delegate = recorder
            ship.add(animation, forKey: "rotateAnimation")
        }
        start()
        step(container, clock, at: 0.5)
        var t = try #require(ship.presentation()).transform
        #expect(close(t.m11, 0, 1e-12) && close(t.m12, 1, 1e-12) && close(t.m21, -1, 1e-12))
        let angle = try #require(ship.presentation()?.value(forKeyPath: "transform.rotation") as? CGFloat)
        #expect(close(angle, .pi / 2, 1e-12))
        step(container, clock, at: 1)
        t = try #require(ship.presentation()).transform
        #expect(close(t.m11, -1, 1e-12) && close(t.m12, 0, 1e-12))
        ship.removeAnimation(forKey: "rotateAnimation")
        #expect(recorder.calls == [.start])  // not synchronously inside removeAnimation
        step(container, clock, at: 1)
        #expect(recorder.calls == [.start, .stop(false)])
        #expect(try #require(ship.presentation()).transform == CATransform3DIdentity)
        #expect(ship.animationKeys() == nil)
        start()
        step(container, clock, at: 2)
        step(container, clock, at: 3.5)
        #expect(recorder.calls == [.start, .stop(false), .start, .stop(true)])
        #expect(recorder.dated.map(\.2) == [0, 1, 1, 3])
        #expect(try #require(ship.presentation()).transform == CATransform3DIdentity)
        #expect(ship.animationKeys() == nil)
    }

    /// Seed 003: a mask path from a 1×1 oval at the bottom-right corner of a 375×667 screen to that
    /// oval inset by −√(375² + 667²), d = 2, linear; radii 0.5 … 765.689 at 0, 0.5, 1, 1.5, 2 s.
    @Test func seed003OvalRadii() throws {
        let clock = freshEngine(at: 0)
        let recorder = Recorder()
        let (width, height): (CGFloat, CGFloat) = (375, 667)
        let radio = (width * width + height * height).squareRoot()
        let origin = CGRect(x: width, y: height, width: 1, height: 1)
        let originPath = UIBezierPath(ovalIn: origin).cgPath
        let destPath = UIBezierPath(ovalIn: origin.insetBy(dx: -radio, dy: -radio)).cgPath
        #expect(originPath.hasSameStructure(as: destPath))
        let view = CALayer()
        view.frame = CGRect(x: 0, y: 0, width: width, height: height)
        let maskLayer = CAShapeLayer()
        maskLayer.path = originPath
        view.mask = maskLayer
        let animation = CABasicAnimation(keyPath: "path")
        animation.fromValue = originPath
        animation.toValue = destPath
        animation.duration = 2
        animation.delegate = recorder
        recorder.onStop = { _, _ in maskLayer.path = destPath }
        maskLayer.add(animation, forKey: "path")
        let radii: [(Double, Double)] = [(0, 0.5), (0.5, 191.797), (1, 383.094), (1.5, 574.392), (1.999999, 765.689)]
        for (t, r) in radii {
            step(view, clock, at: t)
            let path = try #require(maskLayer.presentation()?.path)
            #expect(path.hasSameStructure(as: originPath))
            let box = path.boundingBox
            #expect(close(box.width / 2, r, 1e-3), "radius at \(t)")
            #expect(close(box.midX, 375.5, 1e-9) && close(box.midY, 667.5, 1e-9))
        }
        // At the end the animation is removed and the delegate sets the model path in the same step,
        // so the frame shows the big oval (no flash back to 1×1).
        step(view, clock, at: 2)
        #expect(recorder.calls == [.start, .stop(true)])
        let final = try #require(maskLayer.presentation()?.path)
        #expect(close(final.boundingBox.width / 2, 765.6889, 1e-3))
        // The top-left pixel centre is inside the final circle, the corner point just outside.
        let r = Double(final.boundingBox.width / 2)
        #expect(hypot(375.5 - 0.5, 667.5 - 0.5) < r)
        #expect(hypot(375.5, 667.5) > r)
    }
}
