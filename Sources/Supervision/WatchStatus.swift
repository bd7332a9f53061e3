import Foundation
import Glibc

/// The supervised side's reports to the process watching it (`Supervisor`): what it is doing
/// (`phase …`), where the viewer is (`time …`, `window …`), the frames of a crash, and `done` when it
/// finished by itself. They go, one line each, to the file descriptor named by the environment
/// variable `LAYERSCOPE_STATUS_FD` (set by the supervisor); without it nothing is written. A
/// process-wide channel, like standard error, so code deep in a scene's loading can say it is compiling.
public enum WatchStatus {
    /// The environment variable naming the descriptor.
    public static let environmentKey = "LAYERSCOPE_STATUS_FD"

    /// The descriptor, read once from the environment; nil when the process is not watched.
    public static let descriptor: Int32? = {
        guard let text = ProcessInfo.processInfo.environment[environmentKey], let value = Int32(text), value > 2
        else { return nil }
        return fcntl(value, F_GETFD) >= 0 ? value : nil
    }()

    /// The environment variable naming the supervisor's process (the one the user started).
    public static let ownerKey = "LAYERSCOPE_OWNER_PID"

    /// The process the user started: the supervisor when watched, else this process. A window's
    /// `_NET_WM_PID` names it, so that a window manager ending a hung viewer ends all of it.
    public static let userFacingProcess: pid_t = {
        guard descriptor != nil, let text = ProcessInfo.processInfo.environment[ownerKey], let value = pid_t(text),
            value > 1
        else { return getpid() }
        return value
    }()

    /// True when a supervisor watches this process.
    public static var isWatched: Bool { descriptor != nil }

    /// Tells the supervisor what the process is doing now: `compiling pulse.swift`, `in setUp of
    /// pulse.swift`, `playing pulse.swift at 3.200 s`.
    public static func phase(_ text: String) { send("phase " + text) }

    /// Sends one line (its newlines replaced), when watched.
    public static func send(_ line: String) {
        guard let descriptor else { return }
        var bytes = Array((line.replacingOccurrences(of: "\n", with: " ") + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes {
                write(descriptor, $0.baseAddress! + offset, $0.count - offset)
            }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }
}
