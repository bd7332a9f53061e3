import Foundation
import Raster

/// Records frames as they are shown, for the viewer: `append(_:)` copies each frame into a pooled
/// buffer and returns at once; a background thread encodes them in order. When encoding falls behind,
/// frames wait in the queue (memory grows), none is dropped. The output's frame rate is the display
/// rate the recorder was made with: frame k lasts exactly `1 / fps` in the file.
///
/// Call `finish()` or `cancel()` when done (later calls of either do nothing but throw or return); until
/// then the encoding thread keeps the recorder alive.
public final class LiveRecorder: @unchecked Sendable {
    /// The file (or directory of numbered PNGs) being written.
    public let output: URL
    public let fps: Double
    public let width: Int
    public let height: Int

    private let format: RecordingFormat
    private let sink: FrameSink
    private let state = NSCondition()
    private var queue: [Bitmap] = []
    private var pool: [Bitmap] = []
    private var appended = 0
    private var closing = false
    private var encoderDone = false
    private var ended = false
    private var failure: RecordingError?
    private let start = Monotonic.now()

    /// The most spare buffers kept for reuse (each is one frame).
    private static let poolLimit = 8

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
        let encoder = Thread { [self] in encode() }
        encoder.name = "recording encoder"
        encoder.start()
    }

    /// Queues a copy of `frame` (which must have the recorder's size) for encoding. Takes about the
    /// time of one frame copy; never waits for the encoder. Frames appended after a failure or after
    /// `finish()` are ignored.
    public func append(_ frame: Bitmap) {
        precondition(frame.width == width && frame.height == height, "frame size differs from the recording's")
        let buffer: Bitmap? = state.withLock {
            guard !closing, failure == nil else { return nil }
            return pool.popLast() ?? Bitmap(width: width, height: height)
        }
        guard let buffer else { return }
        buffer.copy(from: frame)
        state.withLock {
            queue.append(buffer)
            appended += 1
            state.signal()
        }
    }

    /// Frames appended and not yet encoded.
    public var pendingFrames: Int { state.withLock { queue.count } }

    /// The first error the encoder met, if any; later frames are not recorded. `finish()` throws it.
    public var error: RecordingError? { state.withLock { failure } }

    /// Waits for every queued frame to be encoded, then completes the output.
    /// - Returns: the summary (frame count, rate, size, path, wall time since the recorder started).
    /// - Throws: the encoder's error, or `RecordingError.invalidJob` when no frame was appended or the
    ///   recording has already ended; the partial output is removed then.
    public func finish() throws(RecordingError) -> RecordingSummary {
        guard markEnded() else { throw .invalidJob("the recording has already ended") }
        let frames = closeAndWait()
        if let failure = state.withLock({ failure }) { throw failure }
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
        state.withLock {
            queue.removeAll()
            closing = true
            state.signal()
        }
        _ = closeAndWait()
        sink.abort()
    }

    /// Whether this call is the first to end the recording.
    private func markEnded() -> Bool {
        state.withLock {
            defer { ended = true }
            return !ended
        }
    }

    /// Tells the encoder no more frames come, waits until it has written the queue, and returns the
    /// number of frames appended.
    private func closeAndWait() -> Int {
        state.lock()
        defer { state.unlock() }
        closing = true
        state.broadcast()
        while !encoderDone { state.wait() }
        return appended
    }

    private func encode() {
        while let frame = nextFrame() {
            if state.withLock({ failure }) == nil {
                do {
                    try sink.write(frame)
                } catch {
                    state.withLock { failure = error }
                }
            }
            state.withLock {
                if pool.count < LiveRecorder.poolLimit { pool.append(frame) }
            }
        }
        state.withLock {
            encoderDone = true
            state.broadcast()
        }
    }

    /// The oldest queued frame, waiting for one; nil once closing and the queue is empty.
    private func nextFrame() -> Bitmap? {
        state.lock()
        defer { state.unlock() }
        while queue.isEmpty && !closing { state.wait() }
        return queue.isEmpty ? nil : queue.removeFirst()
    }
}
