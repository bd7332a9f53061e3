import Foundation
import ImageFiles
import Raster
import Testing

@testable import Recording

@Suite struct PNGSequenceTests {
    @Test func oneSecondAt30FPSIs30NumberedFramesWithTheirPixels() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let producer = TestProducer()
        let job = RecordingJob(
            output: temporary.file("frames/"), width: 16, height: 8, fps: 30, duration: 1, settings: quietSettings)

        let summary = try record(job: job, producer: producer.draw)

        #expect(summary.frameCount == 30)
        #expect(summary.format == .pngSequence)
        #expect(try temporary.contents(of: "frames") == (0..<30).map { String(format: "%05d.png", $0) })
        #expect(producer.times == (0..<30).map { Double($0) / 30 })
        for index in [0, 1, 17, 29] {
            let image = try ImageFile.read(temporary.file("frames/" + String(format: "%05d.png", index)))
            #expect(image.width == 16 && image.height == 8)
            for y in [0, 7] {
                for x in 0..<16 { #expect(image[x, y] == testPixel(frame: index, x: x)) }
            }
        }
    }

    @Test func framesStartAtTheGivenTime() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let producer = TestProducer()
        let job = RecordingJob(
            output: temporary.file("from"), width: 4, height: 4, fps: 4, frameCount: 3, from: 2.5,
            settings: quietSettings)

        _ = try record(job: job, producer: producer.draw)

        #expect(producer.times == [2.5, 2.75, 3.0])
        #expect(try temporary.contents(of: "from") == ["00000.png", "00001.png", "00002.png"])
    }

    @Test func aFailingProducerLeavesNoFramesAndNoCreatedDirectory() throws {
        struct Broken: Error {}
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let job = RecordingJob(
            output: temporary.file("broken/"), width: 4, height: 4, fps: 10, frameCount: 5, settings: quietSettings)

        #expect(throws: Broken.self) {
            try record(job: job) { index, _, _ in if index == 3 { throw Broken() } }
        }
        #expect(try temporary.contents() == [])
    }

    @Test func framesLeftByALongerRecordingAreNoticed() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let directory = temporary.file("again/")
        _ = try record(
            job: RecordingJob(output: directory, width: 4, height: 4, fps: 10, frameCount: 3, settings: quietSettings),
            producer: TestProducer().draw)

        let shorter = try PNGSequenceSink(directory: directory, width: 4, height: 4)
        try shorter.write(Bitmap(width: 4, height: 4))
        #expect(shorter.hasLeftoverFrames)
        try shorter.write(Bitmap(width: 4, height: 4))
        try shorter.write(Bitmap(width: 4, height: 4))
        #expect(!shorter.hasLeftoverFrames)
    }

    @Test func fileNamesAreFiveDigitsZeroPadded() {
        #expect(PNGSequenceSink.fileName(ofFrame: 0) == "00000.png")
        #expect(PNGSequenceSink.fileName(ofFrame: 42) == "00042.png")
        #expect(PNGSequenceSink.fileName(ofFrame: 123_456) == "123456.png")
    }
}
