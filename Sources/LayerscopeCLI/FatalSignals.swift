import Glibc

/// Makes a crash quick and quiet: on SIGSEGV, SIGBUS, SIGILL (a Swift trap), SIGTRAP, SIGFPE, SIGABRT
/// and SIGQUIT the process writes one line naming the signal and dies of it at once, instead of
/// spending seconds in the Swift runtime's backtracer. The runtime's own `Fatal error: …` line, printed
/// before a trap, still comes first. With `SWIFT_BACKTRACE` set in the environment nothing is changed,
/// so a developer who asks for backtraces gets them.
///
/// The handler only calls `write`, `signal` and `raise`, which are safe inside a signal handler, and
/// reads a table of C strings made before it is installed.
public enum FatalSignals {
    private static let names: [(Int32, String)] = [
        (SIGSEGV, "SIGSEGV"), (SIGBUS, "SIGBUS"), (SIGILL, "SIGILL"), (SIGTRAP, "SIGTRAP"), (SIGFPE, "SIGFPE"),
        (SIGABRT, "SIGABRT"), (SIGQUIT, "SIGQUIT"),
    ]

    /// Installs the handlers (once, at start-up, before any other thread runs).
    public static func install() {
        guard getenv("SWIFT_BACKTRACE") == nil else { return }
        for (signal, name) in names {
            fatalSignalLines[Int(signal)] = strdup("layerscope: killed by \(name)\n")
            var action = sigaction()
            action.__sigaction_handler.sa_handler = reportAndDie
            sigemptyset(&action.sa_mask)
            action.sa_flags = Int32(bitPattern: SA_RESETHAND) | SA_NODEFER
            sigaction(signal, &action, nil)
        }
    }
}

/// The line written for each signal, indexed by signal number (all are below 32).
nonisolated(unsafe) private let fatalSignalLines: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
    let lines = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: 32)
    lines.initialize(repeating: nil, count: 32)
    return lines
}()

/// Writes the signal's line, then raises it again under the default action (SA_RESETHAND restored it).
private func reportAndDie(_ signal: Int32) {
    if let line = fatalSignalLines[Int(signal)] { _ = write(2, line, strlen(line)) }
    Glibc.signal(signal, SIG_DFL)
    raise(signal)
}
