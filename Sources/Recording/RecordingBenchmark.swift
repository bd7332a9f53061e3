import Foundation
import Raster

/// Measures how fast a recording is made, with a synthetic producer that costs next to nothing (a
/// gradient and a moving square, filled row by row), so the figure is the recording pipeline's own:
/// handing frames to ffmpeg, colour conversion and encoding. A real recording adds the compositor's
/// time per frame.
public enum RecordingBenchmark {
    /// One measured recording.
    public struct Result: Sendable, CustomStringConvertible {
        public var summary: RecordingSummary
        public var x264Preset: String
        /// The size of the written file in bytes.
        public var bytes: Int
        /// CPU seconds spent in this process (producer and frame hand-off) and in ffmpeg. Unlike the
        /// wall time, these hardly change when other work shares the machine.
        public var processCPUSeconds: Double
        public var ffmpegCPUSeconds: Double

        /// `record-mp4 1280x720 fps=60 frames=300 wall_s=… speed=…x ms_per_frame=… cpu_s=… ffmpeg_cpu_s=… bytes=… preset=ultrafast`
        public var description: String {
            let format = summary.format == .pngSequence ? "png" : summary.format.rawValue
            let preset = summary.format == .mp4 ? " preset=\(x264Preset)" : ""
            return "record-\(format) \(summary.width)x\(summary.height) fps=\(FFmpegArguments.rate(summary.fps)) "
                + "frames=\(summary.frameCount) wall_s=\(String(format: "%.2f", summary.wallTime)) "
                + "speed=\(String(format: "%.2f", summary.speed))x "
                + "ms_per_frame=\(String(format: "%.2f", summary.wallTime * 1000 / Double(summary.frameCount))) "
                + "cpu_s=\(String(format: "%.2f", processCPUSeconds)) ffmpeg_cpu_s=\(String(format: "%.2f", ffmpegCPUSeconds)) "
                + "bytes=\(bytes)\(preset)"
        }
    }

    /// Records `seconds` of `width`×`height` at `fps` as `format` into a temporary directory (removed
    /// afterwards) and reports the time taken. The defaults are the benchmark of record: 1280×720 at 60 fps
    /// to MP4, which must run at least twice as fast as real time.
    public static func run(
        width: Int = 1280, height: Int = 720, fps: Double = 60, seconds: Double = 5, format: RecordingFormat = .mp4,
        settings: RecordingSettings = RecordingSettings(progress: .silent)
    ) throws -> Result {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "layerscope-recording-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let output =
            format == .pngSequence
            ? directory.appendingPathComponent("frames", isDirectory: true)
            : directory.appendingPathComponent("bench.\(format.rawValue)")
        let job = RecordingJob(
            output: output, width: width, height: height, fps: fps, duration: seconds, settings: settings)
        let processCPU = cpuSeconds(RUSAGE_SELF)
        let childrenCPU = cpuSeconds(RUSAGE_CHILDREN)
        let summary = try record(job: job) { index, _, bitmap in drawSyntheticFrame(index, into: bitmap) }
        return Result(
            summary: summary, x264Preset: settings.x264Preset, bytes: byteCount(of: output),
            processCPUSeconds: cpuSeconds(RUSAGE_SELF) - processCPU,
            ffmpegCPUSeconds: cpuSeconds(RUSAGE_CHILDREN) - childrenCPU)
    }

    /// The size of a file, or of all files in a directory.
    private static func byteCount(of output: URL) -> Int {
        let files =
            (try? FileManager.default.contentsOfDirectory(atPath: output.path))?.map {
                output.appendingPathComponent($0).path
            } ?? [output.path]
        return files.reduce(0) { total, path in
            total + ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0)
        }
    }

    /// User plus system CPU seconds of this process or of its waited-for children.
    private static func cpuSeconds(_ who: __rusage_who) -> Double {
        var usage = rusage()
        getrusage(who.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) * 1e-6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// A vertical gradient that scrolls with the frame number and a square crossing the frame.
    static func drawSyntheticFrame(_ index: Int, into bitmap: Bitmap) {
        let side = min(bitmap.width, bitmap.height) / 4
        let squareX = (index * 7) % max(1, bitmap.width - side)
        let squareY = (bitmap.height - side) / 2
        for y in 0..<bitmap.height {
            let shade = UInt8((y + index * 3) % 256)
            let row = bitmap.row(y)
            row.update(
                repeating: .premultiplied(red: shade, green: 96, blue: 255 - shade, alpha: 255), count: bitmap.width)
            if y >= squareY && y < squareY + side {
                (row + squareX).update(
                    repeating: .premultiplied(red: 250, green: 220, blue: 40, alpha: 255), count: side)
            }
        }
    }
}
