import Glibc
import Scenes

/// Unbuffered line output through write(2), so a harness reading stdout from a file sees every line at
/// once (C stdio would buffer it, and Swift 6 forbids touching `stdout`/`stderr` directly).
enum LineOutput {
    /// Writes `line` and a newline to standard output.
    static func out(_ line: String) {
        write(line, to: 1)
    }

    /// Writes `line` and a newline to standard error.
    static func error(_ line: String) {
        write(line, to: 2)
    }

    /// Control characters in `line` (from a scene file's names and keys) are escaped, so it stays one line.
    private static func write(_ line: String, to fd: Int32) {
        var bytes = Array((MessageText.line(line) + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}
