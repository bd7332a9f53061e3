/// The image formats that can be read, recognised by their first bytes (never by the file name).
public enum ImageFormat: String, Sendable {
    /// Portable Network Graphics: any colour type and bit depth, interlaced or not.
    case png = "PNG"
    /// JPEG (JFIF or Exif): baseline or progressive, gray, YCbCr, RGB, CMYK or YCCK.
    case jpeg = "JPEG"

    /// The eight-byte signature every PNG file starts with.
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The format whose signature `bytes` start with, or nil. A JPEG starts with SOI and the first
    /// byte of the next marker (`FF D8 FF`).
    public static func sniff<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> ImageFormat? {
        if bytes.starts(with: pngSignature) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        return nil
    }

    /// The name of a well-known format that cannot be read, so the error can say what the file is.
    static func unsupportedFormatName<Bytes: Collection<UInt8>>(of bytes: Bytes) -> String? {
        let prefix = Array(bytes.prefix(12))
        func ascii(_ text: String, at offset: Int = 0) -> Bool {
            let expected = Array(text.utf8)
            return prefix.count >= offset + expected.count
                && Array(prefix[offset..<offset + expected.count]) == expected
        }
        if ascii("GIF87a") || ascii("GIF89a") { return "GIF" }
        if ascii("RIFF") && ascii("WEBP", at: 8) { return "WebP" }
        if ascii("BM") { return "BMP" }
        if prefix.starts(with: [0x49, 0x49, 0x2A, 0x00]) || prefix.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
            return "TIFF"
        }
        if ascii("ftypavif", at: 4) || ascii("ftypheic", at: 4) || ascii("ftypmif1", at: 4) { return "HEIF/AVIF" }
        if ascii("<?xml") || ascii("<svg") { return "SVG" }
        return nil
    }
}
