import Foundation
import LayerscopeTestSupport
import Raster
import Testing

@testable import Recording

/// Recordings too long for the frame limit or the disk are refused before anything is written, and
/// the temporary outputs of killed recordings are removed by the next recording in their folder.
@Suite struct RecordingLimitsTests {
    private func job(_ output: URL, width: Int = 64, height: Int = 48, fps: Double = 60, frames: Int) -> RecordingJob {
        RecordingJob(
            output: output, width: width, height: height, fps: fps, frameCount: frames, settings: quietSettings)
    }

    @Test func moreThanTheMaximumFrameCountIsRefusedBeforeAnythingIsWritten() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        var drawn = 0

        for name in ["frames/", "clip.mp4"] {
            let output = temporary.file(name)
            let tooMany = job(output, frames: RecordingJob.maximumFrameCount + 1)
            #expect(throws: RecordingError.tooLong(output, frames: 100_001, fps: 60)) {
                try record(job: tooMany) { _, _, _ in drawn += 1 }
            }
            let endless = RecordingJob(
                output: output, width: 64, height: 48, fps: 60, duration: 1e300, settings: quietSettings)
            #expect(throws: RecordingError.tooLong(output, frames: Int.max, fps: 60)) {
                try record(job: endless) { _, _, _ in drawn += 1 }
            }
        }

        #expect(drawn == 0)
        #expect(try temporary.contents() == [])
        #expect(
            RecordingError.tooLong(URL(fileURLWithPath: "/x/frames"), frames: 60_000_000_000, fps: 60).description
                == "cannot record /x/frames: 60000000000 frames is longer than a recording may be, at most 100000 "
                + "frames (27 min 46 s at 60 fps); give a shorter --duration or a lower --fps")
    }

    @Test(.enabled(if: canMount, "needs the right to mount a small tmpfs"))
    func aRecordingThatCannotFitTheDiskIsRefusedBeforeAnythingIsWritten() throws {
        let filesystem = try #require(try SmallFilesystem(kilobytes: 48))
        defer { filesystem.remove() }
        var drawn = 0

        // 60 PNGs of 64×48 take up to 13 408 bytes each, a 4 KiB block's multiple: 16 384.
        let frames = filesystem.directory.file("frames/")
        let pngError = #expect(throws: RecordingError.self) {
            try record(job: job(frames, frames: 60)) { _, _, _ in drawn += 1 }
        }
        guard case .notEnoughSpace(frames, .pngSequence, 60, 983_040, let free) = pngError else {
            Issue.record("expected notEnoughSpace, got \(String(describing: pngError))")
            return
        }
        #expect(free > 0 && free <= 48 << 10)
        #expect(
            pngError?.description
                == "cannot record \(frames.path): not enough free space: 60 frames need up to 983040 bytes as PNG "
                + "files, and its disk has \(free) bytes free")

        // An MP4 frame takes at least 8 bytes.
        let clip = filesystem.directory.file("clip.mp4")
        #expect(
            throws: RecordingError.notEnoughSpace(
                clip, format: .mp4, frames: 90_000, neededBytes: 720_000, freeBytes: free)
        ) {
            try record(job: job(clip, frames: 90_000)) { _, _, _ in drawn += 1 }
        }

        #expect(drawn == 0)
        #expect(try filesystem.directory.contents() == [])
        // What fits is recorded.
        _ = try record(job: job(frames, frames: 2), producer: TestProducer().draw)
        #expect(try filesystem.directory.contents(of: "frames") == ["00000.png", "00001.png"])
    }

    @Test(.enabled(if: canMount, "needs the right to mount a small tmpfs"))
    func aMountPointIsRefusedAsAFolderOfFrames() throws {
        let filesystem = try #require(try SmallFilesystem(kilobytes: 64))
        defer { filesystem.remove() }

        let error = #expect(throws: RecordingError.self) {
            try record(job: job(filesystem.directory.url, frames: 2), producer: TestProducer().draw)
        }

        #expect(error?.description.contains("is a mount point") == true, "\(String(describing: error))")
        #expect(try filesystem.directory.contents() == [])
    }

    @Test func temporaryNamesCarryTheWriter() {
        let writer = PartialName.Writer.current
        let mark = "partial-\(writer.pid)-\(writer.start)"
        #expect(
            PartialName.temporary(for: URL(fileURLWithPath: "/x/clip.mp4"), isFolder: false).path
                == "/x/.clip.\(mark).mp4")
        #expect(
            PartialName.temporary(for: URL(fileURLWithPath: "/x/frames/"), isFolder: true).path == "/x/.frames.\(mark)")
        #expect(PartialName.writer(of: ".clip.\(mark).mp4") == writer)
        #expect(PartialName.writer(of: ".frames.\(mark)") == writer)
        #expect(PartialName.writer(of: ".a.b.partial-12-34.gif") == PartialName.Writer(pid: 12, start: 34))
        // Not ours: no leading dot, ImageFiles' own temporary files, other names.
        for name in [
            "clip.partial-12-34.mp4", ".00001.png.partial-1k2j3", ".x.partial-12.mp4", ".x.partial-a-1", "clip.mp4",
        ] {
            #expect(PartialName.writer(of: name) == nil, "\(name)")
        }
        #expect(writer.isRunning)
        #expect(!PartialName.Writer(pid: writer.pid, start: writer.start + 1).isRunning, "a reused PID")
        #expect(!PartialName.Writer(pid: Int32.max, start: 1).isRunning, "no such process")
    }

    /// What SIGKILL leaves (a temporary file or folder of a process that is gone) is removed when the
    /// next recording starts in that folder, with `record` and with the viewer's `LiveRecorder`; the
    /// temporary outputs of running writers and files that are not ours stay.
    @Test(arguments: ["record", "live"])
    func staleTemporaryOutputsOfKilledRecordingsAreRemoved(by recorder: String) throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let current = PartialName.Writer.current
        let gone = ".clip.partial-\(Int32.max)-5.mp4"
        let reused = ".frames.partial-\(current.pid)-\(current.start + 1)"
        let running = ".other.partial-\(current.pid)-\(current.start).gif"
        let notOurs = [".00001.png.partial-1k2j3", "notes.txt"]
        for name in [gone, running] + notOurs { try Data("x".utf8).write(to: temporary.file(name)) }
        try FileManager.default.createDirectory(at: temporary.file(reused), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: temporary.file(reused + "/00000.png"))

        let output = temporary.file("new.apng")
        if recorder == "record" {
            _ = try record(job: job(output, width: 4, height: 4, frames: 2), producer: TestProducer().draw)
        } else {
            let live = try LiveRecorder(output: output, width: 4, height: 4, fps: 30, settings: quietSettings)
            live.cancel()
        }

        let expected = ([running] + notOurs + (recorder == "record" ? ["new.apng"] : [])).sorted()
        #expect(try temporary.contents() == expected)
    }
}
