import Foundation

/// The ffmpeg command line that turns raw frames on standard input (YUV 4:2:0 for MP4, straight-alpha
/// BGRA for GIF and APNG) into one output file.
struct FFmpegArguments {
    var format: RecordingFormat
    var width: Int
    var height: Int
    var fps: Double
    var settings: RecordingSettings
    /// How many frames will be sent, when known ahead; GIF uses it to time the last frame.
    var frameCount: Int?

    /// The size of the encoded picture: H.264 in YUV 4:2:0 needs even sides, so MP4 pads an odd side
    /// with one black row or column; the other formats keep the frame's size.
    var encodedSize: (width: Int, height: Int) {
        format == .mp4 ? (width + width % 2, height + height % 2) : (width, height)
    }

    /// Every argument after the executable, writing to `file`.
    func arguments(writingTo file: String) -> [String] {
        input + encoding + ["-y", file]
    }

    /// Raw frames on the pipe: for MP4 already converted to the encoder's YUV 4:2:0 (see
    /// `YUV420Converter`), for GIF and APNG straight-alpha BGRA.
    private var input: [String] {
        let (pixelFormat, size) =
            format == .mp4
            ? ("yuv420p", "\(encodedSize.width)x\(encodedSize.height)") : ("bgra", "\(width)x\(height)")
        return [
            "-hide_banner", "-nostdin", "-nostats", "-loglevel", "error",
            "-f", "rawvideo", "-pixel_format", pixelFormat, "-video_size", size,
            "-framerate", FFmpegArguments.rate(fps), "-i", "pipe:0",
        ]
    }

    private var encoding: [String] {
        switch format {
        case .mp4:
            return [
                "-c:v", "libx264", "-preset", settings.x264Preset, "-crf", String(settings.x264CRF),
                "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv",
                "-chroma_sample_location", "center", "-movflags", "+faststart", "-f", "mp4",
            ]
        case .gif:
            let finalDelay = gifFinalDelay.map { ["-final_delay", String($0)] } ?? []
            return [
                "-filter_complex",
                "[0:v]split[frames][sample];[sample]palettegen=reserve_transparent=1[palette];"
                    + "[frames][palette]paletteuse=dither=bayer:bayer_scale=4",
                "-loop", "0",
            ] + finalDelay + ["-f", "gif"]
        case .apng:
            return ["-c:v", "apng", "-pix_fmt", "rgba", "-plays", "0", "-f", "apng"]
        case .pngSequence:
            preconditionFailure("PNG sequences are written without ffmpeg")
        }
    }

    /// GIF delays are whole hundredths of a second, and ffmpeg starts frame k at k / fps rounded to one;
    /// the last frame lasts until the clip's rounded end, so the GIF is exactly as long as the recording.
    var gifFinalDelay: Int? {
        guard let frameCount else { return nil }
        let end = (Double(frameCount) * 100 / fps).rounded()
        let lastStart = (Double(frameCount - 1) * 100 / fps).rounded()
        return max(1, Int(end - lastStart))
    }

    /// A frame rate as ffmpeg parses it and people read it: "60", "59.94".
    static func rate(_ fps: Double) -> String {
        String(format: "%.9g", fps)
    }
}
