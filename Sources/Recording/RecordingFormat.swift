import Foundation

/// What a recording is written as, chosen from the output path.
public enum RecordingFormat: String, Sendable, CaseIterable {
    /// H.264 in MP4 (yuv420p, fast start), through ffmpeg.
    case mp4
    /// A looping GIF with a palette made from the clip, through ffmpeg.
    case gif
    /// A looping animated PNG, through ffmpeg.
    case apng
    /// A directory of numbered PNG files `00000.png`, `00001.png`, …, written without ffmpeg.
    case pngSequence

    /// The outputs we write, for messages.
    public static let supportedOutputs = "FILE.mp4, FILE.gif, FILE.apng, or a directory (DIR/) for numbered PNGs"

    /// The format for `output`: a path ending in "/", an existing directory or a name without extension is
    /// a PNG sequence; otherwise the extension decides (case-insensitive).
    /// - Throws: `RecordingError.unsupportedOutput` for any other extension.
    public static func of(_ output: URL) throws(RecordingError) -> RecordingFormat {
        var isDirectory: ObjCBool = false
        if output.hasDirectoryPath
            || (FileManager.default.fileExists(atPath: output.path, isDirectory: &isDirectory) && isDirectory.boolValue)
            || output.pathExtension.isEmpty
        {
            return .pngSequence
        }
        switch output.pathExtension.lowercased() {
        case "mp4": return .mp4
        case "gif": return .gif
        case "apng": return .apng
        default: throw .unsupportedOutput(output)
        }
    }

    /// Whether the format needs ffmpeg.
    var usesFFmpeg: Bool { self != .pngSequence }
}
