import Foundation
import Raster

/// Records `job`: calls `producer` for frames 0 ..< `job.frameCount` in order, each at media time
/// `job.from + k / job.fps`, and writes them to `job.output` (MP4, GIF or APNG through ffmpeg, or numbered
/// PNGs into a directory). The producer draws the next frame while the previous one is encoded on
/// another thread. Shows progress on standard error as `job.settings.progress` says.
///
/// Nothing is left under the output's name unless the recording completes. Refused before anything is
/// written: more than `RecordingJob.maximumFrameCount` frames, or more than fits the disk (`DiskSpace`).
/// - Returns: what was written and how fast.
/// - Throws: `RecordingError` (with the partial output removed), or whatever `producer` throws.
public func record(job: RecordingJob, producer: FrameProducer) throws -> RecordingSummary {
    try job.validate()
    let format = try RecordingFormat.of(job.output)
    let progress = ProgressReporter(total: job.frameCount, output: job.output, display: job.settings.progress)
    let sink = try makeFrameSink(
        format: format, output: job.output, width: job.width, height: job.height, fps: job.fps,
        frameCount: job.frameCount, settings: job.settings)
    if format == .gif {
        noteGIFLimits(job, progress)
    }
    let encoder = EncoderThread(sink: sink, width: job.width, height: job.height, capacity: 2)
    do {
        for index in 0..<job.frameCount {
            guard let frame = encoder.emptyBuffer() else { break }
            frame.fill(0)
            try producer(index, job.time(ofFrame: index), frame)
            encoder.submit(frame)
            progress.update(done: index + 1)
        }
        if let failure = encoder.close().failure { throw failure }
        try sink.finish()
    } catch {
        _ = encoder.close(discardingQueue: true)
        sink.abort()
        progress.abandon()
        throw error
    }
    let summary = RecordingSummary(
        output: job.output, format: format, frameCount: job.frameCount, fps: job.fps,
        width: sink.encodedSize.width, height: sink.encodedSize.height, wallTime: progress.elapsed)
    progress.finish(summary)
    return summary
}

/// Warns about GIFs that browsers will play slowly or that need much memory to make.
private func noteGIFLimits(_ job: RecordingJob, _ progress: ProgressReporter) {
    if job.fps > 50 {
        progress.note(
            "GIF frames shorter than 20 ms (above 50 fps) play slowed down in most browsers; consider --fps 50")
    }
    let clipBytes = Double(job.frameCount) * Double(job.width * job.height * 4)
    if clipBytes > Double(1 << 30) {
        progress.note(
            "ffmpeg holds the whole clip in memory to choose the GIF's palette: about "
                + "\(Int(clipBytes / Double(1 << 20))) MiB; a smaller --size, --fps or --duration needs less")
    }
}
