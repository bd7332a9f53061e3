extension CALayer {
    /// Replaces the timing function of an animation while it runs: an inspector's live edit, which
    /// Core Animation itself does not offer.
    ///
    /// Core Animation copies an animation when it is added, and changing the object afterwards changes
    /// nothing on screen. That stays so: the animation given to `add(_:forKey:)` is never touched.
    /// What changes is the layer's own copy, `animation` here (the object `animation(forKey:)` and
    /// `AnimationSampler.animation` return), and what the engine compiled from it at add time. The
    /// copy keeps its resolved `beginTime`, its delegate and its life (no second `didStart`), so the
    /// next frame shows the new curve at the same time, with no restart.
    ///
    /// - Parameters:
    ///   - function: the new curve (nil means linear, as for `timingFunction`).
    ///   - segment: nil for the animation's `timingFunction`; for a `CAKeyframeAnimation`, the index of
    ///     the interval between keyframes whose entry in `timingFunctions` is replaced (a missing list,
    ///     or one too short, is filled with linear curves first).
    ///   - animation: the layer's copy of the animation (a model or presentation layer may be asked).
    /// - Returns: false, changing nothing, when `animation` is not attached to this layer or `segment`
    ///   is not one of its intervals.
    @discardableResult
    public func setTimingFunction(
        _ function: CAMediaTimingFunction?, segment: Int? = nil, ofAttached animation: CAAnimation
    ) -> Bool {
        let model = modelStorage ?? self
        let engine = model.engineStorage
        engine.assertOnOwnerThread()
        guard let entry = model.attached.first(where: { $0.animation === animation }) else { return false }
        if let segment {
            guard let keyframes = animation as? CAKeyframeAnimation, case .keyframe(let program) = entry.program.body,
                segment >= 0, segment < program.segmentCount
            else { return false }
            let linear = CAMediaTimingFunction(name: .linear)
            var functions = keyframes.timingFunctions ?? []
            while functions.count <= segment { functions.append(linear) }
            functions[segment] = function ?? linear
            keyframes.timingFunctions = functions
            program.functions = functions.map(AnimationProgram.compiled)
        } else {
            animation.timingFunction = function
            entry.program.timingFunction = AnimationProgram.compiled(function)
        }
        engine.noteModelChange()
        return true
    }
}

extension CALayer {
    /// The key the layer's copy `animation` is attached under (nil when keyless or not attached),
    /// found without building `animationKeys()`.
    public func key(ofAttached animation: CAAnimation) -> String? {
        (modelStorage ?? self).attached.first { $0.animation === animation }?.key
    }
}
