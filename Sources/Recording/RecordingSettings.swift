import Foundation

/// Where to find ffmpeg.
public enum FFmpegLocation: Sendable, Equatable {
    /// The first executable named `ffmpeg` in the colon-separated directories of `searchPath`.
    case searchPath(String)
    /// Exactly this executable.
    case executable(String)

    /// The first `ffmpeg` on this process's `PATH`.
    public static var path: FFmpegLocation {
        .searchPath(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin")
    }
}

/// How progress is shown on standard error while recording.
public enum ProgressDisplay: Sendable, Equatable {
    /// A progress bar when standard error is a terminal, else one summary line at the end.
    case automatic
    /// A progress bar redrawn in place, then the summary line.
    case bar
    /// Only the summary line at the end.
    case summaryLine
    /// Nothing.
    case silent
}

/// Encoder and reporting choices shared by `record(job:producer:)` and `LiveRecorder`.
public struct RecordingSettings: Sendable, Equatable {
    public var ffmpeg: FFmpegLocation
    /// The x264 speed preset for MP4 (`ultrafast` … `veryslow`). The default, `superfast`, keeps
    /// 1280×720 at 60 fps well above real time on two cores.
    public var x264Preset: String
    /// x264's constant rate factor for MP4: 0 is lossless, 18 looks lossless, 23 is x264's default.
    public var x264CRF: Int
    public var progress: ProgressDisplay

    public init(
        ffmpeg: FFmpegLocation = .path, x264Preset: String = "superfast", x264CRF: Int = 20,
        progress: ProgressDisplay = .automatic
    ) {
        self.ffmpeg = ffmpeg
        self.x264Preset = x264Preset
        self.x264CRF = x264CRF
        self.progress = progress
    }
}
