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
    /// The x264 speed preset for MP4 (`ultrafast` … `veryslow`). The default, `ultrafast`, costs about
    /// 60 % of `superfast`'s CPU time, which keeps 1280×720 at 60 fps above twice real time on two cores;
    /// its files are about a third larger for the same quality, and play everywhere (no B-frames, CAVLC).
    public var x264Preset: String
    /// x264's constant rate factor for MP4: 0 is lossless, lower is better and bigger. The default, 23,
    /// gives about 48 dB PSNR with `ultrafast` on a busy test pattern, which looks lossless.
    public var x264CRF: Int
    public var progress: ProgressDisplay

    public init(
        ffmpeg: FFmpegLocation = .path, x264Preset: String = "ultrafast", x264CRF: Int = 23,
        progress: ProgressDisplay = .automatic
    ) {
        self.ffmpeg = ffmpeg
        self.x264Preset = x264Preset
        self.x264CRF = x264CRF
        self.progress = progress
    }
}
