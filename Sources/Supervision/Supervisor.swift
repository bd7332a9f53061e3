import CProcess
import Foundation
import Glibc

/// Runs this executable again as a watched child and says what became of it: the user's code is
/// watched, not trusted. The child reports what it is doing (`WatchStatus`), its standard error passes
/// through here line by line, and its end is worded: a trap with the user's file and line (from its
/// crash frames, `SourceLines`) and the runtime's message, a stack overflow, an `exit()` called by the
/// scene's code, or a time limit reached. While a phase lasts long (a compile, a `setUp` that does not
/// return), it says so. The child dies with this process (`PR_SET_PDEATHSIG`, set by the child).
public final class WatchedChild {
    /// What the child said and how it ended.
    public struct Outcome: Sendable {
        /// How the process ended.
        public enum End: Sendable, Equatable {
            /// It finished by itself and reported it, with this exit status.
            case finished(Int32)
            /// It exited with this status without reporting that it finished: the scene's code called exit.
            case exited(Int32)
            /// It died of this signal.
            case signaled(Int32)
            /// The time limit ran out and it was ended.
            case timedOut(Double)
        }

        public var end: End
        /// The last phase it reported (`compiling pulse.swift`), if any.
        public var phase: String?
        /// The runtime's `Fatal error: …` line, the module name taken out, if it printed one.
        public var fatalError: String?
        /// True when it reported a stack overflow.
        public var stackOverflowed = false
        /// `FILE:LINE` in the user's Swift scene where it crashed, when found.
        public var userLine: String?
        /// The last `time T` it reported (the viewer's media time shown).
        public var lastTime: Double?
        /// The last `window X Y W H` it reported.
        public var lastWindow: String?
    }

    private let arguments: [String]
    private let environment: [String: String]
    private var pid: pid_t = 0
    private var statusRead: Int32 = -1
    private var errorRead: Int32 = -1

    /// A child running this executable with `arguments` (without the program name).
    public init(arguments: [String], environment: [String: String] = [:]) {
        self.arguments = arguments
        self.environment = environment
    }

    /// The environment variable that marks a watched child.
    public static let watchedKey = "LAYERSCOPE_WATCHED"

    /// True in a child a supervisor started.
    public static var isWatched: Bool { ProcessInfo.processInfo.environment[watchedKey] != nil }

    /// In a watched child: dies when the supervisor does, and sends crash frames on the status channel.
    public static func becomeWatched() {
        guard isWatched else { return }
        _ = cprocess_die_with_parent(SIGKILL)
        if getppid() == 1 { _exit(1) }
    }

    /// Runs the child to its end. `progress` gets a line when a phase lasts long (at 5, 15, 30 and 60 s,
    /// then every minute); after `timeout` seconds the child is ended. Its standard error lines go to
    /// `relay`, but for the lines this outcome words itself (the runtime's fatal error, "killed by") and
    /// the runtime's "Current stack trace" of addresses after a fatal error (the outcome names the user's
    /// file and line instead).
    public func run(timeout: Double?, progress: (String) -> Void, relay: (String) -> Void) -> Outcome {
        var outcome = Outcome(end: .finished(0))
        guard start() else {
            outcome.end = .exited(127)
            return outcome
        }
        let started = MonotonicSeconds.now()
        var phaseStarted = started
        var nextNotice = 5.0
        var frames: [CrashFrame] = []
        var finished = false
        var statusBuffer: [UInt8] = []
        var errorBuffer: [UInt8] = []
        var open = (status: true, error: true)
        func handleStatus(_ line: String) {
            if line.hasPrefix("phase ") {
                let phase = String(line.dropFirst(6))
                if phase != outcome.phase {
                    outcome.phase = phase
                    phaseStarted = MonotonicSeconds.now()
                    nextNotice = 5
                }
            } else if let frame = CrashFrame(line: line) {
                frames.append(frame)
            } else if line == "done" {
                finished = true
            } else if line.hasPrefix("time "), let time = Double(line.dropFirst(5)) {
                outcome.lastTime = time
            } else if line.hasPrefix("window ") {
                outcome.lastWindow = String(line.dropFirst(7))
            }
        }
        var inRuntimeTrace = false
        func handleError(_ line: String) {
            if inRuntimeTrace, line.first?.isNumber == true, line.contains(" 0x") { return }
            inRuntimeTrace = line == "Current stack trace:"
            if inRuntimeTrace {
                return
            } else if line.hasPrefix("layerscope: "), !line.hasPrefix("layerscope: killed by "),
                !line.hasPrefix("layerscope: the stack overflowed")
            {
                // The child's own message, worded there (a trial copy's trap, say): passed on as it is.
                relay(line)
            } else if line.contains("Fatal error") {
                outcome.fatalError = SourceLines.withoutModuleName(line)
            } else if line.hasPrefix("layerscope: killed by ") {
                return
            } else if line.hasPrefix("layerscope: the stack overflowed") {
                outcome.stackOverflowed = true
            } else {
                relay(line)
            }
        }
        while open.status || open.error {
            var entries = [
                pollfd(fd: open.status ? statusRead : -1, events: Int16(POLLIN), revents: 0),
                pollfd(fd: open.error ? errorRead : -1, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&entries, 2, 250)
            if ready < 0 && errno != EINTR { break }
            if entries[0].revents != 0 {
                open.status = Self.drain(statusRead, into: &statusBuffer, lines: handleStatus)
            }
            if entries[1].revents != 0 {
                open.error = Self.drain(errorRead, into: &errorBuffer, lines: handleError)
            }
            let now = MonotonicSeconds.now()
            if let timeout, now - started > timeout {
                kill(pid, SIGKILL)
                outcome.end = .timedOut(timeout)
                break
            }
            if let phase = outcome.phase, now - phaseStarted >= nextNotice {
                progress("layerscope: still \(phase) (\(Int(nextNotice)) s)")
                nextNotice = nextNotice < 60 ? [5.0, 15, 30, 60].first { $0 > nextNotice } ?? 60 : nextNotice + 60
            }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        close(statusRead)
        close(errorRead)
        if case .timedOut = outcome.end {
        } else if status & 0x7F != 0 {
            outcome.end = .signaled(status & 0x7F)
        } else {
            let code = (status >> 8) & 0xFF
            outcome.end = finished ? .finished(code) : .exited(code)
        }
        outcome.userLine = frames.isEmpty ? nil : SourceLines.userLine(of: frames)
        return outcome
    }

    /// Reads what is there into `buffer`, hands each whole line to `lines`; false at the end of the stream.
    private static func drain(_ descriptor: Int32, into buffer: inout [UInt8], lines: (String) -> Void) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 8192)
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 { return errno == EINTR || errno == EAGAIN }
        if count == 0 {
            if !buffer.isEmpty { lines(String(decoding: buffer, as: UTF8.self)) }
            buffer.removeAll()
            return false
        }
        buffer += chunk[0..<count]
        while let newline = buffer.firstIndex(of: 10) {
            lines(String(decoding: buffer[..<newline], as: UTF8.self))
            buffer.removeSubrange(...newline)
        }
        return true
    }

