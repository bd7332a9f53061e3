import Foundation

/// What a finished recording produced, and how fast. `description` is the one-line summary printed
/// on standard error.
public struct RecordingSummary: Sendable, CustomStringConvertible {
    /// The file, or the directory of numbered PNGs.
    public var output: URL
    public var format: RecordingFormat
    public var frameCount: Int
    public var fps: Double
    /// The written pictures' size (an MP4 pads odd sides to even).
    public var width: Int
    public var height: Int
    /// Wall-clock seconds from the first frame to the finished file.
    public var wallTime: Double

    /// The recording's length in seconds.
    public var duration: Double { Double(frameCount) / fps }

    /// How many times faster than real time the recording was made.
    public var speed: Double { wallTime > 0 ? duration / wallTime : .infinity }

    public var description: String {
        let rate = FFmpegArguments.rate(fps)
        return "recorded \(frameCount) frames (\(Self.seconds(duration)) at \(rate) fps, \(width)x\(height)) to "
            + "\(output.path) in \(Self.seconds(wallTime)) (\(String(format: "%.2f", speed))x real time)"
    }

    static func seconds(_ value: Double) -> String {
        String(format: "%.2f s", value)
    }
}
