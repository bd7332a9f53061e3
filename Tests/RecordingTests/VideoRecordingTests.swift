import Foundation
import LayerscopeTestSupport
import Raster
import Testing

@testable import Recording

/// MP4, GIF and APNG through the installed ffmpeg, checked with ffprobe.
@Suite struct VideoRecordingTests {
    @Test(arguments: ["clip.mp4", "clip.gif", "clip.apng"])
    func oneSecondAt30FPSHas30FramesLastingOneSecond(name: String) throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let job = RecordingJob(
            output: temporary.file(name), width: 64, height: 48, fps: 30, duration: 1, settings: quietSettings)

        let summary = try record(job: job, producer: TestProducer().draw)
        let video = try ProbedVideo.probe(job.output)

        #expect(summary.frameCount == 30)
        #expect(video.frameCount == 30)
        // Tolerance: GIF stores delays in 1/100 s, APNG's muxer in 1/100000 s.
        #expect(abs(video.duration - 1) <= 0.001, "duration \(video.duration) s")
        if let containerDuration = video.containerDuration {
            #expect(abs(containerDuration - 1) <= 0.001, "container duration \(containerDuration) s")
        }
        #expect(video.streams[0].width == 64 && video.streams[0].height == 48)
        #expect(try temporary.contents() == [name], "only the final file is left")
    }

    @Test func mp4IsH264InYUV420() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let job = RecordingJob(
            output: temporary.file("clip.mp4"), width: 64, height: 48, fps: 25, frameCount: 5,
            settings: quietSettings)

        _ = try record(job: job, producer: TestProducer().draw)
        let stream = try ProbedVideo.probe(job.output).streams[0]

        #expect(stream.codec_name == "h264")
        #expect(stream.pix_fmt == "yuv420p")
    }

    /// Its job is set up like `mp4IsH264InYUV420`'s on purpose: each test states the size and frames it checks.
    @Test func mp4PadsOddSidesToEven() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let job = RecordingJob(
            output: temporary.file("odd.mp4"), width: 33, height: 21, fps: 10, frameCount: 4,
            settings: quietSettings)

        let summary = try record(job: job, producer: TestProducer().draw)
        let video = try ProbedVideo.probe(job.output)

        #expect(video.frameCount == 4)
        #expect(video.streams[0].width == 34 && video.streams[0].height == 22)
        #expect(summary.width == 34 && summary.height == 22)
    }

    @Test func gifAndAPNGLoopForever() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        for name in ["loop.gif", "loop.apng"] {
            _ = try record(
                job: RecordingJob(
                    output: temporary.file(name), width: 8, height: 8, fps: 10, frameCount: 3, settings: quietSettings),
                producer: TestProducer().draw)
        }
        let gif = try Data(contentsOf: temporary.file("loop.gif"))
        let apng = try Data(contentsOf: temporary.file("loop.apng"))

        // GIF: the NETSCAPE2.0 application extension with a loop count of 0 (forever).
        let netscape = Data("NETSCAPE2.0".utf8) + Data([3, 1, 0, 0])
        #expect(gif.range(of: netscape) != nil)
        // APNG: the acTL chunk (frame count 3, plays 0 = forever).
        let actl = Data("acTL".utf8) + Data([0, 0, 0, 3, 0, 0, 0, 0])
        #expect(apng.range(of: actl) != nil)
    }

    @Test func coloursSurviveEachFormat() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let orange = Pixel.premultiplied(red: 200, green: 100, blue: 50, alpha: 255)
        // Half-transparent green, premultiplied: straight (0, 200, 0) at alpha 128.
        let glass = Pixel.premultiplied(red: 0, green: 100, blue: 0, alpha: 128)
        let paint: FrameProducer = { _, _, bitmap in
            bitmap.fill(orange)
            for y in 0..<bitmap.height { bitmap.row(y).update(repeating: glass, count: 8) }
        }
        for name in ["clip.mp4", "clip.gif", "clip.apng"] {
            let job = RecordingJob(
                output: temporary.file(name), width: 32, height: 16, fps: 10, frameCount: 2, settings: quietSettings)
            _ = try record(job: job, producer: paint)
        }

        // MP4: lossy and without alpha (premultiplied colour over black); BT.709 round trip within 4 levels.
        let mp4 = try decodeFirstFrame(temporary.file("clip.mp4"))
        try #require(mp4.count == 32 * 16)
        #expect(isClose(mp4[8 * 32 + 20], 0xFFC8_6432, tolerance: 4), "\(String(mp4[8 * 32 + 20], radix: 16))")
        #expect(isClose(mp4[8 * 32 + 2], 0xFF00_6400, tolerance: 4), "\(String(mp4[8 * 32 + 2], radix: 16))")
        // APNG: lossless, straight alpha.
        let apng = try decodeFirstFrame(temporary.file("clip.apng"))
        try #require(apng.count == 32 * 16)
        #expect(apng[20] == 0xFFC8_6432)
        #expect(apng[2] == 0x8000_C700)  // 100 × 255 / 128 = 199.2
        // GIF: the palette holds both colours exactly; the translucent part becomes opaque (alpha ≥ 128).
        let gif = try decodeFirstFrame(temporary.file("clip.gif"))
        try #require(gif.count == 32 * 16)
        #expect(gif[20] == 0xFFC8_6432)
        #expect(gif[2] == 0xFF00_C700)
    }

    /// Whether every channel of `a` and `b` differs by at most `tolerance`.
    private func isClose(_ a: UInt32, _ b: UInt32, tolerance: Int) -> Bool {
        stride(from: 0, to: 32, by: 8).allSatisfy { abs(Int((a >> $0) & 0xFF) - Int((b >> $0) & 0xFF)) <= tolerance }
    }
}
