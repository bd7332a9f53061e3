import CProcess
import Glibc

/// Makes a crash quick, quiet and placed: on SIGSEGV, SIGBUS, SIGILL (a Swift trap), SIGTRAP, SIGFPE,
/// SIGABRT and SIGQUIT the process writes one line naming the signal (and, for a fault at the edge of a
/// thread's stack, that the stack overflowed), then, when asked, the return addresses of the crashing
/// thread as `frame LIBRARY 0xOFFSET` lines for whoever watches it (`SourceLines` turns them into the
/// user's file and line), and dies of the signal at once instead of spending seconds in the Swift
/// runtime's backtracer. The runtime's own `Fatal error: …` line, printed before a trap, still comes
/// first. With `SWIFT_BACKTRACE` set in the environment (but to `enable=no`) nothing is changed, so a
/// developer who asks for backtraces gets them.
///
/// The handler runs on a stack of its own (`sigaltstack`, made for each thread that calls
/// `prepareThread()`), so a stack overflow is reported too. It calls only `write`, `backtrace`,
/// `dladdr`, `signal` and `raise`, and reads buffers made before it is installed (`backtrace` is called
/// once at installation, so its library is loaded by then; `dladdr` takes the loader's lock, which the
/// dying thread does not hold unless the crash is in the loader itself).
public enum FatalSignals {
    private static let names: [(Int32, String)] = [
        (SIGSEGV, "SIGSEGV"), (SIGBUS, "SIGBUS"), (SIGILL, "SIGILL"), (SIGTRAP, "SIGTRAP"), (SIGFPE, "SIGFPE"),
        (SIGABRT, "SIGABRT"), (SIGQUIT, "SIGQUIT"),
    ]

    /// Installs the handlers (once, at start-up, before other threads run). `frames` is the file
    /// descriptor the return addresses go to (nil: none are written); `announce` false leaves out the
    /// "killed by" line (a trial copy whose watcher words the outcome).
    public static func install(frames: Int32? = nil, announce: Bool = true) {
        if let asked = getenv("SWIFT_BACKTRACE").map({ String(cString: $0) }), !asked.contains("enable=no") { return }
        crashState.framesDescriptor = frames ?? -1
        crashState.announce = announce
        var warm: [UnsafeMutableRawPointer?] = [nil, nil]
        _ = backtrace(&warm, 2)
        for (signal, name) in names {
            crashState.lines[Int(signal)] = strdup("layerscope: killed by \(name)\n")
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = reportAndDie
            sigemptyset(&action.sa_mask)
            action.sa_flags = Int32(bitPattern: SA_RESETHAND) | SA_NODEFER | SA_SIGINFO | SA_ONSTACK
            sigaction(signal, &action, nil)
        }
        prepareThread()
    }

    /// Gives the calling thread a signal stack of its own, and notes its stack's bounds (a fault just
    /// below them is a stack overflow). Call it on each thread that runs deep work.
    public static func prepareThread() {
        let size = 256 << 10
        var stack = stack_t()
        stack.ss_sp = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        stack.ss_size = size
        stack.ss_flags = 0
        sigaltstack(&stack, nil)
        var low: UnsafeMutableRawPointer?
        var length = 0
        cprocess_thread_stack(&low, &length)
        if let low { crashState.noteStack(low: UInt(bitPattern: low), size: UInt(length)) }
    }
}

/// What the signal handler reads: made before it is installed, written only at installation (hence
/// `@unchecked Sendable`).
private final class CrashState: @unchecked Sendable {
    var framesDescriptor: Int32 = -1
    var announce = true
    /// The line written for each signal, indexed by signal number (all are below 32).
    let lines = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: 32)
    /// Lowest addresses and sizes of the threads' stacks (up to 16 threads).
    let stacks = UnsafeMutablePointer<(UInt, UInt)>.allocate(capacity: 16)
    var stackCount = 0
    let frames = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: 64)
    /// One `frame …` line being written.
    let text = UnsafeMutablePointer<UInt8>.allocate(capacity: 48)
    let overflowLine = strdup("layerscope: the stack overflowed (layers nested too deeply, or endless recursion)\n")!

    init() { lines.initialize(repeating: nil, count: 32) }

    func noteStack(low: UInt, size: UInt) {
        guard stackCount < 16 else { return }
        stacks[stackCount] = (low, size)
        stackCount += 1
    }

    /// True when `address` is in the guard area just below a noted stack, or in its lowest page.
    func isStackOverflow(at address: UInt) -> Bool {
        for index in 0..<stackCount {
            let (low, _) = stacks[index]
            if address < low &+ 65_536, address &+ (1 << 20) >= low { return true }
        }
        return false
    }
}

// Read by the signal handler, which may run on any thread; see `CrashState`.
nonisolated(unsafe) private let crashState = CrashState()

/// Writes `count` bytes at `bytes` to `descriptor`, retrying short writes.
private func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) {
    var offset = 0
    while offset < count {
        let written = write(descriptor, bytes + offset, count - offset)
        if written <= 0 { return }
        offset += written
    }
}

/// `frame LIBRARY 0xOFFSET` for each return address that lies in a loaded object.
private func writeFrames(to descriptor: Int32) {
    let state = crashState
    let count = Int(backtrace(state.frames, 64))
    for index in 0..<count {
        guard let address = state.frames[index] else { continue }
        var info = cprocess_dl_info()
        guard dladdr(address, &info) != 0, let file = info.dli_fname, let base = info.dli_fbase else { continue }
        writeAll(descriptor, "frame ", 6)
        writeAll(descriptor, file, strlen(file))
        var offset = UInt(bitPattern: address) &- UInt(bitPattern: base)
        var length = 0
        repeat {
            let digit = UInt8(offset & 15)
            state.text[length] = digit < 10 ? 48 + digit : 87 + digit
            length += 1
            offset >>= 4
        } while offset != 0 && length < 40
        writeAll(descriptor, " 0x", 3)
        for position in stride(from: length - 1, through: 0, by: -1) { writeAll(descriptor, state.text + position, 1) }
        writeAll(descriptor, "\n", 1)
    }
}

/// Writes the signal's lines and frames, then raises it again under the default action.
private func reportAndDie(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _: UnsafeMutableRawPointer?) {
    let state = crashState
    if state.announce, let line = state.lines[Int(signal)] { writeAll(2, line, strlen(line)) }
    if signal == SIGSEGV || signal == SIGBUS,
        state.isStackOverflow(at: UInt(bitPattern: cprocess_fault_address(info)))
    {
        writeAll(2, state.overflowLine, strlen(state.overflowLine))
    }
    if state.framesDescriptor >= 0 { writeFrames(to: state.framesDescriptor) }
    Glibc.signal(signal, SIG_DFL)
    raise(signal)
}
