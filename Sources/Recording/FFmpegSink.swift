import Foundation
import Raster

/// Frames piped to ffmpeg as raw pixels, encoded into a temporary file that is renamed to the output when
/// ffmpeg succeeds and removed when anything fails.
final class FFmpegSink: FrameSink {
    private let file: PartialFile
    private let process: FFmpegProcess
    private let arguments: FFmpegArguments
    /// MP4 frames are converted to YUV 4:2:0 here, GIF and APNG frames sent as straight-alpha BGRA.
    private var converter: YUV420Converter?
    private var packer: FramePacker?
    private var closed = false

    /// Finds ffmpeg, checks the output can be created and starts ffmpeg writing it.
    /// - Throws: `RecordingError.ffmpegMissing` (before any file is touched), the output's path errors,
    ///   or `.ffmpegLaunchFailed`.
    init(output: URL, arguments: FFmpegArguments, ffmpeg: FFmpegLocation) throws(RecordingError) {
        let executable = try FFmpegLocator.resolve(ffmpeg)
        file = try PartialFile(for: output)
        self.arguments = arguments
        if arguments.format == .mp4 {
            converter = YUV420Converter(width: arguments.width, height: arguments.height)
        } else {
            packer = FramePacker(width: arguments.width, height: arguments.height)
        }
        do {
            process = try FFmpegProcess(
                executable: executable, arguments: arguments.arguments(writingTo: file.temporary.path))
        } catch {
            file.discard()
            throw error
        }
    }

    var encodedSize: (width: Int, height: Int) { arguments.encodedSize }

    func write(_ frame: Bitmap) throws(RecordingError) {
        let send = { (bytes: UnsafeRawBufferPointer) in self.process.write(bytes.baseAddress!, count: bytes.count) }
        let code = converter?.withConvertedBytes(of: frame, send) ?? packer!.withPackedBytes(of: frame, send)
        guard code != 0 else { return }
        if code == EPIPE {
            throw failure(status: process.finish() ?? "it stopped reading frames")
        }
        abort()
        throw .cannotWrite(file.final, reason: "sending a frame to ffmpeg: \(systemMessage(code))")
    }

    /// ffmpeg 5 can exit with status 0 after failing to write the end of the file (a full disk), so its
    /// error output is checked too.
    func finish() throws(RecordingError) {
        closed = true
        if let status = process.finish() { throw failure(status: status) }
        if process.lastErrorLines().contains(where: FFmpegSink.isOutputFailure) {
            throw failure(status: "exit status 0")
        }
        try file.commit()
    }

    func abort() {
        guard !closed else { return }
        closed = true
        process.terminate()
        file.discard()
    }

    /// The error for ffmpeg having stopped with `status`, after removing the partial file.
    private func failure(status: String) -> RecordingError {
        closed = true
        process.terminate()
        file.discard()
        let lines = process.lastErrorLines()
        if lines.contains(where: { $0.localizedCaseInsensitiveContains("No space left on device") }) {
            return .diskFull(file.final)
        }
        return .ffmpegFailed(output: file.final, status: status, lastLines: lines)
    }

    /// Whether an ffmpeg error line says the output file was not completely written.
    private static func isOutputFailure(_ line: String) -> Bool {
        ["No space left on device", "Error writing trailer", "Error closing file", "I/O error"].contains {
            line.localizedCaseInsensitiveContains($0)
        }
    }
}
