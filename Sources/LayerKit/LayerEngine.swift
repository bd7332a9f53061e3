#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One Core Animation engine: the media clock, the event observer, the open transactions, the model
/// generation and the callbacks waiting for the next frame step — the state Core Animation keeps per
/// process, owned here by one object that is passed around instead of looked up.
///
/// Every layer belongs to one engine: the one current on the thread that made it; a layer added to a
/// tree (as a sublayer or a mask) joins the tree's engine. `CAEngine.step(_:)` steps a tree with its
/// own engine, so a tree touched after an `await` or from a callback still uses its own clock and
/// generation. The Core Animation statics (`CACurrentMediaTime()`, `CATransaction`, `CAEngine`) use
/// `LayerEngine.current`, so ported code needs no engine in sight.
///
/// An engine records the thread it was made on. In debug builds a change to one of its layers, an
/// animation added or a step from any other thread traps with a message naming the layer's engine
/// (as swift-nio's `EmbeddedEventLoop` fails loudly when used off its thread); release builds skip
/// the check. Drive a tree from the thread that made its engine.
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
    /// The media time of the last display-link tick (a second step at the same time fires none).
    var lastDisplayLinkTick = -Double.infinity
    /// The size `UIScreen.main.bounds` reports: the scene's (1280×720, the default `--size`, until a
    /// scene sets it).
    public var screenSize = CGSize(width: 1280, height: 720)
    /// The display's refresh interval, `CADisplayLink.duration` (1/60 s until the driver sets it).
    public var displayRefreshInterval: CFTimeInterval = 1.0 / 60.0
    /// The layers that draw their contents, displayed by each frame step (`CALayer+Display.swift`).
    var drawingLayers = DrawingLayers()
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

    /// Traps in debug builds when called from a thread other than the engine's.
    @inline(__always) func assertOnOwnerThread() {
        assert(
            pthread_equal(pthread_self(), ownerThread) != 0,
            "a layer of one LayerEngine was changed or stepped from another thread; drive a layer tree from the thread that made its engine"
        )
    }

    nonisolated(unsafe) private static var key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            #if canImport(Darwin)
                Unmanaged<LayerEngine>.fromOpaque(pointer).release()
            #else
                if let pointer { Unmanaged<LayerEngine>.fromOpaque(pointer).release() }
            #endif
        }
        return key
    }()

    /// The calling thread's engine, made on first use: new layers belong to it, and the Core
    /// Animation statics act on it. Each thread has its own, so tests running in parallel on
    /// different threads cannot see each other's clocks.
    public static var current: LayerEngine {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<LayerEngine>.fromOpaque(pointer).takeUnretainedValue()
        }
        let engine = LayerEngine()
        pthread_setspecific(key, Unmanaged.passRetained(engine).toOpaque())
        return engine
    }

    /// Makes a fresh engine the calling thread's current one (layers made before keep theirs).
    static func resetCurrent() {
        if let pointer = pthread_getspecific(key) {
            Unmanaged<LayerEngine>.fromOpaque(pointer).release()
        }
        pthread_setspecific(key, Unmanaged.passRetained(LayerEngine()).toOpaque())
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
