import Foundation
import Scenes

/// Where a command writes: standard output and standard error (`Console.standard`), or a test's
/// buffers. Every write is one call per line, unbuffered.
public struct Console: Sendable {
    /// The two streams a command writes to.
    public enum Stream: Sendable {
        case output
        case error
    }

    private let write: @Sendable (String, Stream) -> Void

    /// A console that hands each text (one or more whole lines, with their newlines) to `write`.
    public init(write: @escaping @Sendable (String, Stream) -> Void) {
        self.write = write
    }

    /// The process's standard output and standard error.
    public static let standard = Console { text, stream in
        (stream == .output ? FileHandle.standardOutput : FileHandle.standardError).write(Data(text.utf8))
    }

    /// One line on standard output.
    func out(_ line: String) { write(line + "\n", .output) }

    /// One line on standard error; control characters in it (from a scene file, a file name or an
    /// argument it quotes) are escaped, so it stays one line and carries no terminal escapes, and a
    /// huge quoted name is cut in the middle (`MessageText.line`).
    func err(_ line: String) { write(MessageText.line(line) + "\n", .error) }

    /// Writes `text` (many lines, such as a compiler's messages) to stderr line for line, each with its
    /// control characters escaped but none cut.
    func errLines(_ text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            MessageText.escaped(String($0))
        }
        write(lines.joined(separator: "\n") + (text.hasSuffix("\n") ? "" : "\n"), .error)
    }
}
