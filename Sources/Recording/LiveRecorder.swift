import Foundation
import Raster

/// Records frames as they are shown, for the viewer: `append(_:)` copies each frame into a pooled
/// buffer and returns at once; a background thread encodes them in order. When encoding falls behind,
/// frames wait in the queue (memory grows), none is dropped. The output's frame rate is the display
/// rate the recorder was made with: frame k lasts exactly `1 / fps` in the file.
///
/// Call `finish()` to complete the file or `cancel()` to remove it; later calls of either do nothing
/// (`finish()` throws). A recorder released without either is cancelled.
public final class LiveRecorder: @unchecked Sendable {
    /// The file (or directory of numbered PNGs) being written.
    public let output: URL
    public let fps: Double
    public let width: Int
    public let height: Int

    private let format: RecordingFormat
    private let sink: FrameSink
    private let encoder: EncoderThread
    private let ending = NSLock()
    private var ended = false
    private let start = Monotonic.now()

    /// Starts recording `width`×`height` frames shown `fps` times a second (the display link's rate,
    /// 1 / its period) into `output`, in the format its path names.
    /// - Throws: `RecordingError` when the output is unsupported or cannot be written, or ffmpeg is
    ///   missing or cannot start; nothing is left behind then.
    public init(
        output: URL, width: Int, height: Int, fps: Double, settings: RecordingSettings = RecordingSettings()
    ) throws(RecordingError) {
        try RecordingJob(output: output, width: width, height: height, fps: fps, frameCount: 1).validate()
        format = try RecordingFormat.of(output)
        sink = try makeFrameSink(
            format: format, output: output, width: width, height: height, fps: fps, frameCount: nil,
            settings: settings)
        self.output = output
        self.fps = fps
        self.width = width
        self.height = height
        encoder = EncoderThread(sink: sink, width: width, height: height, capacity: nil)
    }

    deinit {
        cancel()
    }

    /// Queues a copy of `frame` (which must have the recorder's size) for encoding. Takes about the
    /// time of one frame copy; never waits for the encoder. Frames appended after a failure or after
    /// `finish()` are ignored.
    public func append(_ frame: Bitmap) {
        precondition(frame.width == width && frame.height == height, "frame size differs from the recording's")
        guard let buffer = encoder.emptyBuffer() else { return }
        buffer.copy(from: frame)
        encoder.submit(buffer)
    }

    /// Frames appended and not yet encoded.
    public var pendingFrames: Int { encoder.pendingFrames }

    /// The first error the encoder met, if any; later frames are not recorded. `finish()` throws it.
    public var error: RecordingError? { encoder.error }

    /// Waits for every queued frame to be encoded, then completes the output.
    /// - Returns: the summary (frame count, rate, size, path, wall time since the recorder started).
    /// - Throws: the encoder's error, or `RecordingError.invalidJob` when no frame was appended or the
    ///   recording has already ended; the partial output is removed then.
    public func finish() throws(RecordingError) -> RecordingSummary {
        guard markEnded() else { throw .invalidJob("the recording has already ended") }
        let (frames, failure) = encoder.close()
        if let failure { throw failure }
        guard frames > 0 else {
            sink.abort()
            throw .invalidJob("no frame was recorded")
        }
        try sink.finish()
        return RecordingSummary(
            output: output, format: format, frameCount: frames, fps: fps, width: sink.encodedSize.width,
            height: sink.encodedSize.height, wallTime: Monotonic.now() - start)
    }

    /// Stops recording and removes what was written (unless the recording has already ended).
    public func cancel() {
        guard markEnded() else { return }
        _ = encoder.close(discardingQueue: true)
        sink.abort()
    }

    /// Whether this call is the first to end the recording.
    private func markEnded() -> Bool {
        ending.withLock {
            defer { ended = true }
            return !ended
        }
    }
}
