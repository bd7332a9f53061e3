import Foundation

/// A return address of a crashed thread: the loaded object it lies in and its offset there.
public struct CrashFrame: Equatable, Sendable {
    public var library: String
    public var offset: UInt

    public init(library: String, offset: UInt) {
        self.library = library
        self.offset = offset
    }

    /// The frame a `frame LIBRARY 0xOFFSET` line (`FatalSignals`) describes, or nil for another line.
    public init?(line: String) {
        guard line.hasPrefix("frame "), let space = line.lastIndex(of: " "), line[space...].hasPrefix(" 0x"),
            let offset = UInt(line[line.index(space, offsetBy: 3)...], radix: 16)
        else { return nil }
        library = String(line[line.index(line.startIndex, offsetBy: 6)..<space])
        self.offset = offset
    }
}

/// Where in the user's own file a crash happened: the first frame, from the crash outwards, that lies in
/// a compiled Swift scene (a library of the scene cache, compiled with line tables and
/// `#sourceLocation` naming the user's file), as `binutils`' `addr2line` reads it.
public enum SourceLines {
    /// `FILE:LINE` of the innermost frame in a compiled Swift scene, or nil (no such frame, no
    /// `addr2line`, no line table).
    public static func userLine(of frames: [CrashFrame]) -> String? {
        let scenes = frames.filter { $0.library.contains("/swift-scenes/") }
        guard !scenes.isEmpty else { return nil }
        var resolved: [Int: String] = [:]
        for library in Set(scenes.map(\.library)) {
            let indices = scenes.indices.filter { scenes[$0].library == library }
            // A return address points after its call: look up the byte before it.
            let addresses = indices.map { "0x" + String(max(1, scenes[$0].offset) - 1, radix: 16) }
            guard let lines = addr2line(library: library, addresses: addresses), lines.count == indices.count else {
                continue
            }
            for (index, line) in zip(indices, lines) { resolved[index] = line }
        }
        for index in scenes.indices {
            guard let line = resolved[index] else { continue }
            let place = line.split(separator: " ").first.map(String.init) ?? line
            guard !place.hasPrefix("??"), !place.hasSuffix(":0"), !place.hasSuffix(":?") else { continue }
            return place
        }
        return nil
    }

    /// `addr2line`'s one line per address for `library`, or nil when it cannot run.
    static func addr2line(library: String, addresses: [String]) -> [String]? {
        let tool = ["/usr/bin/addr2line", "/bin/addr2line"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let tool else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["-e", library] + addresses
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// The runtime's `Fatal error: …` message with the compiled module's name taken out of the place it
    /// names (`SwiftScene_0123abcd/pulse.swift:21: Fatal error: …` → `pulse.swift:21: Fatal error: …`).
    public static func withoutModuleName(_ message: String) -> String {
        message.replacing(#/SwiftScene_[0-9a-f]+\//#, with: "")
    }
}
