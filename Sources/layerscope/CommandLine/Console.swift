import Foundation

/// Unbuffered writes to standard output and standard error, one call per line.
enum Console {
    static func out(_ line: String) { write(line + "\n", to: FileHandle.standardOutput) }
    static func err(_ line: String) { write(line + "\n", to: FileHandle.standardError) }

    private static func write(_ text: String, to handle: FileHandle) {
        handle.write(Data(text.utf8))
    }
}
