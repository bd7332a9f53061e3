import Foundation
import LayerscopeTestSupport
import Raster
import Testing

@testable import Recording

/// The small pure pieces: format choice, frame counts and times, ffmpeg timing, pixel packing, messages.
@Suite struct RecordingPartsTests {
    @Test func formatComesFromTheOutputPath() throws {
        #expect(try RecordingFormat.of(URL(fileURLWithPath: "/x/clip.mp4")) == .mp4)
        #expect(try RecordingFormat.of(URL(fileURLWithPath: "/x/clip.MP4")) == .mp4)
        #expect(try RecordingFormat.of(URL(fileURLWithPath: "/x/clip.gif")) == .gif)
        #expect(try RecordingFormat.of(URL(fileURLWithPath: "/x/clip.apng")) == .apng)
        #expect(try RecordingFormat.of(URL(fileURLWithPath: "/x/frames/")) == .pngSequence)
        #expect(try RecordingFormat.of(URL(fileURLWithPath: "/x/frames")) == .pngSequence)
        #expect(try RecordingFormat.of(FileManager.default.temporaryDirectory) == .pngSequence)
        #expect(throws: RecordingError.unsupportedOutput(URL(fileURLWithPath: "/x/clip.png"))) {
            try RecordingFormat.of(URL(fileURLWithPath: "/x/clip.png"))
        }
    }

    @Test func durationsBecomeFrameCounts() {
        #expect(RecordingJob.frameCount(duration: 1, fps: 30) == 30)
        #expect(RecordingJob.frameCount(duration: 2.5, fps: 60) == 150)
        #expect(RecordingJob.frameCount(duration: 0.1, fps: 30) == 3)
        #expect(RecordingJob.frameCount(duration: 1.01, fps: 30) == 31)
        #expect(RecordingJob.frameCount(duration: 0.001, fps: 30) == 1)
        #expect(RecordingJob.frameCount(duration: 0, fps: 30) == 0)
        #expect(RecordingJob.frameCount(duration: 1e9, fps: 60) == 60_000_000_000)
        #expect(RecordingJob.frameCount(duration: .infinity, fps: 30) == Int.max)
        #expect(RecordingJob.frameCount(duration: 1e300, fps: 60) == Int.max)
        #expect(RecordingJob.frameCount(duration: 1, fps: .greatestFiniteMagnitude) == Int.max)
        #expect(RecordingJob.frameCount(duration: .nan, fps: 30) == 0)
        #expect(RecordingJob.frameCount(duration: 1, fps: .nan) == 0)
    }

    @Test func frameTimesAreExact() {
        let job = RecordingJob(
            output: URL(fileURLWithPath: "/x/a.mp4"), width: 2, height: 2, fps: 60, frameCount: 120, from: 1.5)
        #expect(job.time(ofFrame: 0) == 1.5)
        #expect(job.time(ofFrame: 30) == 2.0)
        #expect(job.time(ofFrame: 119) == 1.5 + 119.0 / 60)
        #expect(job.duration == 2)
    }

    @Test func gifLastFrameEndsOnTheRoundedClipEnd() {
        func delay(frames: Int, fps: Double) -> Int? {
            FFmpegArguments(
                format: .gif, width: 2, height: 2, fps: fps, settings: RecordingSettings(), frameCount: frames
            )
            .gifFinalDelay
        }
        #expect(delay(frames: 30, fps: 30) == 3)  // frame 29 starts at 97 cs, the clip ends at 100 cs
        #expect(delay(frames: 10, fps: 25) == 4)
        #expect(delay(frames: 60, fps: 60) == 2)  // 98 → 100
        #expect(delay(frames: 5, fps: 200) == 1)  // never 0
    }

    @Test func ratesAreWrittenAsPeopleReadThem() {
        #expect(FFmpegArguments.rate(60) == "60")
        #expect(FFmpegArguments.rate(59.94) == "59.94")
        #expect(FFmpegArguments.rate(1 / 0.016_666) == "60.0024001")
    }

    @Test func packingSkipsRowPaddingAndUndoesPremultiplication() {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: 3 * 16, alignment: 16)
        defer { memory.deallocate() }
        memory.initializeMemory(as: UInt8.self, repeating: 0xEE, count: 3 * 16)
        let padded = Bitmap(wrapping: memory, width: 3, height: 2, stride: 16)
        let pixels: [Pixel] = [0xFF10_2030, 0x8040_2000, 0x0000_0000, 0xFFFF_FFFF, 0x0201_0000, 0xFE00_0000]
        for (index, pixel) in pixels.enumerated() { padded[index % 3, index / 3] = pixel }
        let opaque = Bitmap(wrapping: memory, width: 3, height: 1, stride: 16)
        opaque[1, 0] = 0xFF40_2000
        opaque[2, 0] = 0xFF00_0000

        var packer = FramePacker(width: 3, height: 2)
        let straight = packer.withPackedBytes(of: padded) { Array($0.bindMemory(to: UInt32.self)) }
        var opaquePacker = FramePacker(width: 3, height: 1)
        let opaquePixels = opaquePacker.withPackedBytes(of: opaque) { Array($0.bindMemory(to: UInt32.self)) }

        #expect(straight == [0xFF10_2030, 0xFF40_2000, 0xFF00_0000, 0xFFFF_FFFF, 0x0280_0000, 0xFE00_0000])
        #expect(opaquePixels == [0xFF10_2030, 0xFF40_2000, 0xFF00_0000])
        #expect(FramePacker.straightAlpha(0x8040_2000) == 0x8080_4000)
    }

    @Test func yuvConversionUsesBT709LimitedRange() {
        let bitmap = Bitmap(width: 4, height: 2)
        // Left 2×2 block: white, black, pure red, pure blue; right block: uniform orange.
        bitmap[0, 0] = 0xFFFF_FFFF
        bitmap[1, 0] = 0xFF00_0000
        bitmap[0, 1] = 0xFFFF_0000
        bitmap[1, 1] = 0xFF00_00FF
        for (x, y) in [(2, 0), (3, 0), (2, 1), (3, 1)] { bitmap[x, y] = 0xFFC8_6432 }

        var converter = YUV420Converter(width: 4, height: 2)
        let planes = converter.withConvertedBytes(of: bitmap) { Array($0) }

        // Y = 16 + 219 (0.2126 R + 0.7152 G + 0.0722 B) / 255: white 235, black 16, red 63, blue 32.
        // Orange (200, 100, 50): Y = 16 + 219 × 117.33 / 255 = 116.8.
        #expect(Array(planes[0..<8]) == [235, 16, 117, 117, 63, 32, 117, 117])
        // Chroma of the block means, Cb = 128 + 224/255 × (−0.114572 R − 0.385428 G + 0.5 B) and
        // Cr = 128 + 224/255 × (0.5 R − 0.454153 G − 0.045847 B): the left block's mean (127.5, 63.75,
        // 127.5) gives 149.58 and 153.43, orange 95.97 and 173.94.
        #expect(Array(planes[8..<10]) == [150, 96])
        #expect(Array(planes[10..<12]) == [153, 174])
    }

    @Test func yuvConversionPadsOddSidesWithBlack() {
        let bitmap = Bitmap(width: 3, height: 1)
        bitmap.fill(0xFFFF_FFFF)

        var converter = YUV420Converter(width: 3, height: 1)
        let planes = converter.withConvertedBytes(of: bitmap) { Array($0) }

        #expect(converter.paddedWidth == 4 && converter.paddedHeight == 2)
        #expect(Array(planes[0..<8]) == [235, 235, 235, 16, 16, 16, 16, 16])
        #expect(Array(planes[8..<12]) == [128, 128, 128, 128])
    }

    @Test func summaryLineSaysWhatWasWrittenAndHowFast() {
        let summary = RecordingSummary(
            output: URL(fileURLWithPath: "/videos/clip.mp4"), format: .mp4, frameCount: 300, fps: 60, width: 1280,
            height: 720, wallTime: 2)
        #expect(
            summary.description
                == "recorded 300 frames (5.00 s at 60 fps, 1280x720) to /videos/clip.mp4 in 2.00 s (2.50x real time)")
    }

    @Test func progressBarShowsFramesRateAndTimeLeft() {
        #expect(
            ProgressReporter.bar(name: "clip.mp4", done: 75, total: 300, elapsed: 1.5)
                == "clip.mp4 [######..................] 75/300 frames  50.0 fps  4.5 s left")
        #expect(
            ProgressReporter.bar(name: "clip.mp4", done: 0, total: 300, elapsed: 0)
                == "clip.mp4 [........................] 0/300 frames  0.0 fps  -- s left")
    }

    @Test func ffmpegIsFoundOnTheSearchPath() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let fake = try FakeFFmpeg(in: temporary.url, body: "exit 0")

        #expect(try FFmpegLocator.resolve(.searchPath("/nonexistent:\(temporary.url.path)")) == fake.path)
        #expect(throws: RecordingError.ffmpegMissing(searched: "PATH=/nonexistent")) {
            try FFmpegLocator.resolve(.searchPath("/nonexistent"))
        }
    }
}
