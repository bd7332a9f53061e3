import LayerKit

/// How long the animations in a layer tree run, for scenes that learn their length from their tree.
public enum AnimationSpans {
    /// The longest total duration of any animation in `layer`'s tree, masks included, from its layer's
    /// time 0 (nil when one repeats forever).
    public static func longest(in layer: CALayer) -> Double? {
        var result = 0.0
        for key in layer.animationKeys() ?? [] {
            guard let animation = layer.animation(forKey: key) else { continue }
            let once = animation.duration * (animation.autoreverses ? 2 : 1)
            var total = once * Double(max(1, animation.repeatCount))
            if animation.repeatDuration > 0 { total = animation.repeatDuration }
            guard total.isFinite else { return nil }
            let speed = abs(Double(animation.speed))
            result = max(result, speed > 0 ? total / speed + max(0, animation.beginTime) : 0)
        }
        for child in (layer.sublayers ?? []) + (layer.mask.map { [$0] } ?? []) {
            guard let span = longest(in: child) else { return nil }
            result = max(result, span)
        }
        return result
    }
}
