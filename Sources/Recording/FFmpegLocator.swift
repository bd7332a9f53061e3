import Foundation

/// Finds the ffmpeg executable a recording will run.
enum FFmpegLocator {
    /// The absolute path of the ffmpeg that `location` names.
    /// - Throws: `RecordingError.ffmpegMissing` when there is no executable file there.
    static func resolve(_ location: FFmpegLocation) throws(RecordingError) -> String {
        switch location {
        case .executable(let path):
            guard isExecutableFile(path) else { throw .ffmpegMissing(searched: path) }
            return path
        case .searchPath(let searchPath):
            let directories = searchPath.split(separator: ":").map(String.init).filter { !$0.isEmpty }
            for directory in directories {
                let candidate = (directory as NSString).appendingPathComponent("ffmpeg")
                if isExecutableFile(candidate) { return candidate }
            }
            throw .ffmpegMissing(searched: directories.isEmpty ? "an empty PATH" : "PATH=\(searchPath)")
        }
    }

    private static func isExecutableFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
            && access(path, X_OK) == 0
    }
}
