import Foundation

/// A method to call back, standing for Objective-C's selector where Swift on Linux has no runtime to
/// look one up: made from a method reference (`Selector(step)`, `Selector(self.tick(_:))`), it calls
/// that method on the object it was taken from, with the sender when the method takes one. The
/// target-action APIs animation code uses take it (`CADisplayLink(target:selector:)`,
/// `Timer.scheduledTimer(timeInterval:target:selector:userInfo:repeats:)`); in a Swift scene,
/// `#selector(step)` is rewritten to `Selector(step)` before compiling.
public struct Selector {
    private let call: (Any) -> Void

    /// A method that takes no argument.
    public init(_ method: @escaping () -> Void) { call = { _ in method() } }

    /// A method that takes the display link that fires it.
    public init(_ method: @escaping (CADisplayLink) -> Void) { call = { ($0 as? CADisplayLink).map(method) } }

    /// A method that takes the timer that fires it.
    public init(_ method: @escaping (Timer) -> Void) { call = { ($0 as? Timer).map(method) } }

    /// Calls the method with `sender`.
    func perform(with sender: Any) { call(sender) }
}

extension CADisplayLink {
    /// A link calling `selector` once per frame (the target is kept by the method reference).
    public convenience init(target: Any, selector: Selector) {
        self.init { selector.perform(with: $0) }
    }
}

extension Timer {
    /// A timer firing `selector` every `interval` seconds of the engine's media time (once unless
    /// `repeats`), from the next frame step on: the engine's display links drive it, so it fires on the
    /// clock of `render`, `record` and `eval` as on the viewer's, at the first frame at or after each
    /// due time. `invalidate()` stops it.
    public class func scheduledTimer(
        timeInterval interval: TimeInterval, target: Any, selector: Selector, userInfo: Any?, repeats: Bool
    ) -> Timer {
        // Fired only by the link below, on the engine's thread.
        nonisolated(unsafe) let method = selector
        let timer = Timer(timeInterval: interval, repeats: repeats) { method.perform(with: $0) }
        var due = CACurrentMediaTime() + max(interval, 0.0001)
        let link = CADisplayLink { link in
            guard timer.isValid else { return link.invalidate() }
            guard link.timestamp >= due else { return }
            timer.fire()
            if repeats {
                due += max(interval, 0.0001)
            } else {
                timer.invalidate()
                link.invalidate()
            }
        }
        link.add(to: .main, forMode: .common)
        return timer
    }
}
