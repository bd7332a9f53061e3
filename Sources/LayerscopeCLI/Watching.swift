import CProcess
import Foundation
import Glibc
import Scenes
import Supervision

extension Layerscope {
    /// The whole program (`main.swift`): crash reporting, then the command — in a watched child when it
    /// runs the user's code (a Swift scene in `render`, `record`, `eval`, `bench` or `view`) or has a
    /// time limit (`--timeout`), else here, on a thread with a deep stack. Returns the exit status.
    public static func main(_ commandLine: [String]) -> Int32 {
        FatalSignals.install(frames: WatchStatus.descriptor)
        WatchedChild.becomeWatched()
        let arguments = Array(commandLine.dropFirst())
        let status: Int32
        if !WatchedChild.isWatched, let watch = WatchPlan(arguments) {
            status = watch.run(arguments)
        } else {
            status = onDeepStack { run(arguments) }
        }
        WatchStatus.send("done")
        return status
    }

    /// Runs `body` on a thread with a 256 MiB stack (address space reserved, pages used on demand), so a
    /// scene's tree of layers thousands deep is walked; deeper still, the overflow is reported in one
    /// line (`FatalSignals`). The signals a command handles go to that thread.
    static func onDeepStack(_ body: @escaping @Sendable () -> Int32) -> Int32 {
        var handled = sigset_t()
        sigemptyset(&handled)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&handled, signal) }
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &handled, &previous)
        let result = ResultBox()
        let done = DispatchSemaphore(value: 0)
        let mask = previous
        let thread = Thread {
            var restored = mask
            pthread_sigmask(SIG_SETMASK, &restored, nil)
            FatalSignals.prepareThread()
            result.value = body()
            done.signal()
        }
        // Not more: the address space it reserves counts against a process's limit (RLIMIT_AS), and a
        // 16384×16384 picture needs 1 GiB of it.
        thread.stackSize = 256 << 20
        thread.start()
        done.wait()
        return result.value
    }
}

/// The deep-stack thread's exit status.
private final class ResultBox: @unchecked Sendable {
    var value: Int32 = 0
}

/// When and how a command is watched from a parent process: the subcommand, the scene it plays, and
/// its time limit.
struct WatchPlan {
    let subcommand: String
    let scene: String
    let timeout: Double?

    /// The plan for `arguments`, or nil when the command runs unwatched (no Swift scene, no time limit).
    init?(_ arguments: [String]) {
        let subcommand = arguments.first.flatMap { $0.hasPrefix("-") ? nil : $0 } ?? "view"
        guard ["render", "record", "eval", "bench", "view"].contains(subcommand) else { return nil }
        guard !arguments.contains("--help"), !arguments.contains("-h") else { return nil }
        let scene = Self.value(of: "scene", in: arguments) ?? (subcommand == "view" ? "wipe" : "")
        let timeout = Self.value(of: "timeout", in: arguments).flatMap(Double.init)
        guard scene.hasSuffix(".swift") || timeout != nil else { return nil }
        self.subcommand = subcommand
        self.scene = scene
        self.timeout = timeout.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
    }

    /// The value of `--name VALUE` or `--name=VALUE` in `arguments`.
    static func value(of name: String, in arguments: [String]) -> String? {
        for (index, argument) in arguments.enumerated() {
            if argument == "--\(name)", index + 1 < arguments.count { return arguments[index + 1] }
            if argument.hasPrefix("--\(name)=") { return String(argument.dropFirst(name.count + 3)) }
        }
        return nil
    }

    /// Runs the command in a watched child and words how the scene's code ended it; the viewer comes
    /// back after a crash (`ViewerRestarts`).
    func run(_ arguments: [String]) -> Int32 {
        if subcommand == "view" { return ViewerRestarts(arguments: arguments, scene: scene).run() }
        let outcome = WatchedChild(arguments: arguments).run(
            timeout: timeout, progress: { Console.standard.err($0) }, relay: Self.relay)
        guard let explanation = outcome.explanation(scene: scene) else {
            if case .finished(let code) = outcome.end { return code }
            return 1
        }
        Console.standard.err("Error: \(explanation)")
        return 1
    }
}

extension WatchPlan {
    /// Passes one of the child's standard-error lines on as it is (it was worded, and escaped, there).
    static func relay(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

/// The viewer of a Swift scene outlives the scene's code: it runs as a watched child, keeps its action
/// log in a file, and reports the media time it shows and its window's place. When the scene's code
/// crashes (a trap in a display-link callback, a delegate, anything the trial copies did not reach) or
/// calls `exit`, the viewer is started again at once at the same place, paused at the last time it
/// showed, with the log replayed up to there and what happened in its banner; the user fixes the file,
/// saves, and it reloads. A crash before anything was shown, or again within three seconds at the same
/// time, ends it with the message instead.
struct ViewerRestarts {
    let arguments: [String]
    let scene: String

    /// The options a restart sets itself (each takes a value but `--paused`).
    static let restartOptions = ["seek", "paused", "actions", "message", "window"]

    func run() -> Int32 {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layerscope-viewer-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var base = arguments
        let log: String
        if let given = WatchPlan.value(of: "actions-out", in: arguments) {
            log = given
        } else {
            log = folder.appendingPathComponent("actions.json").path
            base += ["--actions-out", log]
        }
        var childArguments = base
        base = Self.removing(Self.restartOptions, from: base)
        var lastRestart: (time: Double, started: Double)?
        while true {
            let started = MonotonicClock.now()
            // No progress lines: a viewer waits for its user as long as it likes.
            let outcome = WatchedChild(arguments: childArguments).run(
                timeout: nil, progress: { _ in }, relay: WatchPlan.relay)
            guard let explanation = outcome.explanation(scene: scene) else {
                if case .finished(let code) = outcome.end { return code }
                return 1
            }
            let sameAgain = lastRestart.map { $0.time == outcome.lastTime && started - $0.started < 3 } ?? false
            guard let time = outcome.lastTime, !sameAgain else {
                Console.standard.err("Error: \(explanation)")
                return 1
            }
            lastRestart = (time, MonotonicClock.now())
            let shown = String(format: "%.3f", time)
            let message =
                "\(explanation). The viewer came back paused at \(shown) s, before it; fix the scene and save to reload."
            Console.standard.out("viewer: \(explanation); the viewer comes back paused at t=\(shown)")
            childArguments =
                base + ["--actions", log, "--seek", "\(time)", "--paused", "--message", message]
                + (outcome.lastWindow.map { ["--window", $0] } ?? [])
        }
    }

    /// `arguments` without the options `names` (and their values).
    static func removing(_ names: [String], from arguments: [String]) -> [String] {
        var result: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard let name = names.first(where: { argument == "--\($0)" || argument.hasPrefix("--\($0)=") }) else {
                result.append(argument)
                continue
            }
            if name != "paused", argument == "--\(name)" { index += 1 }
        }
        return result
    }
}

/// CLOCK_MONOTONIC in seconds.
enum MonotonicClock {
    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
    }
}
