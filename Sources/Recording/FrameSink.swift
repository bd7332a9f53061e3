import Foundation
import Raster

/// Where recorded frames go, one at a time, until `finish` puts the output under its final name or
/// `abort` removes everything written so far.
protocol FrameSink: AnyObject {
    /// The pixel size of the written pictures (it can differ from the frames', see `FFmpegArguments`).
    var encodedSize: (width: Int, height: Int) { get }
    func write(_ frame: Bitmap) throws(RecordingError)
    func finish() throws(RecordingError)
    func abort()
}

/// The sink for a `format` output of `frameCount` frames of `width`×`height` pixels at `fps`; a live
/// recording, whose length is not known ahead, passes nil. First removes the stale temporary outputs
/// of killed recordings beside the output (`PartialName`), then, for a known length, checks the disk
/// has room (`DiskSpace`).
/// - Throws: `RecordingError.notEnoughSpace`, or the sink's errors.
func makeFrameSink(
    format: RecordingFormat, output: URL, width: Int, height: Int, fps: Double, frameCount: Int?,
    settings: RecordingSettings
) throws(RecordingError) -> FrameSink {
    PartialName.removeStale(in: output.deletingLastPathComponent())
    if let frameCount {
        try DiskSpace.check(output: output, format: format, width: width, height: height, frames: frameCount)
    }
    switch format {
    case .pngSequence:
        return try PNGSequenceSink(directory: output, width: width, height: height)
    case .mp4, .gif, .apng:
        let arguments = FFmpegArguments(
            format: format, width: width, height: height, fps: fps, settings: settings, frameCount: frameCount)
        return try FFmpegSink(output: output, arguments: arguments, ffmpeg: settings.ffmpeg)
    }
}
