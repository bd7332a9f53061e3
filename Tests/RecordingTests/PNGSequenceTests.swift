import Foundation
import ImageFiles
import LayerscopeTestSupport
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

    @Test func reRecordingReplacesAnEarlierRecordingWholeOnlyWhenItCompletes() throws {
        struct Broken: Error {}
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let directory = temporary.file("again/")
        func job(_ frames: Int) -> RecordingJob {
            RecordingJob(output: directory, width: 4, height: 4, fps: 10, frameCount: frames, settings: quietSettings)
        }
        _ = try record(job: job(5), producer: TestProducer().draw)

        #expect(throws: Broken.self) {
            try record(job: job(3)) { index, _, _ in if index == 2 { throw Broken() } }
        }
        #expect(try temporary.contents() == ["again"])
        #expect(try temporary.contents(of: "again").count == 5, "a failed recording keeps the earlier one")

        _ = try record(job: job(3), producer: TestProducer().draw)
        #expect(try temporary.contents() == ["again"])
        #expect(try temporary.contents(of: "again") == ["00000.png", "00001.png", "00002.png"])
    }

    @Test func aFolderHoldingOtherFilesIsRefusedBeforeAnythingIsWritten() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        try FileManager.default.createDirectory(at: temporary.file("mine"), withIntermediateDirectories: true)
        try Data("keep me".utf8).write(to: temporary.file("mine/notes.txt"))

        let error = #expect(throws: RecordingError.self) {
            try record(
                job: RecordingJob(
                    output: temporary.file("mine/"), width: 4, height: 4, fps: 10, frameCount: 2,
                    settings: quietSettings),
                producer: TestProducer().draw)
        }

        #expect(error?.description.contains("\"notes.txt\", which is not a numbered PNG frame") == true)
        #expect(try temporary.contents() == ["mine"])
        #expect(try temporary.contents(of: "mine") == ["notes.txt"])
    }

    @Test func whileRecordingTheFramesAreInAHiddenFolderMarkedWithTheWriter() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        var seen: [String] = []
        let job = RecordingJob(
            output: temporary.file("frames/"), width: 4, height: 4, fps: 10, frameCount: 3, settings: quietSettings)

        _ = try record(job: job) { index, _, _ in
            if index == 2 { seen = (try? temporary.contents()) ?? [] }
        }

        let writer = PartialName.Writer.current
        #expect(seen == [".frames.partial-\(writer.pid)-\(writer.start)"])
        #expect(try temporary.contents() == ["frames"])
    }

    @Test func fileNamesAreFiveDigitsZeroPadded() {
        #expect(FrameFileName.of(0) == "00000.png")
        #expect(FrameFileName.of(42) == "00042.png")
        #expect(FrameFileName.of(99_999) == "99999.png")
        #expect(FrameFileName.of(123_456) == "123456.png")
        #expect(FrameFileName.of(Int.max) == "\(Int.max).png")
        #expect(FrameFileName.isFrame("00042.png") && FrameFileName.isFrame("123456.png"))
        #expect(
            !FrameFileName.isFrame("0042.png") && !FrameFileName.isFrame("00042.PNG")
                && !FrameFileName.isFrame("a0042.png"))
    }
}
