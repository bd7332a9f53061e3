import Glibc

/// Why `FileBytes.read` could not read a file; callers word it for their kind of file.
public enum FileReadProblem: Error, Equatable, Sendable {
    /// Nothing exists at the path.
    case missing
    /// The path exists but cannot be read as a file; the detail says why (a directory, a device or
    /// pipe, permission denied).
    case unreadable(String)
    /// The file has no bytes at all.
    case empty
    /// The file has more than `limit` bytes; none were read.
    case tooLarge(bytes: Int, limit: Int)
}

/// Reading a whole file and replacing a file atomically, through POSIX calls so that every failure
/// keeps its precise cause (`errno`).
public enum FileBytes {
    /// The contents of the regular file at `path`, refusing directories, devices and pipes (which could
    /// block or never end) and files over `maxBytes` (checked before anything is read).
    public static func read(_ path: String, maxBytes: Int) throws(FileReadProblem) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if descriptor < 0 {
            let code = errno
            throw code == ENOENT ? .missing : .unreadable(describe(code))
        }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) != 0 { throw .unreadable(describe(errno)) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .unreadable("it is a directory")
        default: throw .unreadable("it is not a regular file")
        }
        let size = Int(status.st_size)
        if size == 0 { throw .empty }
        if size > maxBytes { throw .tooLarge(bytes: size, limit: maxBytes) }
        var bytes = [UInt8](repeating: 0, count: size)
        var count = 0
        let failure: Int32? = bytes.withUnsafeMutableBytes { buffer in
            while count < size {
                let got = Glibc.read(descriptor, buffer.baseAddress! + count, size - count)
                if got < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                if got == 0 { break }
                count += got
            }
            return nil
        }
        if let failure { throw .unreadable(describe(failure)) }
        if count == 0 { throw .empty }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// Replaces the file at `path` with `bytes`: they go to a new file in the same directory, which is
    /// renamed over `path` only once complete, so a failure (no such directory, disk full) never
    /// leaves a partial file under the final name.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(ImageFileError) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        if name.isEmpty || name == "." || name == ".." {
            throw ImageFileError(file: path, reason: .writeFailed("the path names a directory, not a file"))
        }
        var generator = SystemRandomNumberGenerator()
        var temporary = ""
        var descriptor: Int32 = -1
        while descriptor < 0 {
            temporary = directory + "." + name + ".partial-" + String(generator.next() as UInt64, radix: 36)
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor < 0 && errno != EEXIST {
                let code = errno
                let folder = directory.isEmpty ? "." : directory
                let missing = code == ENOENT && access(folder, F_OK) != 0
                let detail = missing ? "the directory \(folder) does not exist" : "\(describe(code)) in \(folder)"
                throw ImageFileError(file: path, reason: .writeFailed(detail))
            }
        }
        do {
            try write(bytes, to: descriptor, file: path)
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        if close(descriptor) != 0 {
            let code = errno
            unlink(temporary)
            throw ImageFileError(file: path, reason: .writeFailed(describe(code)))
        }
        if rename(temporary, path) != 0 {
            let code = errno
            unlink(temporary)
            let detail = code == EISDIR ? "it is a directory" : describe(code)
            throw ImageFileError(file: path, reason: .writeFailed(detail))
        }
    }

    /// Writes all of `bytes` to the open file `descriptor`, retrying short writes.
    static func write(_ bytes: [UInt8], to descriptor: Int32, file: String) throws(ImageFileError) {
        let failure: Int32? = bytes.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let count = Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                written += count
            }
            return nil
        }
        if let failure { throw ImageFileError(file: file, reason: .writeFailed(describe(failure))) }
    }

    /// The system's wording of `errno` value `code`, lower-cased: "permission denied".
    static func describe(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
