import CProcess
import Foundation
import Glibc

/// A command run so that it, and every process it starts, ends when this process ends — by a normal
/// exit, a signal, or `kill -9`: it runs in a process group of its own under a small shell whose parent
/// death signal (util-linux `setpriv --pdeathsig`) ends the group and every process started from it
/// (found with procps' `pgrep -P`, as some start process groups of their own). The Swift compiler that builds a
/// Swift scene runs so, with its temporary files in a folder the caller removes, so no `swift-frontend`
/// outlives a viewer closed or a `render` interrupted, and nothing is left behind.
public enum GroupedProcess {
    /// What a run printed and how it ended.
    public struct Result: Sendable {
        public var status: Int32
        public var output: String
    }

    /// Why a run could not start.
    public struct SpawnError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Runs `executable` with `arguments` and the environment plus `environment`; standard output and
    /// standard error together are `output`; standard input is empty.
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:])
        throws(SpawnError) -> Result
    {
        var argv = [executable] + arguments
        if let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].first(where: {
            FileManager.default.isExecutableFile(atPath: $0)
        }) {
            // The compiler driver starts its frontends in process groups of their own, out of reach of
            // `kill 0`: the trap ends every descendant, each stopped first (it starts nothing more) and
            // killed after its own children, then the group.
            let script =
                "tree() { kill -STOP \"$1\" 2>/dev/null; for c in $(pgrep -P \"$1\" 2>/dev/null); do tree \"$c\"; done; "
                + "kill -KILL \"$1\" 2>/dev/null; }; "
                + "trap 'trap \"\" TERM INT HUP; for c in $(pgrep -P $$ 2>/dev/null); do tree \"$c\"; done; kill -KILL 0' "
                + "TERM INT HUP; \"$@\" & wait $!"
            argv = [setpriv, "--pdeathsig", "TERM", "/bin/sh", "-c", script, "sh"] + argv
        }
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else {
            throw SpawnError(description: "no pipe: \(String(cString: strerror(errno)))")
        }
        defer { close(pipeEnds[0]) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 2)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        let environ = merged.map { "\($0.key)=\($0.value)" }
        var pid: pid_t = 0
        let spawned = withCStrings(argv) { argvPointers in
            withCStrings(environ) { environPointers in
                posix_spawn(&pid, argv[0], &actions, &attributes, argvPointers, environPointers)
            }
        }
        close(pipeEnds[1])
        guard spawned == 0 else {
            throw SpawnError(description: "cannot run \(executable) (\(String(cString: strerror(spawned))))")
        }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            output += chunk[0..<count]
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exitCode = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Result(status: exitCode, output: String(decoding: output, as: UTF8.self))
    }

    /// Calls `body` with a NULL-terminated array of C strings for `strings`.
    private static func withCStrings<R>(
        _ strings: [String], _ body: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> R
    ) -> R {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        var copy = pointers
        return copy.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
    }
}