    /// Spawns the child: this executable, the arguments, the status channel on descriptor 3 and its
    /// standard error through a pipe; standard input and output are this process's.
    private func start() -> Bool {
        var status: [Int32] = [-1, -1]
        var error: [Int32] = [-1, -1]
        guard pipe(&status) == 0, pipe(&error) == 0 else { return false }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // The read ends first (one may be descriptor 3), then the write ends into place, then their
        // originals (unless already in place).
        for descriptor in [status[0], error[0]] { posix_spawn_file_actions_addclose(&actions, descriptor) }
        posix_spawn_file_actions_adddup2(&actions, status[1], 3)
        posix_spawn_file_actions_adddup2(&actions, error[1], 2)
        if status[1] != 3 { posix_spawn_file_actions_addclose(&actions, status[1]) }
        if error[1] != 2, error[1] != 3 { posix_spawn_file_actions_addclose(&actions, error[1]) }
        var merged = ProcessInfo.processInfo.environment
        merged[WatchStatus.environmentKey] = "3"
        merged[WatchStatus.ownerKey] = String(getpid())
        merged[Self.watchedKey] = "1"
        for (key, value) in environment { merged[key] = value }
        let argv = [CommandLine.arguments[0]] + arguments
        let environ = merged.map { "\($0.key)=\($0.value)" }
        let pointers = argv.map { strdup($0) } + [nil]
        let environPointers = environ.map { strdup($0) } + [nil]
        defer { (pointers + environPointers).forEach { free($0) } }
        var argvCopy = pointers
        var environCopy = environPointers
        let spawned = posix_spawn(&pid, "/proc/self/exe", &actions, nil, &argvCopy, &environCopy)
        close(status[1])
        close(error[1])
        statusRead = status[0]
        errorRead = error[0]
        return spawned == 0
    }
}

/// CLOCK_MONOTONIC in seconds.
enum MonotonicSeconds {
    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
    }
}

extension WatchedChild.Outcome {
    /// One line saying how the scene's code ended the child, naming `scene` (its file) or the user's
    /// line; nil when it finished by itself.
    public func explanation(scene: String) -> String? {
        let place = userLine ?? scene
        let during = phase.map { " while \($0)" } ?? ""
        switch end {
        case .finished: return nil
        case .exited(let code):
            return "\(scene): the scene's code called exit(\(code))\(during); nothing after it was done"
        case .timedOut(let seconds):
            return "\(scene): stopped after \(Self.seconds(seconds)) s (--timeout)\(during)"
        case .signaled(let signal):
            if stackOverflowed {
                return "\(place): the stack overflowed\(during) (layers nested too deeply, or endless recursion)"
            }
            if let fatalError {
                let message =
                    fatalError.range(of: "Fatal error").map { String(fatalError[$0.lowerBound...]) } ?? fatalError
                return "\(place): the scene's code trapped\(during): \(message)"
            }
            return "\(place): killed by \(Self.signalName(signal))\(during)"
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    static func signalName(_ signal: Int32) -> String {
        [
            SIGSEGV: "SIGSEGV", SIGBUS: "SIGBUS", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP", SIGFPE: "SIGFPE",
            SIGABRT: "SIGABRT",
            SIGKILL: "SIGKILL", SIGQUIT: "SIGQUIT", SIGTERM: "SIGTERM",
        ][signal] ?? "signal \(signal)"
    }
}
