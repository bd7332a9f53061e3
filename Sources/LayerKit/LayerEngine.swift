#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One Core Animation engine: the media clock, the event observer, the open transactions, the model
/// generation, the actions scheduled at media times and the callbacks waiting for the next frame step
/// — the state Core Animation keeps per process, owned here by one object that is held, not looked up
/// (as a swift-nio event loop is).
///
/// An engine is bound to the calling thread for the length of `perform { … }`: there the Core
/// Animation statics (`CACurrentMediaTime()`, `CATransaction`, `CAEngine`, `UIView.animate`,
/// `UIScreen.main`) act on it and new layers belong to it. Outside any `perform`, a thread uses its
/// own default engine, made on first use, so code written for one process-wide engine (the README's
/// embedding example) needs no engine in sight. A layer added to a tree (as a sublayer or a mask)
/// joins the tree's engine; `CAEngine.step(_:)` steps a tree with its own engine, bound for the step,
/// so delegate callbacks, display links and completion blocks see that engine too.
///
/// Two rules, checked with a trap that names them: a layer is changed, given animations or stepped only
/// from the thread that made its engine (in every build); and inside `perform { … }` only the bound
/// engine's layers are changed or stepped, never another engine's (in debug builds: no silent mix of
/// two engines).
public final class LayerEngine {
    /// The media clock, `CACurrentMediaTime()` for this engine: a `MonotonicClock` unless set.
    public var clock: MediaClock
    /// Called with every delivered callback, after the delegate, in media-time order.
    public var eventObserver: ((CAAnimationEvent) -> Void)?
    /// Whether property changes run implicit actions (see `CAEngine.implicitActionsEnabled`); on, as
    /// in Core Animation.
    public var implicitActionsEnabled = true
    /// The `UIView.animate` blocks running now, innermost last.
    var viewAnimationBlocks: [ViewAnimationBlock] = []
    /// Explicit transactions, innermost last.
    var transactions: [TransactionFrame] = []
    /// The implicit transaction opened by the first change outside any explicit one; committed by
    /// the next frame step.
    var implicitTransaction: TransactionFrame?
    /// Completion records that no longer take animations and wait for their animations to finish.
    var sealedCompletions: [CompletionRecord] = []
    /// Stops reported by removals and replacements, delivered by the next frame step.
    var pendingEvents: [PendingEvent] = []
    /// Bumped by every change to a model layer that is not on `dirtyLayers`; the step walks the whole
    /// tree when it moved.
    var modelGeneration: UInt64 = 0
    /// Model layers without animations whose own properties changed since the last step: the next
    /// step copies each one's state into its presentation (`DirtyLayers.sync`) instead of walking the
    /// tree, so a frame in which a few properties changed costs those layers, not the tree's size.
    var dirtyLayers: [CALayer] = []
    /// Whether steps may use a root's `FrameCache` (tests compare both paths).
    var frameCacheEnabled = true
    /// Reused buffer for the events of one step.
    var stepEvents: [PendingEvent] = []
    /// Display links added to a run loop on this engine's thread, fired by each frame step.
    var displayLinks: [CADisplayLink] = []
    /// The size `UIScreen.main.bounds` reports: the scene's (1280×720, the default `--size`, until a
    /// scene sets it).
    public var screenSize = CGSize(width: 1280, height: 720)
    /// The display's refresh interval, `CADisplayLink.duration`: 1/60 s, an iPhone's, unless set.
    /// Display links fire on a grid of this interval in media time (`advance(_:to:)`), whatever rate
    /// the viewer draws at, so a replay fires them at the same times.
    public var displayRefreshInterval: CFTimeInterval = 1.0 / 60.0
    /// The actions scheduled at media times and the display links' next tick (`EngineSchedule.swift`).
    var schedule = EngineSchedule()
    /// Called after every `add(_:forKey:)` on one of the engine's layers with the layer, the key and the
    /// layer's copy of the animation: an inspector's hook (the easing editor gives a re-made tree's
    /// animations their edited curves through it); Core Animation has no such call.
    public var didAddAnimation: ((CALayer, String?, CAAnimation) -> Void)?
    /// Values a driver attaches to the engine for the code it runs (a scene's pictures), by key.
    public var userInfo: [String: Any] = [:]
    /// The replicator copies or emitter particles the last frame step asked for beyond `RenderBudget`
    /// (the first one met), nil when everything fit; what was beyond was not made.
    public internal(set) var budgetExcess: RenderBudget.Excess?
    /// When set (a command that writes frames refuses one over budget), a frame step stops making
    /// replicator copies and particles at the first request beyond `RenderBudget`: the frame is refused
    /// anyway, so nothing more is made for it. The viewer leaves it unset and shows what fits.
    public var stopsAtBudgetExcess = false
    /// The layers that draw their contents, displayed by each frame step (`CALayer+Display.swift`).
    var drawingLayers = DrawingLayers()
    /// Layers marked with `setNeedsLayout()` since the last layout pass.
    var layoutLayers: [LayoutEntry] = []
    /// The thread that made the engine, the only one allowed to change its layers.
    private let ownerThread = pthread_self()

    /// A new engine on the calling thread, reading time from `clock`.
    public init(clock: MediaClock = MonotonicClock()) {
        self.clock = clock
    }

    /// The innermost open transaction, opening the implicit one when none is open.
    var currentTransaction: TransactionFrame {
        if let last = transactions.last { return last }
        if let implicit = implicitTransaction { return implicit }
        let frame = TransactionFrame(isImplicit: true)
        implicitTransaction = frame
        return frame
    }

