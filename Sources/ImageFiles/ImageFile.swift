import Foundation
import Raster

/// Reading PNG and JPEG files into premultiplied BGRA8 bitmaps, and writing bitmaps as PNG files.
///
/// The format is recognised from the first bytes, never from the file name. Files carry straight
/// alpha; bitmaps are premultiplied (rounded as cairo does), and writing then reading a bitmap gives
/// back exactly the same pixels. Every failure throws an `ImageFileError` naming the file and the
/// reason; an image whose header claims more than `maxSide` pixels a side is refused before any
/// memory is allocated for it.
///
/// PNG: every colour type, bit depth (16-bit samples rounded to 8) and interlacing; gamma and colour
/// profile chunks are ignored, as cairo ignores them. JPEG: baseline and progressive, gray, YCbCr,
/// CMYK; the Exif orientation is applied, so photographs come out upright.
public enum ImageFile {
    /// The largest width or height read by default.
    public static let defaultMaxSide = 16384

    /// Reads the PNG or JPEG file at `url` (a file URL).
    /// - Throws: `ImageFileError` when the file is missing, unreadable, empty, not a PNG or JPEG,
    ///   truncated, corrupt, or wider or taller than `maxSide` pixels.
    public static func read(_ url: URL, maxSide: Int = 16384) throws -> Bitmap {
        let path = url.path
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path, maxBytes: ImageLimits.maxFileBytes(maxSide: maxSide))
        } catch {
            throw ImageFileError(file: path, reason: ImageFileError.Reason(error))
        }
        return try bytes.withUnsafeBytes { buffer throws(ImageFileError) in
            try decode(buffer, maxSide: maxSide, file: path)
        }
    }

    /// Decodes PNG or JPEG `data`; `name` stands for the file in error messages.
    /// - Throws: `ImageFileError` as `read(_:maxSide:)` does.
    public static func read(_ data: Data, name: String, maxSide: Int = 16384) throws -> Bitmap {
        if data.isEmpty { throw ImageFileError(file: name, reason: .empty) }
        return try data.withUnsafeBytes { buffer throws(ImageFileError) in
            try decode(buffer, maxSide: maxSide, file: name)
        }
    }

    /// The bytes of a PNG file holding `bitmap`: 8-bit RGB when every pixel is opaque, else 8-bit RGBA
    /// with straight alpha. The same pixels always give the same bytes.
    /// - Throws: `ImageFileError` (named "PNG data") for an empty bitmap or when memory runs out.
    public static func encodePNG(_ bitmap: Bitmap) throws -> Data {
        try PNGEncoder.encode(bitmap, file: "PNG data")
    }

    /// Writes `bitmap` as a PNG file at `url` (see `encodePNG(_:)`), replacing any file there. The bytes
    /// go to a temporary file in the same directory that is renamed into place once complete, so a
    /// failure never leaves a partial file under the final name.
    /// - Throws: `ImageFileError` with reason `.writeFailed` naming the file and the cause.
    public static func writePNG(_ bitmap: Bitmap, to url: URL) throws {
        let path = url.path
        let data = try PNGEncoder.encode(bitmap, file: path)
        try FileBytes.writeAtomically([UInt8](data), to: path)
    }

    static func decode(_ bytes: UnsafeRawBufferPointer, maxSide: Int, file: String) throws(ImageFileError) -> Bitmap {
        switch ImageFormat.sniff(bytes) {
        case .png: return try PNGDecoder.decode(bytes, maxSide: maxSide, file: file)
        case .jpeg: return try JPEGDecoder.decode(bytes, maxSide: maxSide, file: file)
        case nil:
            if !bytes.isEmpty, ImageFormat.pngSignature.starts(with: bytes) {
                throw ImageFileError(file: file, reason: .truncated(.png, detail: "only part of the signature"))
            }
            throw ImageFileError(file: file, reason: .notAnImage(firstBytes: Array(bytes.prefix(8))))
        }
    }
}
