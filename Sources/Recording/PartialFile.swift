import Foundation

/// An output file written under a hidden temporary name in the same directory (see `PartialName`) and
/// renamed over the final name only once complete. Until then the temporary file is also removed if the
/// process is interrupted (see `InterruptCleanup`).
final class PartialFile {
    let final: URL
    let temporary: URL
    private var interruptSlot: Int?

    /// Checks that `final`'s directory exists and accepts a new file, by creating the temporary file.
    /// - Throws: `RecordingError.noSuchDirectory`, `.cannotWrite` or `.diskFull`.
    init(for final: URL) throws(RecordingError) {
        self.final = final
        let directory = final.deletingLastPathComponent()
        temporary = PartialName.temporary(for: final, isFolder: false)

        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory),
            isDirectory.boolValue
        else { throw .noSuchDirectory(directory) }
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let code = errno
            throw code == ENOSPC ? .diskFull(final) : .cannotWrite(final, reason: systemMessage(code))
        }
        close(descriptor)
        interruptSlot = InterruptCleanup.register(file: temporary.path)
    }

    /// Renames the temporary file to the final name, replacing any file there.
    /// - Throws: `RecordingError.cannotWrite` when the rename fails (the temporary file is removed).
    func commit() throws(RecordingError) {
        releaseInterruptSlot()
        if rename(temporary.path, final.path) != 0 {
            let reason = systemMessage(errno)
            discard()
            throw .cannotWrite(final, reason: reason)
        }
    }

    /// Removes the temporary file.
    func discard() {
        releaseInterruptSlot()
        unlink(temporary.path)
    }

    private func releaseInterruptSlot() {
        if let interruptSlot { InterruptCleanup.unregister(interruptSlot) }
        interruptSlot = nil
    }
}
