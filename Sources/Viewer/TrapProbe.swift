import Foundation
import Glibc
import Scenes
import Supervision

/// Why a Swift scene's code was not run in the viewer: in a copy of the viewer it trapped, called
/// `exit`, ran out of the copy's memory, or did not finish in time.
struct SceneTrapError: Error, CustomStringConvertible {
    let description: String
}

/// Runs a piece of a Swift scene's code in a copy of this process first, so that a scene that traps
/// (a failed `fatalError`, a forced unwrap of nil, an index out of range, …), exits, allocates without
/// bound or never returns is reported instead of taking the viewer down.
///
/// The copy is made with `fork()`: it has this process's exact state (the scene, its engine and
/// clock, the libraries loaded), so what it runs is exactly what the viewer would run next. It
/// touches no X11 state and leaves by `_exit`, so nothing of the viewer's is flushed or closed twice;
/// its stdout goes to /dev/null and its stderr (the Swift runtime's `Fatal error: …` line, and the
/// crash frames `FatalSignals` writes) to a pipe read here, where the frames are turned into the
/// user's file and line (`SourceLines`: the copy's libraries are at this process's addresses). Limits:
/// `memoryLimit` bytes of data beyond what the viewer had (RLIMIT_DATA) and `timeout` seconds. The
/// viewer's other threads (the scene file watcher, encoders) do not exist in the copy; the code it runs
/// is the scene's and the engine's, which take no lock those threads hold.
enum TrapProbe {
    /// The memory a trial copy may take beyond the viewer's own: 1 GiB.
    static let memoryLimit = 1 << 30
    /// How long a trial copy may run.
    static let timeLimit = 10.0

    /// Runs `work` in a forked copy and waits up to `timeout` seconds; throws with what happened when
    /// the copy died of a signal, exited, went past its memory or ran out of time. `what` names the
    /// code tried (`pulse.swift: setUp and the first seconds of playing`).
    static func run(_ what: String, timeout: Double = timeLimit, _ work: () -> Void) throws(SceneTrapError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let child = fork()
        if child == 0 {
            close(ends[0])
            dup2(ends[1], 2)
            let null = open("/dev/null", O_WRONLY)
            if null >= 0 { dup2(null, 1) }
            FatalSignals.install(frames: 2, announce: false)
            limitMemory()
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
        if let problem = problem(what: what, output: output, finished: finished, status: status, timeout: timeout) {
            throw SceneTrapError(description: problem)
        }
    }

    /// What went wrong in the copy, in one message; nil when it finished.
    static func problem(what: String, output: String, finished: Bool, status: Int32, timeout: Double) -> String? {
        let lines = output.split(separator: "\n").map(String.init)
        let frames = lines.compactMap(CrashFrame.init(line:))
        // The runtime's message from "Fatal error" on (the runtime's own file and line before it name
        // the standard library, not the user's code).
        let said =
            summary(of: output).map { message in
                ": " + (message.range(of: "Fatal error").map { String(message[$0.lowerBound...]) } ?? message)
            } ?? ""
        if !finished {
            return "\(what) did not finish within the trial copy's time limit of \(Int(timeout)) s\(said)"
        }
        let signal = status & 0x7F
        if signal != 0 {
            if output.contains("allocate") || output.contains("Cannot allocate memory") {
                return
                    "\(what) went past the trial copy's memory limit (\(memoryLimit >> 30) GiB more than the viewer uses)\(said)"
            }
            // "FILE: what" becomes "FILE:LINE: what" when the frames name the user's line.
            let place = frames.isEmpty ? nil : SourceLines.userLine(of: frames)
            let parts = what.split(separator: ": ", maxSplits: 1).map(String.init)
            let subject = place.map { parts.count == 2 ? "\($0): \(parts[1])" : "\($0): \(what)" } ?? what
            return "\(subject) trapped\(said.isEmpty ? " (\(signalName(signal)))" : said)"
        }
        let code = (status >> 8) & 0xFF
        return code == 0 ? nil : "\(what) called exit(\(code))\(said)"
    }

    /// The runtime's `Fatal error: …` line (the compiled module's name taken out) of what the copy
    /// printed on stderr, else its last line that is not a crash frame.
    static func summary(of output: String) -> String? {
        let lines = output.split(separator: "\n").map(String.init).filter { CrashFrame(line: $0) == nil }
        return (lines.first { $0.contains("Fatal error") } ?? lines.last).map(SourceLines.withoutModuleName)
    }

    private static func signalName(_ signal: Int32) -> String {
        [
            SIGSEGV: "SIGSEGV", SIGBUS: "SIGBUS", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP", SIGFPE: "SIGFPE",
            SIGABRT: "SIGABRT",
        ][signal] ?? "signal \(signal)"
    }

    /// In the copy: allows `memoryLimit` bytes of data beyond what the process has now (`VmData`).
    private static func limitMemory() {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmData:") }
        let kilobytes = line.flatMap { $0.split(separator: " ").dropFirst().first }.flatMap { Int($0) } ?? 0
        let limit = rlim_t(kilobytes * 1024 + memoryLimit)
        var bounds = rlimit(rlim_cur: limit, rlim_max: limit)
        _ = setrlimit(__rlimit_resource_t(RLIMIT_DATA.rawValue), &bounds)
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
