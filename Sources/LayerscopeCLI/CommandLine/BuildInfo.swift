import Foundation

/// What `--version` prints: the version and the commit the binary was built from.
///
/// The commit is read when asked, not baked in: from the git checkout the binary was built in (the
/// first folder above the executable holding `.git`, as SwiftPM builds under `.build/` in the
/// checkout), else from `share/layerscope/commit` beside an installed binary's `bin/` (written by
/// `./run.sh install`).
enum BuildInfo {
    static let version = "0.1.0"

    /// `layerscope 0.1.0 (commit 0123456789ab)`, or `(commit unknown)`.
    static var versionLine: String { "layerscope \(version) (commit \(commit ?? "unknown"))" }

    /// The first 12 hexadecimal digits of the commit, when it can be found.
    static var commit: String? {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = executable.deletingLastPathComponent()
        let installed = folder.deletingLastPathComponent().appendingPathComponent("share/layerscope/commit")
        if let text = try? String(contentsOf: installed, encoding: .utf8) { return shortened(text) }
        for _ in 0..<8 {
            let git = folder.appendingPathComponent(".git")
            if FileManager.default.fileExists(atPath: git.path) { return head(of: git) }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }

    /// The commit `HEAD` names in the git folder `git` (a detached hash, a loose ref or a packed one).
    static func head(of git: URL) -> String? {
        guard let head = try? String(contentsOf: git.appendingPathComponent("HEAD"), encoding: .utf8) else {
            return nil
        }
        let line = head.trimmingCharacters(in: .whitespacesAndNewlines)
        guard line.hasPrefix("ref: ") else { return shortened(line) }
        let ref = String(line.dropFirst(5))
        if let loose = try? String(contentsOf: git.appendingPathComponent(ref), encoding: .utf8) {
            return shortened(loose)
        }
        let packed = (try? String(contentsOf: git.appendingPathComponent("packed-refs"), encoding: .utf8)) ?? ""
        for entry in packed.split(separator: "\n") where entry.hasSuffix(" " + ref) {
            return shortened(String(entry.prefix { $0 != " " }))
        }
        return nil
    }

    private static func shortened(_ text: String) -> String? {
        let hash = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard hash.count >= 12, hash.allSatisfy(\.isHexDigit) else { return nil }
        return String(hash.prefix(12))
    }
}
