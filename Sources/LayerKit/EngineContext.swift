#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The engine's mutable state: the clock, the event observer, open transactions, callbacks waiting
/// for the next frame step. There is one per thread, so tests that run in parallel on different
/// threads (Swift Testing does this) cannot see each other's clocks; an application drives the engine
/// from one thread.
final class EngineContext {
    var clock: MediaClock = MonotonicClock()
    var eventObserver: ((CAAnimationEvent) -> Void)?
    /// Explicit transactions, innermost last.
    var transactions: [TransactionFrame] = []
    /// The implicit transaction opened by the first change outside any explicit one; committed by
    /// the next frame step.
    var implicitTransaction: TransactionFrame?
    /// Completion records that no longer take animations and wait for their animations to finish.
    var sealedCompletions: [CompletionRecord] = []
    /// Stops reported by removals and replacements, delivered by the next frame step.
    var pendingEvents: [PendingEvent] = []
    /// Bumped by every change to a model layer; the step re-syncs presentations when it moved.
    var modelGeneration: UInt64 = 0
    /// Whether property changes run implicit actions (off unless `CAEngine.implicitActionsEnabled`).
    var implicitActionsEnabled = false
    /// Whether steps may use a root's `FrameCache` (tests compare both paths).
    var frameCacheEnabled = true
    /// Reused buffer for the events of one step.
    var stepEvents: [PendingEvent] = []

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

    nonisolated(unsafe) private static var key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            #if canImport(Darwin)
                Unmanaged<EngineContext>.fromOpaque(pointer).release()
            #else
                if let pointer { Unmanaged<EngineContext>.fromOpaque(pointer).release() }
            #endif
        }
        return key
    }()

    /// This thread's context, created on first use.
    static var current: EngineContext {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<EngineContext>.fromOpaque(pointer).takeUnretainedValue()
        }
        let context = EngineContext()
        pthread_setspecific(key, Unmanaged.passRetained(context).toOpaque())
        return context
    }

    /// Replaces this thread's context with a fresh one.
    static func reset() {
        if let pointer = pthread_getspecific(key) {
            Unmanaged<EngineContext>.fromOpaque(pointer).release()
        }
        pthread_setspecific(key, Unmanaged.passRetained(EngineContext()).toOpaque())
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
}
