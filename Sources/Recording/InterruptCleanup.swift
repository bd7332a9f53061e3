import Foundation

/// Removes recordings' temporary outputs when the process is interrupted (SIGINT, SIGTERM, SIGHUP,
/// SIGQUIT), so Ctrl-C during `record` leaves nothing behind, then lets the signal take its previous
/// course: the handler installed before (a crash reporter, say) or the default action.
///
/// The handler only reads fixed tables of C strings and counters, writes digits into buffers allocated
/// beforehand and calls `unlink`, `rmdir`, `sigaction` and `raise`, all safe inside a signal handler.
/// Handlers are installed while at least one output is registered and the previous ones restored
/// afterwards. SIGKILL cannot be caught: `PartialName` marks temporary outputs with their writer so a
/// later recording can tell they are stale.
enum InterruptCleanup {
    private static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
    private static let lock = NSLock()
    // Both only under `lock`.
    nonisolated(unsafe) private static var registered = 0
    nonisolated(unsafe) private static var handled: [Int32] = []

    /// Registers the file at `path` for removal on interruption.
    /// - Returns: the slot to pass to `unregister`, or nil when every slot is taken (the file is then
    ///   simply not covered).
    static func register(file path: String) -> Int? {
        register(path, frameFolder: false)
    }

    /// Registers a folder of numbered frames (`FrameFileName`) for removal on interruption: the frames
    /// counted with `setFrameCount` (and the one after them, which may be half written), then the
    /// folder itself.
    /// - Returns: the slot, as `register(file:)`.
    static func register(frameFolder path: String) -> Int? {
        register(path, frameFolder: true)
    }

    /// Notes that the folder in `slot` may now hold frames 0 ..< `count`.
    static func setFrameCount(_ count: Int, slot: Int) {
        interruptFrameCounts[slot] = count
    }

    /// Stops covering the output in `slot`.
    static func unregister(_ slot: Int) {
        lock.withLock {
            guard let path = interruptSlots[slot] else { return }
            interruptSlots[slot] = nil
            interruptFrameCounts[slot] = -1
            free(path)
            registered -= 1
            if registered == 0 { restoreHandlers() }
        }
    }

    private static func register(_ path: String, frameFolder: Bool) -> Int? {
        lock.withLock {
            guard let slot = (0..<interruptSlotCount).first(where: { interruptSlots[$0] == nil }) else { return nil }
            // A folder's buffer has room after the path for "/" and a frame's file name, which the
            // handler writes there.
            let bytes = Array(path.utf8CString)
            let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1 + FrameFileName.maximumLength)
            buffer.initialize(from: bytes, count: bytes.count)
            interruptPathLengths[slot] = bytes.count - 1
            interruptFrameCounts[slot] = frameFolder ? 0 : -1
            interruptSlots[slot] = buffer
            registered += 1
            if registered == 1 { installHandlers() }
            return slot
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
            action.__sigaction_handler.sa_handler = removeRegisteredOutputs
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

/// How many temporary outputs can be covered at once.
private let interruptSlotCount = 16

/// The registered paths, read by the signal handler.
nonisolated(unsafe) private let interruptSlots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
    let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: interruptSlotCount)
    slots.initialize(repeating: nil, count: interruptSlotCount)
    return slots
}()

/// For each slot, -1 for a file, else the number of frames its folder may hold. Written under the
/// registry's lock, read by the signal handler (plain memory, allocated once, never freed).
nonisolated(unsafe) private let interruptFrameCounts: UnsafeMutablePointer<Int> = {
    let counts = UnsafeMutablePointer<Int>.allocate(capacity: interruptSlotCount)
    counts.initialize(repeating: -1, count: interruptSlotCount)
    return counts
}()

/// The length of each slot's path, without its terminating zero. Written under the registry's lock,
/// read by the signal handler (plain memory, allocated once, never freed).
nonisolated(unsafe) private let interruptPathLengths: UnsafeMutablePointer<Int> = {
    let lengths = UnsafeMutablePointer<Int>.allocate(capacity: interruptSlotCount)
    lengths.initialize(repeating: 0, count: interruptSlotCount)
    return lengths
}()

/// The dispositions in force before ours, indexed by signal number (all four are below 32), for the
/// handler to hand the signal on and for `restoreHandlers`.
nonisolated(unsafe) private let interruptPreviousActions: UnsafeMutablePointer<sigaction> = {
    let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: 32)
    actions.initialize(repeating: sigaction(), count: 32)
    return actions
}()

/// The signal handler: removes every registered output, restores the previous disposition and raises
/// the signal again, which the previous handler (or the default action) receives once this one returns.
private func removeRegisteredOutputs(_ signal: Int32) {
    for slot in 0..<interruptSlotCount {
        guard let path = interruptSlots[slot] else { continue }
        let frames = interruptFrameCounts[slot]
        if frames < 0 {
            unlink(path)
            continue
        }
        let length = interruptPathLengths[slot]
        for index in 0...frames {
            path[length] = 0x2F  // "/"
            FrameFileName.write(index, into: path + length + 1)
            unlink(path)
        }
        path[length] = 0
        rmdir(path)
    }
    sigaction(signal, interruptPreviousActions + Int(signal), nil)
    raise(signal)
}
