import Foundation
import Raster

/// Draws frame `index`, the scene at media time `time`, into `into`. The bitmap arrives cleared to
/// transparent black and has the job's size.
public typealias FrameProducer = (_ index: Int, _ time: Double, _ into: Bitmap) throws -> Void

/// One recording on a manual clock: `frameCount` frames of `width`×`height` pixels, frame k showing
/// media time exactly `from + k / fps`, written to `output` in the format its path names
/// (see `RecordingFormat.of(_:)`).
public struct RecordingJob: Sendable {
    public var output: URL
    public var width: Int
    public var height: Int
    /// Frames per second of the recording (and of media time).
    public var fps: Double
    public var frameCount: Int
    /// Media time of the first frame, in seconds.
    public var from: Double
    public var settings: RecordingSettings

    /// A job of `frameCount` frames.
    public init(
        output: URL, width: Int, height: Int, fps: Double = 60, frameCount: Int, from: Double = 0,
        settings: RecordingSettings = RecordingSettings()
    ) {
        self.output = output
        self.width = width
        self.height = height
        self.fps = fps
        self.frameCount = frameCount
        self.from = from
        self.settings = settings
    }

    /// A job covering `duration` seconds: the frames whose times `from + k / fps` fall before
    /// `from + duration` (1 s at 30 fps is 30 frames; a duration that is not a whole number of frames
    /// is rounded up to one).
    public init(
        output: URL, width: Int, height: Int, fps: Double = 60, duration: Double, from: Double = 0,
        settings: RecordingSettings = RecordingSettings()
    ) {
        self.init(
            output: output, width: width, height: height, fps: fps,
            frameCount: RecordingJob.frameCount(duration: duration, fps: fps), from: from, settings: settings)
    }

    /// The most frames a recording may have: 100 000, numbered `00000` to `99999` in a PNG sequence
    /// (27 min 46 s at 60 fps). A longer recording is refused before anything is written.
    public static let maximumFrameCount = 100_000

    /// The number of frames that cover `duration` seconds at `fps`, at least 1 for a positive duration;
    /// `Int.max` when that is more than an `Int` holds (an infinite duration, say); 0 for no frames or
    /// a rate or duration that is not a number.
    public static func frameCount(duration: Double, fps: Double) -> Int {
        guard duration > 0, fps > 0 else { return 0 }
        let exact = duration * fps
        // Every Double below 2^63 converts to an Int (and rounds up to one below 2^63 too).
        guard exact < 0x1p63 else { return Int.max }
        // The product's rounding error is forgiven: 0.1 s at 30 fps is 3 frames, not 4.
        let slack = min(1e-9 * max(1, exact), 1e-3)
        return max(1, Int((exact - slack).rounded(.up)))
    }

    /// The media time of frame `index`.
    public func time(ofFrame index: Int) -> Double {
        from + Double(index) / fps
    }

    /// The recording's length in seconds.
    public var duration: Double { Double(frameCount) / fps }

    /// Checks the numbers before anything is written.
    func validate() throws(RecordingError) {
        guard width > 0, height > 0 else {
            throw .invalidJob("the size must be at least 1x1 pixels, got \(width)x\(height)")
        }
        guard width <= 16384, height <= 16384 else {
            throw .invalidJob("the size must be at most 16384 pixels a side, got \(width)x\(height)")
        }
        guard fps.isFinite, fps > 0, fps <= 1000 else {
            throw .invalidJob("the frame rate must be more than 0 and at most 1000 frames per second, got \(fps)")
        }
        guard frameCount > 0 else {
            throw .invalidJob("there must be at least one frame (a duration above 0 seconds)")
        }
        guard frameCount <= RecordingJob.maximumFrameCount else {
            throw .tooLong(output, frames: frameCount, fps: fps)
        }
        guard from.isFinite else { throw .invalidJob("the start time must be a finite number, got \(from)") }
    }
}
