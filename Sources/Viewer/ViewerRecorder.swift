import Foundation
import Raster
import Recording

/// A recording in progress as the viewer drives it: a `LiveRecorder`, or a stand-in in tests.
protocol ViewerRecorder: AnyObject, Sendable {
    /// The file being written.
    var output: URL { get }
    /// The first error the encoder met, if any; later frames are not recorded.
    var error: RecordingError? { get }
    /// Queues a copy of `frame` without waiting for the encoder.
    func append(_ frame: Bitmap)
    /// Waits for the queued frames to be encoded and completes the file.
    /// - Returns: the number of frames in the file.
    func complete() throws(RecordingError) -> Int
}

extension LiveRecorder: ViewerRecorder {
    func complete() throws(RecordingError) -> Int {
        try finish().frameCount
    }
}
