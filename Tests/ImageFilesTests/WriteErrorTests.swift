import Foundation
import LayerscopeTestSupport
import Raster
import Testing

@testable import ImageFiles

#if canImport(Glibc)
    import Glibc
#endif

/// Every way a write can fail names the file and the cause, and leaves no file behind.
@Suite struct WriteErrorTests {
    let bitmap = PNGRoundTripTests.opaqueGradient(width: 4, height: 4)

    /// Shaped like `readError` (ReadErrorTests) on purpose: each suite catches the error of its own call.
    func writeError(_ url: URL) -> ImageFileError? {
        do {
            try ImageFile.writePNG(bitmap, to: url)
            return nil
        } catch {
            return error as? ImageFileError
        }
    }

    @Test func missingDirectory() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.file("no-such-dir/frame.png")
        let error = try #require(writeError(file))
        let folder = directory.file("no-such-dir").path + "/"
        #expect(error.reason == .writeFailed("the directory \(folder) does not exist"))
        #expect(error.description == "\(file.path): cannot be written (the directory \(folder) does not exist)")
    }

    @Test func targetIsADirectory() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(at: directory.file("frames"), withIntermediateDirectories: false)
        let error = try #require(writeError(directory.file("frames")))
        #expect(error.reason == .writeFailed("it is a directory"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["frames"])
    }

    @Test(.enabled(if: geteuid() != 0, "root may write anywhere"))
    func readOnlyDirectory() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        #expect(chmod(directory.url.path, 0o500) == 0)
        defer { chmod(directory.url.path, 0o700) }
        let error = try #require(writeError(directory.file("frame.png")))
        #expect(error.reason == .writeFailed("permission denied in \(directory.url.path)/"))
    }

    /// `/dev/full` fails every write with ENOSPC, as a full disk does.
    @Test func diskFull() throws {
        let descriptor = open("/dev/full", O_WRONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        #expect(throws: ImageFileError(file: "frame.png", reason: .writeFailed("no space left on device"))) {
            try FileBytes.write([1, 2, 3], to: descriptor, file: "frame.png")
        }
    }

    @Test func emptyBitmap() {
        #expect(throws: ImageFileError(file: "PNG data", reason: .writeFailed("a PNG cannot hold a 0x0 image"))) {
            try ImageFile.encodePNG(Bitmap(width: 0, height: 0))
        }
    }
}
