/// A timer that fires once per frame, as Core Animation's `CADisplayLink`, on a grid of the engine's
/// media time (every `LayerEngine.displayRefreshInterval`, 1/60 s): `LayerEngine.advance(_:to:)`, which
/// the viewer, `render`, `record` and `eval` use, fires every tick of the grid in order with the clock at
/// the tick's time, so a link-driven picture at media time T is the same however the frames before it
/// were drawn. A frame step on its own (`CAEngine.step`) fires the links once when a tick is due.
///
/// `init(target:selector:)` takes a `Selector`, a method reference here (`Selector(step)`; a Swift
/// scene's `#selector(step)` becomes that), as the Objective-C runtime is not on Linux; a closure does
/// too: `CADisplayLink { link in … }`. `add(to:forMode:)` accepts any run loop
/// and mode (`RunLoop.main`, `.common`, `.default`) and registers the link with the calling thread's
/// engine, which keeps it, as a run loop does, until `invalidate()`.
public final class CADisplayLink {
    private let handler: (CADisplayLink) -> Void
    private weak var engine: LayerEngine?
    private var lastFire = -Double.infinity

    /// The media time of the frame being prepared: the tick's time on the grid.
    public private(set) var timestamp: CFTimeInterval = 0
    /// When the next frame is due: `timestamp` plus the link's frame interval.
    public private(set) var targetTimestamp: CFTimeInterval = 0
    /// While true the link does not fire (it stays registered).
    public var isPaused = false
    /// Frames per second wanted; 0 (the default) fires on every frame step. A positive rate skips steps
    /// that come sooner than 1/rate after the last firing (less half a millisecond, for clock jitter).
    public var preferredFramesPerSecond = 0

    /// A display link calling `handler` once per frame once it is added to a run loop.
    public init(handler: @escaping (CADisplayLink) -> Void) {
        self.handler = handler
    }

    /// The display's refresh interval (`LayerEngine.displayRefreshInterval`, 1/60 s by default).
    public var duration: CFTimeInterval { (engine ?? LayerEngine.current).displayRefreshInterval }

    /// Starts firing on the calling thread's engine; the run loop and mode are accepted as given.
    public func add(to runLoop: RunLoop, forMode mode: RunLoop.Mode) {
        let current = LayerEngine.current
        current.assertOnOwnerThread()
        guard !current.displayLinks.contains(where: { $0 === self }) else { return }
        engine = current
        current.displayLinks.append(self)
        current.displayLinkAdded()
    }

    /// Stops firing for `mode`; a link is on one engine, so this is `invalidate()`.
    public func remove(from runLoop: RunLoop, forMode mode: RunLoop.Mode) { invalidate() }

    /// Stops firing for good and releases the link from its engine.
    public func invalidate() {
        engine?.displayLinks.removeAll { $0 === self }
        engine = nil
    }

    /// Fires for the frame at `now` unless paused or held back by `preferredFramesPerSecond`.
    func fire(at now: CFTimeInterval, refreshInterval: CFTimeInterval) {
        guard !isPaused, engine != nil else { return }
        let interval = preferredFramesPerSecond > 0 ? 1 / Double(preferredFramesPerSecond) : refreshInterval
        if preferredFramesPerSecond > 0, now - lastFire < interval - 0.0005 { return }
        lastFire = now
        timestamp = now
        targetTimestamp = now + interval
        handler(self)
    }
}

extension LayerEngine {
    /// Invalidates every display link of the engine (a tree being let go of: a link's handler usually
    /// holds the code that owns the tree).
    public func invalidateDisplayLinks() {
        for link in displayLinks { link.invalidate() }
    }

    /// Fires every display link once for the frame at `now`, in the order they were added; a link added
    /// by a handler starts next frame, one invalidated by a handler fires no more.
    func fireDisplayLinks(at now: CFTimeInterval) {
        for link in displayLinks { link.fire(at: now, refreshInterval: displayRefreshInterval) }
    }
}
