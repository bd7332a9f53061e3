import Foundation
import LayerKit
import Raster
import Recording

@testable import Viewer

/// A source with no layers that fills its frame with one colour, worked out from the media time last
/// shown (a constant colour unless a test encodes the time in it).
final class PlainSource: FrameSource {
    let name: String
    let width: Int
    let height: Int
    let extraCommands: [ViewerCommand] = []
    let rootLayer: CALayer? = nil
    var log: ((String) -> Void)?
    var isIdle = false
    /// The frame's colour at a media time.
    var paint: (Double) -> Pixel
    /// The media time last shown.
    private(set) var shown = 0.0

    init(name: String = "plain", width: Int = 320, height: Int = 240, color: Pixel = 0xFF00_0000) {
        self.name = name
        self.width = width
        self.height = height
        paint = { _ in color }
    }

    /// Every later frame in `color`.
    func fill(with color: Pixel) { paint = { _ in color } }

    func show(mediaTime: Double) { shown = mediaTime }
    func draw(into bitmap: Bitmap, damageOnly: Bool) { bitmap.fill(paint(shown)) }
    func perform(_ command: ViewerCommand) {}
}

/// A recorder that keeps the frames it is given (their pixels, row by row) instead of encoding them,
/// and fails to complete with `failsToComplete` when set.
final class FrameKeeper: ViewerRecorder, @unchecked Sendable {
    let output: URL
    var error: RecordingError?
    var frames: [[Pixel]] = []
    var failsToComplete: RecordingError?

    init(output: URL) { self.output = output }

    func append(_ frame: Bitmap) {
        frames.append(
            (0..<frame.height).flatMap { Array(UnsafeBufferPointer(start: frame.row($0), count: frame.width)) })
    }

    func complete() throws(RecordingError) -> Int {
        if let failsToComplete { throw failsToComplete }
        return frames.count
    }
}
