import UIKit

/// A loader view written as iOS libraries write them, with `import UIKit` alone: `HUGE`, a `kCA…`
/// name, `required init?(coder:)`, overridden `bounds` and `intrinsicContentSize`, `inset(by:)` with
/// `UIEdgeInsets`, `NSCoder.cgPoint(for:)`, and its layers made in `layoutSubviews()`.
final class LoaderView: UIView {
    var padding: CGFloat = 4

    override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
    }

    override var intrinsicContentSize: CGSize {
        return CGSize(width: bounds.width, height: bounds.height)
    }

    override var bounds: CGRect {
        didSet { setNeedsLayout() }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        layer.sublayers = nil
        let rect = bounds.inset(by: UIEdgeInsets(top: padding, left: padding, bottom: padding, right: padding))
        let dot = CAShapeLayer()
        dot.path = UIBezierPath(ovalIn: CGRect(origin: .zero, size: rect.size)).cgPath
        dot.frame = rect
        let offset = NSCoder.cgPoint(for: "{0, 8}")
        let bounce = CABasicAnimation(keyPath: "position.y")
        bounce.byValue = offset.y
        bounce.duration = 0.5
        bounce.repeatCount = HUGE
        bounce.timingFunction = CAMediaTimingFunction(name: kCAMediaTimingFunctionEaseInEaseOut)
        bounce.fillMode = kCAFillModeForwards
        dot.add(bounce, forKey: "bounce")
        layer.addSublayer(dot)
    }
}

/// The loader made, stepped once at time `0` (layout runs in the step) and at `seconds`; returns the
/// dot's frame and presented y.
func loaderSnippet(at seconds: Double) -> (frame: CGRect, presentedY: Double, intrinsic: CGSize) {
    let clock = ManualClock(now: 0)
    CAEngine.clock = clock
    let view = LoaderView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
    CAEngine.step(view.layer)
    clock.now = seconds
    CAEngine.step(view.layer)
    let dot = view.layer.sublayers![0]
    return (dot.frame, Double(dot.presentation()!.position.y), view.intrinsicContentSize)
}
