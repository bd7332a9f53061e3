import LayerKit

/// The `reveal` scene: seed 003's circular reveal between two screens, A (image A) and B (image B).
/// Push reveals B over A from the bottom-right corner; pop plays it in reverse and reveals A.
///
/// Autoplay: push at 0 (ends at 2 s), pop at 3 s (ends at 5 s). Start pushes or pops, whichever
/// applies; stop ends a running transition at once (the seed's delegate completes it either way).
public final class RevealScene: Scene {
    public let name = "reveal"
    public let size: CGSize
    public let rootLayer: CALayer
    public let naturalDuration: CFTimeInterval = 5
    public let actions: [SceneAction] = [.start, .stop, .pauseResume, .push, .pop]
    public var log: ((String) -> Void)?
    public var events: [SceneEvent] { timeline.events }

    let navigation: NavigationStack
    private lazy var timeline = AutoplayTimeline([
        .init(time: 0, label: "push") { [unowned self] in self.perform(.push) },
        .init(time: 3, label: "pop") { [unowned self] in self.perform(.pop) },
    ])

    public init(size: CGSize, imageA: Any?, imageB: Any?) {
        self.size = size
        let container = CALayer()
        container.name = "container"
        container.frame = CGRect(origin: .zero, size: size)
        func screen(_ name: String, _ image: Any?) -> CALayer {
            let layer = CALayer()
            layer.name = name
            layer.frame = container.bounds
            layer.contents = image
            return layer
        }
        navigation = NavigationStack(container: container, a: screen("screenA", imageA), b: screen("screenB", imageB))
        rootLayer = container
    }

    public func advance(to mediaTime: CFTimeInterval) { timeline.advance(rootLayer, to: mediaTime) }

    public func perform(_ action: SceneAction) {
        CAEngine.step(rootLayer)
        switch action {
        case .start: navigation.showingB ? navigation.pop(log: log) : navigation.push(log: log)
        case .push: navigation.push(log: log)
        case .pop: navigation.pop(log: log)
        case .stop: navigation.animator?.maskLayer.removeAnimation(forKey: "path")
        case .pauseResume: LayerPause.toggle(rootLayer)
        case .named: break
        }
        CAEngine.step(rootLayer)
    }
}

/// Two screens in a container, like a navigation controller with A at the bottom of its stack.
final class NavigationStack {
    let container: CALayer
    let screenA: CALayer
    let screenB: CALayer
    private(set) var showingB = false
    /// The running transition's animator, nil between transitions.
    private(set) var animator: PopViewAnimation?

    init(container: CALayer, a: CALayer, b: CALayer) {
        self.container = container
        screenA = a
        screenB = b
        container.addSublayer(a)
    }

    func push(log: ((String) -> Void)?) {
        guard animator == nil, !showingB else {
            return log?("Push ignored: \(animator == nil ? "B is shown" : "in transition")") ?? ()
        }
        run(PopViewAnimation(screenSize: container.bounds.size, operation: .push), from: screenA, to: screenB)
    }

    func pop(log: ((String) -> Void)?) {
        guard animator == nil, showingB else {
            return log?("Pop ignored: \(animator == nil ? "A is shown" : "in transition")") ?? ()
        }
        container.insertSublayer(screenA, below: screenB)
        run(PopViewAnimation(screenSize: container.bounds.size, operation: .pop), from: screenB, to: screenA)
    }

    /// Why a push (`wantsB`) or pop cannot start now, or nil when it can.
    private func refusal(wantsB: Bool) -> String? {
        if animator != nil { return "a transition is running" }
        if showingB == wantsB { return wantsB ? "B is already shown" : "A is already shown" }
        return nil
    }

    private func run(_ transition: PopViewAnimation, from: CALayer, to: CALayer) {
        animator = transition
        transition.animateTransition(using: TransitionContext(stack: self, from: from, to: to))
    }

    /// UIKit's bookkeeping when a transition completes: the screen left is taken out of the container.
    fileprivate func finish(from: CALayer, to: CALayer) {
        from.removeFromSuperlayer()
        from.mask = nil
        showingB = to === screenB
        animator = nil
    }
}

/// The context handed to `PopViewAnimation`.
private final class TransitionContext: ViewControllerContextTransitioning {
    unowned let stack: NavigationStack
    let fromView: CALayer
    let toView: CALayer
    var containerView: CALayer { stack.container }

    init(stack: NavigationStack, from: CALayer, to: CALayer) {
        self.stack = stack
        fromView = from
        toView = to
    }

    func completeTransition(_ didComplete: Bool) {
        stack.finish(from: fromView, to: toView)
    }
}
