import Foundation

/// Why a folder cannot be made, in the words of the system (Foundation's own error on Linux only
/// says "The operation could not be completed").
enum FolderProblem {
    /// The reason `mkdir` gives for the first missing folder on the way to `url`.
    static func reason(creating url: URL) -> String {
        var missing = url.standardizedFileURL
        while !FileManager.default.fileExists(atPath: missing.deletingLastPathComponent().path),
            missing.pathComponents.count > 1
        {
            missing = missing.deletingLastPathComponent()
        }
        var isFolder: ObjCBool = false
        let parent = missing.deletingLastPathComponent()
        if FileManager.default.fileExists(atPath: parent.path, isDirectory: &isFolder), !isFolder.boolValue {
            return "\(parent.path) is a file, not a directory"
        }
        guard mkdir(missing.path, 0o755) != 0 else {
            rmdir(missing.path)
            return "unknown error"
        }
        return String(cString: strerror(errno))
    }
}
