import Foundation

/// Why a recording failed. Every case reads as one message for the user (`description`); the partial
/// output has already been removed when one of these is thrown.
public enum RecordingError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The output's extension names no format we write.
    case unsupportedOutput(URL)
    /// Size, frame rate or frame count cannot make a recording; the text says which.
    case invalidJob(String)
    /// No ffmpeg executable was found; `searched` is the path or the search path that was tried.
    case ffmpegMissing(searched: String)
    /// ffmpeg exists but could not be started.
    case ffmpegLaunchFailed(path: String, reason: String)
    /// ffmpeg stopped with an error; `status` reads like "exit status 1" or "killed by signal 9", and
    /// `lastLines` are the last lines it wrote to its standard error.
    case ffmpegFailed(output: URL, status: String, lastLines: [String])
    /// The folder that should hold the output does not exist (or is not a folder).
    case noSuchDirectory(URL)
    /// The output cannot be created or written there; `reason` is the system's explanation.
    case cannotWrite(URL, reason: String)
    /// The disk holding the output ran out of space.
    case diskFull(URL)
    /// More frames than `RecordingJob.maximumFrameCount` (`Int.max` standing for more than an `Int` holds).
    case tooLong(URL, frames: Int, fps: Double)
    /// The recording cannot fit the free space of the disk that would hold it (see `DiskSpace`).
    case notEnoughSpace(URL, format: RecordingFormat, frames: Int, neededBytes: Int, freeBytes: Int)

    public var description: String {
        switch self {
        case .unsupportedOutput(let url):
            return "cannot record to \(url.path): unknown output type \"\(url.pathExtension)\"; "
                + "supported: \(RecordingFormat.supportedOutputs)"
        case .invalidJob(let problem):
            return "cannot record: \(problem)"
        case .ffmpegMissing(let searched):
            return "ffmpeg is needed to write MP4, GIF and APNG files but was not found (looked in \(searched)); "
                + "install it with `apt-get install ffmpeg`, or record numbered PNGs instead "
                + "by giving a directory (a path ending in /) as the output"
        case .ffmpegLaunchFailed(let path, let reason):
            return "cannot start ffmpeg at \(path): \(reason)"
        case .ffmpegFailed(let output, let status, let lastLines):
            let detail =
                lastLines.isEmpty
                ? " (it printed nothing)" : ":\n" + lastLines.map { "  " + $0 }.joined(separator: "\n")
            return "ffmpeg failed writing \(output.path) (\(status))\(detail)"
        case .noSuchDirectory(let url):
            return "cannot record: the directory \(url.path) does not exist"
        case .cannotWrite(let url, let reason):
            return "cannot write \(url.path): \(reason)"
        case .diskFull(let url):
            return "cannot write \(url.path): the disk is full (no space left on device); nothing was kept"
        case .tooLong(let url, let frames, let fps):
            let count = frames == Int.max ? "more than 9e18" : String(frames)
            let most = RecordingJob.maximumFrameCount
            return "cannot record \(url.path): \(count) frames is longer than a recording may be, "
                + "at most \(most) frames (\(clockDuration(Double(most) / fps)) at \(FFmpegArguments.rate(fps)) fps); "
                + "give a shorter --duration or a lower --fps"
        case .notEnoughSpace(let url, let format, let frames, let neededBytes, let freeBytes):
            let estimate =
                format == .pngSequence
                ? "up to \(neededBytes) bytes as PNG files"
                : "at least \(neededBytes) bytes (\(DiskSpace.leastBytesPerFrame(format)) bytes a frame, the least "
                    + "\(format.rawValue.uppercased()) takes)"
            return "cannot record \(url.path): not enough free space: \(frames) frames need \(estimate), "
                + "and its disk has \(freeBytes) bytes free"
        }
    }
}

/// Seconds as people read a length, whole seconds from a minute on: "27 min 46 s", "2 h 5 min 0 s", "1.5 s".
func clockDuration(_ seconds: Double) -> String {
    guard seconds >= 60, seconds < 1e9 else { return String(format: "%.3g s", seconds) }
    let whole = Int(seconds)
    let (hours, minutes, rest) = (whole / 3600, whole / 60 % 60, whole % 60)
    return hours > 0 ? "\(hours) h \(minutes) min \(rest) s" : "\(minutes) min \(rest) s"
}

/// The system's message for an `errno` value.
func systemMessage(_ code: Int32) -> String {
    String(cString: strerror(code))
}
