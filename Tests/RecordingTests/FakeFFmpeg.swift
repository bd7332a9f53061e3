import Foundation
import LayerscopeTestSupport

/// A shell script standing in for ffmpeg, to make it fail in exact ways.
struct FakeFFmpeg {
    let path: String

    /// Writes `body` as an executable `/bin/sh` script named `ffmpeg` in `directory`.
    init(in directory: URL, body: String) throws {
        let url = directory.appendingPathComponent("ffmpeg")
        try ("#!/bin/sh\n" + body + "\n").write(to: url, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        path = url.path
    }
}

/// Runs a command, returning its exit status.
@discardableResult
func run(_ arguments: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
}

/// A small tmpfs mounted over a fresh directory (needs root), for a full or read-only disk.
struct SmallFilesystem {
    let directory: TemporaryDirectory

    /// Mounts `kilobytes` of tmpfs, read-only when `readOnly`; nil when mounting is not possible here.
    init?(kilobytes: Int, readOnly: Bool = false) throws {
        directory = try TemporaryDirectory()
        let options = "size=\(kilobytes)k" + (readOnly ? ",ro" : "")
        guard (try? run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", directory.url.path])) == 0 else {
            directory.remove()
            return nil
        }
    }

    func remove() {
        _ = try? run(["umount", directory.url.path])
        directory.remove()
    }
}

/// Whether this process may mount file systems (the full-disk and read-only tests need it): root with
/// the right to mount, found by mounting a tiny tmpfs once.
let canMount: Bool = {
    guard geteuid() == 0, let probe = try? SmallFilesystem(kilobytes: 4) else { return false }
    probe.remove()
    return true
}()
