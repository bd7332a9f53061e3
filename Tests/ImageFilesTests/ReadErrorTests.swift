import Foundation
import ImageFiles
import LayerscopeTestSupport
import Raster
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Every way a read can fail gives one `ImageFileError` naming the file and the reason.
@Suite struct ReadErrorTests {
    let fixtureBytes = [UInt8](try! Data(contentsOf: FixturePatterns.fixture("rgba8.png")))

    func readError(_ url: URL, maxSide: Int = ImageFile.defaultMaxSide) -> ImageFileError? {
        do {
            _ = try ImageFile.read(url, maxSide: maxSide)
            return nil
        } catch {
            return error as? ImageFileError
        }
    }

    func readError(_ bytes: [UInt8], maxSide: Int = ImageFile.defaultMaxSide) -> ImageFileError? {
        do {
            _ = try ImageFile.read(Data(bytes), name: "test.png", maxSide: maxSide)
            return nil
        } catch {
            return error as? ImageFileError
        }
    }

    @Test func missingFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.file("absent.png")
        let error = try #require(readError(file))
        #expect(error.reason == .missing)
        #expect(error.description == "\(file.path): no such file")
    }

    @Test func directory() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let error = try #require(readError(directory.url))
        #expect(error.reason == .unreadable("it is a directory"))
        #expect(error.description == "\(directory.url.path): cannot be read (it is a directory)")
    }

    @Test func pipeIsRefusedWithoutWaitingForAWriter() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let fifo = directory.file("pipe.png")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let error = try #require(readError(fifo))
        #expect(error.reason == .unreadable("it is not a regular file"))
    }

    @Test func deviceIsRefused() throws {
        let error = try #require(readError(URL(fileURLWithPath: "/dev/zero")))
        #expect(error.reason == .unreadable("it is not a regular file"))
    }

    @Test(.enabled(if: geteuid() != 0, "root may read any file"))
    func permissionDenied() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write(fixtureBytes, to: "locked.png")
        #expect(chmod(file.path, 0) == 0)
        let error = try #require(readError(file))
        #expect(error.reason == .unreadable("permission denied"))
    }

    @Test func emptyFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write([], to: "empty.png")
        let error = try #require(readError(file))
        #expect(error.reason == .empty)
        #expect(error.description == "\(file.path): the file is empty (0 bytes)")
        #expect(readError([])?.reason == .empty)
    }

    @Test func garbageBytes() throws {
        let error = try #require(readError(Array("hello, world".utf8)))
        #expect(error.reason == .notAnImage(firstBytes: Array("hello, w".utf8)))
        #expect(
            error.description == "test.png: not a PNG or JPEG image (it starts with the bytes 68 65 6C 6C 6F 2C 20 77)")
    }

    @Test func otherImageFormatsAreNamed() throws {
        let gif = Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0]
        #expect(readError(gif)?.description == "test.png: a GIF image; only PNG and JPEG images can be read")
    }

    @Test func fileNamedPNGHoldingAJPEGIsReadAsJPEG() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let jpeg = [UInt8](try Data(contentsOf: FixturePatterns.fixture("gray.jpg")))
        let bitmap = try ImageFile.read(try directory.write(jpeg, to: "really-a-jpeg.png"))
        #expect(bitmap.width == 32)
    }

    @Test func truncatedPNG() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write(Array(fixtureBytes.prefix(100)), to: "cut.png")
        let error = try #require(readError(file))
        guard case .truncated(.png, _) = error.reason else {
            Issue.record("expected truncated, got \(error)")
            return
        }
        #expect(error.description.hasPrefix("\(file.path): truncated PNG file: it ends before the image does ("))
    }

    @Test func everyPrefixOfAPNGIsTruncated() {
        for length in 1..<fixtureBytes.count {
            let reason = readError(Array(fixtureBytes.prefix(length)))?.reason
            guard case .truncated(.png, _) = reason else {
                Issue.record("prefix of \(length) bytes: \(String(describing: reason))")
                continue
            }
        }
    }

    /// Alike `everyPrefixOfAPNGIsTruncated` on purpose: each format's test states its fixture, where its
    /// prefixes start and the truncation it expects.
    @Test func everyPrefixOfAJPEGFails() throws {
        let jpeg = [UInt8](try Data(contentsOf: FixturePatterns.fixture("progressive.jpg")))
        for length in 3..<jpeg.count {
            let reason = readError(Array(jpeg.prefix(length)))?.reason
            guard case .truncated(.jpeg, _) = reason else {
                Issue.record("prefix of \(length) bytes: \(String(describing: reason))")
                continue
            }
        }
    }

    @Test func badCRC() throws {
        var png = fixtureBytes
        let idat = try #require(PNGBytes.offsetOfChunk("IDAT", in: png))
        let length = png[idat..<idat + 4].reduce(0) { $0 << 8 | Int($1) }
        png[idat + 8 + length] ^= 0x55
        let error = try #require(readError(png))
        #expect(error.reason == .corrupt(.png, detail: "IDAT: CRC error"))
        #expect(error.description == "test.png: corrupt PNG data (IDAT: CRC error)")
    }

    @Test func corruptCompressedDataWithValidCRC() throws {
        var png = fixtureBytes
        let idat = try #require(PNGBytes.offsetOfChunk("IDAT", in: png))
        let length = png[idat..<idat + 4].reduce(0) { $0 << 8 | Int($1) }
        for offset in idat + 10..<idat + 8 + length { png[offset] = 0xFF }
        let crc = PNGBytes.crc32(png[idat + 4..<idat + 8 + length])
        png.replaceSubrange(idat + 8 + length..<idat + 12 + length, with: PNGBytes.bigEndian(crc))
        let error = try #require(readError(png))
        guard case .corrupt(.png, let detail) = error.reason else {
            Issue.record("expected corrupt, got \(error)")
            return
        }
        #expect(detail.hasPrefix("IDAT"), "\(detail)")
    }

    @Test func corruptJPEGEntropyData() throws {
        var jpeg = [UInt8](try Data(contentsOf: FixturePatterns.fixture("baseline420.jpg")))
        let start = try #require((0..<jpeg.count - 1).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA })
        jpeg.replaceSubrange(start + 20..<start + 24, with: [0xFF, 0xD0, 0xFF, 0xD0])
        let error = try #require(readError(jpeg))
        guard case .corrupt(.jpeg, _) = error.reason else {
            Issue.record("expected corrupt, got \(error)")
            return
        }
    }

    /// A 40-gigabyte claim is refused from the header: quickly, and without the process's peak
    /// memory growing by anything like the claimed size.
    @Test func oversizedPNGHeaderFailsFastWithoutAllocating() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write(PNGBytes.header(width: 100_000, height: 100_000), to: "huge.png")
        let peakBefore = peakResidentKilobytes()
        let clock = ContinuousClock()
        var error: ImageFileError?
        let elapsed = clock.measure { error = readError(file) }
        #expect(error?.reason == .tooLarge(width: 100_000, height: 100_000, maxSide: 16384))
        #expect(
            error?.description
                == "\(file.path): the image is 100000x100000 pixels, larger than the limit of 16384 pixels a side")
        #expect(elapsed < .milliseconds(500))
        #expect(peakResidentKilobytes() - peakBefore < 64 * 1024)
    }

    @Test func pixelCountIsCappedEvenWithoutASideLimit() {
        let error = readError(PNGBytes.header(width: 1_000_000, height: 1_000_000), maxSide: .max)
        #expect(error?.reason == .tooManyPixels(width: 1_000_000, height: 1_000_000, maxPixels: 1 << 28))
        #expect(
            error?.description
                == "test.png: the image is 1000000x1000000 pixels, more than the 268435456 pixels that can be decoded")
        let wide = readError(PNGBytes.header(width: 17000, height: 1), maxSide: 17000)
        #expect(wide?.reason == .corrupt(.png, detail: "Not enough image data"))
    }

    @Test func oversizedJPEGHeader() throws {
        var jpeg = [UInt8](try Data(contentsOf: FixturePatterns.fixture("baseline420.jpg")))
        let sof = try #require((0..<jpeg.count - 1).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
        jpeg.replaceSubrange(sof + 5..<sof + 9, with: [0x4E, 0x20, 0x4E, 0x20])
        #expect(readError(jpeg)?.reason == .tooLarge(width: 20000, height: 20000, maxSide: 16384))
    }

    /// With `maxSide` 1 no file over 8 bytes + 1 MiB can hold an acceptable image; a 3 MiB (sparse)
    /// file is refused from its size alone.
    @Test func fileTooLargeForTheLimitIsNotRead() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write(PNGBytes.header(width: 1, height: 1), to: "padded.png")
        #expect(truncate(file.path, 3 << 20) == 0)
        let error = try #require(readError(file, maxSide: 1))
        #expect(error.reason == .fileTooLarge(bytes: 3 << 20, limit: 8 + (1 << 20)))
        #expect(
            error.description
                == "\(file.path): the file is 3145728 bytes, more than any image within the size limit needs (1048584 bytes)"
        )
    }

    @Test func limitIsInclusive() throws {
        #expect(readError(fixtureBytes, maxSide: 8)?.reason == .tooLarge(width: 9, height: 7, maxSide: 8))
        #expect(readError(fixtureBytes, maxSide: 9) == nil)
    }

    /// The peak resident memory of this process so far.
    func peakResidentKilobytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss
    }
}
