import Foundation

/// Removes recordings' temporary files when the process is interrupted (SIGINT, SIGTERM, SIGHUP), so
/// Ctrl-C during `record` leaves nothing behind, then lets the signal take its previous course.
///
/// The handler only reads a fixed table of C strings and calls `unlink`, `sigaction` and `raise`, all
/// safe inside a signal handler. Handlers are installed while at least one file is registered and the
/// previous ones restored afterwards.
enum InterruptCleanup {
    private static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    private static let lock = NSLock()
    nonisolated(unsafe) private static var registered = 0
    nonisolated(unsafe) private static var handled: [Int32] = []

    /// Registers `path` for removal on interruption.
    /// - Returns: the slot to pass to `unregister`, or nil when every slot is taken (the file is then
    ///   simply not covered).
    static func register(_ path: String) -> Int? {
        lock.withLock {
            guard let slot = (0..<interruptSlotCount).first(where: { interruptSlots[$0] == nil }) else { return nil }
            interruptSlots[slot] = strdup(path)
            registered += 1
            if registered == 1 { installHandlers() }
            return slot
        }
    }

    /// Stops covering the file in `slot`.
    static func unregister(_ slot: Int) {
        lock.withLock {
            guard let path = interruptSlots[slot] else { return }
            interruptSlots[slot] = nil
            free(path)
            registered -= 1
            if registered == 0 { restoreHandlers() }
        }
    }

    /// Installs the handler for each signal the process does not ignore (a background job started by a
    /// shell ignores SIGINT, and must keep doing so).
    private static func installHandlers() {
        handled = signals.filter { signal in
            sigaction(signal, nil, interruptPreviousActions + Int(signal))
            let previous = interruptPreviousActions[Int(signal)].__sigaction_handler.sa_handler
            if let previous, unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
                return false
            }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = removeRegisteredFiles
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
            return true
        }
    }

    private static func restoreHandlers() {
        for signal in handled {
            sigaction(signal, interruptPreviousActions + Int(signal), nil)
        }
        handled = []
    }
}

/// How many temporary files can be covered at once.
private let interruptSlotCount = 16

/// The registered paths, read by the signal handler.
nonisolated(unsafe) private let interruptSlots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
    let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: interruptSlotCount)
    slots.initialize(repeating: nil, count: interruptSlotCount)
    return slots
}()

/// The dispositions in force before ours, indexed by signal number (all three are below 32), for the
/// handler to hand the signal on and for `restoreHandlers`.
nonisolated(unsafe) private let interruptPreviousActions: UnsafeMutablePointer<sigaction> = {
    let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: 32)
    actions.initialize(repeating: sigaction(), count: 32)
    return actions
}()

/// The signal handler: removes every registered file, restores the previous disposition and raises the
/// signal again, which the previous handler (or the default action) receives once this one returns.
private func removeRegisteredFiles(_ signal: Int32) {
    for slot in 0..<interruptSlotCount {
        if let path = interruptSlots[slot] { unlink(path) }
    }
    sigaction(signal, interruptPreviousActions + Int(signal), nil)
    raise(signal)
}
