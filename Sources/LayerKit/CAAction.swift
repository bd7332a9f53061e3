/// Something a layer runs when one of its properties changes (an implicit action), as Core
/// Animation's `CAAction`: animations add themselves to the layer, `NSNull` does nothing and stops
/// the search.
public protocol CAAction: AnyObject {
    /// Runs the action for `event` (a property name) on `anObject` (the layer).
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

extension NSNull: CAAction {
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}

extension CAAnimation: CAAction {
    /// Adds a copy of the animation to the layer under `event`. A basic animation without a key path
    /// animates the property `event`; without any of from/to/by it animates from the previous
    /// presentation value (`arguments["previousValue"]`) to the new model value. A missing timing
    /// function becomes the transaction's, else `default` (the implicit-animation curve).
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard let layer = anObject as? CALayer, let animation = copy() as? CAAnimation else { return }
        if let basic = animation as? CABasicAnimation {
            if basic.keyPath == nil { basic.keyPath = event }
            if basic.fromValue == nil, basic.toValue == nil, basic.byValue == nil {
                basic.fromValue = dict?["previousValue"]
            }
        }
        if animation.timingFunction == nil {
            animation.timingFunction =
                CATransaction.animationTimingFunction() ?? CAMediaTimingFunction(name: .default)
        }
        layer.add(animation, forKey: event)
    }
}

/// A layer's delegate: implicit actions, and custom drawing (defaults in `CALayer+Display.swift`).
public protocol CALayerDelegate: AnyObject {
    /// The action for `event` on `layer`: nil to continue the search, `NSNull()` to stop it.
    func action(for layer: CALayer, forKey event: String) -> CAAction?
    /// Sets `layer.contents` itself; the default draws the layer's backing store (`draw(_:in:)`).
    func display(_ layer: CALayer)
    /// Draws `layer`'s contents into `ctx` (UIKit's coordinates); the default draws nothing.
    func draw(_ layer: CALayer, in ctx: CGContext)
    /// Called before `layer` draws its backing store.
    func layerWillDraw(_ layer: CALayer)
    /// Lays out `layer`'s sublayers when it needs layout; the default does nothing.
    func layoutSublayers(of layer: CALayer)
}

extension CALayerDelegate {
    public func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
}

extension CALayer {
    /// Runs the implicit action for a change of `event` if implicit actions are on
    /// (`CAEngine.implicitActionsEnabled`), actions are not disabled by the transaction, and the
    /// layer has been shown by a frame step (a layer no step has reached does not animate, like a
    /// layer that was never committed). Called by the property setters before the change; the
    /// returned closure runs the action after it.
    func implicitAction(for key: AnimatableKey, event: String) -> (() -> Void)? {
        guard !isPresentation, let presentation = presentationStorage,
            engineStorage.implicitActionsEnabled, !CATransaction.disableActions(),
            let action = action(forKey: event)
        else { return nil }
        let previous = valueShownNow(for: key, presentation: presentation)
        return { [unowned self] in
            action.run(forKey: event, object: self, arguments: previous.map { ["previousValue": $0] })
        }
    }

    /// `key`'s value as shown now: with animations attached, the old model value animated to the
    /// engine's current media time, not where the last frame step drew it. A change made between frames
    /// (a display link's, each frame) then starts from where the running animation is now, and a value
    /// set every frame follows its target as on iOS, where an implicit animation starts from the
    /// presentation value at the commit.
    private func valueShownNow(for key: AnimatableKey, presentation: CALayer) -> Any? {
        guard !attached.isEmpty else { return presentation.animatableValue(for: key)?.anyValue }
        let now = engineStorage.clock.now
        let scratch = type(of: self).init(layer: self)
        scratch.copyState(from: self)
        var evaluator = Evaluator(now: now, lifecycle: false)
        evaluator.applyAnimations(of: self, at: localTime(atMediaTime: now), to: scratch)
        return scratch.animatableValue(for: key)?.anyValue
    }
}
