import LayerKit

/// Makes LayerKit animations from `AnimationSpec`s.
enum AnimationBuilder {
    static func build(_ spec: AnimationSpec) -> CAAnimation {
        let animation: CAAnimation
        switch spec.kind {
        case .basic, .spring:
            let basic =
                spec.spring.map { springAnimation($0, keyPath: spec.keyPath) }
                ?? CABasicAnimation(keyPath: spec.keyPath)
            basic.fromValue = spec.fromValue.map(anyValue)
            basic.toValue = spec.toValue.map(anyValue)
            basic.byValue = spec.byValue.map(anyValue)
            animation = basic
        case .keyframe:
            let keyframe = CAKeyframeAnimation(keyPath: spec.keyPath)
            keyframe.values = spec.values?.map { anyValue($0) as Any }
            keyframe.keyTimes = spec.keyTimes?.map { NSNumber(value: $0) }
            keyframe.timingFunctions = spec.timingFunctions?.map(timingFunction)
            if let mode = spec.calculationMode { keyframe.calculationMode = CAAnimationCalculationMode(rawValue: mode) }
            animation = keyframe
        case .group:
            let group = CAAnimationGroup()
            group.animations = spec.animations.map(build)
            animation = group
        case .transition:
            let transition = CATransition()
            if let type = spec.transitionType { transition.type = CATransitionType(rawValue: type) }
            transition.subtype = spec.transitionSubtype.map(CATransitionSubtype.init(rawValue:))
            transition.startProgress = Float(spec.startProgress)
            transition.endProgress = Float(spec.endProgress)
            animation = transition
        }
        if let property = animation as? CAPropertyAnimation {
            property.isAdditive = spec.additive
            property.isCumulative = spec.cumulative
        }
        animation.beginTime = spec.beginTime
        animation.duration = spec.duration
        animation.speed = Float(spec.speed)
        animation.timeOffset = spec.timeOffset
        animation.repeatCount = Float(spec.repeatCount)
        animation.repeatDuration = spec.repeatDuration
        animation.autoreverses = spec.autoreverses
        if let fillMode = spec.fillMode { animation.fillMode = CAMediaTimingFillMode(rawValue: fillMode) }
        animation.isRemovedOnCompletion = spec.removedOnCompletion
        animation.timingFunction = spec.timingFunction.map(timingFunction)
        return animation
    }

    /// A spring with `spec`'s oscillator (made by `init(perceptualDuration:bounce:)` when the file
    /// gives those), its duration left to the caller.
    static func springAnimation(_ spec: SpringSpec, keyPath: String?) -> CASpringAnimation {
        let spring: CASpringAnimation
        if let duration = spec.perceptualDuration, let bounce = spec.bounce {
            spring = CASpringAnimation(perceptualDuration: duration, bounce: CGFloat(bounce))
        } else {
            spring = CASpringAnimation()
            spring.mass = CGFloat(spec.mass)
            spring.stiffness = CGFloat(spec.stiffness)
            spring.damping = CGFloat(spec.damping)
        }
        spring.keyPath = keyPath
        spring.initialVelocity = CGFloat(spec.initialVelocity)
        spring.allowsOverdamping = spec.allowsOverdamping
        return spring
    }

    static func timingFunction(_ spec: TimingFunctionSpec) -> CAMediaTimingFunction {
        switch spec {
        case .named(let name): return CAMediaTimingFunction(name: CAMediaTimingFunctionName(rawValue: name))
        case .controlPoints(let x1, let y1, let x2, let y2):
            return CAMediaTimingFunction(controlPoints: Float(x1), Float(y1), Float(x2), Float(y2))
        }
    }

    /// The value in the Swift type Core Animation's API takes (`CGFloat` for numbers).
    static func anyValue(_ value: SceneValue) -> Any? {
        switch value {
        case .number(let n): return CGFloat(n)
        case .bool(let b): return b
        case .string(let s): return s
        case .point(let p): return p
        case .size(let s): return s
        case .rect(let r): return r
        case .transform(let t): return t
        case .color(let c): return c.map(LayerBuilder.cgColor)
        case .path(let p): return p
        case .numbers(let v): return v?.map { CGFloat($0) }
        case .colors(let v): return v?.map(LayerBuilder.cgColor)
        case .image(let name): return name
        case .cells: return nil
        }
    }
}
