import Foundation

/// The room a recording needs, checked against the free space of the file system that will hold it
/// before anything is written.
///
/// A PNG sequence's frames are bounded above: no frame file is larger than its raw pixels (4 bytes
/// each, one filter byte a row) plus 1/256 of that and 1 KiB for zlib's and PNG's framing, rounded up to
/// the file system's block. MP4, GIF and APNG sizes depend on the pictures, so only a lower bound is
/// checked, which refuses just the recordings that cannot possibly fit: `leastBytesPerFrame`.
enum DiskSpace {
    /// The fewest bytes a frame adds to a file of `format`, whatever it shows: an MP4 frame is at least a
    /// 4-byte length, a NAL header and a slice header (a still picture takes about 13 bytes); a GIF frame a
    /// graphic control extension, an image descriptor and one block of picture data (about 25); an APNG
    /// frame an fcTL chunk of 38 bytes and an fdAT chunk (about 65).
    static func leastBytesPerFrame(_ format: RecordingFormat) -> Int {
        switch format {
        case .mp4: 8
        case .gif: 16
        case .apng: 48
        case .pngSequence: 0
        }
    }

    /// The most bytes one `width`×`height` frame file of a PNG sequence takes on a file system that
    /// allocates `blockSize` bytes at a time.
    static func mostPNGBytes(width: Int, height: Int, blockSize: Int) -> Int {
        let raw = height * (1 + 4 * width)
        let file = raw + raw / 256 + 1024
        let block = max(1, blockSize)
        return (file + block - 1) / block * block
    }

    /// The bytes `frames` frames need: at most that many for a PNG sequence, at least for the others.
    static func neededBytes(
        format: RecordingFormat, width: Int, height: Int, frames: Int, blockSize: Int
    ) -> Int {
        let perFrame =
            format == .pngSequence
            ? mostPNGBytes(width: width, height: height, blockSize: blockSize) : leastBytesPerFrame(format)
        return perFrame * frames
    }

    /// Refuses a recording of `frames` frames into `output` that does not fit the free space (for
    /// unprivileged users) of the file system holding the output's folder, or its nearest existing
    /// parent. Does nothing when the file system cannot say, or is read-only (creating the output then
    /// fails with that reason).
    /// - Throws: `RecordingError.notEnoughSpace`.
    static func check(
        output: URL, format: RecordingFormat, width: Int, height: Int, frames: Int
    ) throws(RecordingError) {
        var folder = output.deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.path), folder.pathComponents.count > 1 {
            folder = folder.deletingLastPathComponent()
        }
        var info = statvfs()
        guard statvfs(folder.path, &info) == 0, info.f_flag & UInt(ST_RDONLY) == 0 else { return }
        let (free, overflow) = UInt64(info.f_bavail).multipliedReportingOverflow(by: UInt64(info.f_frsize))
        let freeBytes = overflow ? Int.max : Int(clamping: free)
        let needed = neededBytes(
            format: format, width: width, height: height, frames: frames, blockSize: Int(clamping: info.f_frsize))
        if needed > freeBytes {
            throw .notEnoughSpace(output, format: format, frames: frames, neededBytes: needed, freeBytes: freeBytes)
        }
    }
}
