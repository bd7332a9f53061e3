import Foundation
import LayerscopeTestSupport
import Raster
import Testing

@testable import Recording

/// Each failure gives its own clear error and leaves nothing under the output's name, nor a temporary file.
@Suite struct RecordingErrorTests {
    private func job(_ output: URL, ffmpeg: FFmpegLocation = .path, frames: Int = 10) -> RecordingJob {
        RecordingJob(
            output: output, width: 64, height: 48, fps: 30, frameCount: frames,
            settings: RecordingSettings(ffmpeg: ffmpeg, progress: .silent))
    }

    @Test func ffmpegMissingFromAnEmptyPathSaysHowToInstallIt() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let emptyBin = temporary.file("bin")
        try FileManager.default.createDirectory(at: emptyBin, withIntermediateDirectories: true)

        let error = #expect(throws: RecordingError.self) {
            try record(
                job: job(temporary.file("clip.mp4"), ffmpeg: .searchPath(emptyBin.path)), producer: { _, _, _ in })
        }

        #expect(error == .ffmpegMissing(searched: "PATH=\(emptyBin.path)"))
        #expect(error?.description.contains("apt-get install ffmpeg") == true)
        #expect(error?.description.contains("directory") == true)
        #expect(try temporary.contents() == ["bin"])
    }

    @Test func ffmpegMissingAtAGivenPath() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let missing = temporary.file("nowhere/ffmpeg").path

        #expect(throws: RecordingError.ffmpegMissing(searched: missing)) {
            try record(job: job(temporary.file("clip.gif"), ffmpeg: .executable(missing)), producer: { _, _, _ in })
        }
        #expect(try temporary.contents() == [])
    }

    @Test func pngSequencesNeedNoFFmpeg() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }

        let summary = try record(
            job: job(temporary.file("frames/"), ffmpeg: .searchPath(""), frames: 2), producer: { _, _, _ in })

        #expect(summary.frameCount == 2)
        #expect(try temporary.contents(of: "frames") == ["00000.png", "00001.png"])
    }

    @Test func unknownExtensionListsTheSupportedOutputs() throws {
        let output = URL(fileURLWithPath: "/videos/clip.avi")
        let error = #expect(throws: RecordingError.self) {
            try record(job: job(output), producer: { _, _, _ in })
        }
        #expect(error == .unsupportedOutput(output))
        #expect(
            error?.description
                == "cannot record to /videos/clip.avi: unknown output type \"avi\"; "
                + "supported: FILE.mp4, FILE.gif, FILE.apng, or a directory (DIR/) for numbered PNGs")
    }

    @Test func missingDirectoryIsNamed() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let output = temporary.file("no/such/dir/clip.mp4")

        let error = #expect(throws: RecordingError.self) {
            try record(job: job(output), producer: { _, _, _ in })
        }
        #expect(
            error?.description == "cannot record: the directory \(temporary.file("no/such/dir").path) does not exist")
    }

    @Test func aFileWhereTheDirectoryShouldBe() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        try Data("x".utf8).write(to: temporary.file("plain"))

        let fileError = #expect(throws: RecordingError.self) {
            try record(job: job(temporary.file("plain/clip.mp4")), producer: { _, _, _ in })
        }
        #expect(fileError?.description == "cannot record: the directory \(temporary.file("plain").path) does not exist")
        let directoryError = #expect(throws: RecordingError.self) {
            try record(job: job(temporary.file("plain/frames/")), producer: { _, _, _ in })
        }
        #expect(directoryError?.description.hasPrefix("cannot write \(temporary.file("plain/frames").path): ") == true)
    }

    @Test(.enabled(if: canMount, "needs the right to mount a read-only tmpfs"))
    func readOnlyDirectory() throws {
        let filesystem = try #require(try SmallFilesystem(kilobytes: 64, readOnly: true))
        defer { filesystem.remove() }

        for name in ["clip.mp4", "frames/"] {
            let output = filesystem.directory.file(name)
            let error = #expect(throws: RecordingError.self) {
                try record(job: job(output), producer: { _, _, _ in })
            }
            #expect(error?.description.contains("Read-only file system") == true, "\(String(describing: error))")
        }
        #expect(try filesystem.directory.contents() == [])
    }

    /// The disk fills while recording: for MP4 and APNG, whose size the free-space check can only bound
    /// below, by the frames themselves; for PNGs, which that check bounds above, by another file written
    /// once the first frame is drawn.
    @Test(.enabled(if: canMount, "needs the right to mount a small tmpfs"))
    func fullDiskLeavesNothing() throws {
        let filesystem = try #require(try SmallFilesystem(kilobytes: 48))
        defer { filesystem.remove() }
        let filler = filesystem.directory.file("filler")
        let noise = { (index: Int, _: Double, bitmap: Bitmap) in
            var state = UInt32(truncatingIfNeeded: index &* 2_654_435_761 &+ 1)
            for y in 0..<bitmap.height {
                for x in 0..<bitmap.width {
                    state = state &* 1_664_525 &+ 1_013_904_223
                    bitmap[x, y] = state | 0xFF00_0000
                }
            }
        }
        let noiseFillingTheDisk = { (index: Int, time: Double, bitmap: Bitmap) in
            if index == 0 { _ = FileManager.default.createFile(atPath: filler.path, contents: Data(count: 40 << 10)) }
            noise(index, time, bitmap)
        }

        for (name, frames, producer) in [
            ("clip.mp4", 60, noise), ("clip.apng", 60, noise), ("frames/", 2, noiseFillingTheDisk),
        ] {
            let output = filesystem.directory.file(name)
            let error = #expect(throws: RecordingError.self) {
                try record(job: job(output, frames: frames), producer: producer)
            }
            try? FileManager.default.removeItem(at: filler)
            guard case .diskFull(let file) = error else {
                Issue.record("expected diskFull for \(name), got \(String(describing: error))")
                continue
            }
            // A PNG sequence names the frame that did not fit.
            #expect(file.path.hasPrefix(output.path), "\(file.path)")
            #expect(try filesystem.directory.contents() == [], "after \(name)")
        }
    }

    @Test func ffmpegFailingReportsItsStatusAndLastLines() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let fake = try FakeFFmpeg(
            in: temporary.url, body: "echo 'first complaint' >&2\necho 'Invalid argument' >&2\nexit 3")
        let output = temporary.file("out/clip.mp4")
        try FileManager.default.createDirectory(at: temporary.file("out"), withIntermediateDirectories: true)

        let error = #expect(throws: RecordingError.self) {
            try record(job: job(output, ffmpeg: .executable(fake.path), frames: 30), producer: { _, _, _ in })
        }

        #expect(
            error
                == .ffmpegFailed(
                    output: output, status: "exit status 3", lastLines: ["first complaint", "Invalid argument"]))
        #expect(try temporary.contents(of: "out") == [])
    }

    @Test func ffmpegKilledMidwayIsAnErrorNotACrash() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let fake = try FakeFFmpeg(in: temporary.url, body: "head -c 20000 >/dev/null\nkill -9 $$")
        try FileManager.default.createDirectory(at: temporary.file("out"), withIntermediateDirectories: true)
        let output = temporary.file("out/clip.gif")

        #expect(throws: RecordingError.ffmpegFailed(output: output, status: "killed by signal 9", lastLines: [])) {
            try record(job: job(output, ffmpeg: .executable(fake.path), frames: 30), producer: { _, _, _ in })
        }
        #expect(try temporary.contents(of: "out") == [])
    }

    @Test func realFFmpegRejectingAnOptionKeepsTheOldFile() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let output = temporary.file("clip.mp4")
        try Data("previous recording".utf8).write(to: output)
        var failing = job(output)
        failing.settings.x264Preset = "no-such-preset"

        let error = #expect(throws: RecordingError.self) {
            try record(job: failing, producer: { _, _, _ in })
        }

        guard case .ffmpegFailed(_, let status, let lines) = error else {
            Issue.record("expected ffmpegFailed, got \(String(describing: error))")
            return
        }
        #expect(status == "exit status 1")
        #expect(lines.contains { $0.contains("no-such-preset") })
        #expect(try temporary.contents() == ["clip.mp4"])
        #expect(try Data(contentsOf: output) == Data("previous recording".utf8))
    }

    @Test func impossibleJobsAreRefusedBeforeAnythingIsWritten() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let output = temporary.file("never.mp4")
        for (width, height, fps, frames) in [(0, 48, 30.0, 10), (64, 48, 0, 10), (64, 48, 30, 0), (64, -1, 30, 1)] {
            let bad = RecordingJob(output: output, width: width, height: height, fps: fps, frameCount: frames)
            #expect(throws: RecordingError.self) { try record(job: bad, producer: { _, _, _ in }) }
        }
        #expect(try temporary.contents() == [])
    }
}
