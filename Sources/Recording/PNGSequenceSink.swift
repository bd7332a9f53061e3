import Foundation
import ImageFiles
import Raster

/// Frames written as numbered PNG files `00000.png`, `00001.png`, … into a directory, created when
/// missing. Each file appears complete under its name (ImageFiles writes through a temporary file); when
/// the recording fails, the files it wrote are removed, and the directory too if this recording created it.
final class PNGSequenceSink: FrameSink {
    private let directory: URL
    private let createdDirectory: Bool
    private var written: [URL] = []
    let encodedSize: (width: Int, height: Int)

    /// Makes sure `directory` exists and is a directory.
    /// - Throws: `RecordingError.cannotWrite` when it cannot be created or is a file.
    init(directory: URL, width: Int, height: Int) throws(RecordingError) {
        self.directory = directory
        encodedSize = (width, height)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw .cannotWrite(directory, reason: "it is a file, not a directory")
            }
            createdDirectory = false
        } else {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                throw .cannotWrite(directory, reason: PNGSequenceSink.reason(error))
            }
            createdDirectory = true
        }
        guard access(directory.path, W_OK) == 0 else {
            throw .cannotWrite(directory, reason: systemMessage(errno))
        }
    }

    /// The file name of frame `index`: five digits, zero-padded (more digits past 99999).
    static func fileName(ofFrame index: Int) -> String {
        let digits = String(index)
        return String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
    }

    func write(_ frame: Bitmap) throws(RecordingError) {
        let file = directory.appendingPathComponent(PNGSequenceSink.fileName(ofFrame: written.count))
        do {
            try ImageFile.writePNG(frame, to: file)
        } catch {
            abort()
            let reason = PNGSequenceSink.reason(error)
            throw reason.localizedCaseInsensitiveContains("No space left on device")
                ? .diskFull(file) : .cannotWrite(file, reason: reason)
        }
        written.append(file)
    }

    func finish() throws(RecordingError) {}

    /// Whether the directory holds the next number's file too: numbered frames left by an earlier,
    /// longer recording, which would play on after this one.
    var hasLeftoverFrames: Bool {
        FileManager.default.fileExists(
            atPath: directory.appendingPathComponent(PNGSequenceSink.fileName(ofFrame: written.count)).path)
    }

    func abort() {
        for file in written { unlink(file.path) }
        written.removeAll()
        if createdDirectory { rmdir(directory.path) }
    }

    private static func reason(_ error: Error) -> String {
        if let imageError = error as? ImageFileError, case .writeFailed(let detail) = imageError.reason {
            return detail
        }
        if let cocoaError = error as? CocoaError, let underlying = cocoaError.underlying as? POSIXError {
            return systemMessage(underlying.code.rawValue)
        }
        return String(describing: error)
    }
}
