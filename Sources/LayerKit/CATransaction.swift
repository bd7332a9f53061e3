/// Groups property changes and animation additions, as Core Animation's `CATransaction`. Transactions
/// nest; outside any explicit one an implicit transaction is open until the next frame step.
///
/// A completion block covers the animations added (to any layer) while it is the transaction's block;
/// it runs once, from a frame step, after all of them have stopped (finished or removed) and the
/// transaction has committed (or another block has replaced it) — never synchronously inside
/// `commit`, even when no animation was added. A nested transaction's commit does not run the outer
/// block; animations added inside a nested transaction count for the outer blocks too.
///
/// Implicit actions run when `CAEngine.implicitActionsEnabled` is on (the default, as in Core
/// Animation); `disableActions` suppresses them for the transaction.
public enum CATransaction {
    /// Opens a transaction, nested in the current one: changes until `commit()` share its settings.
    public static func begin() {
        LayerEngine.current.transactions.append(TransactionFrame(isImplicit: false))
    }

    /// Closes the innermost transaction; when the outermost closes, its changes are shown at the next frame step.
    public static func commit() {
        let context = LayerEngine.current
        guard let frame = context.transactions.popLast() else {
            if let implicit = context.implicitTransaction {
                context.implicitTransaction = nil
                implicit.commit(in: context)
            }
            return
        }
        frame.commit(in: context)
    }

    /// Commits the implicit transaction now (its blocks still run from the next frame step).
    public static func flush() {
        let context = LayerEngine.current
        if let implicit = context.implicitTransaction {
            context.implicitTransaction = nil
            implicit.commit(in: context)
        }
    }

    /// Duration given to animations added with duration 0 (default 0.25 s).
    public static func animationDuration() -> CFTimeInterval {
        LayerEngine.current.effectiveTransaction?.animationDuration ?? 0.25
    }

    /// Sets the duration of the implicit animations of the current transaction.
    public static func setAnimationDuration(_ duration: CFTimeInterval) {
        LayerEngine.current.currentTransaction.animationDuration = duration
    }

    /// The timing function of the current transaction's implicit animations (nil: the default).
    public static func animationTimingFunction() -> CAMediaTimingFunction? {
        LayerEngine.current.effectiveTransaction?.timingFunction
    }

    /// Sets the timing function of the current transaction's implicit animations.
    public static func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        LayerEngine.current.currentTransaction.timingFunction = function
    }

    /// Whether the current transaction's property changes animate implicitly (false by default).
    public static func disableActions() -> Bool {
        LayerEngine.current.effectiveTransaction?.disableActions ?? false
    }

    /// Turns the current transaction's implicit animations off (true) or on.
    public static func setDisableActions(_ flag: Bool) {
        LayerEngine.current.currentTransaction.disableActions = flag
    }

    /// The block run when the current transaction's animations have all finished.
    public static func completionBlock() -> (() -> Void)? {
        LayerEngine.current.effectiveTransaction?.completion?.block
    }

    /// Sets the block run after the animations added from now on in this transaction have stopped.
    /// A block set earlier keeps its own animations and still runs.
    public static func setCompletionBlock(_ block: (() -> Void)?) {
        let context = LayerEngine.current
        let frame = context.currentTransaction
        if let previous = frame.completion { context.seal(previous) }
        frame.completion = block.map { CompletionRecord(block: $0) }
    }

    /// Arbitrary per-transaction values (the properties above are also reachable by their keys).
    public static func value(forKey key: String) -> Any? {
        switch key {
        case "animationDuration": return animationDuration()
        case "animationTimingFunction": return animationTimingFunction()
        case "disableActions": return disableActions()
        case "completionBlock": return completionBlock()
        default: return LayerEngine.current.effectiveTransaction?.values[key]
        }
    }

    /// Sets a value of the current transaction by key (`animationDuration`, `disableActions`, …).
    public static func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "animationDuration":
            if let v = value.flatMap({ AnimatableValue.number($0) }) { setAnimationDuration(v) }
        case "animationTimingFunction": setAnimationTimingFunction(value as? CAMediaTimingFunction)
        case "disableActions": setDisableActions(value as? Bool ?? false)
        case "completionBlock": setCompletionBlock(value as? () -> Void)
        default: LayerEngine.current.currentTransaction.values[key] = value
        }
    }

    /// No-ops: the engine runs on one thread.
    public static func lock() {}
    /// Does nothing: layers are driven from one thread, so there is nothing to lock.
    public static func unlock() {}
}

/// One open transaction's settings.
final class TransactionFrame {
    let isImplicit: Bool
    var animationDuration: CFTimeInterval?
    var timingFunction: CAMediaTimingFunction?
    var disableActions = false
    var completion: CompletionRecord?
    var values: [String: Any] = [:]

    init(isImplicit: Bool) { self.isImplicit = isImplicit }

    func commit(in context: LayerEngine) {
        if let record = completion {
            completion = nil
            context.seal(record)
        }
    }
}

/// A completion block, the number of its animations that have not stopped yet, and the media time it
/// is due at: the latest of its sealing and its animations' stops.
final class CompletionRecord {
    let block: (() -> Void)?
    var pending = 0
    var dueTime = -Double.infinity

    init(block: (() -> Void)?) { self.block = block }
}

extension LayerEngine {
    /// The record stops taking animations and runs once its pending count is 0 (from a step).
    func seal(_ record: CompletionRecord) {
        record.dueTime = max(record.dueTime, clock.now)
        sealedCompletions.append(record)
    }

    /// The completion records an animation added now belongs to.
    var openCompletions: [CompletionRecord] {
        var records: [CompletionRecord] = []
        if let record = implicitTransaction?.completion { records.append(record) }
        for frame in transactions { if let record = frame.completion { records.append(record) } }
        return records
    }

    /// Called once per animation when its stop (at media time `time`) is delivered.
    func animationStopped(_ animation: CAAnimation, at time: CFTimeInterval) {
        guard let records = animation.completionRecords else { return }
        animation.completionRecords = nil
        for record in records {
            record.pending -= 1
            record.dueTime = max(record.dueTime, time)
        }
    }
}
