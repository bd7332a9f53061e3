import Foundation
import Scenes

/// Unbuffered writes to standard output and standard error, one call per line.
enum Console {
    static func out(_ line: String) { write(line + "\n", to: FileHandle.standardOutput) }
    /// One line on standard error; control characters in it (from a scene file, a file name or an
    /// argument it quotes) are escaped, so it stays one line and carries no terminal escapes, and a
    /// huge quoted name is cut in the middle (`MessageText.line`).
    static func err(_ line: String) { write(MessageText.line(line) + "\n", to: FileHandle.standardError) }

    /// Writes `text` (many lines, such as a compiler's messages) to stderr line for line, each with its
    /// control characters escaped but none cut.
    static func errLines(_ text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            MessageText.escaped(String($0))
        }
        write(lines.joined(separator: "\n") + (text.hasSuffix("\n") ? "" : "\n"), to: FileHandle.standardError)
    }

    private static func write(_ text: String, to handle: FileHandle) {
        handle.write(Data(text.utf8))
    }
}
