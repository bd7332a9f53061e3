import Foundation
import Raster
import Testing

@testable import Recording

/// The pixel the test producer paints at column `x` of frame `index`: the frame number in red and
/// green, a horizontal ramp in blue, opaque.
func testPixel(frame index: Int, x: Int) -> Pixel {
    .premultiplied(
        red: UInt8(index * 8 % 256), green: UInt8(255 - index * 8 % 256), blue: UInt8(x * 4 % 256), alpha: 255)
}

/// A producer that paints every frame with `testPixel` and records the times it was asked for.
final class TestProducer: @unchecked Sendable {
    private(set) var times: [Double] = []

    func draw(_ index: Int, _ time: Double, _ bitmap: Bitmap) {
        times.append(time)
        for y in 0..<bitmap.height {
            let row = bitmap.row(y)
            for x in 0..<bitmap.width { row[x] = testPixel(frame: index, x: x) }
        }
    }
}

/// Settings for tests: ffmpeg from the usual places, no progress output.
let quietSettings = RecordingSettings(ffmpeg: .path, progress: .silent)

/// What ffprobe reports about a video file's first stream, every frame decoded.
struct ProbedVideo: Decodable {
    struct Stream: Decodable {
        var width: Int
        var height: Int
        var codec_name: String
        var pix_fmt: String?
    }
    struct Frame: Decodable {
        var pts_time: String
        var pkt_duration_time: String?
        var duration_time: String?
    }
    struct Format: Decodable {
        var duration: String?
    }
    var streams: [Stream]
    var frames: [Frame]
    var format: Format

    var frameCount: Int { frames.count }

    /// From the first frame's start to the last frame's end, as the container's timestamps say.
    var duration: Double {
        guard let first = frames.first, let last = frames.last,
            let start = Double(first.pts_time), let end = Double(last.pts_time),
            let length = Double(last.duration_time ?? last.pkt_duration_time ?? "")
        else { return -1 }
        return end + length - start
    }

    /// The container's own duration, when it states one (MP4 and GIF do).
    var containerDuration: Double? { format.duration.flatMap(Double.init) }

    static func probe(_ file: URL) throws -> ProbedVideo {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "ffprobe", "-v", "error", "-select_streams", "v:0",
            "-show_entries",
            "stream=width,height,codec_name,pix_fmt:frame=pts_time,pkt_duration_time,duration_time:format=duration",
            "-of", "json", file.path,
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try JSONDecoder().decode(ProbedVideo.self, from: data)
    }
}

/// The first frame of a video decoded by ffmpeg into straight-alpha BGRA pixels, row by row.
func decodeFirstFrame(_ file: URL) throws -> [UInt32] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
        "ffmpeg", "-v", "error", "-nostdin", "-i", file.path, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "bgra",
        "-",
    ]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return data.withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) }
}
