import Foundation
import Raster

/// A background thread that writes frames to a sink in the order they are submitted, recycling their
/// buffers. With a `capacity`, `emptyBuffer()` waits while that many frames are queued, so an offline
/// recording keeps pace with the encoder while drawing the next frame beside it; without one the queue
/// grows as needed and the caller never waits (a live recording).
///
/// `@unchecked Sendable`: the queue, pool, counters and flags are only touched under the `state`
/// condition's lock; the sink is used by the encoder thread alone, the sizes are immutable.
final class EncoderThread: @unchecked Sendable {
    private let sink: FrameSink
    private let width: Int
    private let height: Int
    private let capacity: Int?
    private let state = NSCondition()
    private var queue: [Bitmap] = []
    private var pool: [Bitmap] = []
    private var submitted = 0
    private var closing = false
    private var finished = false
    private var failure: RecordingError?

    /// The most spare buffers kept for reuse (each holds one frame).
    private static let poolLimit = 8

    /// Starts the thread writing `width`×`height` frames to `sink`.
    init(sink: FrameSink, width: Int, height: Int, capacity: Int?) {
        self.sink = sink
        self.width = width
        self.height = height
        self.capacity = capacity
        let thread = Thread { [self] in run() }
        thread.name = "recording encoder"
        thread.start()
    }

    /// A buffer of the recording's size for the next frame, holding whatever it last held; nil once the
    /// encoder has failed or been closed.
    func emptyBuffer() -> Bitmap? {
        state.lock()
        defer { state.unlock() }
        if let capacity {
            while queue.count >= capacity && failure == nil && !closing { state.wait() }
        }
        guard failure == nil, !closing else { return nil }
        return pool.popLast() ?? Bitmap(width: width, height: height)
    }

    /// Queues `buffer` (from `emptyBuffer()`) to be written after the frames before it.
    func submit(_ buffer: Bitmap) {
        state.withLock {
            guard failure == nil, !closing else { return }
            queue.append(buffer)
            submitted += 1
            state.broadcast()
        }
    }

    /// Frames submitted and not yet written.
    var pendingFrames: Int { state.withLock { queue.count } }

    /// The first error the sink threw; frames after it are not written.
    var error: RecordingError? { state.withLock { failure } }

    /// Takes no more frames and waits for the thread to end, after it has written the queue (or dropped
    /// it, when `discardingQueue`).
    /// - Returns: the number of frames submitted, and the sink's first error.
    func close(discardingQueue: Bool = false) -> (frames: Int, failure: RecordingError?) {
        state.lock()
        defer { state.unlock() }
        closing = true
        if discardingQueue { queue.removeAll() }
        state.broadcast()
        while !finished { state.wait() }
        return (submitted, failure)
    }

    private func run() {
        while let frame = nextFrame() {
            if state.withLock({ failure }) == nil {
                do {
                    try sink.write(frame)
                } catch {
                    state.withLock {
                        failure = error
                        state.broadcast()
                    }
                }
            }
            state.withLock {
                if pool.count < EncoderThread.poolLimit { pool.append(frame) }
            }
        }
        state.withLock {
            finished = true
            state.broadcast()
        }
    }

    /// The oldest queued frame, waiting for one; nil once closed and the queue is empty.
    private func nextFrame() -> Bitmap? {
        state.lock()
        defer { state.unlock() }
        while queue.isEmpty && !closing { state.wait() }
        guard !queue.isEmpty else { return nil }
        state.broadcast()
        return queue.removeFirst()
    }
}
