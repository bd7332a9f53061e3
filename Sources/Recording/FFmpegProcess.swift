import Foundation

/// A running ffmpeg reading raw frames from a pipe on its standard input, its standard error
/// collected for messages. Writing to a pipe whose reader has gone fails with EPIPE instead of
/// killing this process: SIGPIPE is ignored here (and restored to the default in the child).
final class FFmpegProcess {
    private let pid: pid_t
    private var input: Int32
    private let stderrTail: StderrTail
    private var exitStatus: Int32?

    /// Starts `executable` with `arguments`.
    /// - Throws: `RecordingError.ffmpegLaunchFailed` when the pipes or the process cannot be made.
    init(executable: String, arguments: [String]) throws(RecordingError) {
        signal(SIGPIPE, SIG_IGN)
        // Pipes are made and the child started under one lock, each end close-on-exec before any other
        // recording spawns: a sibling ffmpeg holding our input's write end would never see end of file.
        spawnLock.lock()
        var inputPipe: [Int32] = [-1, -1]
        var errorPipe: [Int32] = [-1, -1]
        guard FFmpegProcess.makePipe(&inputPipe) else {
            spawnLock.unlock()
            throw .ffmpegLaunchFailed(path: executable, reason: systemMessage(errno))
        }
        guard FFmpegProcess.makePipe(&errorPipe) else {
            let reason = systemMessage(errno)
            spawnLock.unlock()
            inputPipe.forEach { close($0) }
            throw .ffmpegLaunchFailed(path: executable, reason: reason)
        }
        let spawned = FFmpegProcess.spawn(
            executable, arguments, standardInput: inputPipe[0], standardError: errorPipe[1])
        close(inputPipe[0])
        close(errorPipe[1])
        spawnLock.unlock()
        switch spawned {
        case .failure(let failure):
            close(inputPipe[1])
            close(errorPipe[0])
            throw .ffmpegLaunchFailed(path: executable, reason: systemMessage(failure.code))
        case .success(let pid):
            self.pid = pid
        }
        input = inputPipe[1]
        stderrTail = StderrTail(reading: errorPipe[0])
        FFmpegProcess.enlargePipe(input)
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            _ = waitForExit()
        }
    }

    /// Writes `count` bytes at `bytes` to ffmpeg's input.
    /// - Returns: 0 on success, else the `errno` of the failed write (EPIPE when ffmpeg has exited).
    func write(_ bytes: UnsafeRawPointer, count: Int) -> Int32 {
        var offset = 0
        while offset < count {
            let written = Glibc.write(input, bytes + offset, count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return 0
    }

    /// Closes ffmpeg's input so it finishes the file, and waits for it to exit.
    /// - Returns: nil when it exited with status 0, else a phrase such as "exit status 1".
    func finish() -> String? {
        closeInput()
        let status = waitForExit()
        if status & 0x7f == 0 {
            let code = (status >> 8) & 0xff
            return code == 0 ? nil : "exit status \(code)"
        }
        return "killed by signal \(status & 0x7f)"
    }

    /// Stops ffmpeg at once and waits for it.
    func terminate() {
        closeInput()
        if exitStatus == nil { kill(pid, SIGKILL) }
        _ = waitForExit()
    }

    /// The last lines ffmpeg wrote to its standard error (waits for it to close the stream).
    func lastErrorLines(_ count: Int = 8) -> [String] {
        stderrTail.lastLines(count)
    }

    private func closeInput() {
        if input >= 0 {
            close(input)
            input = -1
        }
    }

    private func waitForExit() -> Int32 {
        if let exitStatus { return exitStatus }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR {
                status = 0x7f  // reported as a signal: the child could not be waited for
                break
            }
        }
        exitStatus = status
        return status
    }

    /// A pipe whose two ends are closed in children at exec.
    private static func makePipe(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return true
    }

    /// A 1 MiB pipe instead of 64 KiB: fewer round trips for multi-megabyte frames. Best effort.
    private static func enlargePipe(_ descriptor: Int32) {
        let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ
        _ = fcntl(descriptor, setPipeSize, 1 << 20)
    }

    private static func spawn(
        _ executable: String, _ arguments: [String], standardInput: Int32, standardError: Int32
    ) -> Result<pid_t, SpawnFailure> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, standardInput, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, standardError, 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaultSignals = sigset_t()
        sigemptyset(&defaultSignals)
        sigaddset(&defaultSignals, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        var result = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        // "Text file busy": the executable is still open for writing somewhere (just installed, or held
        // for a moment by another thread's child); it clears within milliseconds.
        for _ in 0..<20 where result == ETXTBSY {
            usleep(10_000)
            result = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        }
        return result == 0 ? .success(pid) : .failure(SpawnFailure(code: result))
    }
}

/// Serialises pipe creation and spawning across this process's recordings.
private let spawnLock = NSLock()

/// The `errno`-style code with which `posix_spawn` failed.
private struct SpawnFailure: Error {
    var code: Int32
}
