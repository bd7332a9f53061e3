import Foundation

/// The hidden names recordings are written under until complete, marked with the process writing them,
/// and the removal of those whose writer is gone: a recording killed by SIGKILL (or a power cut) has no
/// chance to remove its own, so each new recording removes, in the folder it writes into, the temporary
/// outputs of writers that no longer run.
///
/// `clip.mp4` is written as `.clip.partial-PID-START.mp4`, the folder `frames` as
/// `.frames.partial-PID-START`: PID is the writer's process id and START its start time (field 22 of
/// `/proc/PID/stat`, clock ticks since boot), so a PID reused by a later process is not taken for the
/// writer.
enum PartialName {
    /// The temporary name beside `final`: for a file, its extension is kept (ffmpeg and people see the
    /// type); a folder's name is kept whole.
    static func temporary(for final: URL, isFolder: Bool) -> URL {
        let folder = final.deletingLastPathComponent()
        let mark = ".partial-\(Writer.current.pid)-\(Writer.current.start)"
        if isFolder || final.pathExtension.isEmpty {
            return folder.appendingPathComponent("." + final.lastPathComponent + mark, isDirectory: isFolder)
        }
        return folder.appendingPathComponent(
            "." + final.deletingPathExtension().lastPathComponent + mark + "." + final.pathExtension)
    }

    /// Removes the temporary outputs in `folder` whose writer no longer runs (files, and folders with
    /// what they hold); a folder that cannot be read is left alone.
    static func removeStale(in folder: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names {
            guard let writer = writer(of: name), writer != Writer.current, !writer.isRunning else { continue }
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    /// The writer marked in a temporary name, or nil when `name` is not one.
    static func writer(of name: String) -> Writer? {
        guard name.hasPrefix("."), let mark = name.range(of: ".partial-", options: .backwards) else { return nil }
        let tail = name[mark.upperBound...].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let parts = tail.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let pid = Int32(parts[0]), let start = UInt64(parts[1]) else { return nil }
        return Writer(pid: pid, start: start)
    }

    /// A process, told apart from later ones given the same PID by its start time.
    struct Writer: Equatable {
        var pid: Int32
        /// Clock ticks from boot to the process's start; 0 when `/proc` cannot say.
        var start: UInt64

        /// This process.
        static let current = Writer(pid: getpid(), start: startTime(of: getpid()) ?? 0)

        /// Whether the process still runs: its PID is alive and, where `/proc` tells, started at `start`.
        var isRunning: Bool {
            if let running = Writer.startTime(of: pid) { return running == start }
            return kill(pid, 0) == 0 || errno == EPERM
        }

        /// Field 22 of `/proc/PID/stat`, read after the command name (field 2, in parentheses, which may
        /// hold spaces and parentheses itself).
        private static func startTime(of pid: Int32) -> UInt64? {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let nameEnd = stat.range(of: ")", options: .backwards)
            else { return nil }
            let fields = stat[nameEnd.upperBound...].split(separator: " ")
            // fields[0] is field 3 (the state), so field 22 is fields[19].
            return fields.count > 19 ? UInt64(fields[19]) : nil
        }
    }
}
