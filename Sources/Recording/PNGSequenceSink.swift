import Foundation
import ImageFiles
import Raster

/// Frames written as numbered PNG files (`FrameFileName`) into a hidden folder beside the output
/// (`PartialName`), which takes the output's name only once the recording is complete: a recording
/// that fails or is interrupted leaves nothing under that name. A folder already there may hold only
/// numbered PNGs (an earlier recording); it is replaced whole when the new recording completes, and
/// kept as it was when it does not. Folders made on the way to the output are removed again on failure.
final class PNGSequenceSink: FrameSink {
    private let directory: URL
    private let partial: URL
    /// Missing folders this sink made on the way to `directory`, innermost first.
    private var createdParents: [URL] = []
    private var written = 0
    private var interruptSlot: Int?
    let encodedSize: (width: Int, height: Int)

    /// Checks that `directory` is missing or holds only numbered PNGs, makes its parent folders, and
    /// creates the hidden folder the frames go to.
    /// - Throws: `RecordingError.cannotWrite` when the folder cannot be made, is a file or holds other
    ///   files, `.diskFull` when there is no room for it.
    init(directory: URL, width: Int, height: Int) throws(RecordingError) {
        self.directory = directory
        encodedSize = (width, height)
        partial = PartialName.temporary(for: directory, isFolder: true)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw .cannotWrite(directory, reason: "it is a file, not a directory")
            }
            try PNGSequenceSink.checkHoldsOnlyFrames(directory)
            var folder = stat()
            var parent = stat()
            if stat(directory.path, &folder) == 0, stat(directory.deletingLastPathComponent().path, &parent) == 0,
                folder.st_dev != parent.st_dev
            {
                throw .cannotWrite(
                    directory,
                    reason: "it is a mount point, which a finished recording cannot be renamed onto; "
                        + "record into a folder inside it")
            }
        }
        try makeParents()
        guard mkdir(partial.path, 0o777) == 0 else {
            let code = errno
            removeCreatedParents()
            throw PNGSequenceSink.error(code, file: directory)
        }
        interruptSlot = InterruptCleanup.register(frameFolder: partial.path)
    }

    func write(_ frame: Bitmap) throws(RecordingError) {
        let name = FrameFileName.of(written)
        let data: Data
        do {
            data = try ImageFile.encodePNG(frame)
        } catch {
            abort()
            throw .cannotWrite(directory.appendingPathComponent(name), reason: String(describing: error))
        }
        let code = PNGSequenceSink.writeFile(data, to: partial.appendingPathComponent(name).path)
        guard code == 0 else {
            abort()
            throw PNGSequenceSink.error(code, file: directory.appendingPathComponent(name))
        }
        written += 1
        if let interruptSlot { InterruptCleanup.setFrameCount(written, slot: interruptSlot) }
    }

    /// Gives the hidden folder the output's name, exchanging it with an earlier recording's folder there
    /// (which is then removed).
    func finish() throws(RecordingError) {
        if rename(partial.path, directory.path) == 0 {
            releaseInterruptSlot()
            return
        }
        guard errno == ENOTEMPTY || errno == EEXIST else {
            let reason = systemMessage(errno)
            abort()
            throw .cannotWrite(directory, reason: reason)
        }
        let replaced = try replaceEarlierRecording()
        releaseInterruptSlot()
        try? FileManager.default.removeItem(at: replaced)
    }

    func abort() {
        releaseInterruptSlot()
        for index in 0...written {
            unlink(partial.appendingPathComponent(FrameFileName.of(index)).path)
        }
        written = 0
        rmdir(partial.path)
        removeCreatedParents()
    }

    /// Puts the new frames under the output's name and the earlier recording's folder under a hidden one,
    /// which it returns: in one step where the file system can exchange two names, else in two renames.
    private func replaceEarlierRecording() throws(RecordingError) -> URL {
        do {
            try PNGSequenceSink.checkHoldsOnlyFrames(directory)
        } catch {
            abort()
            throw error
        }
        let exchanged = renameExchange?(AT_FDCWD, partial.path, AT_FDCWD, directory.path, exchangeFlag) == 0
        if exchanged { return partial }
        let aside = PartialName.temporary(
            for: directory.deletingLastPathComponent().appendingPathComponent(
                directory.lastPathComponent + "-replaced"),
            isFolder: true)
        guard rename(directory.path, aside.path) == 0 else {
            let reason = systemMessage(errno)
            abort()
            throw .cannotWrite(directory, reason: reason)
        }
        guard rename(partial.path, directory.path) == 0 else {
            let reason = systemMessage(errno)
            rename(aside.path, directory.path)
            abort()
            throw .cannotWrite(directory, reason: reason)
        }
        return aside
    }

    /// Makes the missing folders on the way to `directory`.
    private func makeParents() throws(RecordingError) {
        var missing: [URL] = []
        var existing = directory.deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: existing.path), existing.pathComponents.count > 1 {
            missing.append(existing)
            existing = existing.deletingLastPathComponent()
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: existing.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw .cannotWrite(directory, reason: "\(existing.path) is a file, not a directory")
        }
        for parent in missing.reversed() {
            guard mkdir(parent.path, 0o777) == 0 else {
                let code = errno
                removeCreatedParents()
                throw PNGSequenceSink.error(code, file: directory)
            }
            createdParents.insert(parent, at: 0)
        }
    }

    /// Refuses a folder holding anything but numbered PNG frames, which replacing it would lose.
    private static func checkHoldsOnlyFrames(_ directory: URL) throws(RecordingError) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        if let other = names.sorted().first(where: { !FrameFileName.isFrame($0) }) {
            throw .cannotWrite(
                directory,
                reason: "it holds \"\(other)\", which is not a numbered PNG frame; record into a new or "
                    + "empty folder, or one holding only an earlier recording's frames (they are replaced)")
        }
    }

    private func removeCreatedParents() {
        for parent in createdParents { rmdir(parent.path) }
        createdParents = []
    }

    private func releaseInterruptSlot() {
        if let interruptSlot { InterruptCleanup.unregister(interruptSlot) }
        interruptSlot = nil
    }

    /// Writes `data` to a new file at `path`; returns 0 or the `errno` of the failure.
    private static func writeFile(_ data: Data, to path: String) -> Int32 {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { return errno }
        var failure: Int32 = 0
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let count = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else {
                    failure = count < 0 ? errno : EIO
                    return
                }
                offset += count
            }
        }
        if close(descriptor) != 0 && failure == 0 { failure = errno }
        return failure
    }

    private static func error(_ code: Int32, file: URL) -> RecordingError {
        code == ENOSPC || code == EDQUOT ? .diskFull(file) : .cannotWrite(file, reason: systemMessage(code))
    }
}

/// `renameat2(2)`, which Swift's Glibc module does not show.
private typealias RenameAt2 =
    @convention(c) (Int32, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UInt32) -> Int32

/// `renameat2` from the C library, nil where the C library lacks it.
private let renameExchange: RenameAt2? = dlsym(dlopen(nil, RTLD_NOW), "renameat2").map {
    unsafeBitCast($0, to: RenameAt2.self)
}

/// `RENAME_EXCHANGE`: swap the two names in one step.
private let exchangeFlag: UInt32 = 1 << 1