    /// The transaction settings in effect, without opening an implicit transaction.
    var effectiveTransaction: TransactionFrame? { transactions.last ?? implicitTransaction }

    /// Records a change to one of the engine's model layers (checked to come from its thread).
    @inline(__always) func noteModelChange() {
        assertOnOwnerThread()
        modelGeneration &+= 1
    }

    /// Records a change to the own properties of `layer`, a model layer without animations.
    @inline(__always) func noteDirty(_ layer: CALayer) {
        assertOnOwnerThread()
        guard !layer.isDirty else { return }
        layer.isDirty = true
        dirtyLayers.append(layer)
    }

    /// Traps when the engine is driven from a thread other than its own (every build), or, in debug builds, while
    /// another engine is bound to the thread (`perform`).
    @inline(__always) func assertOnOwnerThread() {
        // Checked in every build (a thread-local read and a compare): a layer changed from another
        // thread is a data race that would otherwise crash somewhere unrelated, later.
        if pthread_equal(pthread_self(), ownerThread) == 0 { Self.changedFromAnotherThread() }
        assert(
            ThreadEngines.boundIfAny.map { $0 === self } ?? true,
            "a layer of one LayerEngine was changed or stepped inside another engine's perform { } scope; inside engine.perform { … } change and step only that engine's layers"
        )
    }

    /// The trap of a layer changed from a thread other than its engine's, named (kept out of line).
    @inline(never) static func changedFromAnotherThread() -> Never {
        fatalError(
            "a layer of one LayerEngine was changed or stepped from another thread; drive a layer tree from the thread that made its engine"
        )
    }

    /// Runs `body` with this engine bound to the calling thread: the Core Animation statics act on it
    /// and the layers made inside belong to it. Scopes nest (the innermost engine is bound) and the
    /// previous binding is restored when `body` returns or throws.
    public func perform<Result>(_ body: () throws -> Result) rethrows -> Result {
        let slot = ThreadEngines.slot
        let previous = slot.bound
        slot.bound = self
        defer { slot.bound = previous }
        return try body()
    }

    /// The engine bound to the calling thread by `perform`, else the thread's default engine (made on
    /// first use): new layers belong to it, and the Core Animation statics act on it. Each thread has
    /// its own default, so tests running in parallel on different threads cannot see each other's clocks.
    public static var current: LayerEngine { ThreadEngines.slot.bound ?? threadDefault }

    /// The calling thread's default engine: the one used outside any `perform`, made on first use.
    /// Setting it gives the thread an engine you made (a test's, or a thread that drives one tree);
    /// the layers made before keep theirs.
    public static var threadDefault: LayerEngine {
        get {
            let slot = ThreadEngines.slot
            if let engine = slot.defaultEngine { return engine }
            let engine = LayerEngine()
            slot.defaultEngine = engine
            return engine
        }
        set { ThreadEngines.slot.defaultEngine = newValue }
    }

    /// Puts the engine back in the state of a new one, in place, so the layers that belong to it stay
    /// on it: a `MonotonicClock`, no observer, no open transactions, completion blocks, undelivered
    /// callbacks, scheduled actions or display links; implicit actions on; the default screen size and
    /// refresh interval. Their animations stay attached.
    func resetState() {
        assertOnOwnerThread()
        clock = MonotonicClock()
        eventObserver = nil
        implicitActionsEnabled = true
        viewAnimationBlocks = []
        transactions = []
        implicitTransaction = nil
        sealedCompletions = []
        pendingEvents = []
        for layer in dirtyLayers { layer.isDirty = false }
        dirtyLayers = []
        modelGeneration &+= 1
        displayLinks = []
        schedule = EngineSchedule()
        didAddAnimation = nil
        screenSize = CGSize(width: 1280, height: 720)
        displayRefreshInterval = 1.0 / 60.0
        userInfo = [:]
    }
}

/// A thread's engines: its default one and the one `perform` binds, in thread-specific storage.
final class ThreadEngines {
    var defaultEngine: LayerEngine?
    var bound: LayerEngine?

    // Written once, by its initializer (Swift runs a global's initializer once, under a lock); only read
    // after that.
    nonisolated(unsafe) private static var key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            #if canImport(Darwin)
                Unmanaged<ThreadEngines>.fromOpaque(pointer).release()
            #else
                if let pointer { Unmanaged<ThreadEngines>.fromOpaque(pointer).release() }
            #endif
        }
        return key
    }()

    /// The calling thread's engines, made on first use.
    static var slot: ThreadEngines {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<ThreadEngines>.fromOpaque(pointer).takeUnretainedValue()
        }
        let slot = ThreadEngines()
        pthread_setspecific(key, Unmanaged.passRetained(slot).toOpaque())
        return slot
    }

    /// The engine bound on the calling thread, if any (without making the thread's storage).
    static var boundIfAny: LayerEngine? {
        guard let pointer = pthread_getspecific(key) else { return nil }
        return Unmanaged<ThreadEngines>.fromOpaque(pointer).takeUnretainedValue().bound
    }
}

/// A stop (or start) waiting to be delivered by a frame step.
struct PendingEvent {
    var kind: CAAnimationEvent.Kind
    var layer: CALayer
    var key: String?
    var animation: CAAnimation
    var mediaTime: CFTimeInterval
    /// Order of discovery, to keep delivery stable for equal times.
    var sequence: Int
    /// The layer-local time it is dated from, when the timing dates it.
    var localTime: CFTimeInterval? = nil
}
