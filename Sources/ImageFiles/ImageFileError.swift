/// Why an image could not be read or written, and which file it was.
///
/// `description` is one line meant for the user, the file first: `photo.png: truncated PNG file (…)`.
public struct ImageFileError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What went wrong.
    public enum Reason: Equatable, Sendable {
        /// Nothing exists at the path.
        case missing
        /// The path exists but cannot be read as a file; the detail says why (a directory, a device,
        /// permission denied).
        case unreadable(String)
        /// The file has no bytes at all.
        case empty
        /// The file is bigger than any image within the size limit could be.
        case fileTooLarge(bytes: Int, limit: Int)
        /// The bytes are neither PNG nor JPEG; `firstBytes` are up to 8 leading bytes.
        case notAnImage(firstBytes: [UInt8])
        /// The data ends before the image does.
        case truncated(ImageFormat, detail: String)
        /// The decoder rejected the data (bad CRC, bad compressed data, impossible header).
        case corrupt(ImageFormat, detail: String)
        /// The header's width or height is beyond `maxSide` pixels; nothing was allocated for it.
        case tooLarge(width: Int, height: Int, maxSide: Int)
        /// The image is within `maxSide` but has more pixels than are ever decoded.
        case tooManyPixels(width: Int, height: Int, maxPixels: Int)
        /// Memory for the decoder or the pixels could not be had.
        case outOfMemory
        /// The file could not be written; the detail says why. No partial file is left behind.
        case writeFailed(String)
    }

    /// The file's path (`url.path`), or a caller-chosen name for data that came from elsewhere.
    public let file: String
    /// What went wrong with it.
    public let reason: Reason

    /// An error about `file` (a path, or a name standing for data) for `reason`.
    public init(file: String, reason: Reason) {
        self.file = file
        self.reason = reason
    }

    /// `file: reason`, one line, e.g. `b.png: corrupt PNG data (IDAT: CRC error)`.
    public var description: String { "\(file): \(reason.explanation)" }
}

extension ImageFileError.Reason {
    /// A C decoder's failure: truncated or else corrupt data of `format`, with the decoder's message as
    /// the detail.
    init(decoderMessage message: UnsafePointer<CChar>, truncated: Bool, format: ImageFormat) {
        let detail = String(cString: message)
        self = truncated ? .truncated(format, detail: detail) : .corrupt(format, detail: detail)
    }

    /// The reason an image file could not be read at all.
    init(_ problem: FileReadProblem) {
        switch problem {
        case .missing: self = .missing
        case .unreadable(let detail): self = .unreadable(detail)
        case .empty: self = .empty
        case .tooLarge(let bytes, let limit): self = .fileTooLarge(bytes: bytes, limit: limit)
        }
    }

    /// The reason as a phrase that follows the file name.
    var explanation: String {
        switch self {
        case .missing:
            return "no such file"
        case .unreadable(let detail):
            return "cannot be read (\(detail))"
        case .empty:
            return "the file is empty (0 bytes)"
        case .fileTooLarge(let bytes, let limit):
            return "the file is \(bytes) bytes, more than any image within the size limit needs (\(limit) bytes)"
        case .notAnImage(let firstBytes):
            return notAnImageExplanation(firstBytes)
        case .truncated(let format, let detail):
            return "truncated \(format.rawValue) file: it ends before the image does (\(detail))"
        case .corrupt(let format, let detail):
            return "corrupt \(format.rawValue) data (\(detail))"
        case .tooLarge(let width, let height, let maxSide):
            return "the image is \(width)x\(height) pixels, larger than the limit of \(maxSide) pixels a side"
        case .tooManyPixels(let width, let height, let maxPixels):
            return "the image is \(width)x\(height) pixels, more than the \(maxPixels) pixels that can be decoded"
        case .outOfMemory:
            return "out of memory while decoding"
        case .writeFailed(let detail):
            return "cannot be written (\(detail))"
        }
    }

    private func notAnImageExplanation(_ firstBytes: [UInt8]) -> String {
        if let other = ImageFormat.unsupportedFormatName(of: firstBytes) {
            return "a \(other) image; only PNG and JPEG images can be read"
        }
        let hex = firstBytes.map { String($0, radix: 16, uppercase: true) }.map { $0.count == 1 ? "0" + $0 : $0 }
        return "not a PNG or JPEG image (it starts with the bytes \(hex.joined(separator: " ")))"
    }
}
