import Foundation
import Glibc

/// Why a Swift scene was not run in the viewer: in a copy of the viewer it trapped, or did not finish.
struct SceneTrapError: Error, CustomStringConvertible {
    let description: String
}

/// Runs a piece of a Swift scene's code in a copy of this process first, so that a scene that traps
/// (a failed `fatalError`, a forced unwrap of nil, an index out of range, …) or never returns is
/// reported instead of taking the viewer down.
///
/// The copy is made with `fork()`: it has this process's exact state (the scene, its engine and
/// clock, the libraries loaded), so what it runs is exactly what the viewer would run next. It
/// touches no X11 state and leaves by `_exit`, so nothing of the viewer's is flushed or closed twice;
/// its stdout goes to /dev/null and its stderr (the Swift runtime's `Fatal error: …` line) to a pipe
/// read here. Trap signals are reset to their default action in the copy, so it dies at once, without
/// a backtrace. The viewer's other threads (the scene file watcher, encoders) do not exist in the
/// copy; the code it runs is the scene's and the engine's, which take no lock those threads hold.
enum TrapProbe {
    /// Runs `work` in a forked copy and waits up to `timeout` seconds; throws with the copy's last
    /// stderr lines when it died of a signal, exited with a failure, or ran out of time.
    static func run(_ what: String, timeout: Double = 10, _ work: () -> Void) throws(SceneTrapError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let child = fork()
        if child == 0 {
            close(ends[0])
            dup2(ends[1], 2)
            let null = open("/dev/null", O_WRONLY)
            if null >= 0 { dup2(null, 1) }
            for signal in [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE] { Glibc.signal(signal, SIG_DFL) }
            work()
            _exit(0)
        }
        close(ends[1])
        guard child > 0 else {
            close(ends[0])
            return
        }
        let (output, finished) = read(ends[0], until: MonotonicTime.seconds(MonotonicTime.nanoseconds()) + timeout)
        close(ends[0])
        if !finished { kill(child, SIGKILL) }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        let said = summary(of: output).map { ": \($0)" } ?? ""
        if !finished {
            throw SceneTrapError(description: "\(what) did not finish in \(Int(timeout)) s (an endless loop?)\(said)")
        }
        let signal = status & 0x7F
        if signal != 0 {
            throw SceneTrapError(description: "\(what) trapped (signal \(signal))\(said)")
        }
        if (status >> 8) & 0xFF != 0 {
            throw SceneTrapError(description: "\(what) exited with status \((status >> 8) & 0xFF)\(said)")
        }
    }

    /// The runtime's `Fatal error: …` line of what the copy printed on stderr (the stack trace the
    /// runtime may print after it is left out), else its last line.
    static func summary(of output: String) -> String? {
        let lines = output.split(separator: "\n").map(String.init)
        return lines.first { $0.contains("Fatal error") } ?? lines.last
    }

    /// Everything readable from `descriptor` until its end (true) or `deadline` (false).
    private static func read(_ descriptor: Int32, until deadline: Double) -> (String, Bool) {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let left = deadline - MonotonicTime.seconds(MonotonicTime.nanoseconds())
            guard left > 0 else { return (String(decoding: bytes, as: UTF8.self), false) }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(left * 1000) + 1)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return (String(decoding: bytes, as: UTF8.self), true) }
            bytes += chunk[0..<count]
        }
    }
}
